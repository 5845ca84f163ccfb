package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/veritykb/verity/eval"
	"github.com/veritykb/verity/offline"
)

// TestEvalAnswers runs verity eval answers over a small set in XQuAD's
// shape and reads its JSON, text and --items.
func TestEvalAnswers(t *testing.T) {
	data := filepath.Join("..", "..", "eval", "testdata", "answers-mini")
	db := filepath.Join(t.TempDir(), "unused.db")
	items := filepath.Join(t.TempDir(), "items.jsonl")
	out, errOut, code := cliModel(t, db, offline.New(offline.Options{}), "eval", "answers", "--json", "--data", data, "--dataset", "xquad-en", "--items", items)
	if code != 0 {
		t.Fatalf("eval answers: exit %d: %s", code, errOut)
	}
	r := decode[eval.AnswersReport](t, out)
	if r.Questions != 8 || len(r.Folds) != 2 || r.Verity.All.Answerable != 8 || r.Baseline.All.Unanswerable != 8 || len(r.Goals) == 0 {
		t.Fatalf("eval answers = %+v, want 8 questions in 2 folds, both sides scored, the goals", r)
	}
	raw, err := os.ReadFile(items)
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(raw), "\n"); n != 16 || !strings.Contains(string(raw), `"baseline":`) {
		t.Errorf("--items wrote %d lines, want 16 with the baseline's answers", n)
	}
	text, errOut, code := cliModel(t, db, offline.New(offline.Options{}), "eval", "answers", "--data", data, "--dataset", "xquad-en")
	if code != 0 {
		t.Fatalf("eval answers: exit %d: %s", code, errOut)
	}
	for _, want := range []string{"XQuAD-en dev", "Verity", "baseline", "held-out part", "not found by reason", "precision", "(hard)"} {
		if !strings.Contains(text, want) {
			t.Errorf("eval answers text lacks %q:\n%s", want, text)
		}
	}
}
