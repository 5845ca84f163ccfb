package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/veritykb/verity/eval"
	"github.com/veritykb/verity/offline"
)

func TestEvalReceiptsOnSciFact(t *testing.T) {
	data := filepath.Join("..", "..", defaultData)
	if _, err := os.Stat(filepath.Join(data, "scifact", "corpus.jsonl")); err != nil {
		t.Skipf("SciFact not found under %s: %v", data, err)
	}
	if testing.Short() {
		t.Skip("builds a store of 5,183 abstracts")
	}
	db := filepath.Join(t.TempDir(), "unused.db")
	out, errOut, code := cliModel(t, db, offline.New(offline.Options{}), "eval", "receipts", "--json", "--data", data,
		"--topics", "12", "--mirrors", "0.3", "--revoke", "0.3", "--seed", "3")
	if code != 0 {
		t.Fatalf("eval receipts: exit %d: %s", code, errOut)
	}
	r := decode[eval.ReceiptsReport](t, out)
	if r.Summaries.Written == 0 || r.Revocation.DiedSentences == 0 || r.Touched == 0 {
		t.Fatalf("eval receipts = %+v, want summaries and sentences that died", r)
	}
	// The offline engine's receipts are right by construction: anything
	// else is a bug in the store, the cascade or the quote matching.
	if g := r.Receipts.Strict; g.Agree != g.N || r.Queries.ContaminatedAfter != 0 || r.Affected.DeadServed != 0 {
		t.Errorf("strict agreement %d of %d, contaminated after cleanup %.3f, dead served %d; want all, 0, 0",
			g.Agree, g.N, r.Queries.ContaminatedAfter, r.Affected.DeadServed)
	}
	if r.Revocation.ModelCalls != 0 {
		t.Errorf("the revocation made %d model calls, want none", r.Revocation.ModelCalls)
	}
	if r.Queries.ContaminatedBefore <= 0 || r.SummaryAnyOf.KeptDead == 0 {
		t.Errorf("before cleanup %.3f, summary-wide receipt kept dead %d: the revocation should have contaminated something", r.Queries.ContaminatedBefore, r.SummaryAnyOf.KeptDead)
	}
	if r.Affected.LiveKept != r.Affected.LiveTotal {
		t.Errorf("live sentences kept %d of %d, want all", r.Affected.LiveKept, r.Affected.LiveTotal)
	}
}
