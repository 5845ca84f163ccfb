package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
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

// TestEvalRetrievalXQuADRu guards Russian search: on XQuAD-ru's development
// half, nDCG@10 at least 0.01 above the plain Snowball BM25 computed in the
// same run (0.9476), and at least 0.955. It runs when the shared datasets
// are checked out beside the repository.
func TestEvalRetrievalXQuADRu(t *testing.T) {
	data := filepath.Join("..", "..", defaultData)
	if _, err := os.Stat(filepath.Join(data, "xquad-ru-dev", "corpus.jsonl")); err != nil {
		t.Skipf("xquad-ru-dev not found under %s (the shared datasets are not checked out): %v", data, err)
	}
	items := filepath.Join(t.TempDir(), "items.tsv")
	out, errOut, code := cli(t, filepath.Join(t.TempDir(), "unused.db"), "", "eval", "retrieval", "--dataset", "xquad-ru", "--json", "--k", "10", "--data", data, "--items", items)
	if code != 0 {
		t.Fatalf("eval retrieval --dataset xquad-ru exit %d: %s", code, errOut)
	}
	var rep struct {
		Split string `json:"split"`
		Test  struct {
			Queries int     `json:"queries"`
			NDCG10  float64 `json:"ndcg_at_10"`
		} `json:"test"`
		Baseline struct {
			Report struct {
				Queries int     `json:"queries"`
				NDCG10  float64 `json:"ndcg_at_10"`
			} `json:"report"`
		} `json:"baseline"`
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("eval retrieval --json: %v\n%s", err, out)
	}
	v, base := rep.Test.NDCG10, rep.Baseline.Report.NDCG10
	if rep.Split != "dev" || rep.Test.Queries != 612 || rep.Baseline.Report.Queries != 612 {
		t.Fatalf("XQuAD-ru: split %q, %d and %d queries; want dev, 612 and 612", rep.Split, rep.Test.Queries, rep.Baseline.Report.Queries)
	}
	if v < 0.955 || v-base < 0.01 {
		t.Errorf("XQuAD-ru dev nDCG@10 %.4f against plain BM25 %.4f; want at least 0.955 and 0.01 ahead", v, base)
	}
	b, err := os.ReadFile(items)
	if err != nil {
		t.Fatal(err)
	}
	if lines := strings.Count(string(b), "\n"); lines != 613 {
		t.Errorf("--items wrote %d lines, want a header and 612 questions", lines)
	}
	t.Logf("XQuAD-ru dev nDCG@10 %.4f, plain BM25 %.4f", v, base)
}
