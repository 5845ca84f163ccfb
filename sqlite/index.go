package sqlite

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/veritykb/verity/rank"
)

// reindexBatch is how many chunks a re-derivation reads at a time.
const reindexBatch = 500

// deriveIndex brings the index terms of every chunk up to
// [rank.IndexVersion] when the store's were derived under another: it
// computes them again from each chunk's text, its heading path and its
// source's title, as insertChunks does, refills the full-text index with
// the chunks of active sources and recounts the search statistics. Chunk
// spans are left as they are: quotes, evidence and receipts point into
// them. It runs in one transaction, so a store is never half one version
// and half the other, and looks at the version again inside it, so two
// processes opening one store derive it once.
func (d *DB) deriveIndex(ctx context.Context) error {
	var v int
	if err := d.db.QueryRowContext(ctx, `SELECT index_version FROM search_stats WHERE id = 1`).Scan(&v); err != nil {
		return fmt.Errorf("index version: %w", err)
	}
	if v == rank.IndexVersion {
		return nil
	}
	err := d.tx(ctx, func(tx *txn) error {
		if err := tx.QueryRowContext(ctx, `SELECT index_version FROM search_stats WHERE id = 1`).Scan(&v); err != nil || v == rank.IndexVersion {
			return err
		}
		for last := int64(-1); ; {
			n, next, err := rederive(ctx, tx, last)
			if err != nil {
				return err
			}
			if n == 0 {
				break
			}
			last = next
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO chunk_fts (chunk_fts) VALUES ('delete-all')`); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO chunk_fts (rowid, terms) SELECT c.cid, c.terms FROM chunks c JOIN sources s ON s.sid = c.sid
			WHERE s.status = 'active' AND c.nterms > 0`); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `UPDATE search_stats SET
			chunks = (SELECT count(*) FROM chunks c JOIN sources s ON s.sid = c.sid WHERE s.status = 'active' AND c.nterms > 0),
			total_terms = (SELECT coalesce(sum(c.nterms), 0) FROM chunks c JOIN sources s ON s.sid = c.sid WHERE s.status = 'active'),
			index_version = ? WHERE id = 1`, rank.IndexVersion)
		return err
	})
	if err != nil {
		return fmt.Errorf("derive index terms (version %d to %d): %w", v, rank.IndexVersion, err)
	}
	return nil
}

// rederive recomputes the terms of up to reindexBatch chunks after chunk id
// last, and returns how many it did and the last id it did.
func rederive(ctx context.Context, tx *txn, last int64) (int, int64, error) {
	type row struct {
		cid                  int64
		title, heading, text string
	}
	rows, err := tx.QueryContext(ctx, `SELECT c.cid, s.title, c.heading, c.text FROM chunks c JOIN sources s ON s.sid = c.sid
		WHERE c.cid > ? ORDER BY c.cid LIMIT ?`, last, reindexBatch)
	if err != nil {
		return 0, 0, err
	}
	var batch []row
	for rows.Next() {
		var r row
		if err := rows.Scan(&r.cid, &r.title, &r.heading, &r.text); err != nil {
			rows.Close()
			return 0, 0, err
		}
		batch = append(batch, r)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return 0, 0, err
	}
	for _, r := range batch {
		var heading []string
		json.Unmarshal([]byte(r.heading), &heading)
		terms := rank.IndexTerms(r.title, heading, r.text)
		if _, err := tx.ExecContext(ctx, `UPDATE chunks SET terms = ?, nterms = ? WHERE cid = ?`, strings.Join(terms, " "), len(terms), r.cid); err != nil {
			return 0, 0, err
		}
		last = r.cid
	}
	return len(batch), last, nil
}
