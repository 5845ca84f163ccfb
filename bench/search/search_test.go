package main

import (
	"context"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"testing"

	"github.com/veritykb/verity/eval/searchbench"
)

func TestPassage(t *testing.T) {
	c := train([]string{
		"Cells divide. Cells grow in culture and divide again. Growth needs glucose.",
		"Glucose feeds cells in culture. Tumours grow fast.",
	})
	draw := func(seed uint64) []string {
		r := rand.New(rand.NewPCG(seed, 0x5eed))
		var out []string
		for range 50 {
			out = append(out, c.passage(r, passageMin, passageMax))
		}
		return out
	}
	ps := draw(7)
	for _, p := range ps {
		if len(p) < passageMin || len(p) > passageMax {
			t.Errorf("passage of %d bytes, want %d–%d: %q", len(p), passageMin, passageMax, p)
		}
	}
	if !slices.Equal(ps, draw(7)) {
		t.Error("passages differ for the same seed")
	}
	if slices.Equal(ps, draw(8)) {
		t.Error("passages are the same for another seed")
	}
}

// TestBleve runs the Bleve engine through the one measurement on
// searchbench's tiny corpus: known passages first, and the ACL a filter.
func TestBleve(t *testing.T) {
	ctx := context.Background()
	docs, err := searchbench.ReadCorpus("../../eval/searchbench/testdata/corpus.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	qs, err := searchbench.ReadQueries("../../eval/searchbench/testdata/queries.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	e, err := newBleve(filepath.Join(t.TempDir(), "index.bleve"))
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	rep, err := searchbench.Run(ctx, e, docs, qs, searchbench.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Engine != "bleve" || rep.Passages != 5 || rep.Chunks != 5 || rep.StoreBytes == 0 || rep.Judged != 3 || rep.NDCG10 < 0.8 {
		t.Errorf("Run(bleve) = %+v, want 5 passages on disk, 3 judged queries mostly right", rep)
	}
	for _, tt := range []struct {
		as   []string
		want []string
	}{
		{nil, nil},
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
	// The filter does not score: a caller reading more sees the same
	// scores, so the same order, for what it shared with a narrower one.
	wide, _ := e.Search(ctx, "glaciers of the Alps", 10, []string{"group:one", "group:two"})
	narrow, _ := e.Search(ctx, "glaciers of the Alps", 10, []string{"group:two"})
	if len(wide) != 2 || wide[0] != "one-1" || !slices.Equal(narrow, []string{"two-1"}) {
		t.Errorf("Search(glaciers of the Alps) = %v wide, %v narrow; want one-1 first, then two-1", wide, narrow)
	}
}

// A caller's latencies over several rounds are their medians, each on its
// own; the rest of the report is the first round's.
func TestMedianLatency(t *testing.T) {
	rs := []*searchbench.Report{
		{Engine: "verity", IngestMBps: 7, P50MS: 3, P99MS: 9, MeanMS: 4},
		{Engine: "verity", P50MS: 1, P99MS: 30, MeanMS: 2},
		{Engine: "verity", P50MS: 2, P99MS: 10, MeanMS: 8},
		{Engine: "verity", P50MS: 9, P99MS: 1, MeanMS: 3},
	}
	got := medianLatency(rs)
	if got.P50MS != 2 || got.P99MS != 9 || got.MeanMS != 3 || got.IngestMBps != 7 {
		t.Errorf("medianLatency = p50 %v p99 %v mean %v ingest %v, want 2, 9, 3 and the first round's 7", got.P50MS, got.P99MS, got.MeanMS, got.IngestMBps)
	}
	if one := medianLatency(rs[:1]); one.P50MS != 3 || one.P99MS != 9 || one.MeanMS != 4 {
		t.Errorf("one round: %+v, want it unchanged", one)
	}
}
