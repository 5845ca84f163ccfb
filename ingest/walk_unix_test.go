//go:build unix

package ingest

import (
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

func TestNotRegularFile(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "pipe.txt")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	got := walkWithin(t, []string{dir}, Options{})
	if it := got[fifo]; it.Err == nil || !strings.Contains(it.Err.Error(), "not a regular file (a named pipe)") {
		t.Errorf("Walk(fifo) = %v, want it refused without blocking", it)
	}
}
