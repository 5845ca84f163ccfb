package sqlite_test

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"syscall"
	"testing"
	"time"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/analysis"
	"github.com/veritykb/verity/ingest"
	"github.com/veritykb/verity/internal/storetest"
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
	for i, src := range storetest.SynthCorpus(100000, 11) {
		if _, err := db.PutSource(ctx, src, ingest.Chunks(src, analysis.DefaultChunkOptions)); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		if i%7 == 3 {
			db.Revoke(ctx, []verity.Ref{verity.SourceRef(src.ID)}, verity.Actor{Who: verity.Principal("user:admin@corp.example")}, "crash test")
		}
		fmt.Println(i + 1) // how far it got, for the test to pick its moment
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
	// Each round kills the writer at a moment that depends on its own
	// progress, not on the clock alone: building its corpus takes a second
	// or two on a loaded machine, and a kill before the first put tests
	// nothing.
	for round, puts := range []int{150, 260, 370} {
		cmd := exec.Command(os.Args[0], "-test.run=^$")
		cmd.Env = append(os.Environ(), crashWriterEnv+"="+path)
		cmd.Stderr = os.Stderr
		out, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		progress := bufio.NewScanner(out)
		done := 0
		for done < puts && progress.Scan() {
			done, _ = strconv.Atoi(progress.Text())
		}
		after := time.Duration(round*37) * time.Millisecond // lands at other points of a put or a merge
		time.Sleep(after)
		cmd.Process.Signal(syscall.SIGKILL)
		go io.Copy(io.Discard, out)
		cmd.Wait()
		if done < puts {
			t.Fatalf("round %d: the writer stopped after %d puts, before %d", round, done, puts)
		}

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
		storetest.SearchesExact(t, db, storetest.SynthQueries(10, uint64(round)), []verity.Caller{verity.NewCaller(), verity.NewCaller("group:g2")})
		t.Logf("round %d: killed %v after put %d with %d active chunks in %d segments", round, after, done, live, segs)
		db.Close()
	}
}
