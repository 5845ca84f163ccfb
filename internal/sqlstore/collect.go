package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"github.com/veritykb/verity"
)

// CrawlState returns the saved state of the crawl called crawl (its
// canonical start URL), or nil when there is none.
func (d *DB) CrawlState(ctx context.Context, crawl string) (*verity.CrawlState, error) {
	st := &verity.CrawlState{}
	var updated string
	err := d.q().QueryRowContext(ctx, `SELECT status, fetched, updated_at FROM crawls WHERE crawl = ?`, crawl).
		Scan(&st.Status, &st.Fetched, &updated)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("crawl state %s: %w", crawl, err)
	}
	st.UpdatedAt = parseTime(updated)
	rows, err := d.q().QueryContext(ctx, `SELECT url, seq, depth, state, hash, source_id FROM crawl_urls WHERE crawl = ? ORDER BY seq`, crawl)
	if err != nil {
		return nil, fmt.Errorf("crawl state %s: %w", crawl, err)
	}
	defer rows.Close()
	for rows.Next() {
		var u verity.CrawlURL
		if err := rows.Scan(&u.URL, &u.Seq, &u.Depth, &u.State, &u.Hash, &u.SourceID); err != nil {
			return nil, fmt.Errorf("crawl state %s: %w", crawl, err)
		}
		st.URLs = append(st.URLs, u)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("crawl state %s: %w", crawl, err)
	}
	return st, nil
}

// SaveCrawlState records a crawl's status and fetch count and inserts or
// updates the given URLs, in one transaction, so a crash never leaves a page
// stored but its URL still pending past the next save.
func (d *DB) SaveCrawlState(ctx context.Context, crawl, status string, fetched int, urls []verity.CrawlURL) error {
	if crawl == "" || (status != "running" && status != "finished") {
		return verity.Errorf(verity.EINVALID, "save crawl state: crawl %q, status %q", crawl, status)
	}
	tx, err := d.begin(ctx)
	if err != nil {
		return fmt.Errorf("save crawl state: %w", err)
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `INSERT INTO crawls (crawl, status, fetched, updated_at) VALUES (?, ?, ?, ?)
		ON CONFLICT (crawl) DO UPDATE SET status = excluded.status, fetched = excluded.fetched, updated_at = excluded.updated_at`,
		crawl, status, fetched, formatTime(d.now())); err != nil {
		return fmt.Errorf("save crawl state: %w", err)
	}
	if len(urls) > 0 {
		for _, u := range urls {
			if _, err := tx.ExecContext(ctx, `INSERT INTO crawl_urls (crawl, url, seq, depth, state, hash, source_id) VALUES (?, ?, ?, ?, ?, ?, ?)
				ON CONFLICT (crawl, url) DO UPDATE SET seq = excluded.seq, depth = excluded.depth, state = excluded.state,
				hash = excluded.hash, source_id = excluded.source_id`, crawl, u.URL, u.Seq, u.Depth, u.State, u.Hash, u.SourceID); err != nil {
				return fmt.Errorf("save crawl state: %w", err)
			}
		}
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("save crawl state: %w", err)
	}
	return nil
}

// ResetCrawl forgets a crawl's saved state.
func (d *DB) ResetCrawl(ctx context.Context, crawl string) error {
	if _, err := d.q().ExecContext(ctx, `DELETE FROM crawls WHERE crawl = ?`, crawl); err != nil {
		return fmt.Errorf("reset crawl %s: %w", crawl, err)
	}
	// Foreign keys cascade when they are on; delete explicitly so the
	// result does not depend on the connection's pragma.
	if _, err := d.q().ExecContext(ctx, `DELETE FROM crawl_urls WHERE crawl = ?`, crawl); err != nil {
		return fmt.Errorf("reset crawl %s: %w", crawl, err)
	}
	return nil
}

// PutResearchCall records one call. A call already recorded under the same
// run and sequence number is replaced.
func (d *DB) PutResearchCall(ctx context.Context, c verity.ResearchCall) error {
	if c.Run == "" || (c.Kind != "search" && c.Kind != "read") || strings.TrimSpace(c.Reason) == "" {
		return verity.Errorf(verity.EINVALID, "research call needs a run, a kind (search or read) and a reason")
	}
	if c.At.IsZero() {
		c.At = d.now()
	}
	_, err := d.q().ExecContext(ctx, `INSERT INTO research_calls
		(run, seq, kind, reason, query, url, outcome, detail, hits, source_id, version, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (run, seq) DO UPDATE SET kind = excluded.kind, reason = excluded.reason, query = excluded.query, url = excluded.url,
		outcome = excluded.outcome, detail = excluded.detail, hits = excluded.hits, source_id = excluded.source_id,
		version = excluded.version, at = excluded.at`,
		c.Run, c.Seq, c.Kind, c.Reason, c.Query, c.URL, c.Outcome, c.Detail, c.Hits, c.SourceID, c.Version, formatTime(c.At))
	if err != nil {
		return fmt.Errorf("record research call: %w", err)
	}
	return nil
}

// ResearchCalls lists recorded calls in run and sequence order: why each
// search was made, and for a source, which read kept it and why.
func (d *DB) ResearchCalls(ctx context.Context, f verity.ResearchFilter) ([]verity.ResearchCall, error) {
	q := `SELECT run, seq, kind, reason, query, url, outcome, detail, hits, source_id, version, at FROM research_calls WHERE 1 = 1`
	var args []any
	if f.Run != "" {
		q += ` AND run = ?`
		args = append(args, f.Run)
	}
	if f.SourceID != "" {
		q += ` AND source_id = ?`
		args = append(args, f.SourceID)
	}
	q += ` ORDER BY run, seq`
	if f.Limit > 0 {
		q += fmt.Sprintf(` LIMIT %d`, f.Limit)
	}
	rows, err := d.q().QueryContext(ctx, q, args...)
	if err != nil {
		return nil, fmt.Errorf("research calls: %w", err)
	}
	defer rows.Close()
	var out []verity.ResearchCall
	for rows.Next() {
		var c verity.ResearchCall
		var at string
		if err := rows.Scan(&c.Run, &c.Seq, &c.Kind, &c.Reason, &c.Query, &c.URL, &c.Outcome, &c.Detail, &c.Hits, &c.SourceID, &c.Version, &at); err != nil {
			return nil, fmt.Errorf("research calls: %w", err)
		}
		c.At = parseTime(at)
		out = append(out, c)
	}
	return out, rows.Err()
}
