package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// TestEvalRetrievalSciFact guards the retrieval quality the store promises:
// nDCG@10 at least 0.68 on SciFact's 300 BEIR test queries. It runs when
// the shared datasets are checked out beside the repository.
func TestEvalRetrievalSciFact(t *testing.T) {
	data := filepath.Join("..", "..", defaultData)
	if _, err := os.Stat(filepath.Join(data, "scifact", "corpus.jsonl")); err != nil {
		t.Skipf("SciFact not found under %s (the shared datasets are not checked out): %v", data, err)
	}
	if testing.Short() {
		t.Skip("builds a 5,183-abstract store; skipped with -short")
	}
	out, errOut, code := cli(t, filepath.Join(t.TempDir(), "unused.db"), "", "eval", "retrieval", "--json", "--k", "10", "--data", data)
	if code != 0 {
		t.Fatalf("eval retrieval exit %d: %s", code, errOut)
	}
	var rep struct {
		Test struct {
			Queries int     `json:"queries"`
			NDCG10  float64 `json:"ndcg_at_10"`
		} `json:"test"`
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("eval retrieval --json: %v\n%s", err, out)
	}
	if rep.Test.Queries != 300 || rep.Test.NDCG10 < 0.68 {
		t.Errorf("SciFact test: %d queries, nDCG@10 %.4f; want 300 queries and at least 0.68", rep.Test.Queries, rep.Test.NDCG10)
	}
	t.Logf("SciFact nDCG@10 %.4f", rep.Test.NDCG10)
}
