package sqlstore

import (
	"container/list"
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"math/bits"
	"slices"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/postings"
	"github.com/veritykb/verity/rank"
)

// SearchOptions tune ranking; the zero value uses rank.DefaultParams.
type SearchOptions struct {
	Params rank.Params
}

// SetSearchOptions changes how this DB ranks; meant for evaluation and tuning.
func (d *DB) SetSearchOptions(o SearchOptions) { d.search = o }

// Search implements [verity.Searcher] over the store's postings (see
// index.go and package postings). It reads in one transaction, so
// the segments, deletions, statistics and ACLs it sees are one committed
// state. The caller's ACL is inside the traversal: postings.Search asks of
// every doc that could still rank whether its record is readable, keeps the
// caller's best records, and from the same pass the best records of all,
// whose unreadable ones become content-free hints.
func (d *DB) Search(ctx context.Context, q verity.SearchQuery) (*verity.SearchResults, error) {
	k := q.K
	if k <= 0 {
		k = verity.DefaultK
	}
	out := &verity.SearchResults{Results: []verity.SearchResult{}, Hints: []verity.Hint{}}
	query := rank.ParseQuery(q.Text)
	if len(query.Terms) == 0 {
		return out, nil
	}
	params := d.search.Params
	if params == (rank.Params{}) {
		params = rank.DefaultParams
	}
	tx, onReplica, err := d.searchSnapshot(ctx)
	if err != nil {
		return nil, fmt.Errorf("search: %w", err)
	}
	err = d.searchIn(ctx, tx, q, query, params, k, out)
	tx.Rollback()
	if err != nil && onReplica && ctx.Err() == nil {
		// A hot standby may cancel a read that conflicts with what it
		// replays: the primary answers instead.
		if tx, err = d.snapshot(ctx); err != nil {
			return nil, fmt.Errorf("search: %w", err)
		}
		err = d.searchIn(ctx, tx, q, query, params, k, out)
		tx.Rollback()
	}
	if err != nil {
		return nil, err
	}
	return out, nil
}

// searchIn runs a search in the snapshot tx, filling out.
func (d *DB) searchIn(ctx context.Context, tx *Tx, q verity.SearchQuery, query rank.Query, params rank.Params, k int, out *verity.SearchResults) (err error) {
	results, all, err := d.rank(ctx, tx, query, q.Caller, q.Filter, params, k)
	if err != nil {
		return fmt.Errorf("search: %w", err)
	}
	if out.Results, err = resultsOf(ctx, tx, results); err != nil {
		return fmt.Errorf("search: %w", err)
	}
	if out.Hints, err = hints(ctx, tx, query, all, results); err != nil {
		return fmt.Errorf("search hints: %w", err)
	}
	return nil
}

// rank runs the traversal: the caller's best k records and the best k of
// all, both among the sources f admits.
func (d *DB) rank(ctx context.Context, tx *Tx, query rank.Query, c verity.Caller, f verity.SearchFilter, params rank.Params, k int) (results, all []postings.Hit, err error) {
	var n, total, gen, aclGen, maxSID int64
	if err := tx.QueryRowContext(ctx, `SELECT chunks, total_terms, generation, acl_generation, (SELECT coalesce(max(sid), 0) FROM sources)
		FROM search_stats WHERE id = 1`).Scan(&n, &total, &gen, &aclGen, &maxSID); err != nil {
		return nil, nil, err
	}
	if n == 0 {
		return nil, nil, nil
	}
	view, err := d.index.view(ctx, tx, gen)
	if err != nil {
		return nil, nil, err
	}
	segs, df, err := d.index.lists(ctx, tx, view, query.Terms)
	if err != nil {
		return nil, nil, err
	}
	if err := deadDF(ctx, tx, query.Terms, df); err != nil {
		return nil, nil, err
	}
	readable, err := d.index.readable(ctx, tx, c.Principals(), aclGen, maxSID)
	if err != nil {
		return nil, nil, err
	}
	var admitted postings.Bitset
	if !f.IsZero() {
		if admitted, err = admits(ctx, tx, f, maxSID); err != nil {
			return nil, nil, err
		}
	}
	if readable.sparse && admitted == nil {
		// A caller who reads few sources leaps from one doc it may read
		// to the next where only its own bar would let docs in. (Under a
		// filter the plain traversal asks of each doc instead: the leaps
		// stand on the readable docs being exactly those it accepts.)
		for i, s := range view.segs {
			segs[i].Readable = readable.ordinals(s.segData)
		}
		readable.prune(view)
	}
	req := postings.Request{
		AvgLen:   float64(total) / float64(n),
		Params:   params,
		K:        k,
		Readable: func(rec int64) bool { return readable.sids.Has(int(rec)) },
	}
	if admitted != nil {
		req.Readable = func(rec int64) bool { return readable.sids.Has(int(rec)) && admitted.Has(int(rec)) }
	}
	for i, t := range query.Terms {
		// As rank.Score weighs a term, so the scores are the same.
		req.Weights = append(req.Weights, float64(query.TF[t])*rank.IDF(int(n), df[i]))
	}
	results, all, err = postings.Search(req, segs)
	if err != nil || admitted == nil {
		return results, all, err
	}
	// Hints come only from records the filter admits.
	kept := all[:0:0]
	for _, h := range all {
		if admitted.Has(int(h.Record)) {
			kept = append(kept, h)
		}
	}
	return results, kept, nil
}

// admits returns the sources f admits, by sid.
func admits(ctx context.Context, tx *Tx, f verity.SearchFilter, maxSID int64) (postings.Bitset, error) {
	where, args := []string{"1 = 1"}, []any{}
	if f.System != "" {
		where, args = append(where, "system = ?"), append(args, f.System)
	}
	if f.Author != "" {
		where, args = append(where, "author = ?"), append(args, string(f.Author))
	}
	if !f.Since.IsZero() {
		// Times are stored as RFC 3339 text in UTC, which sorts as time
		// does to the second.
		where, args = append(where, "updated_at >= ?"), append(args, f.Since.UTC().Truncate(time.Second).Format(time.RFC3339))
	}
	rows, err := tx.QueryContext(ctx, `SELECT sid FROM sources WHERE `+strings.Join(where, " AND "), args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	set := postings.NewBitset(int(maxSID) + 1)
	for rows.Next() {
		var sid int64
		if err := rows.Scan(&sid); err != nil {
			return nil, err
		}
		if sid <= maxSID {
			set.Set(int(sid))
		}
	}
	return set, rows.Err()
}

// deadDF takes the deleted chunks that still sit in segments out of the
// query terms' document frequencies.
func deadDF(ctx context.Context, q querier, terms []string, df []int) error {
	args := make([]any, len(terms))
	for i, t := range terms {
		args[i] = t
	}
	rows, err := q.QueryContext(ctx, `SELECT term, docs FROM index_dead_terms WHERE term IN (`+placeholders(len(args))+`)`, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var (
			term string
			dead int
		)
		if err := rows.Scan(&term, &dead); err != nil {
			return err
		}
		df[slices.Index(terms, term)] -= dead
	}
	return rows.Err()
}

// hints returns the deduplicated (system, author) of the unreadable records
// among the best k of all that may give hints, sorted so the order says
// nothing about rank. A record gives one only when its source and its
// system are discoverable, it has an ACL (a record readable by no one would
// point at something nobody can be given), and its chunk's own text, not
// its title or headings, holds at least [verity.HintTerms] distinct terms
// of the query: a one-word probe learns nothing. They are read in one
// query, as results are.
func hints(ctx context.Context, tx *Tx, query rank.Query, all, results []postings.Hit) ([]verity.Hint, error) {
	out := []verity.Hint{}
	if len(query.Terms) < verity.HintTerms {
		return out, nil
	}
	var args []any
	for _, h := range all {
		// A readable record among the best k of all is among the caller's
		// best k too (fewer records rank above it there), so every record
		// left here is one the caller cannot read.
		if !slices.ContainsFunc(results, func(r postings.Hit) bool { return r.Record == h.Record }) {
			args = append(args, h.Doc)
		}
	}
	if len(args) == 0 {
		return out, nil
	}
	// A hint reads the span of a hidden chunk from the blocks it falls in,
	// without sending its whole document to the process.
	rows, err := tx.QueryContext(ctx, `SELECT c.cid, s.system, s.author, c.start, c."end", b.block, b.data
		FROM chunks c JOIN sources s ON s.sid = c.sid
		JOIN source_blocks b ON b.sid = c.sid AND b.version = c.version AND `+blockRange("c.start", `c."end"`)+`
		WHERE c.cid IN (`+placeholders(len(args))+`)
		AND EXISTS (SELECT 1 FROM source_acl a WHERE a.sid = s.sid)
		AND NOT EXISTS (SELECT 1 FROM undiscoverable_sources u WHERE u.sid = s.sid)
		AND NOT EXISTS (SELECT 1 FROM undiscoverable_systems y WHERE y.system = s.system)
		ORDER BY c.cid, b.block`, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	type hidden struct {
		hint       verity.Hint
		start, end int
	}
	var (
		order  []int64
		chunks = map[int64]*hidden{}
		blocks = spanBlocks{}
	)
	for rows.Next() {
		var (
			cid, block     int64
			system, author string
			start, end     int
			data           []byte
		)
		if err := rows.Scan(&cid, &system, &author, &start, &end, &block, &data); err != nil {
			return nil, err
		}
		if chunks[cid] == nil {
			chunks[cid] = &hidden{verity.Hint{System: system, Author: verity.Principal(author).Email()}, start, end}
			order = append(order, cid)
		}
		if err := blocks.add(cid, int(block), data); err != nil {
			return nil, err
		}
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	seen := map[verity.Hint]bool{}
	for _, cid := range order {
		h := chunks[cid]
		chunk, err := blocks.span(cid, h.start, h.end)
		if err != nil {
			return nil, err
		}
		if seen[h.hint] || sharedTerms(query, string(chunk)) < verity.HintTerms {
			continue
		}
		seen[h.hint] = true
		out = append(out, h.hint)
	}
	slices.SortFunc(out, func(a, b verity.Hint) int {
		if c := strings.Compare(a.System, b.System); c != 0 {
			return c
		}
		return strings.Compare(a.Author, b.Author)
	})
	return out, nil
}

// sharedTerms counts the distinct terms of q that text is analysed into
// (as a query is: [rank.ParseQuery]).
func sharedTerms(q rank.Query, text string) int {
	n := 0
	for _, t := range rank.ParseQuery(text).Terms {
		if q.TF[t] > 0 {
			n++
		}
	}
	return n
}

// resultsOf reads the record fields and chunks of the winning docs, in one
// query: a round trip per result was most of a search's time on a database
// across a socket.
func resultsOf(ctx context.Context, tx *Tx, hits []postings.Hit) ([]verity.SearchResult, error) {
	out := make([]verity.SearchResult, len(hits))
	if len(hits) == 0 {
		return out, nil
	}
	at := make(map[int64]int, len(hits))
	args := make([]any, len(hits))
	for i, h := range hits {
		at[h.Doc] = i
		args[i] = h.Doc
		out[i].Score = h.Score
	}
	// A chunk's text is its span of its version's text: only the blocks
	// it falls in are read and decompressed, not the whole version, which
	// for a long PDF is megabytes per result.
	rows, err := tx.QueryContext(ctx, `SELECT c.cid, s.id, s.uri, s.title, s.system, c.version, c.ordinal, c.start, c."end", c.heading, b.block, b.data
		FROM chunks c JOIN sources s ON s.sid = c.sid
		JOIN source_blocks b ON b.sid = c.sid AND b.version = c.version AND `+blockRange("c.start", `c."end"`)+`
		WHERE c.cid IN (`+placeholders(len(args))+`) ORDER BY c.cid, b.block`, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var (
		found  []int64
		blocks = spanBlocks{}
	)
	for rows.Next() {
		var (
			cid, block int64
			heading    string
			data       []byte
			r          verity.SearchResult
		)
		if err := rows.Scan(&cid, &r.SourceID, &r.URI, &r.Title, &r.System, &r.Version, &r.Chunk.Ordinal, &r.Chunk.Start, &r.Chunk.End, &heading, &block, &data); err != nil {
			return nil, err
		}
		i, ok := at[cid]
		if !ok {
			continue
		}
		if _, seen := blocks[cid]; !seen {
			r.Score = out[i].Score
			r.Chunk.SourceID, r.Chunk.Version = r.SourceID, r.Version
			json.Unmarshal([]byte(heading), &r.Chunk.Heading)
			out[i] = r
			found = append(found, cid)
		}
		if err := blocks.add(cid, int(block), data); err != nil {
			return nil, fmt.Errorf("result %s: %w", r.SourceID, err)
		}
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	for _, cid := range found {
		r := &out[at[cid]]
		text, err := blocks.span(cid, r.Chunk.Start, r.Chunk.End)
		if err != nil {
			return nil, fmt.Errorf("result %s: %w", r.SourceID, err)
		}
		if !utf8.Valid(text) {
			return nil, fmt.Errorf("result %s: chunk span [%d,%d) is not valid UTF-8: not a span of its version's text", r.SourceID, r.Chunk.Start, r.Chunk.End)
		}
		r.Chunk.Text = string(text)
	}
	if len(found) != len(hits) {
		// The index and the chunks are written in one transaction and read
		// in one snapshot: a hit without its chunk is a broken store.
		return nil, fmt.Errorf("%d of %d results have no stored chunk", len(hits)-len(found), len(hits))
	}
	return out, nil
}

// indexCache is what a process keeps of the index between searches. All of
// it is keyed so that it can never be stale: segments by id (a segment never
// changes, and ids are never reused), the segment list by the store's index
// generation, readable sets by the ACL generation and the newest source id.
type indexCache struct {
	mu      sync.Mutex
	current *indexView
	segs    map[int64]*segData
	// Posting lists of large segments, by term, least recently used first.
	terms  map[string]*list.Element
	lru    list.List
	bytes  int64
	budget int64
	// Readable sources, by the caller's principals.
	readers map[string]*readableSet
}

type segData struct {
	id     int64
	docs   *postings.DocTable
	inline map[string][]byte // nil for a segment whose lists are rows
}

type indexView struct {
	gen  int64
	segs []viewSeg // largest first: the bar rises soonest
}

type viewSeg struct {
	*segData
	dead postings.Bitset
}

type termLists struct {
	term  string
	lists map[int64][]byte // by segment; nil for a segment without the term
	size  int64
}

type readableSet struct {
	aclGen, maxSID int64
	sids           postings.Bitset
	// sparse says the caller reads at most one source in sparseShare:
	// searches then use, per segment, the ordinals of its docs the caller
	// may read, made once and kept by segment id. A segment never changes
	// and holds no source newer than itself, so the ordinals stay right
	// while the ACL generation does, as sources are added.
	sparse bool
	mu     sync.Mutex
	ords   map[int64]postings.Bitset
}

// sparseShare: a caller who reads at most one source in this many leaps
// over the docs it cannot read (see [postings.Seg.Readable]).
const sparseShare = 8

// ordinals returns the ordinals of s's docs that the caller may read.
func (r *readableSet) ordinals(s *segData) postings.Bitset {
	r.mu.Lock()
	defer r.mu.Unlock()
	if b, ok := r.ords[s.id]; ok {
		return b
	}
	b := postings.NewBitset(s.docs.Len())
	for o, rec := range s.docs.Records {
		if r.sids.Has(int(rec)) {
			b.Set(o)
		}
	}
	r.ords[s.id] = b
	return b
}

// prune forgets the ordinals of segments that merges have replaced, once
// they outnumber the segments of view.
func (r *readableSet) prune(view *indexView) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(r.ords) <= 2*len(view.segs) {
		return
	}
	live := make(map[int64]bool, len(view.segs))
	for _, s := range view.segs {
		live[s.id] = true
	}
	maps.DeleteFunc(r.ords, func(id int64, _ postings.Bitset) bool { return !live[id] })
}

func newIndexCache(budget int64) *indexCache {
	if budget <= 0 {
		budget = 256 << 20
	}
	return &indexCache{segs: map[int64]*segData{}, terms: map[string]*list.Element{}, budget: budget, readers: map[string]*readableSet{}}
}

// view returns the segments as of generation gen, read in tx when the cache
// holds another generation.
func (c *indexCache) view(ctx context.Context, tx *Tx, gen int64) (*indexView, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.current != nil && c.current.gen == gen {
		return c.current, nil
	}
	var rows []segmentRow
	list, err := tx.QueryContext(ctx, `SELECT seg, inline IS NOT NULL FROM index_segments ORDER BY min_cid`)
	if err != nil {
		return nil, err
	}
	for list.Next() {
		var r segmentRow
		if err := list.Scan(&r.seg, &r.inline); err != nil {
			list.Close()
			return nil, err
		}
		rows = append(rows, r)
	}
	list.Close()
	if err := list.Err(); err != nil {
		return nil, err
	}
	deleted, err := deletedCIDs(ctx, tx)
	if err != nil {
		return nil, err
	}
	v := &indexView{gen: gen}
	keep := map[int64]*segData{}
	for _, r := range rows {
		s := c.segs[r.seg]
		if s == nil {
			var table, inline []byte
			if err := tx.QueryRowContext(ctx, `SELECT doc_table, inline FROM index_segments WHERE seg = ?`, r.seg).Scan(&table, &inline); err != nil {
				return nil, err
			}
			s = &segData{id: r.seg}
			if s.docs, err = postings.DecodeDocs(table); err != nil {
				return nil, fmt.Errorf("segment %d: %w", r.seg, err)
			}
			if r.inline {
				if s.inline, err = postings.DecodeLists(inline); err != nil {
					return nil, fmt.Errorf("segment %d: %w", r.seg, err)
				}
			}
		}
		keep[r.seg] = s
		v.segs = append(v.segs, viewSeg{segData: s, dead: deadBits(s.docs, deleted)})
	}
	slices.SortStableFunc(v.segs, func(a, b viewSeg) int { return b.docs.Len() - a.docs.Len() })
	c.segs, c.current = keep, v
	return v, nil
}

// lists opens the query terms' lists in every segment of v and sums their
// lengths, the terms' document frequencies before deletions.
func (c *indexCache) lists(ctx context.Context, tx *Tx, v *indexView, terms []string) ([]postings.Seg, []int, error) {
	byTerm := make([]map[int64][]byte, len(terms))
	var missing []int
	c.mu.Lock()
	for i, t := range terms {
		if e, ok := c.terms[t]; ok && covers(e.Value.(*termLists), v) {
			c.lru.MoveToBack(e)
			byTerm[i] = e.Value.(*termLists).lists
			continue
		}
		missing = append(missing, i)
	}
	c.mu.Unlock()
	for _, i := range missing {
		tl := &termLists{term: terms[i], lists: map[int64][]byte{}}
		for _, s := range v.segs {
			if s.inline == nil {
				tl.lists[s.id] = nil
			}
		}
		rows, err := tx.QueryContext(ctx, `SELECT seg, list FROM index_postings WHERE term = ?`, terms[i])
		if err != nil {
			return nil, nil, err
		}
		for rows.Next() {
			var (
				seg int64
				b   []byte
			)
			if err := rows.Scan(&seg, &b); err != nil {
				rows.Close()
				return nil, nil, err
			}
			if _, ok := tl.lists[seg]; ok {
				tl.lists[seg] = b
				tl.size += int64(len(b))
			}
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return nil, nil, err
		}
		byTerm[i] = tl.lists
		c.remember(tl)
	}
	df := make([]int, len(terms))
	segs := make([]postings.Seg, 0, len(v.segs))
	for _, s := range v.segs {
		ps := postings.Seg{Docs: s.docs, Dead: s.dead, Lists: make([]*postings.List, len(terms))}
		for i, t := range terms {
			b := s.inline[t]
			if s.inline == nil {
				b = byTerm[i][s.id]
			}
			if b == nil {
				continue
			}
			l, err := postings.OpenList(b)
			if err != nil {
				return nil, nil, fmt.Errorf("segment %d term %q: %w", s.id, t, err)
			}
			ps.Lists[i] = l
			df[i] += l.Count
		}
		segs = append(segs, ps)
	}
	return segs, df, nil
}

// covers says whether tl knows the term's list in every large segment of v.
func covers(tl *termLists, v *indexView) bool {
	for _, s := range v.segs {
		if s.inline == nil {
			if _, ok := tl.lists[s.id]; !ok {
				return false
			}
		}
	}
	return true
}

func (c *indexCache) remember(tl *termLists) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.terms[tl.term]; ok {
		c.bytes -= e.Value.(*termLists).size
		c.lru.Remove(e)
	}
	c.terms[tl.term] = c.lru.PushBack(tl)
	c.bytes += tl.size
	for c.bytes > c.budget && c.lru.Len() > 1 {
		e := c.lru.Front()
		old := e.Value.(*termLists)
		c.lru.Remove(e)
		delete(c.terms, old.term)
		c.bytes -= old.size
	}
}

// maxReaders bounds how many callers' readable sets a process keeps.
const maxReaders = 256

// readable returns the sources (by sid) that a caller with principals ps may
// read. A cached set is extended with sources newer than it knows while no
// existing source's ACL has changed, and read again when one has.
func (c *indexCache) readable(ctx context.Context, tx *Tx, ps []verity.Principal, aclGen, maxSID int64) (*readableSet, error) {
	names := make([]string, len(ps))
	args := make([]any, len(ps))
	for i, p := range ps {
		names[i] = string(p)
	}
	slices.Sort(names)
	names = slices.Compact(names)
	args = args[:len(names)]
	for i, n := range names {
		args[i] = n
	}
	key := strings.Join(names, "\x00")
	c.mu.Lock()
	r := c.readers[key]
	c.mu.Unlock()
	if r != nil && r.aclGen == aclGen && r.maxSID == maxSID {
		return r, nil
	}
	from := int64(0)
	next := &readableSet{aclGen: aclGen, maxSID: maxSID, sids: postings.NewBitset(int(maxSID) + 1), ords: map[int64]postings.Bitset{}}
	if r != nil && r.aclGen == aclGen && r.maxSID < maxSID {
		copy(next.sids, r.sids)
		from = r.maxSID
		r.mu.Lock()
		maps.Copy(next.ords, r.ords)
		r.mu.Unlock()
	}
	if len(names) > 0 {
		rows, err := tx.QueryContext(ctx, `SELECT sid FROM source_acl WHERE principal IN (`+placeholders(len(names))+`) AND sid > ? AND sid <= ?`,
			append(args, from, maxSID)...)
		if err != nil {
			return nil, err
		}
		for rows.Next() {
			var sid int64
			if err := rows.Scan(&sid); err != nil {
				rows.Close()
				return nil, err
			}
			next.sids.Set(int(sid))
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return nil, err
		}
	}
	n := 0
	for _, w := range next.sids {
		n += bits.OnesCount64(w)
	}
	next.sparse = int64(n)*sparseShare <= maxSID
	c.mu.Lock()
	if len(c.readers) >= maxReaders {
		clear(c.readers)
	}
	c.readers[key] = next
	c.mu.Unlock()
	return next, nil
}
