package ingest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/veritykb/verity/ingest/ingesttest"
)

// hostileCorpus is testdata/hostile — small files that once hung or broke
// a reader, or would — with the large hostile files generated beside them
// and good files among them, copied into a fresh folder.
func hostileCorpus(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	entries, err := os.ReadDir("testdata/hostile")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		data, err := os.ReadFile(filepath.Join("testdata/hostile", e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		write(t, dir, e.Name(), data)
	}
	write(t, dir, "bomb.pdf", ingesttest.DeflateBombPDF(2<<30))
	write(t, dir, "deep.html", ingesttest.NestedHTML(100_000))
	write(t, dir, "deep.jsonl", append(ingesttest.NestedJSONRecord(100_000), `{"id":"DEEP-2","acl":["public"],"text":"shallow"}`+"\n"...))
	write(t, dir, "big.txt", ingesttest.LongLine(100<<20))
	write(t, dir, "good.md", []byte("# Good\n\nA good file among hostile ones.\n"))
	write(t, dir, "good.pdf", ingesttest.MinimalPDF("A good PDF among hostile ones"))
	write(t, dir, "good.html", []byte("<html><head><title>Good page</title></head><body><p>A good page among hostile ones.</p></body></html>"))
	return dir
}

// hostileWant is what reading the hostile corpus gives, by file (and line,
// for JSONL): "" for a source, else a substring of the error.
var hostileWant = map[string]string{
	"cyclic.pdf":       "(a /Kids cycle)",
	"parent-cycle.pdf": "/Parent chain does not end",
	"prev-loop.pdf":    "/Prev chain loops",
	"huge-size.pdf":    "/Size 99999999999 is larger than the limit",
	"deep-arrays.pdf":  "nested deeper than 1000 levels",
	"bomb.pdf":         "inflate past 256 MiB",
	"deep.html":        "nested more than 512 deep",
	"invalid-utf8.txt": "invalid UTF-8 at byte 18",
	"nul.md":           "binary data (NUL byte at offset 25)",
	"big.txt":          "file is 104857600 bytes, larger than the limit of 67108864 (raise --max-file-size)",
	"records.jsonl:1":  "invalid UTF-8",
	"records.jsonl:2":  "binary data",
	"records.jsonl:3":  "nested more than 512 deep",
	"records.jsonl:4":  "",
	"deep.jsonl:1":     "malformed JSON",
	"deep.jsonl:2":     "",
	"good.md":          "",
	"good.pdf":         "",
	"good.html":        "",
}

// TestHostileCorpus reads every hostile file with the default budgets and
// the in-process PDF reader: each is a clear failure or a correct source,
// and the good files beside them are read. A hang is caught by the walk's
// deadline (hangGuard), not by a timing assertion.
func TestHostileCorpus(t *testing.T) {
	dir := hostileCorpus(t)
	got := walkWithin(t, []string{dir}, Options{})
	for name, want := range hostileWant {
		it, ok := got[filepath.Join(dir, name)]
		switch {
		case !ok:
			t.Errorf("no item for %s", name)
		case want == "" && (it.Err != nil || it.Source == nil):
			t.Errorf("%s = %v, want a source", name, it)
		case want != "" && (it.Err == nil || !strings.Contains(it.Err.Error(), want)):
			t.Errorf("%s = %v, want an error containing %q", name, it, want)
		case want == "" && !utf8.ValidString(it.Source.Text):
			t.Errorf("%s text is not valid UTF-8", name)
		}
	}
	if len(got) != len(hostileWant) {
		t.Errorf("Walk(hostile corpus) gave %d items, want %d", len(got), len(hostileWant))
	}
	if s := got[filepath.Join(dir, "good.pdf")].Source; s == nil || s.Text != "A good PDF among hostile ones" {
		t.Errorf("good.pdf = %+v, want its text", s)
	}
	if s := got[filepath.Join(dir, "good.html")].Source; s == nil || s.Title != "Good page" || !strings.Contains(s.Text, "A good page among hostile ones.") {
		t.Errorf("good.html = %+v, want its title and text", s)
	}
}

// TestLongLineUnderRaisedBudget: a 100 MB single-line text within a raised
// size budget is read whole, as one source.
func TestLongLineUnderRaisedBudget(t *testing.T) {
	if testing.Short() {
		t.Skip("reads 100 MB")
	}
	dir := t.TempDir()
	p := write(t, dir, "big.txt", ingesttest.LongLine(100<<20))
	it := walkWithin(t, []string{p}, Options{MaxBytes: 128 << 20})[p]
	if it.Err != nil || it.Source == nil || len(it.Source.Text) != 100<<20 {
		t.Fatalf("Walk(100 MB line, 128 MiB budget) = %v, want the whole text", it.Err)
	}
}
