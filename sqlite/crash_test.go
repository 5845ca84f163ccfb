package sqlite_test

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"syscall"
	"testing"
	"time"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/analysis"
	"github.com/veritykb/verity/ingest"
	"github.com/veritykb/verity/sqlite"
)

// crashWriterEnv makes the test binary a writer that ingests and revokes
// until it is killed.
const crashWriterEnv = "VERITY_TEST_CRASH_WRITER"

func TestMain(m *testing.M) {
	if path := os.Getenv(crashWriterEnv); path != "" {
		crashWriter(path)
		return
	}
	os.Exit(m.Run())
}

// crashWriter puts sources one by one (each its own segment, so the tiered
// merges run all the time) and revokes some, forever.
func crashWriter(path string) {
	ctx := context.Background()
	db, err := sqlite.Open(ctx, path, sqlite.Options{})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	for i, src := range synthCorpus(100000, 11) {
		if _, err := db.PutSource(ctx, src, ingest.Chunks(src, analysis.DefaultChunkOptions)); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		if i%7 == 3 {
			db.Revoke(ctx, []verity.Ref{verity.SourceRef(src.ID)}, admin, "crash test")
		}
	}
}

// A writer killed with SIGKILL at any moment — mid-put, mid-merge — leaves a
// store that opens, whose index holds exactly its active chunks, and whose
// search answers as ranking every chunk does.
func TestKilledMidMergeLeavesConsistentIndex(t *testing.T) {
	if testing.Short() {
		t.Skip("spawns and kills writers")
	}
	path := t.TempDir() + "/crash.db"
	for round, after := range []time.Duration{1500 * time.Millisecond, 2300 * time.Millisecond, 3100 * time.Millisecond} {
		cmd := exec.Command(os.Args[0], "-test.run=^$")
		cmd.Env = append(os.Environ(), crashWriterEnv+"="+path)
		cmd.Stderr = os.Stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		time.Sleep(after)
		cmd.Process.Signal(syscall.SIGKILL)
		cmd.Wait()

		ctx := context.Background()
		db, err := sqlite.Open(ctx, path, sqlite.Options{})
		if err != nil {
			t.Fatalf("round %d: open after kill: %v", round, err)
		}
		var live, indexed, segs int
		db.SQL().QueryRowContext(ctx, `SELECT count(*) FROM chunks c JOIN sources s ON s.sid = c.sid WHERE s.status = 'active' AND c.nterms > 0`).Scan(&live)
		db.SQL().QueryRowContext(ctx, `SELECT chunks FROM search_stats`).Scan(&indexed)
		db.SQL().QueryRowContext(ctx, `SELECT count(*) FROM index_segments`).Scan(&segs)
		var docs, deleted int
		db.SQL().QueryRowContext(ctx, `SELECT coalesce(sum(docs), 0) FROM index_segments`).Scan(&docs)
		db.SQL().QueryRowContext(ctx, `SELECT count(*) FROM index_deleted`).Scan(&deleted)
		if live == 0 || live != indexed || docs-deleted != live {
			t.Fatalf("round %d: %d active chunks, stats say %d, segments hold %d docs less %d deleted", round, live, indexed, docs, deleted)
		}
		searchesExact(t, db, synthQueries(10, uint64(round)), []verity.Caller{verity.NewCaller(), verity.NewCaller("group:g2")})
		t.Logf("round %d: killed after %v with %d active chunks in %d segments", round, after, live, segs)
		db.Close()
	}
}
