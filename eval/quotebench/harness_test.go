package quotebench_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/veritykb/verity/eval/quotebench"
)

// TestScoreFiles writes cases and a perfect locator's answers, leaving one
// case out, and scores them back: the missing answer counts as not found.
func TestScoreFiles(t *testing.T) {
	corpus, name, missing := quotebench.CorpusAt(filepath.Join(t.TempDir(), "absent"))
	if name != quotebench.FixtureCorpus || missing == nil {
		t.Fatalf("CorpusAt(absent) = %q, %v; want the fixture corpus and why", name, missing)
	}
	cases := quotebench.Generate(quotebench.DevSeed, 14, corpus, quotebench.Dev)
	res, _ := quotebench.Locate(cases, func(c quotebench.Case) quotebench.Result {
		return quotebench.Result{Found: c.Want, Start: c.Start, End: c.End}
	})
	dir := t.TempDir()
	write := func(name string, vs []any) string {
		p := filepath.Join(dir, name)
		f, err := os.Create(p)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		for _, v := range vs {
			json.NewEncoder(f).Encode(v)
		}
		return p
	}
	var cs, rs []any
	for i, c := range cases {
		cs = append(cs, c)
		if i > 0 {
			rs = append(rs, struct {
				ID string `json:"id"`
				quotebench.Result
			}{c.ID, res[i]})
		}
	}
	rep, err := quotebench.ScoreFiles(write("cases.jsonl", cs), write("answers.jsonl", rs))
	if err != nil {
		t.Fatal(err)
	}
	want := len(cases)
	if cases[0].Want {
		want-- // its answer is missing: not found
	}
	if rep.Cases != len(cases) || rep.Correct != want || rep.FalseAccepts != 0 {
		t.Errorf("ScoreFiles = %d cases, %d correct, %d false accepts; want %d, %d, 0", rep.Cases, rep.Correct, rep.FalseAccepts, len(cases), want)
	}
	if _, err := quotebench.ScoreFiles(filepath.Join(dir, "none.jsonl"), filepath.Join(dir, "answers.jsonl")); err == nil {
		t.Error("ScoreFiles(missing cases file) = nil error")
	}
}
