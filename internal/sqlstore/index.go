package sqlstore

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strings"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/postings"
	"github.com/veritykb/verity/rank"
)

// The search index is package postings' segments kept in four tables
// (migration 012): index_segments (a doc table each, and the lists inline
// when the segment is small), index_postings (one row per term of a large
// segment), index_deleted (chunks deleted from segments not yet merged) and
// index_dead_terms (how many deleted chunks hold each term, which a term's
// document frequency leaves out). Everything changes inside the write
// transaction that changes the chunks, so the index is never behind the
// store and a crash at any point leaves the last committed one.
//
// Sizes of segments and of a merge's reads and writes; variables only so
// that a test can make them small.
var (
	// inlineDocs: segments of fewer docs keep their lists in their row.
	inlineDocs = 4096
	// mergePage is how many of one segment's lists a merge reads at a time.
	mergePage = 512
)

const (
	// mergeFactor: this many adjacent segments of one size tier (a power of
	// mergeFactor of live docs) merge into one, so each chunk is rewritten
	// about log10(chunks) times and a search visits a few dozen segments.
	mergeFactor = 10
	// rebuildDocs is the size of the segments a rebuild writes.
	rebuildDocs = 100_000
	// reindexBatch is how many chunks a re-derivation reads at a time.
	reindexBatch = 500
)

// nextCIDs reserves n chunk ids and returns the first. Ids only go up, so
// a deleted chunk's id never names another chunk in a segment.
func nextCIDs(ctx context.Context, tx *Tx, n int) (int64, error) {
	var first int64
	err := tx.QueryRowContext(ctx, `UPDATE search_stats SET next_cid = next_cid + ? WHERE id = 1 RETURNING next_cid - ?`, n, n).Scan(&first)
	return first, err
}

func bumpGeneration(ctx context.Context, tx *Tx) error {
	_, err := tx.ExecContext(ctx, `UPDATE search_stats SET generation = generation + 1 WHERE id = 1`)
	return err
}

// flushIndex writes the docs this transaction added as one segment; the
// transaction calls it before it commits.
func (t *Tx) flushIndex(ctx context.Context) error {
	if t.stats != (indexStats{}) {
		if _, err := t.ExecContext(ctx, `UPDATE search_stats SET chunks = chunks + ?, total_terms = total_terms + ? WHERE id = 1`, t.stats.chunks, t.stats.terms); err != nil {
			return fmt.Errorf("index: %w", err)
		}
		t.stats = indexStats{}
	}
	if len(t.pending) == 0 {
		return nil
	}
	seg, err := postings.Build(t.pending)
	if err != nil {
		return fmt.Errorf("index: %w", err)
	}
	t.pending = nil
	if err := writeSegment(ctx, t, seg.Docs, seg.Lists, seg.N, seg.MinID, seg.MaxID); err != nil {
		return fmt.Errorf("index: %w", err)
	}
	t.merge = true
	return bumpGeneration(ctx, t)
}

func writeSegment(ctx context.Context, tx *Tx, docs []byte, lists map[string][]byte, n int, minID, maxID int64) error {
	if n == 0 {
		return nil
	}
	var inline []byte
	if n < inlineDocs {
		inline = postings.EncodeLists(lists)
	}
	seg, err := insertSegment(ctx, tx, docs, inline, n, minID, maxID)
	if err != nil || inline != nil {
		return err
	}
	terms := make([]string, 0, len(lists))
	for t := range lists {
		terms = append(terms, t)
	}
	slices.Sort(terms)
	rows := make([][]any, len(terms))
	for i, t := range terms {
		rows[i] = []any{seg, t, lists[t]}
	}
	return insertMany(ctx, tx, "index_postings", []string{"seg", "term", "list"}, rows)
}

// insertSegment writes a segment's row, with its lists when they are
// inline, and returns its id.
func insertSegment(ctx context.Context, tx *Tx, docs, inline []byte, n int, minID, maxID int64) (int64, error) {
	var seg int64
	err := tx.QueryRowContext(ctx, `INSERT INTO index_segments (docs, min_cid, max_cid, doc_table, inline) VALUES (?, ?, ?, ?, ?) RETURNING seg`,
		n, minID, maxID, docs, inline).Scan(&seg)
	return seg, err
}

// indexedChunk is a chunk of a source as the index knows it.
type indexedChunk struct {
	cid   int64
	terms []string
}

// indexedChunks reads a source's chunks that have terms, in order, with
// their terms: those kept while the source is revoked, or derived again
// from their version's text.
func indexedChunks(ctx context.Context, tx *Tx, sid int64) ([]indexedChunk, error) {
	rows, err := tx.QueryContext(ctx, `SELECT cid, version, heading, start, "end", terms FROM chunks WHERE sid = ? AND nterms > 0 ORDER BY ordinal`, sid)
	if err != nil {
		return nil, err
	}
	type row struct {
		c          indexedChunk
		version    int
		heading    string
		start, end int
		terms      sql.NullString
	}
	var all []row
	versions := map[versionKey]version{}
	for rows.Next() {
		var r row
		if err := rows.Scan(&r.c.cid, &r.version, &r.heading, &r.start, &r.end, &r.terms); err != nil {
			rows.Close()
			return nil, err
		}
		if !r.terms.Valid {
			versions[versionKey{sid, r.version}] = version{}
		}
		all = append(all, r)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	if err := versionsOf(ctx, tx, versions); err != nil {
		return nil, err
	}
	cs := make([]indexedChunk, len(all))
	for i, r := range all {
		cs[i] = r.c
		if r.terms.Valid {
			cs[i].terms = strings.Fields(r.terms.String)
			continue
		}
		if cs[i].terms, err = chunkTerms(versions[versionKey{sid, r.version}], r.heading, r.start, r.end); err != nil {
			return nil, fmt.Errorf("chunk %d: %w", r.c.cid, err)
		}
	}
	return cs, nil
}

// unindex takes a source's chunks out of the search: they are marked deleted
// in their segment, their terms counted out of the document frequencies.
// When keep is set (the source is revoked, its chunks stay), each chunk
// keeps its terms, for answers to compare questions with and for unrevoking
// to put back.
func unindex(ctx context.Context, tx *Tx, sid int64, keep bool) error {
	cs, err := indexedChunks(ctx, tx, sid)
	if err != nil || len(cs) == 0 {
		return err
	}
	dead := map[string]int{}
	total := 0
	for _, c := range cs {
		if _, err := tx.ExecContext(ctx, `INSERT INTO index_deleted (cid) VALUES (?) ON CONFLICT DO NOTHING`, c.cid); err != nil {
			return err
		}
		if keep {
			if _, err := tx.ExecContext(ctx, `UPDATE chunks SET terms = ? WHERE cid = ?`, strings.Join(c.terms, " "), c.cid); err != nil {
				return err
			}
		}
		seen := map[string]bool{}
		for _, t := range c.terms {
			if !seen[t] {
				seen[t] = true
				dead[t]++
			}
		}
		total += len(c.terms)
	}
	for t, n := range dead {
		if _, err := tx.ExecContext(ctx, `INSERT INTO index_dead_terms (term, docs) VALUES (?, ?)
			ON CONFLICT (term) DO UPDATE SET docs = index_dead_terms.docs + excluded.docs`, t, n); err != nil {
			return err
		}
	}
	tx.bumpStats(-len(cs), -total)
	return bumpGeneration(ctx, tx)
}

// reindex puts a source's chunks back into the search under new chunk ids
// (their old ids stay deleted in the segments that hold them); the terms
// they kept while out go to the index.
func reindex(ctx context.Context, tx *Tx, sid int64) error {
	cs, err := indexedChunks(ctx, tx, sid)
	if err != nil || len(cs) == 0 {
		return err
	}
	first, err := nextCIDs(ctx, tx, len(cs))
	if err != nil {
		return err
	}
	total := 0
	for i, c := range cs {
		cid := first + int64(i)
		if _, err := tx.ExecContext(ctx, `UPDATE chunks SET cid = ?, terms = NULL WHERE cid = ?`, cid, c.cid); err != nil {
			return err
		}
		tx.pending = append(tx.pending, postings.Doc{ID: cid, Record: sid, Terms: c.terms})
		total += len(c.terms)
	}
	tx.bumpStats(len(cs), total)
	return nil
}

// segmentRow is a segment as index_segments lists it.
type segmentRow struct {
	seg, docs, minCID, maxCID int64
	inline                    bool
	dead                      int // deleted docs
}

// segmentRows lists the segments in chunk id order with their deleted docs
// counted.
func segmentRows(ctx context.Context, q querier) ([]segmentRow, error) {
	rows, err := q.QueryContext(ctx, `SELECT s.seg, s.docs, s.min_cid, s.max_cid, s.inline IS NOT NULL,
		(SELECT count(*) FROM index_deleted d WHERE d.cid BETWEEN s.min_cid AND s.max_cid)
		FROM index_segments s ORDER BY s.min_cid`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var segs []segmentRow
	for rows.Next() {
		var s segmentRow
		if err := rows.Scan(&s.seg, &s.docs, &s.minCID, &s.maxCID, &s.inline, &s.dead); err != nil {
			return nil, err
		}
		segs = append(segs, s)
	}
	return segs, rows.Err()
}

func deletedCIDs(ctx context.Context, q querier) ([]int64, error) {
	return int64s(ctx, q, `SELECT cid FROM index_deleted ORDER BY cid`)
}

// int64s runs a query of one integer column and returns its values.
func int64s(ctx context.Context, q querier, query string, args ...any) ([]int64, error) {
	rows, err := q.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []int64
	for rows.Next() {
		var v int64
		if err := rows.Scan(&v); err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, rows.Err()
}

// deadBits marks, in a segment's doc table, the docs deleted lists (sorted).
func deadBits(docs *postings.DocTable, deleted []int64) postings.Bitset {
	if docs.Len() == 0 {
		return nil
	}
	lo, _ := slices.BinarySearch(deleted, docs.IDs[0])
	var b postings.Bitset
	for _, cid := range deleted[lo:] {
		if cid > docs.IDs[docs.Len()-1] {
			break
		}
		if o := docs.Ord(cid); o >= 0 {
			if b == nil {
				b = postings.NewBitset(docs.Len())
			}
			b.Set(o)
		}
	}
	return b
}

func tier(live int64) int {
	t := 0
	for n := live; n >= mergeFactor; n /= mergeFactor {
		t++
	}
	return t
}

// pickMerge chooses the segments to merge next: the first mergeFactor
// adjacent ones of one tier, else one a third or more of whose docs are
// deleted (rewritten alone to drop them), else none.
func pickMerge(segs []segmentRow) []segmentRow {
	for i := 0; i < len(segs); {
		j := i + 1
		for j < len(segs) && tier(segs[j].docs-int64(segs[j].dead)) == tier(segs[i].docs-int64(segs[i].dead)) {
			j++
		}
		if j-i >= mergeFactor {
			return segs[i : i+mergeFactor]
		}
		i = j
	}
	for i, s := range segs {
		if s.dead > 0 && int64(s.dead)*3 >= s.docs {
			return segs[i : i+1]
		}
	}
	return nil
}

// mergeIndex merges segments until the policy asks for no more, each merge
// in its own transaction: a process killed mid-merge leaves the segments as
// the last committed merge left them, and the next write merges again.
func (d *DB) mergeIndex(ctx context.Context) error {
	for {
		// Most writes need no merge: ask without taking the write lock.
		segs, err := segmentRows(ctx, d.q())
		if err != nil {
			return fmt.Errorf("merge index segments: %w", err)
		}
		if pickMerge(segs) == nil {
			return nil
		}
		merged := false
		err = d.tx(ctx, func(tx *Tx) error {
			segs, err := segmentRows(ctx, tx)
			if err != nil {
				return err
			}
			run := pickMerge(segs)
			if run == nil {
				return nil
			}
			deleted, err := deletedCIDs(ctx, tx)
			if err != nil {
				return err
			}
			merged = true
			return d.mergeSegments(ctx, tx, run, deleted)
		})
		if err != nil {
			return fmt.Errorf("merge index segments: %w", err)
		}
		if !merged {
			return nil
		}
	}
}

// mergeSegments replaces adjacent segments by one that holds their live
// docs. It reads the run's lists a page of each segment at a time (by the
// index on (seg, term)), merges them term by term and writes the merged
// lists a batch at a time, so that its memory is the run's doc tables and a
// few pages, not the run's lists: a merge near the top of a store of a
// million passages rewrites half of its index.
func (d *DB) mergeSegments(ctx context.Context, tx *Tx, run []segmentRow, deleted []int64) error {
	tables := make([]*postings.DocTable, len(run))
	dead := make([]postings.Bitset, len(run))
	inline := make([]map[string][]byte, len(run))
	var ids []any
	for i, s := range run {
		ids = append(ids, s.seg)
		var table, lists []byte
		if err := tx.QueryRowContext(ctx, `SELECT doc_table, inline FROM index_segments WHERE seg = ?`, s.seg).Scan(&table, &lists); err != nil {
			return err
		}
		t, err := postings.DecodeDocs(table)
		if err != nil {
			return fmt.Errorf("segment %d: %w", s.seg, err)
		}
		tables[i], dead[i] = t, deadBits(t, deleted)
		if s.inline {
			if inline[i], err = postings.DecodeLists(lists); err != nil {
				return fmt.Errorf("segment %d: %w", s.seg, err)
			}
		}
	}
	m, err := postings.MergeDocs(tables, dead)
	if err != nil {
		return err
	}
	cursors := make([]*segLists, len(run))
	for i, s := range run {
		cursors[i] = &segLists{seg: s.seg}
		if s.inline {
			cursors[i].page = sortedLists(inline[i])
			cursors[i].done = true
		}
	}
	// A merged segment small enough to keep its lists inline is written
	// at once; a larger one gets its row first, then its lists a batch at
	// a time as they are merged, so a merge holds a page of each segment's
	// lists and a batch of its own, not the whole run.
	var (
		seg     int64
		small   = m.N < inlineDocs
		out     = map[string][]byte{}
		batch   [][]any
		bytes   int
		dropped = map[string]int{}
	)
	if !small {
		// Its first chunk id is the first segment's while that one is
		// still there (segments are unique by it): the row takes a key no
		// segment has until the run is deleted.
		if seg, err = insertSegment(ctx, tx, m.Docs, nil, m.N, -1-m.MinID, m.MaxID); err != nil {
			return err
		}
	}
	flush := func() error {
		err := insertMany(ctx, tx, "index_postings", []string{"seg", "term", "list"}, batch)
		batch, bytes = batch[:0], 0
		return err
	}
	ls := make([][]byte, len(run))
	for {
		term, ok := "", false
		for _, c := range cursors {
			t, more, err := c.peek(ctx, tx)
			if err != nil {
				return fmt.Errorf("segment %d: %w", c.seg, err)
			}
			if more && (!ok || t.term < term) {
				term, ok = t.term, true
			}
		}
		if !ok {
			break
		}
		for i, c := range cursors {
			ls[i] = nil
			if t, more, _ := c.peek(ctx, tx); more && t.term == term {
				ls[i] = t.list
				c.i++
			}
		}
		b, n, err := m.MergeList(ls)
		if err != nil {
			return fmt.Errorf("term %q: %w", term, err)
		}
		if n > 0 {
			dropped[term] = n
		}
		switch {
		case b == nil:
		case small:
			out[term] = b
		default:
			batch = append(batch, []any{seg, term, b})
			if bytes += len(b); len(batch) >= mergeBatch || bytes >= mergeBatchBytes {
				if err := flush(); err != nil {
					return err
				}
			}
		}
	}
	if err := flush(); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM index_postings WHERE seg IN (`+placeholders(len(ids))+`)`, ids...); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM index_segments WHERE seg IN (`+placeholders(len(ids))+`)`, ids...); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM index_deleted WHERE cid BETWEEN ? AND ?`, run[0].minCID, run[len(run)-1].maxCID); err != nil {
		return err
	}
	for t, n := range dropped {
		if _, err := tx.ExecContext(ctx, `UPDATE index_dead_terms SET docs = docs - ? WHERE term = ?`, n, t); err != nil {
			return err
		}
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM index_dead_terms WHERE docs <= 0`); err != nil {
		return err
	}
	if small {
		if err := writeSegment(ctx, tx, m.Docs, out, m.N, m.MinID, m.MaxID); err != nil {
			return err
		}
	} else if _, err := tx.ExecContext(ctx, `UPDATE index_segments SET min_cid = ? WHERE seg = ?`, m.MinID, seg); err != nil {
		return err
	}
	return bumpGeneration(ctx, tx)
}

// mergeBatch and mergeBatchBytes bound the merged lists a merge holds
// before it writes them.
const (
	mergeBatch      = 512
	mergeBatchBytes = 8 << 20
)

// termList is one term's posting list in one segment.
type termList struct {
	term string
	list []byte
}

// segLists reads a segment's lists in term order, a page at a time (by the
// index on (seg, term)). Each page is read whole before the merge writes,
// so no query is open while another runs on the transaction's connection.
type segLists struct {
	seg  int64
	page []termList
	i    int
	done bool // no lists after page
}

// peek returns the list the cursor stands on, reading the next page when
// the current one is used up, or false when the segment has no more.
func (c *segLists) peek(ctx context.Context, tx *Tx) (termList, bool, error) {
	if c.i < len(c.page) {
		return c.page[c.i], true, nil
	}
	if c.done {
		return termList{}, false, nil
	}
	q, args := `SELECT term, list FROM index_postings WHERE seg = ? ORDER BY term LIMIT ?`, []any{c.seg, mergePage}
	if len(c.page) > 0 {
		q, args = `SELECT term, list FROM index_postings WHERE seg = ? AND term > ? ORDER BY term LIMIT ?`, []any{c.seg, c.page[len(c.page)-1].term, mergePage}
	}
	rows, err := tx.QueryContext(ctx, q, args...)
	if err != nil {
		return termList{}, false, err
	}
	defer rows.Close()
	c.page, c.i = c.page[:0], 0
	for rows.Next() {
		var t termList
		if err := rows.Scan(&t.term, &t.list); err != nil {
			return termList{}, false, err
		}
		c.page = append(c.page, t)
	}
	if err := rows.Err(); err != nil {
		return termList{}, false, err
	}
	c.done = len(c.page) < mergePage
	if len(c.page) == 0 {
		return termList{}, false, nil
	}
	return c.page[0], true, nil
}

// sortedLists returns an inline segment's lists in term order.
func sortedLists(lists map[string][]byte) []termList {
	out := make([]termList, 0, len(lists))
	for t, b := range lists {
		out = append(out, termList{t, b})
	}
	slices.SortFunc(out, func(a, b termList) int { return strings.Compare(a.term, b.term) })
	return out
}

// deriveIndex brings the index terms of every chunk up to
// [rank.IndexVersion] when the store's were derived under another, and
// builds the search index again from them (see [DB.Reindex]). It looks at
// the version again inside its transaction, so two processes opening one
// store derive it once.
func (d *DB) deriveIndex(ctx context.Context) error {
	var v int
	if err := d.q().QueryRowContext(ctx, `SELECT index_version FROM search_stats WHERE id = 1`).Scan(&v); err != nil {
		return fmt.Errorf("index version: %w", err)
	}
	if v == rank.IndexVersion {
		return nil
	}
	err := d.tx(ctx, func(tx *Tx) error {
		if err := tx.QueryRowContext(ctx, `SELECT index_version FROM search_stats WHERE id = 1`).Scan(&v); err != nil || v == rank.IndexVersion {
			return err
		}
		_, err := rebuild(ctx, tx, nil)
		return err
	})
	if err != nil {
		return fmt.Errorf("derive index terms (version %d to %d): %w", v, rank.IndexVersion, err)
	}
	return nil
}

// Reindex derives every chunk's index terms again from its text, heading
// path and source title, and builds the search index from them, in one
// transaction: searches see the old index until it commits, and a crash
// leaves the old one. progress, when not nil, hears chunks done of all.
func (d *DB) Reindex(ctx context.Context, progress func(done, total int)) (*verity.ReindexReport, error) {
	var rep *verity.ReindexReport
	err := d.tx(ctx, func(tx *Tx) error {
		var err error
		rep, err = rebuild(ctx, tx, progress)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("reindex: %w", err)
	}
	return rep, nil
}

// rebuild derives every chunk's terms from its version's text, in chunk id
// order, and writes the index again from nothing: segments of rebuildDocs
// chunks of active sources. A chunk's term count is rewritten when the
// analysis now counts differently, and a revoked source's chunks keep their
// terms anew.
func rebuild(ctx context.Context, tx *Tx, progress func(done, total int)) (*verity.ReindexReport, error) {
	rep := &verity.ReindexReport{}
	var total int
	if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM chunks`).Scan(&total); err != nil {
		return nil, err
	}
	for _, table := range []string{"index_postings", "index_segments", "index_deleted", "index_dead_terms"} {
		if _, err := tx.ExecContext(ctx, `DELETE FROM `+table); err != nil {
			return nil, err
		}
	}
	var docs []postings.Doc
	write := func() error {
		if len(docs) == 0 {
			return nil
		}
		seg, err := postings.Build(docs)
		if err != nil {
			return err
		}
		if err := writeSegment(ctx, tx, seg.Docs, seg.Lists, seg.N, seg.MinID, seg.MaxID); err != nil {
			return err
		}
		rep.Indexed += len(docs)
		rep.Segments++
		docs = docs[:0]
		return nil
	}
	for last := int64(-1); ; {
		batch, err := rederive(ctx, tx, last)
		if err != nil {
			return nil, err
		}
		if len(batch) == 0 {
			break
		}
		for _, d := range batch {
			if d.Terms == nil {
				continue
			}
			docs = append(docs, d)
			if len(docs) >= rebuildDocs {
				if err := write(); err != nil {
					return nil, err
				}
			}
		}
		rep.Chunks += len(batch)
		if progress != nil {
			progress(rep.Chunks, total)
		}
		last = batch[len(batch)-1].ID
	}
	if err := write(); err != nil {
		return nil, err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE search_stats SET
		chunks = (SELECT count(*) FROM chunks c JOIN sources s ON s.sid = c.sid WHERE s.status = 'active' AND c.nterms > 0),
		total_terms = (SELECT CAST(coalesce(sum(c.nterms), 0) AS BIGINT) FROM chunks c JOIN sources s ON s.sid = c.sid WHERE s.status = 'active'),
		next_cid = CASE WHEN next_cid > coalesce((SELECT max(cid) FROM chunks), 0) THEN next_cid ELSE coalesce((SELECT max(cid) FROM chunks), 0) + 1 END,
		index_version = ? WHERE id = 1`, rank.IndexVersion); err != nil {
		return nil, err
	}
	return rep, bumpGeneration(ctx, tx)
}

// rederive derives the terms of up to reindexBatch chunks after chunk id
// last, stores what changed (a term count; a revoked chunk's terms), and
// returns every chunk it read as a doc, in chunk id order, with Terms nil
// for those the index leaves out (of a revoked source, or without terms).
func rederive(ctx context.Context, tx *Tx, last int64) ([]postings.Doc, error) {
	type row struct {
		cid, sid           int64
		version            int
		heading            string
		start, end, nterms int
		terms              sql.NullString
		revoked            bool
	}
	rows, err := tx.QueryContext(ctx, `SELECT c.cid, c.sid, c.version, c.heading, c.start, c."end", c.nterms, c.terms, s.status = 'revoked'
		FROM chunks c JOIN sources s ON s.sid = c.sid WHERE c.cid > ? ORDER BY c.cid LIMIT ?`, last, reindexBatch)
	if err != nil {
		return nil, err
	}
	var batch []row
	versions := map[versionKey]version{}
	for rows.Next() {
		var r row
		if err := rows.Scan(&r.cid, &r.sid, &r.version, &r.heading, &r.start, &r.end, &r.nterms, &r.terms, &r.revoked); err != nil {
			rows.Close()
			return nil, err
		}
		versions[versionKey{r.sid, r.version}] = version{}
		batch = append(batch, r)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	if err := versionsOf(ctx, tx, versions); err != nil {
		return nil, err
	}
	docs := make([]postings.Doc, 0, len(batch))
	for _, r := range batch {
		terms, err := chunkTerms(versions[versionKey{r.sid, r.version}], r.heading, r.start, r.end)
		if err != nil {
			return nil, fmt.Errorf("chunk %d: %w", r.cid, err)
		}
		var kept sql.NullString
		if r.revoked {
			kept = sql.NullString{String: strings.Join(terms, " "), Valid: true}
		}
		if len(terms) != r.nterms || kept != r.terms {
			if _, err := tx.ExecContext(ctx, `UPDATE chunks SET terms = ?, nterms = ? WHERE cid = ?`, kept, len(terms), r.cid); err != nil {
				return nil, err
			}
		}
		d := postings.Doc{ID: r.cid, Record: r.sid}
		if !r.revoked && len(terms) > 0 {
			d.Terms = terms
		}
		docs = append(docs, d)
	}
	return docs, nil
}
