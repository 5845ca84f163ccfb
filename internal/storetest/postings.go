package storetest

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/postings"
	"github.com/veritykb/verity/rank"
)

// exhaustive ranks every indexed chunk of the store the caller may read with
// rank.Records, deriving terms from each chunk's span of its version's text
// and reading ACLs straight from the tables: the answer the postings must
// give, result for result and score for score.
func exhaustive(t *testing.T, db Store, text string, c verity.Caller, k int) []string {
	t.Helper()
	ctx := context.Background()
	q := rank.ParseQuery(text)
	st := rank.Stats{DF: map[string]int{}}
	var total int
	if err := db.SQL().QueryRowContext(ctx, db.Rebind(`SELECT chunks, total_terms FROM search_stats`)).Scan(&st.N, &total); err != nil {
		t.Fatal(err)
	}
	if st.N > 0 {
		st.AvgLen = float64(total) / float64(st.N)
	}
	cands := liveChunks(t, db)
	for _, term := range q.Terms {
		for _, cand := range cands {
			if slices.Contains(strings.Fields(cand.Terms), term) {
				st.DF[term]++
			}
		}
	}
	readable := func(sid int64) bool {
		for _, p := range c.Principals() {
			var n int
			db.SQL().QueryRowContext(ctx, db.Rebind(`SELECT count(*) FROM source_acl WHERE sid = ? AND principal = ?`), sid, string(p)).Scan(&n)
			if n > 0 {
				return true
			}
		}
		return false
	}
	var mine []rank.Candidate
	for _, cand := range cands {
		if readable(cand.SourceID) {
			mine = append(mine, cand)
		}
	}
	var out []string
	for _, r := range rank.Records(q, mine, st, rank.DefaultParams, k) {
		var id string
		db.SQL().QueryRowContext(ctx, db.Rebind(`SELECT id FROM sources WHERE sid = ?`), r.SourceID).Scan(&id)
		out = append(out, fmt.Sprintf("%s %.12f", id, r.Score))
	}
	return out
}

// liveChunks returns the active chunks that have index terms, each with
// its terms derived from its span of its version's text.
func liveChunks(t *testing.T, db Store) []rank.Candidate {
	t.Helper()
	rows, err := db.SQL().QueryContext(context.Background(), db.Rebind(`SELECT c.cid, c.sid, s.id, c.version, c.heading, c.start, c."end"
		FROM chunks c JOIN sources s ON s.sid = c.sid
		WHERE s.status = 'active' AND c.nterms > 0`))
	if err != nil {
		t.Fatal(err)
	}
	type row struct {
		cand              rank.Candidate
		id, heading       string
		version, from, to int
	}
	var all []row
	for rows.Next() {
		var r row
		if err := rows.Scan(&r.cand.ChunkID, &r.cand.SourceID, &r.id, &r.version, &r.heading, &r.from, &r.to); err != nil {
			t.Fatal(err)
		}
		all = append(all, r)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	rows.Close()
	versions := versionTexts{}
	var cands []rank.Candidate
	for _, r := range all {
		var path []string
		if err := json.Unmarshal([]byte(r.heading), &path); err != nil {
			t.Fatal(err)
		}
		v := versions.of(t, db, r.id, r.version)
		r.cand.Terms = strings.Join(rank.IndexTerms(v.Title, path, v.Text[r.from:r.to]), " ")
		cands = append(cands, r.cand)
	}
	return cands
}

// versionTexts are source versions read through the store (their texts
// are compressed in blocks), each once.
type versionTexts map[string]*verity.Source

func (vs versionTexts) of(t *testing.T, db Store, id string, version int) *verity.Source {
	t.Helper()
	key := fmt.Sprintf("%s\x00%d", id, version)
	if v := vs[key]; v != nil {
		return v
	}
	v, err := db.SourceVersion(context.Background(), id, version)
	if err != nil {
		t.Fatal(err)
	}
	vs[key] = v
	return v
}

// SearchesExact fails t unless every query, as every caller, returns what
// ranking every chunk returns, in the same order with the same scores.
func SearchesExact(t *testing.T, db Store, queries []string, callers []verity.Caller) {
	t.Helper()
	for _, c := range callers {
		for _, q := range queries {
			res, err := db.Search(context.Background(), verity.SearchQuery{Text: q, Caller: c, K: 10})
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, r := range res.Results {
				got = append(got, fmt.Sprintf("%s %.12f", r.SourceID, r.Score))
			}
			if want := exhaustive(t, db, q, c, 10); !slices.Equal(got, want) {
				t.Fatalf("search %q as %v\n got %v\nwant %v", q, c.Principals(), got, want)
			}
		}
	}
}

// The postings answer as ranking every chunk does, through new versions,
// revocations, un-revocations and the merges they cause, for a caller who
// reads all and one who reads a tenth; and a store opened again (cold
// caches) answers the same.
func testPostingsMatchExhaustive(t *testing.T, open Opener) {
	ctx := context.Background()
	db := open(t, "s")
	corpus := SynthCorpus(400, 7)
	r := rand.New(rand.NewPCG(7, 9))
	for i, src := range corpus {
		put(t, db, src)
		if i%97 == 0 && i > 0 {
			// A new version of an earlier source.
			old := *corpus[r.IntN(i)]
			old.Text += " " + corpus[r.IntN(i)].Text
			put(t, db, &old)
		}
	}
	for i := 0; i < 40; i++ {
		id := corpus[r.IntN(len(corpus))].ID
		if st, _ := db.Source(ctx, id); st.Status == verity.StatusActive {
			if _, _, err := db.Revoke(ctx, []verity.Ref{src(id)}, verity.Actor{Who: admin}, "test"); err != nil {
				t.Fatal(err)
			}
		} else if _, _, err := db.Unrevoke(ctx, []verity.Ref{src(id)}, verity.Actor{Who: admin}, "test"); err != nil {
			t.Fatal(err)
		}
	}
	callers := []verity.Caller{verity.NewCaller(), verity.NewCaller("group:g3")}
	queries := SynthQueries(30, 5)
	check := func(db Store) { SearchesExact(t, db, queries, callers) }
	check(db)
	db.Close()
	db = open(t, "s")
	check(db)
	// A rebuild from sources gives the same answers.
	if _, err := db.Reindex(ctx, nil); err != nil {
		t.Fatal(err)
	}
	check(db)
}

// A caller who reads few sources (here one in thirteen: public ones and its
// group's) leaps over the docs it cannot read, and still gets what ranking
// every chunk gives, as do the public and all-reading callers; through
// revocations, new sources after its first search, and a reopened store.
func testPostingsSparseReader(t *testing.T, open Opener) {
	ctx := context.Background()
	db := open(t, "s")
	corpus := SynthCorpus(300, 11)
	for i, src := range corpus {
		src.ACL = []verity.Principal{verity.Principal(fmt.Sprintf("group:g%d", i%20)), "group:all"}
		if i%40 == 0 {
			src.ACL = []verity.Principal{verity.Public}
		}
	}
	for _, src := range corpus[:250] {
		put(t, db, src)
	}
	r := rand.New(rand.NewPCG(11, 3))
	for range 15 {
		id := corpus[r.IntN(250)].ID
		if st, _ := db.Source(ctx, id); st.Status == verity.StatusActive {
			if _, _, err := db.Revoke(ctx, []verity.Ref{src(id)}, verity.Actor{Who: admin}, "test"); err != nil {
				t.Fatal(err)
			}
		}
	}
	callers := []verity.Caller{verity.NewCaller("group:g3"), verity.NewCaller(), verity.NewCaller("group:all")}
	queries := SynthQueries(20, 13)
	SearchesExact(t, db, queries, callers)
	// Sources newer than the cached readable sets, in segments of their own.
	for _, src := range corpus[250:] {
		put(t, db, src)
	}
	SearchesExact(t, db, queries, callers)
	db.Close()
	db = open(t, "s")
	SearchesExact(t, db, queries, callers)
}

// A search's cached readable set follows ACL changes at once: a narrowed
// ACL, by metadata alone or with a new version, hides the record from the
// next search of a caller who could read it.
func testSearchFollowsACLChanges(t *testing.T, open Opener) {
	ctx := context.Background()
	db := open(t, "")
	g1 := verity.NewCaller("group:g1")
	found := func() bool {
		res, err := db.Search(ctx, verity.SearchQuery{Text: "quarterly budget", Caller: g1})
		if err != nil {
			t.Fatal(err)
		}
		return len(res.Results) == 1
	}
	put(t, db, doc("a", "The quarterly budget review.", "group:g1"))
	if !found() {
		t.Fatal("g1 does not find its record")
	}
	put(t, db, doc("a", "The quarterly budget review.", "group:g2"))
	if found() {
		t.Fatal("g1 still finds the record after its ACL was narrowed to g2")
	}
	put(t, db, doc("a", "The quarterly budget review, revised.", "group:g1"))
	if !found() {
		t.Fatal("g1 does not find the new version shared with it again")
	}
	put(t, db, doc("a", "The quarterly budget review, revised twice.", "group:g2"))
	if found() {
		t.Fatal("g1 finds a new version whose ACL no longer names it")
	}
}

// ListsMatchChunks fails t unless the store's index, which must be one
// segment with its lists in rows (as a merge leaves it), has a list for
// every term of its live chunks, of as many docs as hold the term, and no
// other list.
func ListsMatchChunks(t *testing.T, db Store) {
	t.Helper()
	want := map[string]int{}
	for _, c := range liveChunks(t, db) {
		terms := strings.Fields(c.Terms)
		slices.Sort(terms)
		for _, term := range slices.Compact(terms) {
			want[term]++
		}
	}
	rows, err := db.SQL().QueryContext(context.Background(), `SELECT term, list FROM index_postings`)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]int{}
	for rows.Next() {
		var (
			term string
			b    []byte
		)
		if err := rows.Scan(&term, &b); err != nil {
			t.Fatal(err)
		}
		l, err := postings.OpenList(b)
		if err != nil {
			t.Fatalf("term %q: %v", term, err)
		}
		got[term] = l.Count
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	if !maps.Equal(got, want) {
		for term, n := range want {
			if got[term] != n {
				t.Errorf("term %q: merged list of %d docs, want %d", term, got[term], n)
			}
		}
		for term, n := range got {
			if _, ok := want[term]; !ok {
				t.Errorf("term %q: merged list of %d docs, want none", term, n)
			}
		}
		t.FailNow()
	}
}
