package sqlstore

import (
	"cmp"
	"context"
	"fmt"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/postings"
)

// A batch's runs of plainly new sources are stored a statement per table
// (see [DB.PutSources]); anything else is stored one source at a time.

// putNewSources stores puts, a run of plainly new sources (see
// plainlyNew), a statement for many: one by one, each would cost a
// savepoint and half a dozen statements — round trips that made most of an
// ingest's time on a database across a socket. It reports false, having
// stored nothing, for a run too short to gain by it or when a statement
// fails (the run's savepoint is rolled back); putOne then stores and
// reports each alone.
func putNewSources(ctx context.Context, tx *Tx, puts []*verity.SourcePut, now time.Time) (bool, error) {
	if len(puts) < 2 {
		return false, nil
	}
	if _, err := tx.ExecContext(ctx, `SAVEPOINT put_new`); err != nil {
		return false, err
	}
	pending, stats := len(tx.pending), tx.stats
	stored := true
	if err := insertNew(ctx, tx, puts, now); err != nil {
		if _, rerr := tx.ExecContext(ctx, `ROLLBACK TO put_new`); rerr != nil {
			return false, rerr
		}
		tx.pending, tx.stats = tx.pending[:pending], stats
		for _, p := range puts {
			p.Source.Version, p.Source.Status = 0, ""
		}
		stored = false
	}
	if _, err := tx.ExecContext(ctx, `RELEASE put_new`); err != nil {
		return false, err
	}
	if stored {
		for _, p := range puts {
			p.Outcome, p.Change = verity.PutCreated, verity.SourceChange{}
		}
	}
	return stored, nil
}

// uriKey is a uri within its system.
type uriKey struct{ system, uri string }

// plainlyNew returns the puts whose id the store does not hold and whose
// uri their system has free, when no earlier put of the batch names the
// same id or the same uri in the same system. What a put finds holds
// whatever the puts before it do: none of them names its id or its uri.
func plainlyNew(ctx context.Context, tx *Tx, puts []*verity.SourcePut) (map[*verity.SourcePut]bool, error) {
	ids := make([]string, 0, len(puts))
	for _, p := range puts {
		ids = append(ids, p.Source.ID)
	}
	held, err := known(ctx, tx, "sources", ids)
	if err != nil {
		return nil, err
	}
	taken := map[uriKey]bool{}
	keys := make([]uriKey, 0, len(puts))
	for _, p := range puts {
		keys = append(keys, uriKey{p.Source.System, p.Source.URI})
	}
	slices.SortFunc(keys, func(a, b uriKey) int { return cmp.Or(cmp.Compare(a.system, b.system), cmp.Compare(a.uri, b.uri)) })
	keys = slices.Compact(keys)
	for lo := 0; lo < len(keys); lo += batchSize {
		part := keys[lo:min(lo+batchSize, len(keys))]
		args := make([]any, 0, 2*len(part))
		for _, k := range part {
			args = append(args, k.system, k.uri)
		}
		// A probe per pair through the one-uri index: a join or an IN list
		// leaves the planner free to scan the whole table instead.
		rows, err := tx.QueryContext(ctx, `SELECT v.column1, v.column2 FROM (VALUES `+strings.TrimSuffix(strings.Repeat("(?,?),", len(part)), ",")+`) v
			WHERE (SELECT 1 FROM sources s WHERE s.system = v.column1 AND `+tx.dialect.uriIs("s.uri", "v.column2")+` AND s.uri_duplicate = 0 LIMIT 1) IS NOT NULL`, args...)
		if err != nil {
			return nil, err
		}
		for rows.Next() {
			var k uriKey
			if err := rows.Scan(&k.system, &k.uri); err != nil {
				rows.Close()
				return nil, err
			}
			taken[k] = true
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return nil, err
		}
	}
	fresh := map[*verity.SourcePut]bool{}
	named := map[string]bool{}
	for _, p := range puts {
		k := uriKey{p.Source.System, p.Source.URI}
		if !held[p.Source.ID] && !named[p.Source.ID] && !taken[k] {
			fresh[p] = true
		}
		named[p.Source.ID], taken[k] = true, true
	}
	return fresh, nil
}

// insertNew stores new sources as putSource stores one, with a statement
// for each table.
func insertNew(ctx context.Context, tx *Tx, puts []*verity.SourcePut, now time.Time) error {
	const cols = 8
	sids := make(map[string]int64, len(puts))
	per := maxRowArgs / cols
	for lo := 0; lo < len(puts); lo += per {
		group := puts[lo:min(lo+per, len(puts))]
		args := make([]any, 0, len(group)*cols)
		for _, p := range group {
			src := p.Source
			src.Hash = verity.ContentHash(src.Title, src.Text)
			if src.UpdatedAt.IsZero() {
				src.UpdatedAt = now
			}
			src.Version, src.Status = 1, verity.StatusActive
			args = append(args, src.ID, src.URI, src.System, src.Title, string(src.Author), formatTime(src.UpdatedAt), formatTime(now), src.Hash)
		}
		rows, err := tx.QueryContext(ctx, `INSERT INTO sources (id, uri, system, title, author, updated_at, ingested_at, hash, version, status) VALUES `+
			strings.TrimSuffix(strings.Repeat("(?, ?, ?, ?, ?, ?, ?, ?, 1, 'active'), ", len(group)), ", ")+` RETURNING id, sid`, args...)
		if err != nil {
			return err
		}
		for rows.Next() {
			var (
				id  string
				sid int64
			)
			if err := rows.Scan(&id, &sid); err != nil {
				rows.Close()
				return err
			}
			sids[id] = sid
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
	}
	var versions, blocks, acls, hidden [][]any
	nchunks := 0
	for _, p := range puts {
		src, sid := p.Source, sids[p.Source.ID]
		if sid == 0 {
			return fmt.Errorf("source %q: the store gave it no row id", src.ID)
		}
		versions = append(versions, []any{sid, 1, src.Hash, src.Title, len(src.Text), formatTime(now)})
		src.ACL = normalACL(src.ACL)
		for _, pr := range src.ACL {
			acls = append(acls, []any{string(pr), sid})
		}
		if src.Discoverable != nil && !*src.Discoverable {
			hidden = append(hidden, []any{sid})
		}
		nchunks += len(p.Chunks)
	}
	if err := insertMany(ctx, tx, "source_versions", []string{"sid", "version", "hash", "title", "size", "created_at"}, versions); err != nil {
		return err
	}
	// Compressing is a batch's other work in Go: on every core too.
	each := make([][][]any, len(puts))
	eachParallel(len(puts), func(i int) {
		each[i] = textBlocks(sids[puts[i].Source.ID], 1, puts[i].Source.Text)
	})
	for _, b := range each {
		blocks = append(blocks, b...)
	}
	if err := insertMany(ctx, tx, "source_blocks", blockColumns, blocks); err != nil {
		return err
	}
	if err := insertMany(ctx, tx, "source_acl", []string{"principal", "sid"}, acls); err != nil {
		return err
	}
	if err := insertMany(ctx, tx, "undiscoverable_sources", []string{"sid"}, hidden); err != nil {
		return err
	}
	if nchunks == 0 {
		return nil
	}
	next, err := nextCIDs(ctx, tx, nchunks)
	if err != nil {
		return err
	}
	// Deriving index terms is most of a batch's work in Go, and each
	// source's is its own: they are derived on every core, then stored in
	// the batch's order.
	type built struct {
		rows  [][]any
		docs  []postings.Doc
		terms int
	}
	firsts := make([]int64, len(puts))
	for i, p := range puts {
		firsts[i] = next
		next += int64(len(p.Chunks))
	}
	out := make([]built, len(puts))
	eachParallel(len(puts), func(i int) {
		p := puts[i]
		b := &out[i]
		b.rows, b.docs, b.terms = chunkRows(p.Source, sids[p.Source.ID], p.Chunks, firsts[i], true)
	})
	var chunks [][]any
	for _, b := range out {
		chunks = append(chunks, b.rows...)
		tx.pending = append(tx.pending, b.docs...)
		tx.bumpStats(len(b.docs), b.terms)
	}
	return insertMany(ctx, tx, "chunks", chunkColumns, chunks)
}

// eachParallel calls f(0) ... f(n-1) on as many goroutines as there are
// cores, and returns when all have returned.
func eachParallel(n int, f func(i int)) {
	workers := min(runtime.GOMAXPROCS(0), n)
	if workers <= 1 {
		for i := range n {
			f(i)
		}
		return
	}
	var (
		next atomic.Int64
		wg   sync.WaitGroup
	)
	for range workers {
		wg.Go(func() {
			for i := int(next.Add(1)) - 1; i < n; i = int(next.Add(1)) - 1 {
				f(i)
			}
		})
	}
	wg.Wait()
}
