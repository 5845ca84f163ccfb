package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/veritykb/verity/ingest/ingesttest"
	"github.com/veritykb/verity/kb"
)

// hangGuard is how long a command may run in these tests before it counts
// as hung: generous, so a loaded machine never fails a test for slowness.
const hangGuard = 3 * time.Minute

// cliWithin is cli under a deadline of hangGuard, through the command's
// context and a watchdog, so a hang fails the test instead of stalling it.
func cliWithin(t *testing.T, db string, args ...string) (string, string, int) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), hangGuard)
	defer cancel()
	type result struct {
		out, errOut string
		code        int
	}
	done := make(chan result, 1)
	go func() {
		var out, errb bytes.Buffer
		code := run(ctx, append([]string{"--db", db}, args...), strings.NewReader(""), &out, &errb, func(string) string { return "" })
		done <- result{out.String(), errb.String(), code}
	}()
	select {
	case r := <-done:
		return r.out, r.errOut, r.code
	case <-time.After(hangGuard + 30*time.Second):
		t.Fatalf("verity %v did not finish within %s", args, hangGuard)
		return "", "", 0
	}
}

// ingestReport runs "verity ingest --json" with args and returns its
// report, with the failures by where.
func ingestReport(t *testing.T, db string, args ...string) (kb.IngestReport, map[string]string, int) {
	t.Helper()
	out, errOut, code := cliWithin(t, db, append([]string{"ingest", "--json"}, args...)...)
	var rep kb.IngestReport
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("ingest --json output %q (stderr %s): %v", out, errOut, err)
	}
	failed := map[string]string{}
	for _, f := range rep.Failed {
		failed[f.Where] = f.Error
	}
	return rep, failed, code
}

func writeFile(t *testing.T, dir, name string, data []byte) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestIngestPDFChild ingests, through the child process, PDFs that make
// the parser hang, grow, crash or loop, beside good files: each bad one is
// a failure that says what happened, and the good ones are stored.
func TestIngestPDFChild(t *testing.T) {
	dir := t.TempDir()
	want := map[string]string{
		writeFile(t, dir, "cyclic.pdf", ingesttest.CyclicPDF()):                   "broken PDF: the page tree reaches object 2 0 R twice (a /Kids cycle)",
		writeFile(t, dir, "hang.pdf", []byte("%PDF-1.4\n"+ingesttest.MarkHang)):   "PDF parse took longer than 5s: killed",
		writeFile(t, dir, "panic.pdf", []byte("%PDF-1.4\n"+ingesttest.MarkPanic)): "broken PDF: the PDF reader crashed (panic: the parser gave up)",
	}
	if runtime.GOOS == "linux" {
		want[writeFile(t, dir, "grow.pdf", []byte("%PDF-1.4\n"+ingesttest.MarkGrow))] = "PDF parse exceeded 128 MiB: killed"
	}
	good := writeFile(t, dir, "good.pdf", ingesttest.MinimalPDF("A good PDF read in a child"))
	writeFile(t, dir, "good.md", []byte("# Good\n\nBeside bad PDFs."))

	db := filepath.Join(t.TempDir(), "v.db")
	rep, failed, code := ingestReport(t, db, "--file-timeout", "5s", "--pdf-memory", "128MiB", dir)
	if code != exitFailure {
		t.Errorf("ingest exit %d, want %d (some files failed)", code, exitFailure)
	}
	for where, msg := range want {
		if failed[where] != msg {
			t.Errorf("failure of %s = %q, want %q", filepath.Base(where), failed[where], msg)
		}
	}
	if rep.Created != 2 || len(rep.Failed) != len(want) {
		t.Errorf("ingest = %d created, %d failed (%v); want 2 created (good.pdf, good.md), %d failed", rep.Created, len(rep.Failed), failed, len(want))
	}
	out, _, _ := cliWithin(t, db, "show", good)
	if !strings.Contains(out, "A good PDF read in a child") {
		t.Errorf("show good.pdf = %q, want its text", out)
	}
}

// TestCheckDocHostilePDF: check --doc on a PDF whose page tree loops ends
// with the reason instead of hanging.
func TestCheckDocHostilePDF(t *testing.T) {
	dir := t.TempDir()
	doc := writeFile(t, dir, "cyclic.pdf", ingesttest.CyclicPDF())
	answer := writeFile(t, dir, "answer.txt", []byte("Backups run nightly [1]."))
	_, errOut, code := cliWithin(t, filepath.Join(dir, "v.db"), "check", "--doc", doc, answer)
	if code != exitInvalid || !strings.Contains(errOut, "--doc "+doc+": broken PDF: the page tree reaches object 2 0 R twice (a /Kids cycle)") {
		t.Errorf("check --doc cyclic.pdf = exit %d, stderr %q; want invalid input naming the cycle", code, errOut)
	}
}

// TestIngestSymlinkedFolder: "verity ingest LINK" with LINK a link to a
// folder stores the folder's files under the link's path, and says which
// links it could not follow.
func TestIngestSymlinkedFolder(t *testing.T) {
	dir := t.TempDir()
	docs := filepath.Join(dir, "docs")
	os.MkdirAll(docs, 0o755)
	writeFile(t, docs, "a.md", []byte("# A\n\nLinked."))
	link := filepath.Join(dir, "link")
	if err := os.Symlink(docs, link); err != nil {
		t.Skipf("symlink: %v", err)
	}
	os.Symlink(filepath.Join(dir, "missing.md"), filepath.Join(docs, "gone.md"))
	os.Symlink(docs, filepath.Join(docs, "up"))
	rep, failed, code := ingestReport(t, filepath.Join(t.TempDir(), "v.db"), link)
	if rep.Created != 1 || code != exitFailure {
		t.Errorf("ingest LINK = %d created, exit %d; want the linked a.md stored and exit %d", rep.Created, code, exitFailure)
	}
	if f := failed[filepath.Join(link, "gone.md")]; !strings.Contains(f, "dangling symlink") {
		t.Errorf("dangling link failure = %q, want it named", f)
	}
	if f := failed[filepath.Join(link, "up")]; !strings.Contains(f, "symlink cycle") {
		t.Errorf("cyclic link failure = %q, want it named", f)
	}
}

func TestIngestBudgetFlags(t *testing.T) {
	dir := t.TempDir()
	big := writeFile(t, dir, "big.txt", bytes.Repeat([]byte("word "), 400))
	db := filepath.Join(t.TempDir(), "v.db")
	for _, flag := range []string{"--max-file-size", "--max-bytes"} {
		_, failed, _ := ingestReport(t, db, flag, "1KiB", big)
		if !strings.Contains(failed[big], "file is 2000 bytes, larger than the limit of 1024") {
			t.Errorf("ingest %s 1KiB big.txt failure = %q, want the budget named", flag, failed[big])
		}
	}
	for _, args := range [][]string{{"--file-timeout", "0s"}, {"--max-file-size", "lots"}, {"--pdf-memory", "1MiB"}} {
		if _, _, code := cliWithin(t, db, append([]string{"ingest"}, append(args, big)...)...); code != exitInvalid {
			t.Errorf("ingest %v exit %d, want %d", args, code, exitInvalid)
		}
	}
	for _, c := range [][]string{{"ingest", "--help"}, {"check", "--help"}, {"crawl", "--help"}, {"research", "--help"}} {
		out, _, _ := cliWithin(t, db, c...)
		wants := []string{"--pdf-memory"}
		switch c[0] {
		case "ingest":
			wants = append(wants, "--file-timeout", "--max-file-size", "--max-bytes is the old name", "Symbolic links are followed", "killed")
		case "check":
			wants = append(wants, "--file-timeout", "--max-file-size")
		default:
			wants = append(wants, "--pdf-timeout")
		}
		for _, w := range wants {
			if !strings.Contains(out, w) {
				t.Errorf("%v lacks %q", c, w)
			}
		}
	}
}

func TestParseSize(t *testing.T) {
	tests := []struct {
		in   string
		want int64
		ok   bool
	}{
		{"1048576", 1 << 20, true},
		{"64MiB", 64 << 20, true},
		{"1 GiB", 1 << 30, true},
		{"500MB", 500e6, true},
		{"2KB", 2000, true},
		{"10B", 10, true},
		{"", 0, false},
		{"-1", 0, false},
		{"12XB", 0, false},
		{"99999999999GiB", 0, false},
	}
	for _, tt := range tests {
		got, err := parseSize(tt.in)
		if (err == nil) != tt.ok || got != tt.want {
			t.Errorf("parseSize(%q) = %d, %v; want %d, ok %v", tt.in, got, err, tt.want, tt.ok)
		}
	}
	b := byteSize(64 << 20)
	if s := b.String(); s != "64MiB" {
		t.Errorf("byteSize(64 MiB).String() = %q, want 64MiB", s)
	}
}
