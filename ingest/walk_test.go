package ingest

import (
	"context"
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
