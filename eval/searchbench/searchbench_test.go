package searchbench_test

import (
	"context"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/veritykb/verity/eval/searchbench"
	"github.com/veritykb/verity/sqlite"
)

func TestNDCG10(t *testing.T) {
	ten := []string{"a", "b", "c", "d", "e", "f", "g", "h", "i", "j"}
	tests := []struct {
		name         string
		ranked, gold []string
		want         float64
	}{
		{"first of one", []string{"a", "x", "y"}, []string{"a"}, 1},
		{"second of one", []string{"x", "a"}, []string{"a"}, 1 / math.Log2(3)},
		// (1 + 1/log2 4) / (1 + 1/log2 3)
		{"first and third of two", []string{"a", "x", "b"}, []string{"a", "b"}, 1.5 / (1 + 1/math.Log2(3))},
		// 1/log2 3 / (1 + 1/log2 3)
		{"second of two, other missing", []string{"x", "b"}, []string{"a", "b"}, (1 / math.Log2(3)) / (1 + 1/math.Log2(3))},
		// The ideal ranks only ten of twelve relevant ids.
		{"ten of twelve", ten, append(slices.Clone(ten), "k", "l"), 1},
		{"eleventh does not count", append(slices.Clone(ten), "k"), []string{"k"}, 0},
		{"nothing found", nil, []string{"a"}, 0},
		{"no gold", []string{"a"}, nil, 0},
	}
	for _, tt := range tests {
		if got := searchbench.NDCG10(tt.ranked, tt.gold); math.Abs(got-tt.want) > 1e-12 {
			t.Errorf("%s: NDCG10(%v, %v) = %.15f, want %.15f", tt.name, tt.ranked, tt.gold, got, tt.want)
		}
	}
}

func TestReadCorpus(t *testing.T) {
	docs, err := searchbench.ReadCorpus("testdata/corpus.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	if len(docs) != 5 {
		t.Fatalf("ReadCorpus(testdata) = %d passages, want 5", len(docs))
	}
	if d := docs[2]; d.ID != "pub-3" || !slices.Equal(d.ACL, []string{"public"}) {
		t.Errorf("passage without acl = %+v, want pub-3, public", d)
	}
	if d := docs[3]; !slices.Equal(d.ACL, []string{"group:one"}) {
		t.Errorf("passage one-1 acl = %v, want group:one", d.ACL)
	}
	good := `{"id":"a","text":"alpha"}` + "\n"
	for _, tt := range []struct{ file, want string }{
		{good + "\n" + `{"id":"b","text":`, "bad.jsonl:3: malformed JSON"},
		{good + `["a"]`, "bad.jsonl:2: malformed JSON: a line is an object"},
		{good + `{"id":"b","text":"x"} {}`, "bad.jsonl:2: malformed JSON: more than one value"},
		{good + `{"text":"x"}`, `bad.jsonl:2: a passage needs an "id"`},
		{good + `{"id":"b"}`, `bad.jsonl:2: passage "b" has no "text"`},
		{good + `{"id":"a","text":"again"}`, `bad.jsonl:2: id "a" was given before, on line 1`},
		{good + `{"id":"b","text":"x","acl":[]}`, `bad.jsonl:2: passage "b" has an empty "acl"`},
		{good + `{"id":"b","text":"x","acl":["everyone"]}`, `bad.jsonl:2: passage "b"`},
		{good + `{"id":"b","text":"x","acl":"group:a"}`, `bad.jsonl:2: malformed JSON: field "acl"`},
	} {
		path := filepath.Join(t.TempDir(), "bad.jsonl")
		os.WriteFile(path, []byte(tt.file), 0o644)
		if _, err := searchbench.ReadCorpus(path); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("ReadCorpus(%q) = %v, want an error with %q", tt.file, err, tt.want)
		}
	}
	if _, err := searchbench.ReadCorpus("testdata/missing.jsonl"); err == nil || !strings.Contains(err.Error(), "testdata/missing.jsonl: no such file") {
		t.Errorf("ReadCorpus(missing) = %v, want no such file", err)
	}
}

func TestReadQueries(t *testing.T) {
	qs, err := searchbench.ReadQueries("testdata/queries.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	if len(qs) != 4 {
		t.Fatalf("ReadQueries(testdata) = %d queries, want 4", len(qs))
	}
	for i, want := range [][]string{{"pub-1"}, {"pub-3"}, {"pub-2", "pub-1"}, nil} {
		if !slices.Equal(qs[i].Gold, want) {
			t.Errorf("query %d gold = %v, want %v", i+1, qs[i].Gold, want)
		}
	}
	path := filepath.Join(t.TempDir(), "q.jsonl")
	os.WriteFile(path, []byte(`{"query":"a"}`+"\n"+`{"source_id":"x"}`+"\n"), 0o644)
	if _, err := searchbench.ReadQueries(path); err == nil || !strings.Contains(err.Error(), `q.jsonl:2: a query line needs a "query"`) {
		t.Errorf("ReadQueries(no query) = %v, want line 2 named", err)
	}
}

// openVerity returns the Verity engine over a new SQLite store.
func openVerity(t *testing.T) *searchbench.Verity {
	t.Helper()
	path := filepath.Join(t.TempDir(), "bench.db")
	db, err := sqlite.Open(context.Background(), path, sqlite.Options{})
	if err != nil {
		t.Fatal(err)
	}
	e := searchbench.NewVerity(db, path)
	t.Cleanup(func() { e.Close() })
	return e
}

func TestRunVerity(t *testing.T) {
	ctx := context.Background()
	docs, err := searchbench.ReadCorpus("testdata/corpus.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	qs, err := searchbench.ReadQueries("testdata/queries.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	e := openVerity(t)
	var progressed int64
	rep, err := searchbench.Run(ctx, e, docs, qs, searchbench.Options{Progress: func(n int64) { progressed += n }})
	if err != nil {
		t.Fatal(err)
	}
	var text int64
	for _, d := range docs {
		text += int64(len(d.Text))
	}
	if !rep.Ingested || rep.Passages != 5 || rep.Chunks < 5 || rep.TextBytes != text || progressed != text || rep.IngestMBps <= 0 {
		t.Errorf("Run ingest figures = %+v (progress %d), want 5 passages, ≥5 chunks, %d text bytes told and measured", rep, progressed, text)
	}
	if rep.StoreBytes < 4096 || rep.Queries != 4 || rep.Judged != 3 || rep.K != 10 || rep.P50MS <= 0 || rep.P99MS < rep.P50MS || rep.MeanMS <= 0 {
		t.Errorf("Run = %+v, want a store on disk, 4 queries of which 3 judged, k 10, latencies", rep)
	}
	// The public reader finds each judged passage first: query 3's second
	// relevant passage only shares "sugar", so nDCG stays below 1.
	if rep.NDCG10 < 0.8 {
		t.Errorf("Run nDCG@10 = %.4f, want each judged passage found first", rep.NDCG10)
	}
	ids, err := e.Search(ctx, "measles vaccine", 10, nil)
	if err != nil || len(ids) == 0 || ids[0] != "pub-3" {
		t.Errorf("Search(measles vaccine) = %v, %v; want pub-3 first", ids, err)
	}

	// A store kept from the run is searched without ingesting.
	again, err := searchbench.Run(ctx, e, nil, qs, searchbench.Options{SkipIngest: true, As: []string{"group:one"}})
	if err != nil {
		t.Fatal(err)
	}
	if again.Ingested || again.Passages != 0 || again.StoreBytes == 0 || !slices.Equal(again.As, []string{"group:one"}) {
		t.Errorf("Run without ingest = %+v, want no ingest figures, a size, as group:one", again)
	}
}

func TestVerityCallers(t *testing.T) {
	ctx := context.Background()
	docs, err := searchbench.ReadCorpus("testdata/corpus.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	e := openVerity(t)
	if _, err := e.Ingest(ctx, docs, func(int64) {}); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		as   []string
		want []string
	}{
		{nil, nil},
		{[]string{"public"}, nil},
		{[]string{"group:one"}, []string{"one-1"}},
		{[]string{"group:two"}, []string{"two-1"}},
		{[]string{"group:one", "group:two"}, []string{"one-1", "two-1"}},
	} {
		ids, err := e.Search(ctx, "glacier retreat", 10, tt.as)
		if err != nil {
			t.Fatal(err)
		}
		slices.Sort(ids)
		if !slices.Equal(ids, tt.want) {
			t.Errorf("Search(glacier retreat) as %v = %v, want %v", tt.as, ids, tt.want)
		}
	}
	if _, err := e.Search(ctx, "glacier", 10, []string{"everyone"}); err == nil || !strings.Contains(err.Error(), "--as") {
		t.Errorf("Search as a malformed principal = %v, want an --as error", err)
	}
}

func TestWriteTable(t *testing.T) {
	var b strings.Builder
	err := searchbench.WriteTable(&b, []*searchbench.Report{
		{Engine: "verity", As: []string{"group:all"}, Ingested: true, Passages: 20000, Chunks: 22559, TextBytes: 20_563_212, IngestMBps: 3.876,
			StoreBytes: 98_013_136, FileBytes: 97_980_000, WALBytes: 33_136, Queries: 300, K: 10, P50MS: 12.27, P99MS: 33.59, MeanMS: 13.82, Judged: 300, NDCG10: 0.66841},
		{Engine: "bleve", As: []string{"group:all"}, StoreBytes: 44_343_941, Queries: 300, K: 10, P50MS: 2.84, P99MS: 9.08, MeanMS: 3.18},
	})
	if err != nil {
		t.Fatal(err)
	}
	want := `300 queries (300 with relevant ids), k=10, as group:all
  engine  passages  chunks  text MB  ingest MB/s  store MB  of it WAL MB  p50 ms  p99 ms  mean ms  nDCG@10
  verity     20000   22559     20.6         3.88      98.0           0.0   12.27   33.59    13.82   0.6684
  bleve          -       -        -            -      44.3             -    2.84    9.08     3.18        -
`
	if got := b.String(); got != want {
		t.Errorf("WriteTable =\n%s\nwant\n%s", got, want)
	}
}
