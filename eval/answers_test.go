package eval

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/llm"
)

// TestXQuADAnswers runs the answers harness over a four-article set in
// XQuAD's shape: two folds of two articles, every question asked once
// where its article is in the store and once where it is not, the
// baseline beside, and the goals reported.
func TestXQuADAnswers(t *testing.T) {
	rep, err := XQuADAnswers(context.Background(), testWiring(t, llm.NewMeter(nil)), "xquad-en", "testdata/answers-mini", AnswersOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Questions != 8 || rep.Articles != 4 || len(rep.Folds) != 2 || len(rep.Items) != 16 || rep.Model != "offline" {
		t.Fatalf("XQuADAnswers(mini) = %d questions, %d articles, %d folds, %d items, model %q; want 8, 4, 2, 16, offline", rep.Questions, rep.Articles, len(rep.Folds), len(rep.Items), rep.Model)
	}
	v, b := rep.Verity.All, rep.Baseline.All
	if v.Answerable != 8 || v.Unanswerable != 8 || b.Answerable != 8 || b.Unanswerable != 8 {
		t.Errorf("answerable/unanswerable = %d/%d (baseline %d/%d), want 8/8", v.Answerable, v.Unanswerable, b.Answerable, b.Unanswerable)
	}
	if _, ok := rep.Verity.Parts[PartTune]; !ok || len(rep.Verity.Parts) != 2 {
		t.Errorf("parts = %v, want tune and held_out", rep.Verity.Parts)
	}
	if v.Correct == 0 || v.Coverage != float64(v.Correct)/8 || v.Precision != float64(v.Correct)/float64(v.Answered) {
		t.Errorf("Verity's scores = %+v, want some correct answers and coverage, precision computed from them", v)
	}
	if b.Answered+b.FalseAnswers == 0 || b.MeanClaims != 1 {
		t.Errorf("baseline = %+v, want an answer of one sentence wherever search found anything", b)
	}
	nf := 0
	for _, n := range v.NotFound {
		nf += n
	}
	if nf != 16-v.Answered-v.FalseAnswers {
		t.Errorf("not found by reason %v sums to %d, want %d", v.NotFound, nf, 16-v.Answered-v.FalseAnswers)
	}
	names := map[string]bool{}
	for _, g := range rep.Goals {
		names[g.Name] = true
	}
	for _, want := range []string{"precision", "false answers, fold 1", "false answers, fold 2", "coverage", "claims per answer", "words per answer"} {
		if !names[want] {
			t.Errorf("goals %+v lack %q", rep.Goals, want)
		}
	}
	for _, it := range rep.Items {
		if it.Answerable != (len(it.Gold) > 0) || it.Correct && it.Outcome != "answered" {
			t.Errorf("item %+v: gold must go with answerable, correct with answered", it)
		}
	}
	if _, err := XQuADAnswers(context.Background(), testWiring(t, llm.NewMeter(nil)), "squad", "testdata", AnswersOptions{}); verity.ErrorCode(err) != verity.EINVALID {
		t.Errorf("XQuADAnswers(squad) error = %v, want EINVALID", err)
	}
	if _, err := XQuADAnswers(context.Background(), testWiring(t, llm.NewMeter(nil)), "xquad-ru", "testdata/answers-mini", AnswersOptions{}); verity.ErrorCode(err) != verity.ENOTFOUND {
		t.Errorf("XQuADAnswers(xquad-ru, no such folder) error = %v, want ENOTFOUND", err)
	}
}

// TestQAAnswers asks a questions file over a store that is given; a
// question without gold answers is unanswerable.
func TestQAAnswers(t *testing.T) {
	w := testWiring(t, llm.NewMeter(nil))
	set, err := LoadAnswerSet("xquad-en", "testdata/answers-mini")
	if err != nil {
		t.Fatal(err)
	}
	db, cleanup, _, err := w.Scratch(context.Background(), "qa", set.Sources)
	if err != nil {
		t.Fatal(err)
	}
	defer cleanup()
	ask, err := w.Ask(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "qa.jsonl")
	lines := `{"question": "How long are backups kept?", "answers": ["35 days"]}
{"question": "Where do employees park?", "answers": []}
`
	if err := os.WriteFile(path, []byte(lines), 0o644); err != nil {
		t.Fatal(err)
	}
	qs, err := LoadQA(path)
	if err != nil {
		t.Fatal(err)
	}
	search := func(ctx context.Context, q string, k int) (*verity.SearchResults, error) {
		return db.Search(ctx, verity.SearchQuery{Text: q, Caller: verity.NewCaller(), K: k})
	}
	rep, err := QAAnswers(context.Background(), "qa.jsonl", qs, ask, search, verity.NewCaller(), AnswersOptions{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	v := rep.Verity.All
	if v.Answerable != 1 || v.Unanswerable != 1 || v.Correct != 1 || v.FalseAnswers != 0 {
		t.Errorf("QAAnswers = %+v, want the backup question answered and the parking one not", v)
	}
	if it := rep.Items[0]; !strings.Contains(it.Answer, "35 days") || len(it.Cited) != 1 {
		t.Errorf("item = %+v, want the answer and its cited record", it)
	}
	if _, err := LoadQA(filepath.Join(t.TempDir(), "none.jsonl")); verity.ErrorCode(err) != verity.ENOTFOUND {
		t.Errorf("LoadQA(missing) error = %v, want ENOTFOUND", err)
	}
}
