package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The benchmark's cases can be written out, located by `verity quote
// --batch` and scored back, with the same result as the built-in run.
func TestEvalQuotesRoundTrip(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "v.db")
	cases := filepath.Join(dir, "cases.jsonl")
	noData := filepath.Join(dir, "absent")
	if _, errOut, code := cli(t, db, "", "eval", "quotes", "--data", noData, "--n", "70", "--cases-out", cases); code != 0 {
		t.Fatalf("--cases-out exit %d: %s", code, errOut)
	}
	in, err := os.ReadFile(cases)
	if err != nil || strings.Count(string(in), "\n") != 70 {
		t.Fatalf("cases file: %d lines, %v; want 70", strings.Count(string(in), "\n"), err)
	}
	answers, errOut, code := cli(t, db, string(in), "quote", "--batch")
	if code != 0 {
		t.Fatalf("quote --batch exit %d: %s", code, errOut)
	}
	results := filepath.Join(dir, "answers.jsonl")
	os.WriteFile(results, []byte(answers), 0o644)
	out, errOut, code := cli(t, db, "", "--json", "eval", "quotes", "--cases", cases, "--results", results)
	if code != 0 {
		t.Fatalf("--cases --results exit %d: %s", code, errOut)
	}
	var rep struct {
		Cases        int     `json:"cases"`
		Accuracy     float64 `json:"accuracy"`
		FalseAccepts int     `json:"false_accepts"`
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("score --json: %v\n%s", err, out)
	}
	if rep.Cases != 70 || rep.FalseAccepts != 0 || rep.Accuracy < 0.99 {
		t.Errorf("scored %+v, want 70 cases, no false accepts, accuracy >= 0.99", rep)
	}
	// An empty answers file scores every findable case as missed.
	empty := filepath.Join(dir, "empty.jsonl")
	os.WriteFile(empty, nil, 0o644)
	out, _, _ = cli(t, db, "", "--json", "eval", "quotes", "--cases", cases, "--results", empty)
	json.Unmarshal([]byte(out), &rep)
	if rep.Accuracy > 0.5 {
		t.Errorf("scoring no answers gave accuracy %.2f, want at most the share of cases that must not be found", rep.Accuracy)
	}
	if _, errOut, code := cli(t, db, "", "eval", "quotes", "--cases", cases); code != exitInvalid {
		t.Errorf("--cases without --results exit %d (%s), want %d", code, errOut, exitInvalid)
	}
}
