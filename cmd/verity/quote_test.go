package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/veritykb/verity"
)

const quotePage = "Сеть «Ромашка» в 2021\u00a0году перевела учёт на облачную систему. Переход занял три месяца.\n" +
	"Vitamin D deficiency is common in elderly patients. The effect was not observed in younger patients."

// quoteRun runs `verity quote` with args on an app reading stdin.
func quoteRun(t *testing.T, stdin string, asJSON bool, args ...string) (string, string, error) {
	t.Helper()
	var out, errOut bytes.Buffer
	a := &app{stdin: strings.NewReader(stdin), stdout: &out, stderr: &errOut,
		getenv: func(string) string { return "" }, now: time.Now, json: asJSON}
	cmd := a.quoteCmd()
	cmd.SilenceUsage, cmd.SilenceErrors = true, true // as under the root command
	cmd.SetArgs(args)
	cmd.SetIn(a.stdin)
	cmd.SetOut(&out)
	cmd.SetErr(io.Discard)
	err := cmd.ExecuteContext(context.Background())
	return out.String(), errOut.String(), err
}

func TestQuoteCommand(t *testing.T) {
	file := filepath.Join(t.TempDir(), "page.txt")
	if err := os.WriteFile(file, []byte(quotePage), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name     string
		q        string
		wantOut  string
		wantCode string // error code, "" for success
	}{
		{"exact", "Переход занял три месяца.", "exact  bytes ", ""},
		{"normalized", `Сеть "Ромашка" в 2021 году перевела учет`, "normalized  bytes ", ""},
		{"repaired", "Vitamin D deficiency is common … not observed in younger patients", "pieces  ", ""},
		{"absent", "Vitamin D cures every disease known to medicine.", "", verity.ENOTFOUND},
		{"dropped negation", "The effect was observed in younger patients.", "", verity.ENOTFOUND},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, _, err := quoteRun(t, "", false, file, tt.q)
			if code := verity.ErrorCode(err); code != tt.wantCode {
				t.Fatalf("verity quote %q: error %v (code %q), want code %q", tt.q, err, code, tt.wantCode)
			}
			if !strings.Contains(out, tt.wantOut) {
				t.Errorf("verity quote %q = %q, want it to contain %q", tt.q, out, tt.wantOut)
			}
		})
	}
}

func TestQuoteCommandJSONFromStdin(t *testing.T) {
	out, _, err := quoteRun(t, quotePage, true, "-", "перевела учет на облачную систему")
	if err != nil {
		t.Fatal(err)
	}
	var got struct {
		Found bool   `json:"found"`
		Start int    `json:"start"`
		End   int    `json:"end"`
		Kind  string `json:"kind"`
		Text  string `json:"text"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("verity quote --json is not JSON: %v\n%s", err, out)
	}
	if !got.Found || got.Kind != "normalized" || got.Text != "перевела учёт на облачную систему" || quotePage[got.Start:got.End] != got.Text {
		t.Errorf("verity quote --json = %+v, want normalized %q", got, "перевела учёт на облачную систему")
	}
}

func TestQuoteBatch(t *testing.T) {
	lines := []string{
		`{"id":"a","text":"The board approved the merger.","quote":"approved the merger"}`,
		`{"id":7,"text":"The board approved the merger.","quote":"rejected the merger outright"}`,
		`{"id":"bad","text": "unterminated`,
		``,
		`{"id":"c","quote":"no text field"}`,
		`{"id":"d","text":"Ёлка «зелёная».","quote":"елка \"зеленая\"","hint":{"start":0,"end":5}}`,
	}
	out, errOut, err := quoteRun(t, strings.Join(lines, "\n"), false, "--batch")
	if err != errPartial {
		t.Errorf("verity quote --batch error = %v, want errPartial for the malformed lines", err)
	}
	if !strings.Contains(errOut, "2 malformed lines") {
		t.Errorf("stderr = %q, want a count of malformed lines", errOut)
	}
	var got []map[string]any
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		var m map[string]any
		if err := json.Unmarshal([]byte(l), &m); err != nil {
			t.Fatalf("output line %q is not JSON: %v", l, err)
		}
		got = append(got, m)
	}
	want := []map[string]any{
		{"id": "a", "found": true, "start": 10.0, "end": 29.0, "kind": "exact", "score": 1.0},
		{"id": 7.0, "found": false, "start": 0.0, "end": 0.0, "kind": "", "score": 0.0},
		{"id": "bad", "line": 3.0},
		{"id": "c", "line": 5.0},
		{"id": "d", "found": true, "start": 0.0, "end": len("Ёлка «зелёная»"), "kind": "normalized"},
	}
	if len(got) != len(want) {
		t.Fatalf("verity quote --batch wrote %d lines, want %d:\n%s", len(got), len(want), out)
	}
	for i, w := range want {
		for k, v := range w {
			gv := got[i][k]
			if iv, ok := v.(int); ok {
				v = float64(iv)
			}
			if gv != v {
				t.Errorf("line %d: %s = %v, want %v (line %v)", i+1, k, gv, v, got[i])
			}
		}
		if _, isErr := w["line"]; isErr && got[i]["error"] == nil {
			t.Errorf("line %d: no error message in %v", i+1, got[i])
		}
	}
}
