package sqlite

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"golang.org/x/sync/errgroup"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/rank"
)

// SearchOptions tune ranking; the zero value uses rank.DefaultParams.
type SearchOptions struct {
	Params rank.Params
	// Pool is how many chunks the full-text index proposes before BM25
	// rescoring and per-record aggregation; 0 means max(200, 20*k).
	Pool int
}

// SetSearchOptions changes how this DB ranks; meant for evaluation and tuning.
func (d *DB) SetSearchOptions(o SearchOptions) { d.search = o }

// Search implements [verity.Searcher]. The caller's ACL is part of the SQL
// query that produces results. Hints come from a second query over all
// active chunks that selects nothing but ids and a readable flag; for the
// unreadable records among the top k it then reads only system and author.
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
	pool := d.search.Pool
	if pool <= 0 {
		pool = max(200, 20*k)
	}
	stats, err := d.searchStats(ctx, query)
	if err != nil {
		return nil, fmt.Errorf("search: %w", err)
	}
	acl, aclArgs := aclCondition("c.sid", q.Caller)

	// Results and hints are two independent queries; WAL lets them read at
	// once on two connections, which halves a search's latency when both
	// must rank many chunks.
	g, gctx := errgroup.WithContext(ctx)
	g.Go(func() error {
		// Results: the ACL condition is in the query.
		cands, err := d.topChunks(gctx, query, stats, params, k, pool, func(match string) (string, []any) {
			return `SELECT c.cid, c.sid, c.terms, 1 FROM chunk_fts f JOIN chunks c ON c.cid = f.rowid
				WHERE chunk_fts MATCH ? AND ` + acl + ` ORDER BY f.rank LIMIT ?`, append(append([]any{match}, aclArgs...), pool)
		})
		if err != nil {
			return fmt.Errorf("search: %w", err)
		}
		for _, c := range rank.Records(query, plain(cands), stats, params, k) {
			r, err := d.result(gctx, c)
			if err != nil {
				return fmt.Errorf("search: %w", err)
			}
			out.Results = append(out.Results, r)
		}
		return nil
	})
	g.Go(func() error {
		// Hints: rank over everything, then keep only the unreadable among the top k.
		all, err := d.topChunks(gctx, query, stats, params, k, pool, func(match string) (string, []any) {
			return `SELECT c.cid, c.sid, c.terms, CASE WHEN ` + acl + ` THEN 1 ELSE 0 END FROM chunk_fts f JOIN chunks c ON c.cid = f.rowid
				WHERE chunk_fts MATCH ? ORDER BY f.rank LIMIT ?`, append(append(append([]any{}, aclArgs...), match), pool)
		})
		if err != nil {
			return fmt.Errorf("search hints: %w", err)
		}
		if out.Hints, err = d.hints(gctx, query, all, stats, params, k); err != nil {
			return fmt.Errorf("search hints: %w", err)
		}
		return nil
	})
	if err := g.Wait(); err != nil {
		return nil, err
	}
	return out, nil
}

func plain(cs []candidate) []rank.Candidate {
	out := make([]rank.Candidate, len(cs))
	for i, c := range cs {
		out[i] = c.Candidate
	}
	return out
}

// matchExpr builds an FTS5 query matching any of the terms. Terms come from
// analysis.Terms, so they are letters and digits only and quoting is safe.
func matchExpr(terms []string) string {
	parts := make([]string, len(terms))
	for i, t := range terms {
		parts[i] = `"` + t + `"`
	}
	return strings.Join(parts, " OR ")
}

// topChunks finds the candidate chunks for the top k records without asking
// the index for every chunk that shares a common word with the query. It
// matches on the query's rarest terms first (the MaxScore idea): a chunk that
// contains none of them scores at most the sum of the other terms' upper
// bounds, so once the k-th best record scores above that sum, no chunk left
// out could enter the top k and the answer is exact. Otherwise it widens the
// match by the next rarest term and asks again. Common words ("data", "system")
// thus cost nothing unless the rare ones find too little.
func (d *DB) topChunks(ctx context.Context, q rank.Query, st rank.Stats, p rank.Params, k, pool int, build func(match string) (string, []any)) ([]candidate, error) {
	terms := slices.Clone(q.Terms)
	ub := map[string]float64{}
	for _, t := range terms {
		ub[t] = float64(q.TF[t]) * rank.IDF(st.N, st.DF[t]) * (p.K1 + 1)
	}
	slices.SortStableFunc(terms, func(a, b string) int { return cmpFloat(ub[b], ub[a]) })
	// Start with the terms that are not in a tenth of all chunks (at least one).
	n := 1
	for n < len(terms) && st.DF[terms[n]]*10 < st.N {
		n++
	}
	for {
		query, args := build(matchExpr(terms[:n]))
		cands, err := d.candidates(ctx, query, args...)
		if err != nil {
			return nil, err
		}
		if n == len(terms) || len(cands) >= pool {
			return cands, nil
		}
		// The k-th best score found so far is a lower bound of the final
		// one (these are real chunks scored on every query term), so the
		// next match needs just enough terms that the rest cannot reach it:
		// at most one more query, never one per term.
		var theta float64
		if top := rank.Records(q, plain(cands), st, p, k); len(top) == k {
			theta = top[k-1].Score
		}
		next := len(terms)
		var rest float64
		for i := len(terms) - 1; i >= n; i-- {
			if rest+ub[terms[i]] >= theta {
				next = i + 1
				break
			}
			rest += ub[terms[i]]
			next = i
		}
		if next <= n {
			return cands, nil
		}
		n = next
	}
}

func cmpFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

type candidate struct {
	rank.Candidate
	readable bool
}

func (d *DB) candidates(ctx context.Context, query string, args ...any) ([]candidate, error) {
	rows, err := d.db.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []candidate
	for rows.Next() {
		var c candidate
		if err := rows.Scan(&c.ChunkID, &c.SourceID, &c.Terms, &c.readable); err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, rows.Err()
}

// hints ranks all candidates and returns the deduplicated (system, author) of
// unreadable records among the top k. The terms of unreadable chunks are read
// only to score them here; they never leave this function.
func (d *DB) hints(ctx context.Context, q rank.Query, all []candidate, st rank.Stats, p rank.Params, k int) ([]verity.Hint, error) {
	hints := []verity.Hint{}
	readable := map[int64]bool{}
	for _, c := range all {
		readable[c.SourceID] = c.readable
	}
	cands := plain(all)
	seen := map[verity.Hint]bool{}
	for _, c := range rank.Records(q, cands, st, p, k) {
		if readable[c.SourceID] {
			continue
		}
		var (
			system, author string
			grantable      bool
		)
		if err := d.db.QueryRowContext(ctx, `SELECT system, author, EXISTS (SELECT 1 FROM source_acl a WHERE a.sid = s.sid)
			FROM sources s WHERE sid = ?`, c.SourceID).Scan(&system, &author, &grantable); err != nil {
			return nil, err
		}
		if !grantable {
			// A record with no ACL is readable by no one (fail closed): a
			// hint would point at something nobody can be given.
			continue
		}
		h := verity.Hint{System: system, Author: verity.Principal(author).Email()}
		if !seen[h] {
			seen[h] = true
			hints = append(hints, h)
		}
	}
	// Sorted, so the order says nothing about rank.
	slices.SortFunc(hints, func(a, b verity.Hint) int {
		if c := strings.Compare(a.System, b.System); c != 0 {
			return c
		}
		return strings.Compare(a.Author, b.Author)
	})
	return hints, nil
}

// searchStats reads N, the average chunk length and the query terms' document
// frequencies over the indexed (active) chunks.
func (d *DB) searchStats(ctx context.Context, q rank.Query) (rank.Stats, error) {
	st := rank.Stats{DF: map[string]int{}}
	var total int
	if err := d.db.QueryRowContext(ctx, `SELECT chunks, total_terms FROM search_stats WHERE id = 1`).Scan(&st.N, &total); err != nil {
		return st, err
	}
	if st.N > 0 {
		st.AvgLen = float64(total) / float64(st.N)
	}
	args := make([]any, len(q.Terms))
	for i, t := range q.Terms {
		args[i] = t
	}
	rows, err := d.db.QueryContext(ctx, `SELECT term, doc FROM chunk_vocab WHERE term IN (`+placeholders(len(args))+`)`, args...)
	if err != nil {
		return st, err
	}
	defer rows.Close()
	for rows.Next() {
		var (
			term string
			df   int
		)
		if err := rows.Scan(&term, &df); err != nil {
			return st, err
		}
		st.DF[term] = df
	}
	return st, rows.Err()
}

// result reads the record fields and chunk of a winning candidate.
func (d *DB) result(ctx context.Context, c rank.Candidate) (verity.SearchResult, error) {
	r := verity.SearchResult{Score: c.Score}
	var heading string
	err := d.db.QueryRowContext(ctx, `SELECT s.id, s.uri, s.title, s.system, c.version, c.ordinal, c.start, c."end", c.heading, c.text
		FROM chunks c JOIN sources s ON s.sid = c.sid WHERE c.cid = ?`, c.ChunkID).
		Scan(&r.SourceID, &r.URI, &r.Title, &r.System, &r.Version, &r.Chunk.Ordinal, &r.Chunk.Start, &r.Chunk.End, &heading, &r.Chunk.Text)
	if err != nil {
		return r, err
	}
	r.Chunk.SourceID, r.Chunk.Version = r.SourceID, r.Version
	json.Unmarshal([]byte(heading), &r.Chunk.Heading)
	return r, nil
}
