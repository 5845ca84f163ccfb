package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/veritykb/verity/eval/searchbench"
)

const (
	benchCorpus  = "../../eval/searchbench/testdata/corpus.jsonl"
	benchQueries = "../../eval/searchbench/testdata/queries.jsonl"
)

// cliNoDB runs verity with args and no --db.
func cliNoDB(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(context.Background(), args, strings.NewReader(""), &out, &errb, func(string) string { return "" })
	return out.String(), errb.String(), code
}

func TestBenchSearchTemporaryStore(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	out, errOut, code := cliNoDB(t, "bench", "search", "--corpus", benchCorpus, "--queries", benchQueries)
	if code != 0 {
		t.Fatalf("bench search: exit %d: %s", code, errOut)
	}
	for _, want := range []string{"4 queries (3 with relevant ids), k=10, as a public reader", "ingest MB/s", "nDCG@10", "verity", "store: a temporary one, removed now"} {
		if !strings.Contains(out, want) {
			t.Errorf("bench search output lacks %q:\n%s", want, out)
		}
	}
	if !strings.Contains(errOut, "ingesting 5 passages") || !strings.Contains(errOut, filepath.Join(tmp, "verity-bench-")) {
		t.Errorf("bench search stderr = %q, want the ingest under $TMPDIR announced", errOut)
	}
	if left, _ := os.ReadDir(tmp); len(left) != 0 {
		t.Errorf("bench search left %v in $TMPDIR, want its store removed", left)
	}

	out, errOut, code = cliNoDB(t, "--json", "--as", "group:one", "bench", "search", "--corpus", benchCorpus, "--queries", benchQueries, "--k", "5")
	if code != 0 {
		t.Fatalf("bench search --json: exit %d: %s", code, errOut)
	}
	var rep searchbench.Report
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("bench search --json = %q: %v", out, err)
	}
	if rep.Engine != "verity" || !rep.Ingested || rep.Passages != 5 || rep.Queries != 4 || rep.Judged != 3 || rep.K != 5 ||
		rep.StoreBytes == 0 || rep.NDCG10 < 0.8 || len(rep.As) != 1 || rep.As[0] != "group:one" {
		t.Errorf("bench search --json = %+v, want verity, 5 passages ingested, 4 queries of which 3 judged, k 5, as group:one", rep)
	}
	if errOut != "" {
		t.Errorf("bench search --json stderr = %q, want nothing off a terminal", errOut)
	}
}

// TestBenchSearchKeptStore fills a store given with --db, then measures it
// again without ingesting, as callers who may and may not read the
// relevant passage: the search goes through the service with the caller.
func TestBenchSearchKeptStore(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "bench.db")
	out, errOut, code := cli(t, db, "", "bench", "search", "--corpus", benchCorpus, "--queries", benchQueries)
	if code != 0 || !strings.Contains(out, "filled now and kept") {
		t.Fatalf("bench search --db new = exit %d: %s%s", code, out, errOut)
	}
	if _, err := os.Stat(db); err != nil {
		t.Fatalf("bench search --db did not keep the store: %v", err)
	}
	glacier := filepath.Join(dir, "glacier.jsonl")
	os.WriteFile(glacier, []byte(`{"query":"glacier retreat in the Alps","source_id":"one-1"}`+"\n"), 0o644)
	for _, tt := range []struct {
		as   []string
		ndcg float64
	}{{nil, 0}, {[]string{"--as", "group:two"}, 0}, {[]string{"--as", "group:one"}, 1}} {
		out, errOut, code := cli(t, db, "", append(tt.as, "--json", "bench", "search", "--queries", glacier)...)
		var rep searchbench.Report
		if err := json.Unmarshal([]byte(out), &rep); code != 0 || err != nil {
			t.Fatalf("bench search --db kept %v = exit %d: %s%s", tt.as, code, out, errOut)
		}
		if rep.Ingested || rep.Passages != 0 || rep.Judged != 1 || rep.NDCG10 != tt.ndcg {
			t.Errorf("bench search --db kept %v = %+v, want no ingest and nDCG@10 %v", tt.as, rep, tt.ndcg)
		}
	}
	out, errOut, code = cli(t, db, "", "bench", "search", "--corpus", benchCorpus, "--queries", benchQueries)
	if code != 0 || !strings.Contains(out, "searched as it was") || !strings.Contains(errOut, "--corpus is not ingested") {
		t.Errorf("bench search --db kept --corpus = exit %d: %s%s, want a note that the corpus is not ingested", code, out, errOut)
	}
}

func TestBenchSearchBadInput(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.jsonl")
	os.WriteFile(bad, []byte(`{"id":"a","text":"alpha"}`+"\n"+`{"id":"b","text":"beta"`+"\n"), 0o644)
	noQuery := filepath.Join(dir, "noquery.jsonl")
	os.WriteFile(noQuery, []byte(`{"source_id":"a"}`+"\n"), 0o644)
	for _, tt := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"--corpus", bad, "--queries", benchQueries}, exitInvalid, "bad.jsonl:2: malformed JSON"},
		{[]string{"--corpus", benchCorpus, "--queries", noQuery}, exitInvalid, `noquery.jsonl:1: a query line needs a "query"`},
		{[]string{"--corpus", filepath.Join(dir, "missing.jsonl"), "--queries", benchQueries}, exitNotFound, "missing.jsonl: no such file"},
		{[]string{"--corpus", benchCorpus}, exitInvalid, "--queries is required"},
		{[]string{"--queries", benchQueries}, exitInvalid, "--corpus is required"},
		{[]string{"--corpus", benchCorpus, "--queries", benchQueries, "--k", "0"}, exitInvalid, "--k must be between"},
		{[]string{"--as", "everyone", "--corpus", benchCorpus, "--queries", benchQueries}, exitInvalid, "--as"},
		{[]string{"--corpus", benchCorpus, "--queries", benchQueries, "extra"}, exitInvalid, "unknown command"},
	} {
		_, errOut, code := cliNoDB(t, append([]string{"bench", "search"}, tt.args...)...)
		if code != tt.code || !strings.Contains(errOut, tt.want) {
			t.Errorf("bench search %v = exit %d: %s\nwant exit %d with %q", tt.args, code, errOut, tt.code, tt.want)
		}
	}
	if out, _, code := cliNoDB(t, "bench", "search", "--help"); code != 0 || !strings.Contains(out, "$TMPDIR") || !strings.Contains(out, "nDCG@10") {
		t.Errorf("bench search --help = exit %d:\n%s\nwant where the store goes and what is measured", code, out)
	}
}
