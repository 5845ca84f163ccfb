package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/veritykb/verity/kb"
)

// cli runs verity with args against the store at db and returns stdout,
// stderr and the exit code.
func cli(t *testing.T, db, stdin string, args ...string) (string, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	env := func(string) string { return "" }
	code := run(context.Background(), append([]string{"--db", db}, args...), strings.NewReader(stdin), &out, &errb, env)
	return out.String(), errb.String(), code
}

func TestIngestSearchShowContract(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "v.db")
	docs := filepath.Join(dir, "docs")
	os.MkdirAll(docs, 0o755)
	os.WriteFile(filepath.Join(docs, "policy.md"), []byte("# Политика\n\nПрава доступа пересматриваются не реже одного раза в 12 месяцев.\n"), 0o644)
	os.WriteFile(filepath.Join(docs, "broken.txt"), []byte("ok\xffno"), 0o644)
	records := `{"id":"J-1","uri":"https://jira/J-1","system":"jira","title":"Секретный план","author":"boss@corp.example","acl":["group:hr"],"text":"Пересмотр прав и план сокращений."}` + "\n" + `{"id":`

	out, errOut, code := cli(t, db, records, "ingest", "--json", docs, "-")
	if code != exitFailure {
		t.Fatalf("ingest with bad items exit %d, want %d; stderr %s", code, exitFailure, errOut)
	}
	var sum kb.IngestReport
	if err := json.Unmarshal([]byte(out), &sum); err != nil {
		t.Fatalf("ingest --json output %q: %v", out, err)
	}
	if sum.Created != 2 || len(sum.Failed) != 2 || sum.FileACL[0] != "public" {
		t.Errorf("ingest summary = %+v, want 2 created (policy.md, J-1), 2 failed (broken.txt, stdin:2), files public", sum)
	}
	wheres := sum.Failed[0].Where + " " + sum.Failed[1].Where
	if !strings.Contains(wheres, "broken.txt") || !strings.Contains(wheres, "stdin:2") {
		t.Errorf("failures name %q, want broken.txt and stdin:2", wheres)
	}

	// Public search: the policy, and a content-free hint for the hidden Jira ticket.
	out, _, code = cli(t, db, "", "search", "--json", "--k", "5", "пересмотр прав")
	if code != 0 {
		t.Fatalf("search exit %d", code)
	}
	var res struct {
		Results []struct {
			SourceID string  `json:"source_id"`
			URI      string  `json:"uri"`
			Title    string  `json:"title"`
			System   string  `json:"system"`
			Score    float64 `json:"score"`
			Chunk    struct {
				Start int    `json:"start"`
				End   int    `json:"end"`
				Text  string `json:"text"`
			} `json:"chunk"`
		} `json:"results"`
		Hints []struct {
			System string `json:"system"`
			Author string `json:"author"`
		} `json:"hints"`
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatalf("search --json %q: %v", out, err)
	}
	if len(res.Results) != 1 || res.Results[0].System != "file" || res.Results[0].Score <= 0 {
		t.Fatalf("search results = %+v, want the policy only", res.Results)
	}
	if len(res.Hints) != 1 || res.Hints[0].System != "jira" || res.Hints[0].Author != "boss@corp.example" {
		t.Errorf("hints = %+v, want one jira hint naming boss@corp.example", res.Hints)
	}
	if strings.Contains(out, "Секретный") || strings.Contains(out, "J-1") || strings.Contains(out, "сокращений") {
		t.Errorf("public search output leaks the hidden record: %s", out)
	}
	// text[start:end] of `show --json` is the chunk.
	r := res.Results[0]
	out, _, code = cli(t, db, "", "show", "--json", r.SourceID)
	if code != 0 {
		t.Fatalf("show exit %d", code)
	}
	var src struct {
		Text    string `json:"text"`
		Version int    `json:"version"`
	}
	json.Unmarshal([]byte(out), &src)
	if src.Text[r.Chunk.Start:r.Chunk.End] != r.Chunk.Text {
		t.Errorf("show text[%d:%d] = %q, want the chunk %q", r.Chunk.Start, r.Chunk.End, src.Text[r.Chunk.Start:r.Chunk.End], r.Chunk.Text)
	}
	// The hidden record: not found for the public, shown to HR.
	if _, errOut, code := cli(t, db, "", "show", "J-1"); code != exitNotFound || strings.Contains(errOut, "Секретный") {
		t.Errorf("show J-1 as public exit %d stderr %q, want not found without its title", code, errOut)
	}
	if out, _, code := cli(t, db, "", "--as", "group:hr", "search", "план сокращений"); code != 0 || !strings.Contains(out, "Секретный план") {
		t.Errorf("search as hr = %d %q, want the ticket", code, out)
	}
	// The filters: by system, by author, by date.
	for _, c := range []struct {
		args []string
		want bool // the ticket is found
	}{
		{[]string{"--system", "jira"}, true},
		{[]string{"--system", "file"}, false},
		{[]string{"--author", "boss@corp.example"}, true},
		{[]string{"--author", "user:other@corp.example"}, false},
		{[]string{"--since", "2000-01-01"}, true},
		{[]string{"--since", "2999-01-01"}, false},
	} {
		args := append(append([]string{"--as", "group:hr", "search"}, c.args...), "план сокращений")
		out, errOut, code := cli(t, db, "", args...)
		if code != 0 || strings.Contains(out, "Секретный план") != c.want {
			t.Errorf("verity %s = %d %q %q, want the ticket found: %v", strings.Join(args, " "), code, out, errOut, c.want)
		}
	}
	if _, errOut, code := cli(t, db, "", "search", "--since", "soon", "x"); code == 0 || !strings.Contains(errOut, "since must be a day") {
		t.Errorf("search --since soon = %d %q, want a usage error", code, errOut)
	}
	// Text output escapes what it prints.
	if out, _, _ := cli(t, db, "", "sources", "--all"); !strings.Contains(out, "J-1") || !strings.Contains(out, "policy.md") {
		t.Errorf("sources --all = %q, want both", out)
	}
	if out, _, _ := cli(t, db, "", "sources"); strings.Contains(out, "J-1") {
		t.Errorf("sources as public lists the hidden record: %q", out)
	}
}

func TestUsageErrors(t *testing.T) {
	db := filepath.Join(t.TempDir(), "v.db")
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"search", "--k", "0", "x"}, "--k must be between"},
		{[]string{"--as", "bob", "search", "x"}, "principal \"bob\""},
		{[]string{"ingest", "--acl", "everyone", "x.txt"}, "--acl"},
		{[]string{"ingest", "--format", "docx", "x.txt"}, "unknown format"},
		{[]string{"sources", "--status", "gone"}, "--status"},
		{[]string{"search"}, "requires at least 1 arg"},
		{[]string{"search", "--kk", "3", "x"}, "unknown flag: --kk"},
		{[]string{"serch", "x"}, "did you mean search"},
		{[]string{"--db", "/nonexistent-dir/x.db", "search", "x"}, "open store"},
	}
	for _, tt := range tests {
		_, errOut, code := cli(t, db, "", tt.args...)
		if code != exitInvalid || !strings.Contains(errOut, tt.want) {
			t.Errorf("verity %v = exit %d, stderr %q; want exit %d mentioning %q", tt.args, code, errOut, exitInvalid, tt.want)
		}
	}
}

func TestDemoRuns(t *testing.T) {
	db := filepath.Join(t.TempDir(), "demo.db")
	out, errOut, code := cli(t, db, "", "demo")
	if code != 0 {
		t.Fatalf("demo exit %d: %s", code, errOut)
	}
	for _, want := range []string{"ingested the bundled corpus", "hint: a record in confluence", "hr-lead@corp.example", "План сокращений на 2027 год"} {
		if !strings.Contains(out, want) {
			t.Errorf("demo output lacks %q", want)
		}
	}
}

// An HTML file ingested from a folder is system "file"; the example specs
// read "web" pages. Extract must say so rather than silently read nothing.
func TestExtractNotesOtherSystems(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "v.db")
	page := filepath.Join(dir, "case.html")
	os.WriteFile(page, []byte(`<html><head><title>Кейс: ООО «Ромашка» перешла на Битрикс24</title></head><body><p>ООО «Ромашка» использует Битрикс24 каждый день.</p></body></html>`), 0o644)
	if _, errOut, code := cli(t, db, "", "ingest", page); code != 0 {
		t.Fatalf("ingest: %s", errOut)
	}
	_, errOut, code := cli(t, db, "", "extract", "--spec", "bitrix24-ru", "--lang", "en")
	if code != 0 || !strings.Contains(errOut, "note: no active page of system web names the spec's objects, but 1 source(s) of other systems do") {
		t.Errorf("extract over a file page = exit %d, stderr %q; want a note naming the other system", code, errOut)
	}
	// Without --lang the note is in the spec's language, Russian.
	_, errOut, code = cli(t, db, "", "extract", "--spec", "bitrix24-ru")
	if code != 0 || !strings.Contains(errOut, "заметка: ни одна активная страница системы web не называет объекты спецификации") {
		t.Errorf("extract over a file page in Russian = exit %d, stderr %q; want the note in Russian", code, errOut)
	}
}
