package sqlstore

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/veritykb/verity"
)

// The extraction tables (migration 004): runs and finished pages, step
// traces, the evidence index, the review queue and votes, aliases and
// evidence extraction revoked itself. Edges, evidences, entities and merges
// are records and live in the records tables.

// KindRecords lists every record of a kind, alive or dead, by id.
func (d *DB) KindRecords(ctx context.Context, kind verity.RecordKind) ([]*verity.Record, error) {
	return d.Records(ctx, verity.RecordFilter{Kind: kind})
}

// BeginRun records that an extraction run started, or touches it when it
// continues.
func (d *DB) BeginRun(ctx context.Context, r verity.ExtractionRun) error {
	if err := d.tx(ctx, func(tx *Tx) error { return beginRun(ctx, tx, r, d.nowString()) }); err != nil {
		return fmt.Errorf("begin extraction run: %w", err)
	}
	return nil
}

func beginRun(ctx context.Context, tx *Tx, r verity.ExtractionRun, now string) error {
	_, err := tx.ExecContext(ctx, `INSERT INTO extract_runs (run, spec, spec_hash, model, prompts, started_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (run) DO UPDATE SET updated_at = excluded.updated_at`,
		r.ID, r.Spec, r.SpecHash, r.Model, r.Prompts, formatTime(r.StartedAt), now)
	return err
}

// FinishedPage returns the stored result of a page a run finished at
// version, as [DB.SavePage] was given it.
func (d *DB) FinishedPage(ctx context.Context, run, sourceID string, version int) (json.RawMessage, bool, error) {
	var raw string
	err := d.q().QueryRowContext(ctx, `SELECT result FROM extract_pages WHERE run = ? AND source_id = ? AND version = ?`,
		run, sourceID, version).Scan(&raw)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, fmt.Errorf("read finished page %s: %w", sourceID, err)
	}
	return json.RawMessage(raw), true, nil
}

// SavePage stores a finished page, its traces (replacing those of an
// interrupted attempt at the same page), the index of its accepted
// evidence and its review items, in one transaction. Review items enter
// the queue pending; one already decided keeps its decision.
func (d *DB) SavePage(ctx context.Context, p *verity.ExtractedPage) error {
	now := d.nowString()
	err := d.tx(ctx, func(tx *Tx) error {
		if _, err := tx.ExecContext(ctx, `DELETE FROM extract_steps WHERE run = ? AND source_id = ? AND version = ?`,
			p.Run, p.SourceID, p.Version); err != nil {
			return err
		}
		if err := insertSteps(ctx, tx, p.Steps); err != nil {
			return err
		}
		for _, e := range p.Evidence {
			if _, err := tx.ExecContext(ctx, `INSERT INTO extract_evidence (evidence, edge_id, source_id) VALUES (?, ?, ?) ON CONFLICT DO NOTHING`,
				e.ID, e.EdgeID, p.SourceID); err != nil {
				return err
			}
		}
		for _, it := range p.Review {
			if _, err := tx.ExecContext(ctx, `INSERT INTO extract_review (id, edge_id, run, source_id, version, item, status, created_at)
				VALUES (?, ?, ?, ?, ?, ?, 'pending', ?) ON CONFLICT (id) DO UPDATE SET item = excluded.item, version = excluded.version
				WHERE extract_review.status = 'pending'`,
				it.ID, it.EdgeID, it.Run, it.SourceID, it.Version, string(it.Body), formatTime(it.CreatedAt)); err != nil {
				return err
			}
		}
		_, err := tx.ExecContext(ctx, `INSERT INTO extract_pages (run, source_id, version, result, done_at) VALUES (?, ?, ?, ?, ?)
			ON CONFLICT (run, source_id, version) DO UPDATE SET result = excluded.result, done_at = excluded.done_at`,
			p.Run, p.SourceID, p.Version, string(p.Result), now)
		return err
	})
	if err != nil {
		return fmt.Errorf("save extracted page %s: %w", p.SourceID, err)
	}
	return nil
}

func insertSteps(ctx context.Context, tx *Tx, steps []verity.Step) error {
	for _, s := range steps {
		votes := []byte("null")
		if s.Votes != nil {
			votes, _ = json.Marshal(s.Votes)
		}
		in, out := string(s.Input), string(s.Output)
		if in == "" {
			in = "null"
		}
		if out == "" {
			out = "null"
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO extract_steps (run, source_id, version, candidate, edge_id, step, input, output, prompt_version, model, votes, at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			s.Run, s.SourceID, s.Version, s.Candidate, s.EdgeID, s.Name, in, out, s.PromptVersion, s.Model, string(votes), formatTime(s.At)); err != nil {
			return err
		}
	}
	return nil
}

// PutSteps appends traces that belong to no page run.
func (d *DB) PutSteps(ctx context.Context, steps []verity.Step) error {
	if err := d.tx(ctx, func(tx *Tx) error { return insertSteps(ctx, tx, steps) }); err != nil {
		return fmt.Errorf("store extraction steps: %w", err)
	}
	return nil
}

// Steps returns every trace of an edge, oldest first, with the page-level
// steps (the extraction call) of every page run that checked it.
func (d *DB) Steps(ctx context.Context, edgeID string) ([]verity.Step, error) {
	rows, err := d.q().QueryContext(ctx, `SELECT run, source_id, version, candidate, edge_id, step, input, output, prompt_version, model, votes, at
		FROM extract_steps s WHERE edge_id = ?1
		OR (edge_id = '' AND candidate = -1 AND EXISTS (SELECT 1 FROM extract_steps e
			WHERE e.edge_id = ?1 AND e.run = s.run AND e.source_id = s.source_id AND e.version = s.version))
		ORDER BY id`, edgeID)
	if err != nil {
		return nil, fmt.Errorf("read steps of %s: %w", edgeID, err)
	}
	defer rows.Close()
	var out []verity.Step
	for rows.Next() {
		var (
			s            verity.Step
			in, o, votes string
			at           string
		)
		if err := rows.Scan(&s.Run, &s.SourceID, &s.Version, &s.Candidate, &s.EdgeID, &s.Name, &in, &o, &s.PromptVersion, &s.Model, &votes, &at); err != nil {
			return nil, err
		}
		s.Input, s.Output, s.At = json.RawMessage(in), json.RawMessage(o), parseTime(at)
		if votes != "null" && votes != "" {
			var t verity.Tally
			if json.Unmarshal([]byte(votes), &t) == nil {
				s.Votes = &t
			}
		}
		out = append(out, s)
	}
	return out, rows.Err()
}

// SourceEvidence lists the evidence ids indexed on a source.
func (d *DB) SourceEvidence(ctx context.Context, sourceID string) ([]string, error) {
	return d.strings(ctx, `SELECT evidence FROM extract_evidence WHERE source_id = ? ORDER BY evidence`, sourceID)
}

func (d *DB) strings(ctx context.Context, q string, args ...any) ([]string, error) {
	rows, err := d.q().QueryContext(ctx, q, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, rows.Err()
}

// ReviewItems lists review items with a status ("" for all), oldest first.
func (d *DB) ReviewItems(ctx context.Context, status string) ([]verity.ReviewItem, error) {
	q := `SELECT ` + reviewColumns + ` FROM extract_review`
	var args []any
	if status != "" {
		q += ` WHERE status = ?`
		args = append(args, status)
	}
	rows, err := d.q().QueryContext(ctx, q+` ORDER BY created_at, id`, args...)
	if err != nil {
		return nil, fmt.Errorf("list review items: %w", err)
	}
	defer rows.Close()
	var out []verity.ReviewItem
	for rows.Next() {
		it, err := scanReviewItem(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, it)
	}
	return out, rows.Err()
}

// ReviewItem returns one review item.
func (d *DB) ReviewItem(ctx context.Context, id string) (*verity.ReviewItem, error) {
	it, err := scanReviewItem(d.q().QueryRowContext(ctx, `SELECT `+reviewColumns+` FROM extract_review WHERE id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, verity.Errorf(verity.ENOTFOUND, "no review item %q", id)
	}
	if err != nil {
		return nil, fmt.Errorf("read review item %s: %w", id, err)
	}
	return &it, nil
}

const reviewColumns = `id, edge_id, run, source_id, version, status, created_at, item`

func scanReviewItem(sc interface{ Scan(...any) error }) (verity.ReviewItem, error) {
	var (
		it            verity.ReviewItem
		created, body string
	)
	if err := sc.Scan(&it.ID, &it.EdgeID, &it.Run, &it.SourceID, &it.Version, &it.Status, &created, &body); err != nil {
		return verity.ReviewItem{}, err
	}
	it.CreatedAt, it.Body = parseTime(created), json.RawMessage(body)
	return it, nil
}

// DecideReview closes a pending review item with a person's vote.
func (d *DB) DecideReview(ctx context.Context, id, status string, v verity.HumanVote) error {
	return d.tx(ctx, func(tx *Tx) error {
		var edge string
		res, err := tx.ExecContext(ctx, `UPDATE extract_review SET status = ?, decided_at = ? WHERE id = ? AND status = 'pending'`,
			status, formatTime(v.At), id)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return verity.Errorf(verity.ECONFLICT, "review item %q is not pending", id)
		}
		if err := tx.QueryRowContext(ctx, `SELECT edge_id FROM extract_review WHERE id = ?`, id).Scan(&edge); err != nil {
			return err
		}
		return insertVote(ctx, tx, id, edge, v)
	})
}

func insertVote(ctx context.Context, tx *Tx, item, edge string, v verity.HumanVote) error {
	_, err := tx.ExecContext(ctx, `INSERT INTO extract_votes (item, edge_id, author, vote, why, at) VALUES (?, ?, ?, ?, ?, ?)`,
		item, edge, v.Author, v.Vote, v.Why, formatTime(v.At))
	return err
}

// PutVote records a person's vote on an item or an edge.
func (d *DB) PutVote(ctx context.Context, item, edgeID string, v verity.HumanVote) error {
	return d.tx(ctx, func(tx *Tx) error { return insertVote(ctx, tx, item, edgeID, v) })
}

// Votes returns people's votes on an edge, oldest first.
func (d *DB) Votes(ctx context.Context, edgeID string) ([]verity.HumanVote, error) {
	rows, err := d.q().QueryContext(ctx, `SELECT author, vote, why, at FROM extract_votes WHERE edge_id = ? ORDER BY id`, edgeID)
	if err != nil {
		return nil, fmt.Errorf("read votes of %s: %w", edgeID, err)
	}
	defer rows.Close()
	var out []verity.HumanVote
	for rows.Next() {
		var (
			v  verity.HumanVote
			at string
		)
		if err := rows.Scan(&v.Author, &v.Vote, &v.Why, &at); err != nil {
			return nil, err
		}
		v.At = parseTime(at)
		out = append(out, v)
	}
	return out, rows.Err()
}

// PutAlias records another name of the subject with key.
func (d *DB) PutAlias(ctx context.Context, key, alias, origin string) error {
	if _, err := d.q().ExecContext(ctx, `INSERT INTO extract_aliases (key, alias, origin) VALUES (?, ?, ?) ON CONFLICT DO NOTHING`, key, alias, origin); err != nil {
		return fmt.Errorf("store alias: %w", err)
	}
	return nil
}

// Aliases returns every alias by subject key.
func (d *DB) Aliases(ctx context.Context) (map[string][]string, error) {
	rows, err := d.q().QueryContext(ctx, `SELECT key, alias FROM extract_aliases ORDER BY key, alias`)
	if err != nil {
		return nil, fmt.Errorf("read aliases: %w", err)
	}
	defer rows.Close()
	out := map[string][]string{}
	for rows.Next() {
		var k, a string
		if err := rows.Scan(&k, &a); err != nil {
			return nil, err
		}
		out[k] = append(out[k], a)
	}
	return out, rows.Err()
}

// MarkGone records (or clears) that extraction revoked an evidence because
// its quote left the page, so that finding the quote again restores it.
func (d *DB) MarkGone(ctx context.Context, evidenceID string, gone bool) error {
	var err error
	if gone {
		_, err = d.q().ExecContext(ctx, `INSERT INTO extract_gone (evidence, at) VALUES (?, ?) ON CONFLICT (evidence) DO UPDATE SET at = excluded.at`, evidenceID, d.nowString())
	} else {
		_, err = d.q().ExecContext(ctx, `DELETE FROM extract_gone WHERE evidence = ?`, evidenceID)
	}
	if err != nil {
		return fmt.Errorf("mark evidence %s: %w", evidenceID, err)
	}
	return nil
}

// Gone reports whether extraction revoked an evidence because its quote left
// the page.
func (d *DB) Gone(ctx context.Context, evidenceID string) (bool, error) {
	var n int
	if err := d.q().QueryRowContext(ctx, `SELECT count(*) FROM extract_gone WHERE evidence = ?`, evidenceID).Scan(&n); err != nil {
		return false, fmt.Errorf("read evidence %s: %w", evidenceID, err)
	}
	return n > 0, nil
}
