package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/veritykb/verity/ingest/ingesttest"
)

// TestIngestHostileCorpusCLI ingests the hostile corpus of package ingest
// as "verity ingest" does, PDFs in the child: every file fails with its
// reason or is stored, and the good files beside the hostile ones are
// stored.
func TestIngestHostileCorpusCLI(t *testing.T) {
	dir := t.TempDir()
	corpus := filepath.Join("..", "..", "ingest", "testdata", "hostile")
	entries, err := os.ReadDir(corpus)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		data, err := os.ReadFile(filepath.Join(corpus, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		writeFile(t, dir, e.Name(), data)
	}
	writeFile(t, dir, "bomb.pdf", ingesttest.DeflateBombPDF(2<<30))
	writeFile(t, dir, "deep.html", ingesttest.NestedHTML(100_000))
	writeFile(t, dir, "deep.jsonl", append(ingesttest.NestedJSONRecord(100_000), `{"id":"DEEP-2","acl":["public"],"text":"shallow"}`+"\n"...))
	writeFile(t, dir, "big.txt", ingesttest.LongLine(100<<20))
	writeFile(t, dir, "good.md", []byte("# Good\n\nA good file among hostile ones.\n"))
	writeFile(t, dir, "good.pdf", ingesttest.MinimalPDF("A good PDF among hostile ones"))
	writeFile(t, dir, "good.html", []byte("<html><head><title>Good page</title></head><body><p>A good page among hostile ones.</p></body></html>"))

	want := map[string]string{
		"cyclic.pdf":       "(a /Kids cycle)",
		"parent-cycle.pdf": "/Parent chain does not end",
		"prev-loop.pdf":    "/Prev chain loops",
		"huge-size.pdf":    "/Size 99999999999 is larger than the limit",
		"deep-arrays.pdf":  "nested deeper than 1000 levels",
		"bomb.pdf":         "inflate past 256 MiB",
		"deep.html":        "nested more than 512 deep",
		"invalid-utf8.txt": "invalid UTF-8 at byte 18",
		"nul.md":           "binary data (NUL byte at offset 25)",
		"big.txt":          "larger than the limit of 67108864 (raise --max-file-size)",
		"records.jsonl:1":  "invalid UTF-8",
		"records.jsonl:2":  "binary data",
		"records.jsonl:3":  "nested more than 512 deep",
		"deep.jsonl:1":     "malformed JSON",
	}
	db := filepath.Join(t.TempDir(), "v.db")
	rep, failed, _ := ingestReport(t, db, dir)
	for name, msg := range want {
		if got := failed[filepath.Join(dir, name)]; !strings.Contains(got, msg) || got == "" {
			t.Errorf("failure of %s = %q, want one containing %q", name, got, msg)
		}
	}
	// Stored: good.md, good.pdf, good.html, records.jsonl:4, deep.jsonl:2.
	if rep.Created != 5 || len(rep.Failed) != len(want) {
		t.Errorf("ingest = %d created, %d failed %v; want 5 created, %d failed", rep.Created, len(rep.Failed), failed, len(want))
	}
	for id, text := range map[string]string{
		filepath.Join(dir, "good.pdf"):  "A good PDF among hostile ones",
		filepath.Join(dir, "good.html"): "A good page among hostile ones.",
		"H-4":                           "a good record beside the bad ones",
		"DEEP-2":                        "shallow",
	} {
		if out, _, _ := cliWithin(t, db, "show", id); !strings.Contains(out, text) {
			t.Errorf("show %s = %q, want %q in it", id, out, text)
		}
	}
}
