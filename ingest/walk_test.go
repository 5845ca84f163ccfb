package ingest

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/ingest/ingesttest"
)

// blockingPDF is a PDF reader that returns only when its context ends, as
// a parser stuck in a loop would if it could be stopped: it lets tests of
// this package exercise the time budget without a child process.
func blockingPDF(ctx context.Context, _ []byte) (string, error) {
	<-ctx.Done()
	return "", ctx.Err()
}

// walkWithin is collect with a deadline of hangGuard on the whole walk, so
// a reader that hangs fails the test instead of stalling it.
func walkWithin(t *testing.T, paths []string, opts Options) map[string]Item {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), hangGuard)
	defer cancel()
	if opts.Now == nil {
		opts.Now = fixedNow
	}
	got := map[string]Item{}
	if err := Walk(ctx, paths, opts, func(it Item) error {
		got[it.Where] = it
		return nil
	}); err != nil {
		t.Fatalf("Walk: %v", err)
	}
	return got
}

func TestFileTimeout(t *testing.T) {
	dir := t.TempDir()
	slow := write(t, dir, "a-slow.pdf", ingesttest.MinimalPDF("slow"))
	good := write(t, dir, "b-good.md", []byte("# Good\n\nStill read."))
	got := walkWithin(t, []string{dir}, Options{PDF: blockingPDF, FileTimeout: 50 * time.Millisecond})
	if it := got[slow]; it.Err == nil || !strings.Contains(it.Err.Error(), "reading took longer than 50ms (raise --file-timeout)") {
		t.Errorf("Walk(slow PDF) = %v, want the time budget named", it)
	}
	if it := got[good]; it.Err != nil || it.Source == nil || it.Source.Title != "Good" {
		t.Errorf("Walk(file after a slow one) = %v, want it read", it)
	}
}

// TestFileTimeoutKeepsReaderError shows a reader's own account of running
// out of time (a killed child's) is what the item says.
func TestFileTimeoutKeepsReaderError(t *testing.T) {
	dir := t.TempDir()
	p := write(t, dir, "x.pdf", ingesttest.MinimalPDF("x"))
	killed := func(ctx context.Context, _ []byte) (string, error) {
		<-ctx.Done()
		return "", verity.Errorf(verity.EINVALID, "PDF parse took longer than 50ms: killed")
	}
	got := walkWithin(t, []string{p}, Options{PDF: killed, FileTimeout: 50 * time.Millisecond})
	if it := got[p]; it.Err == nil || it.Err.Error() != "PDF parse took longer than 50ms: killed" {
		t.Errorf("Walk(killed reader) = %v, want the reader's error", it)
	}
}

// TestCancelStopsWalk: the end of the walk's own context stops it, instead
// of failing file after file.
func TestCancelStopsWalk(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "a.pdf", ingesttest.MinimalPDF("a"))
	write(t, dir, "b.md", []byte("b"))
	ctx, cancel := context.WithCancel(context.Background())
	var items []Item
	err := Walk(ctx, []string{dir}, Options{PDF: func(ctx context.Context, _ []byte) (string, error) {
		cancel()
		return "", ctx.Err()
	}}, func(it Item) error { items = append(items, it); return nil })
	if err != context.Canceled || len(items) != 0 {
		t.Errorf("Walk(cancelled while reading) = %v, items %v; want context.Canceled and no items", err, items)
	}
}

func TestSizeBudget(t *testing.T) {
	dir := t.TempDir()
	big := write(t, dir, "big.txt", []byte(strings.Repeat("a", 2000)))
	small := write(t, dir, "small.txt", []byte("small"))
	got := walkWithin(t, []string{dir}, Options{MaxBytes: 1000})
	if it := got[big]; it.Err == nil || !strings.Contains(it.Err.Error(), "file is 2000 bytes, larger than the limit of 1000 (raise --max-file-size)") {
		t.Errorf("Walk(big) = %v, want the size budget named", it)
	}
	if it := got[small]; it.Source == nil {
		t.Errorf("Walk(small beside big) = %v, want it read", it)
	}
}

func symlink(t *testing.T, target, link string) string {
	t.Helper()
	if err := os.Symlink(target, link); err != nil {
		t.Skipf("symlink: %v", err)
	}
	return link
}

func TestSymlinks(t *testing.T) {
	dir := t.TempDir()
	docs := filepath.Join(dir, "docs")
	write(t, docs, "a.md", []byte("# A\n\nText."))
	write(t, docs, "sub/b.txt", []byte("b text"))
	elsewhere := filepath.Join(dir, "elsewhere")
	write(t, elsewhere, "c.md", []byte("# C\n\nLinked in."))
	write(t, dir, "note.txt", []byte("a note"))

	linkDir := symlink(t, docs, filepath.Join(dir, "docs-link"))
	symlink(t, elsewhere, filepath.Join(docs, "linked"))
	symlink(t, filepath.Join(dir, "note.txt"), filepath.Join(docs, "note-link.txt"))
	symlink(t, docs, filepath.Join(docs, "sub", "up"))                            // a cycle: back to an ancestor
	symlink(t, filepath.Join(dir, "gone.md"), filepath.Join(docs, "dangling.md")) // a missing target
	symlink(t, filepath.Join(dir, "gone.png"), filepath.Join(docs, "dangling.png"))
	symlink(t, elsewhere, filepath.Join(docs, "sub", "again")) // a second link to a folder read already

	tests := []struct {
		name  string
		paths []string
		want  map[string]string // where → "" for a source, else a substring of the error
	}{
		{
			name:  "a link to a folder, given as the path",
			paths: []string{linkDir},
			want: map[string]string{
				filepath.Join(linkDir, "a.md"):           "",
				filepath.Join(linkDir, "sub", "b.txt"):   "",
				filepath.Join(linkDir, "linked", "c.md"): "",
				filepath.Join(linkDir, "note-link.txt"):  "",
				filepath.Join(linkDir, "sub", "up"):      "symlink cycle: it leads back to",
				filepath.Join(linkDir, "dangling.md"):    "dangling symlink: its target",
				filepath.Join(linkDir, "sub", "again"):   "already read in this run as " + filepath.Join(linkDir, "linked"),
			},
		},
		{
			name:  "a link to a file, given as the path",
			paths: []string{filepath.Join(docs, "note-link.txt")},
			want:  map[string]string{filepath.Join(docs, "note-link.txt"): ""},
		},
		{
			name:  "a dangling link, given as the path",
			paths: []string{filepath.Join(docs, "dangling.png")},
			want:  map[string]string{filepath.Join(docs, "dangling.png"): "dangling symlink"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := walkWithin(t, tt.paths, Options{})
			for where, want := range tt.want {
				it, ok := got[where]
				switch {
				case !ok:
					t.Errorf("Walk(%v) has no item for %s; got %v", tt.paths, where, got)
				case want == "" && (it.Err != nil || it.Source == nil):
					t.Errorf("Walk(%v)[%s] = %v, want a source", tt.paths, where, it)
				case want != "" && (it.Err == nil || !strings.Contains(it.Err.Error(), want)):
					t.Errorf("Walk(%v)[%s] = %v, want an error containing %q", tt.paths, where, it, want)
				}
			}
			if len(got) != len(tt.want) {
				t.Errorf("Walk(%v) gave %d items, want %d: %v", tt.paths, len(got), len(tt.want), got)
			}
		})
	}
	if it := walkWithin(t, []string{filepath.Join(docs, "note-link.txt")}, Options{})[filepath.Join(docs, "note-link.txt")]; it.Source != nil && it.Source.Text != "a note" {
		t.Errorf("a linked file's text = %q, want its target's", it.Source.Text)
	}
}
