package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/veritykb/verity/sqlite"
)

// verityBinary builds the command once per test run, for the tests that
// need a real process (signals, serve, mcp over stdio); they skip when
// there is no go tool to build it with. TestMain removes it at the end.
func verityBinary(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the binary: skipped with -short")
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go tool to build the binary")
	}
	built.once.Do(func() {
		dir, err := os.MkdirTemp("", "verity-bin-")
		if err != nil {
			built.err = err
			return
		}
		built.dir, built.path = dir, filepath.Join(dir, "verity")
		if out, err := exec.Command(goTool, "build", "-o", built.path, ".").CombinedOutput(); err != nil {
			built.err = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if built.err != nil {
		t.Fatal(built.err)
	}
	return built.path
}

// built is the binary verityBinary built, shared by the tests of one run.
var built struct {
	once      sync.Once
	dir, path string
	err       error
}

// manyFiles writes n small text files into a new folder.
func manyFiles(t *testing.T, n int) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "docs")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for i := range n {
		text := fmt.Sprintf("Document %d about alpha beta gamma delta and the number %d.\n", i, i*7)
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("d%05d.txt", i)), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// TestInterruptIngest interrupts an ingest of many files: it stops, says
// what it stored, exits 130, and leaves a store in which every source has
// its chunks — nothing half-written. A second interrupt exits at once. The
// deadline is generous: it catches a hang, it does not time the stop.
func TestInterruptIngest(t *testing.T) {
	bin := verityBinary(t)
	// Enough files that the ingest is still running when the signal
	// comes: it stores batches of 512 in a few milliseconds each.
	const n = 30000
	docs := manyFiles(t, n)
	for _, signals := range []int{1, 2} {
		t.Run(fmt.Sprintf("%d signals", signals), func(t *testing.T) {
			db := filepath.Join(t.TempDir(), "v.db")
			ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
			defer cancel()
			cmd := exec.CommandContext(ctx, bin, "--db", db, "ingest", docs)
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			// Wait until the first batch is in the store, then interrupt.
			for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
				if storedSources(db) > 0 {
					break
				}
			}
			for range signals {
				cmd.Process.Signal(syscall.SIGINT)
				time.Sleep(5 * time.Millisecond)
			}
			err := cmd.Wait()
			if ctx.Err() != nil {
				t.Fatalf("ingest did not stop after the interrupt:\n%s", stderr.String())
			}
			code := cmd.ProcessState.ExitCode()
			if code != 130 {
				t.Fatalf("interrupted ingest = exit %d (%v), want 130:\nstdout %s\nstderr %s", code, err, stdout.String(), stderr.String())
			}
			if !strings.Contains(stderr.String(), "interrupted") {
				t.Errorf("stderr = %q, want it to say the run was interrupted", stderr.String())
			}
			if signals == 1 && !strings.Contains(stdout.String(), "ingested into") {
				t.Errorf("stdout = %q, want what was stored before the interrupt", stdout.String())
			}
			store, err := sqlite.Open(context.Background(), db, sqlite.Options{})
			if err != nil {
				t.Fatalf("open the interrupted store: %v", err)
			}
			defer store.Close()
			st, err := store.Stats(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			if st.Sources == 0 || st.Sources >= n || st.Chunks != st.Sources || st.SearchChunks != st.Chunks {
				t.Errorf("store after the interrupt = %+v, want some but not all sources, each with its one chunk in search", st)
			}
		})
	}
}

// storedSources counts the sources in the store at db while another
// process writes it, 0 when it cannot be read yet.
func storedSources(db string) int {
	if _, err := os.Stat(db); err != nil {
		return 0
	}
	store, err := sqlite.Open(context.Background(), db, sqlite.Options{})
	if err != nil {
		return 0
	}
	defer store.Close()
	st, err := store.Stats(context.Background())
	if err != nil {
		return 0
	}
	return st.Sources
}
