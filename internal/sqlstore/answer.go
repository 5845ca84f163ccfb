package sqlstore

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/rank"
)

// StatementRecords lists the records of kind statement whose id starts with
// prefix, dead ones included, ordered by id: the verified statements stored
// for earlier answers to one question.
func (d *DB) StatementRecords(ctx context.Context, prefix string) ([]*verity.Record, error) {
	return d.Records(ctx, verity.RecordFilter{Kind: verity.KindStatement, Prefix: prefix})
}

// RevokedMatch returns the largest share of the query's distinct terms that
// one chunk of a revoked source readable by the query's caller is indexed
// under (its title, headings and text), 0 when there is none. Revoked
// chunks are out of the search index, so this reads their stored terms
// directly; it returns a number only, never an id, a title or any text, and
// looks only at sources the caller may read.
//
// It finds the revoked sources first, by the index that holds only them
// (migration 017), and then their chunks: a single join let SQLite's
// planner scan every chunk instead, which was most of an offline ask's
// time in a store with nothing revoked.
func (d *DB) RevokedMatch(ctx context.Context, q verity.SearchQuery) (float64, error) {
	query := rank.ParseQuery(q.Text)
	if len(query.Terms) == 0 {
		return 0, nil
	}
	acl, args := aclCondition("s.sid", q.Caller)
	sids, err := int64s(ctx, d.q(), `SELECT s.sid FROM sources s WHERE s.status = 'revoked' AND `+acl, args...)
	if err != nil {
		return 0, fmt.Errorf("match revoked sources: %w", err)
	}
	best := 0.0
	for lo := 0; lo < len(sids); lo += batchSize {
		batch := sids[lo:min(lo+batchSize, len(sids))]
		rows, err := d.q().QueryContext(ctx, `SELECT coalesce(terms, '') FROM chunks WHERE sid IN (`+placeholders(len(batch))+`)`, argsOf(batch)...)
		if err != nil {
			return 0, fmt.Errorf("match revoked sources: %w", err)
		}
		for rows.Next() {
			var terms string
			if err := rows.Scan(&terms); err != nil {
				rows.Close()
				return 0, fmt.Errorf("match revoked sources: %w", err)
			}
			have := map[string]bool{}
			for _, t := range strings.Fields(terms) {
				have[t] = true
			}
			n := 0
			for _, t := range query.Terms {
				if have[t] {
					n++
				}
			}
			best = max(best, float64(n)/float64(len(query.Terms)))
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return 0, fmt.Errorf("match revoked sources: %w", err)
		}
	}
	return best, nil
}

// AnswerStamp returns a digest of every source's id, version, status,
// system, author and ACL: it changes whenever an ingest adds or changes a
// source, its rights change, or it is revoked or restored, which is when a
// cached answer may no longer be the answer.
func (d *DB) AnswerStamp(ctx context.Context) (string, error) {
	rows, err := d.q().QueryContext(ctx, `SELECT s.id, s.version, s.status, s.system, s.author,
		coalesce((SELECT string_agg(a.principal, ',' ORDER BY a.principal) FROM source_acl a WHERE a.sid = s.sid), '')
		FROM sources s ORDER BY s.sid`)
	if err != nil {
		return "", fmt.Errorf("answer stamp: %w", err)
	}
	defer rows.Close()
	h := sha256.New()
	for rows.Next() {
		var (
			id, status, system, author, acl string
			version                         int
		)
		if err := rows.Scan(&id, &version, &status, &system, &author, &acl); err != nil {
			return "", fmt.Errorf("answer stamp: %w", err)
		}
		fmt.Fprintf(h, "%s\x00%d\x00%s\x00%s\x00%s\x00%s\n", id, version, status, system, author, acl)
	}
	if err := rows.Err(); err != nil {
		return "", fmt.Errorf("answer stamp: %w", err)
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// CachedAnswer returns the answer body stored under key, when it was stored
// with this stamp.
func (d *DB) CachedAnswer(ctx context.Context, key, stamp string) ([]byte, bool, error) {
	var body []byte
	err := d.q().QueryRowContext(ctx, `SELECT body FROM answers WHERE key = ? AND stamp = ?`, key, stamp).Scan(&body)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, fmt.Errorf("read cached answer: %w", err)
	}
	return body, true, nil
}

// PutAnswer stores an answer body under key and stamp, replacing what was
// stored under key before.
func (d *DB) PutAnswer(ctx context.Context, key, stamp string, body []byte) error {
	_, err := d.q().ExecContext(ctx, `INSERT INTO answers (key, stamp, body, created_at) VALUES (?, ?, ?, ?)
		ON CONFLICT (key) DO UPDATE SET stamp = excluded.stamp, body = excluded.body, created_at = excluded.created_at`,
		key, stamp, body, formatTime(d.now()))
	if err != nil {
		return fmt.Errorf("cache answer: %w", err)
	}
	return nil
}
