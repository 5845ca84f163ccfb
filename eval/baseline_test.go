package eval

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

func TestBaselineTerms(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"Ёлки и ЕЛКА", []string{"елк", "и", "елк"}},
		{"COVID-19 patients, 3.5%", []string{"covid", "19", "patient", "3", "5"}},
		{"ди-энд Кони Или", []string{"ди", "энд", "кон", "ил"}},
		{"\ufeffЗащита", []string{"защит"}},
	}
	for _, tt := range tests {
		if got := BaselineTerms(tt.in); !slices.Equal(got, tt.want) {
			t.Errorf("BaselineTerms(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestBaselineSearch(t *testing.T) {
	x := NewBaseline([]BaselineDoc{
		{"a", "Кошки спят днём."},
		{"b", "Собаки лают ночью, собаки бегают."},
		{"c", "Ничего общего."},
	}, 0.9, 0.4)
	if got := x.Search("Когда лают собаки?", 10); !slices.Equal(got, []string{"b"}) {
		t.Errorf("Search(собаки) = %q, want [b]", got)
	}
	if got := x.Search("кошки и собаки", 1); !slices.Equal(got, []string{"b"}) {
		t.Errorf("Search(кошки и собаки, 1) = %q, want the document with two dogs", got)
	}
	if got := x.Search("птицы", 10); len(got) != 0 {
		t.Errorf("Search(птицы) = %q, want nothing", got)
	}
}

// TestLoadXQuAD reads the shared development half when it is checked out.
func TestLoadXQuAD(t *testing.T) {
	dir := filepath.Join("..", "..", "shared", "data", "xquad-ru-dev")
	if _, err := os.Stat(filepath.Join(dir, "corpus.jsonl")); err != nil {
		t.Skipf("xquad-ru-dev not checked out: %v", err)
	}
	x, err := LoadXQuAD(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(x.Sources) != 120 || len(x.Queries) != 612 || len(x.Qrels) != 612 {
		t.Fatalf("LoadXQuAD: %d sources, %d queries, %d qrels; want 120, 612, 612", len(x.Sources), len(x.Queries), len(x.Qrels))
	}
	if x.Sources[0].Text[:3] == "\ufeff" {
		t.Errorf("the byte-order mark of a paragraph survived ingest: %q", x.Sources[0].Text[:20])
	}
	var docs []BaselineDoc
	for _, s := range x.Sources {
		docs = append(docs, BaselineDoc{ID: s.ID, Text: s.Text})
	}
	rep, err := Retrieval(context.Background(), BaselineRanker(NewBaseline(docs, 0.9, 0.4)), x.Queries, x.Qrels, 10)
	if err != nil {
		t.Fatal(err)
	}
	if rep.NDCG10 < 0.94 {
		t.Errorf("plain BM25 on xquad-ru-dev: nDCG@10 %.4f, want about 0.948 as its README says", rep.NDCG10)
	}
}
