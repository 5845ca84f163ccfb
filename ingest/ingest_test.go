package ingest

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/ingest/ingesttest"
)

var fixedNow = func() time.Time { return time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC) }

// collect walks paths and returns the items.
func collect(t *testing.T, paths []string, opts Options) []Item {
	t.Helper()
	if opts.Now == nil {
		opts.Now = fixedNow
	}
	var items []Item
	if err := Walk(context.Background(), paths, opts, func(it Item) error {
		items = append(items, it)
		return nil
	}); err != nil {
		t.Fatalf("Walk: %v", err)
	}
	return items
}

func write(t *testing.T, dir, name string, data []byte) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestWalkFolder(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "a.md", []byte("# Guide\r\n\r\nBody text.\r\n"))
	write(t, dir, "sub/b.txt", []byte("\xef\xbb\xbfplain"))
	write(t, dir, "sub/c.html", []byte("<html><head><title>Page C</title></head><body><nav>menu</nav><h2>Клиенты</h2><p>ООО «Ромашка» использует Битрикс24.</p></body></html>"))
	write(t, dir, ".hidden/d.txt", []byte("hidden"))
	write(t, dir, "e.png", []byte{0x89, 'P', 'N', 'G'})
	items := collect(t, []string{dir}, Options{ACL: []verity.Principal{"group:staff"}})
	got := map[string]*verity.Source{}
	for _, it := range items {
		if it.Err != nil {
			t.Fatalf("item %s: %v", it.Where, it.Err)
		}
		got[filepath.Base(it.Where)] = it.Source
	}
	if len(got) != 3 {
		t.Fatalf("Walk gave %d sources (%v), want 3: a.md, b.txt, c.html", len(got), items)
	}
	a := got["a.md"]
	if a.Title != "Guide" || a.Text != "# Guide\n\nBody text.\n" || a.ACL[0] != "group:staff" || a.System != verity.SystemFile {
		t.Errorf("a.md = %+v", a)
	}
	if a.ID != filepath.ToSlash(filepath.Join(dir, "a.md")) || !strings.HasPrefix(a.URI, "file://") {
		t.Errorf("a.md id %q uri %q, want its path and a file:// uri", a.ID, a.URI)
	}
	if b := got["b.txt"]; b.Text != "plain" {
		t.Errorf("b.txt text %q, want the BOM removed", b.Text)
	}
	c := got["c.html"]
	if c.Title != "Page C" || !strings.Contains(c.Text, "## Клиенты\n\nООО «Ромашка» использует Битрикс24.") || strings.Contains(c.Text, "menu") {
		t.Errorf("c.html = title %q text %q, want the heading kept and the nav dropped", c.Title, c.Text)
	}
}

func TestBadInput(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		name string
		data []byte
		opts Options
		want string // substring of the error
	}{
		{"bad.txt", []byte("ok\xff\xfeno"), Options{}, "invalid UTF-8 at byte 2"},
		{"bin.txt", []byte("abc\x00def"), Options{}, "binary data"},
		{"ctrl.txt", bytes.Repeat([]byte{1, 2, 3, 'a'}, 100), Options{}, "binary data"},
		{"broken.pdf", []byte("%PDF-1.4\nthis is not a pdf"), Options{}, "broken PDF"},
		{"fake.pdf", []byte("hello"), Options{}, "no %PDF- header"},
		{"empty.html", []byte("<html><body><script>x()</script></body></html>"), Options{}, "HTML has no text"},
		{"big.txt", bytes.Repeat([]byte("a"), 2000), Options{MaxBytes: 1000}, "larger than the limit"},
		{"empty.md", []byte("  \n\n"), Options{}, "no text"},
	}
	for _, tt := range tests {
		p := write(t, dir, tt.name, tt.data)
		items := collect(t, []string{p}, tt.opts)
		if len(items) != 1 || items[0].Err == nil || !strings.Contains(items[0].Err.Error(), tt.want) {
			t.Errorf("Walk(%s) = %v, want one error containing %q", tt.name, items, tt.want)
			continue
		}
		if items[0].Where != p {
			t.Errorf("Walk(%s) error names %q, want the file %q", tt.name, items[0].Where, p)
		}
		if verity.ErrorCode(items[0].Err) != verity.EINVALID {
			t.Errorf("Walk(%s) error code %q, want %q", tt.name, verity.ErrorCode(items[0].Err), verity.EINVALID)
		}
	}
	items := collect(t, []string{filepath.Join(dir, "missing.txt")}, Options{})
	if len(items) != 1 || items[0].Err == nil || !strings.Contains(items[0].Err.Error(), "no such file") {
		t.Errorf("Walk(missing) = %v, want a no such file error", items)
	}
}

func TestRecords(t *testing.T) {
	input := strings.Join([]string{
		`{"id":"CONF-1","uri":"https://wiki/1","system":"confluence","title":"Отпуск","author":"alice@corp.example","acl":["group:hr","user:bob@corp.example"],"updated_at":"2026-01-31T12:00:00Z","text":"Правила отпуска."}`,
		`{"id":"SL-2","system":"slack","author":"user:carol@corp.example","text":"no acl here"}`,
		``,
		`{"id":"J-3","system":"jira","acl":["public"],"html":"<h1>Bug</h1><p>Crash on start.</p>"}`,
		`{"id":"bad json",`,
		`{"uri":"x","text":"no id","acl":[]}`,
		`{"id":"B-6","acl":["nobody"],"text":"bad principal"}`,
		`{"id":"B-7","acl":[],"text":"x","updated_at":"yesterday"}`,
		`{"id":"B-8","acl":[],"title":"neither"}`,
		"{\"id\":\"B-9\",\"acl\":[],\"text\":\"bad \xff utf8\"}",
		`{"id":"B-10","acl":["public"],"text":"x","author":"Иван Петров"}`,
	}, "\n")
	var items []Item
	err := Records(strings.NewReader(input), "export.jsonl", 1<<20, func(it Item) error {
		items = append(items, it)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(items) != 10 {
		t.Fatalf("Records gave %d items, want 10 (blank line skipped)", len(items))
	}
	c := items[0].Source
	if items[0].Err != nil || c.ID != "CONF-1" || c.System != "confluence" || c.Author != "user:alice@corp.example" ||
		len(c.ACL) != 2 || c.UpdatedAt != time.Date(2026, 1, 31, 12, 0, 0, 0, time.UTC) || c.Text != "Правила отпуска." {
		t.Errorf("record 1 = %+v, %v", c, items[0].Err)
	}
	if s := items[1].Source; items[1].Err != nil || len(s.ACL) != 0 || !strings.Contains(items[1].Warning, "readable by no one") {
		t.Errorf("record without acl = %+v, warning %q; want empty ACL and a warning", s, items[1].Warning)
	}
	if s := items[1].Source; items[1].Err != nil || !s.UpdatedAt.IsZero() {
		t.Errorf("record without updated_at has UpdatedAt %v, want zero (the store keeps or sets the time)", s.UpdatedAt)
	}
	if s := items[2].Source; items[2].Err != nil || !strings.Contains(s.Text, "# Bug") || !strings.Contains(s.Text, "Crash on start.") {
		t.Errorf("html record = %+v, %v", s, items[2].Err)
	}
	wantErrs := map[int]string{
		3: "malformed JSON", 4: "without \"id\"", 5: "principal \"nobody\"", 6: "updated_at",
		7: "neither", 8: "invalid UTF-8",
	}
	for i, want := range wantErrs {
		if items[i].Err == nil || !strings.Contains(items[i].Err.Error(), want) {
			t.Errorf("item %d (%s) err = %v, want %q", i, items[i].Where, items[i].Err, want)
		}
	}
	// Seed 004: an author who cannot be matched to a user does not cost
	// the record; it is stored without an author, and the run says so.
	if it := items[9]; it.Err != nil || it.Source == nil || it.Source.Author != "" || !strings.Contains(it.Warning, "Иван Петров") {
		t.Errorf("record by a plain name = %+v, err %v, warning %q; want it stored without an author, with a warning", it.Source, it.Err, it.Warning)
	}
	if items[3].Where != "export.jsonl:5" {
		t.Errorf("malformed line reported at %q, want export.jsonl:5", items[3].Where)
	}
}

func TestRecordsLongLine(t *testing.T) {
	input := `{"id":"a","acl":["public"],"text":"` + strings.Repeat("x", 5000) + "\"}\n" + `{"id":"b","acl":["public"],"text":"ok"}`
	var items []Item
	Records(strings.NewReader(input), "in", 1000, func(it Item) error { items = append(items, it); return nil })
	if len(items) != 2 || items[0].Err == nil || items[1].Err != nil || items[1].Source.ID != "b" {
		t.Fatalf("Records(long line, ok line) = %v, want an error then b", items)
	}
}

func TestStdin(t *testing.T) {
	items := collect(t, []string{"-"}, Options{Stdin: strings.NewReader("<!DOCTYPE html><title>T</title><p>Hello there.</p>"), StdinID: "note-1"})
	if len(items) != 1 || items[0].Err != nil || items[0].Source.ID != "note-1" || !strings.Contains(items[0].Source.Text, "Hello there.") {
		t.Fatalf("stdin html = %v", items)
	}
	if got := items[0].Source.ACL; len(got) != 1 || got[0] != verity.Public {
		t.Errorf("stdin ACL = %v, want [public] by default", got)
	}
	items = collect(t, []string{"-"}, Options{Stdin: strings.NewReader(`{"id":"x","acl":["public"],"text":"t"}` + "\n")})
	if len(items) != 1 || items[0].Source == nil || items[0].Source.ID != "x" {
		t.Fatalf("stdin jsonl = %v", items)
	}
}

func TestPDF(t *testing.T) {
	data := ingesttest.MinimalPDF("Hello PDF world")
	text, err := PDF(context.Background(), data)
	if err != nil || !strings.Contains(text, "Hello PDF world") {
		t.Fatalf("PDF(minimal) = %q, %v", text, err)
	}
	// Every truncation of a valid PDF is an error or text, never a panic.
	for n := 0; n < len(data); n += 7 {
		if text, err := PDF(context.Background(), data[:n]); err == nil && !utf8.ValidString(text) {
			t.Fatalf("PDF(truncated to %d) gave invalid UTF-8", n)
		}
	}
}

// TestRead: data that is not a file is read by the reader its format
// names, within the same budgets; a format no reader takes, data past the
// size budget and empty text are errors.
func TestRead(t *testing.T) {
	ctx := context.Background()
	if f := FormatOf("Policy.PDF"); f != "pdf" {
		t.Errorf("FormatOf(Policy.PDF) = %q, want pdf", f)
	}
	if f := FormatOf("export.jsonl") + FormatOf("photo.png"); f != "" {
		t.Errorf("FormatOf of JSONL and PNG = %q, want none", f)
	}
	title, text, err := Read(ctx, "notes.md", "md", []byte("# Parking\n\nStaff park in the north lot.\n"), Options{})
	if err != nil || title != "Parking" || !strings.Contains(text, "north lot") {
		t.Errorf("Read(md) = %q, %q, %v", title, text, err)
	}
	title, text, err = Read(ctx, "page.html", "html", []byte("<html><head><title>Rota</title></head><body><p>Night shift starts at ten.</p></body></html>"), Options{})
	if err != nil || title != "Rota" || !strings.Contains(text, "Night shift") {
		t.Errorf("Read(html) = %q, %q, %v", title, text, err)
	}
	for _, tt := range []struct {
		name, format string
		data         []byte
		opts         Options
	}{
		{"a.jsonl", "jsonl", []byte(`{"id":"x"}`), Options{}},
		{"big.txt", "txt", []byte(strings.Repeat("a", 2000)), Options{MaxBytes: 1000}},
		{"blank.txt", "txt", []byte("  \n"), Options{}},
		{"broken.pdf", "pdf", []byte("not a pdf"), Options{}},
	} {
		if _, _, err := Read(ctx, tt.name, tt.format, tt.data, tt.opts); verity.ErrorCode(err) != verity.EINVALID {
			t.Errorf("Read(%s) = %v, want invalid", tt.name, err)
		}
	}
}
