package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/veritykb/verity/internal/sqlstore"
)

// TestMigrationAtomic checks that a migration whose Go step fails leaves the
// store as the previous migration left it: migration 008's SQL and a
// completed event remap are both rolled back, and a later Open upgrades the
// store as if nothing had happened.
func TestMigrationAtomic(t *testing.T) {
	ctx := context.Background()
	b, err := os.ReadFile("testdata/stores/a5ad495-demo.db")
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "old.db")
	if err := os.WriteFile(path, b, 0o600); err != nil {
		t.Fatal(err)
	}
	step := migrationSteps[8]
	defer func() { migrationSteps[8] = step }()
	boom := errors.New("boom")
	migrationSteps[8] = func(ctx context.Context, tx *sqlstore.Tx) error {
		if err := step(ctx, tx); err != nil {
			return err
		}
		return boom
	}
	if db, err := Open(ctx, path, Options{}); !errors.Is(err, boom) {
		if db != nil {
			db.Close()
		}
		t.Fatalf("Open with a failing step = %v, want the step's error", err)
	}

	raw, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	var version, tables, seqCols int
	raw.QueryRow(`SELECT max(version) FROM schema_migrations`).Scan(&version)
	raw.QueryRow(`SELECT count(*) FROM sqlite_schema WHERE name = 'roles'`).Scan(&tables)
	raw.QueryRow(`SELECT count(*) FROM pragma_table_info('revocations') WHERE name IN ('seq', 'token')`).Scan(&seqCols)
	if version != 7 || tables != 0 || seqCols != 0 {
		t.Errorf("after a failed migration 008: version %d, roles tables %d, new columns %d; want 7, 0, 0", version, tables, seqCols)
	}
	if got := column(t, raw, `SELECT id FROM revocations ORDER BY id`); !slices.Equal(got, []int64{1, 2, 3, 4, 5}) {
		t.Errorf("event ids after a failed migration 008 = %v, want 1..5", got)
	}
	if got := column(t, raw, `SELECT undoes FROM revocations ORDER BY id`); !slices.Equal(got, []int64{0, 1, 0, 0, 0}) {
		t.Errorf("undoes after a failed migration 008 = %v, want 0 1 0 0 0", got)
	}
	if got := column(t, raw, `SELECT event FROM audit_verdicts ORDER BY run, pos`); !slices.Equal(got, []int64{3}) {
		t.Errorf("audit verdict events after a failed migration 008 = %v, want [3]", got)
	}
	raw.Close()

	migrationSteps[8] = step
	db, err := Open(ctx, path, Options{})
	if err != nil {
		t.Fatalf("Open after the failure = %v", err)
	}
	defer db.Close()
	log, err := db.RevocationLog(ctx)
	if err != nil || len(log) != 5 || log[0].ID < 1_000_000_000 || log[1].Undoes != log[0].ID {
		t.Errorf("RevocationLog after upgrading = %+v, %v; want five remapped events", log, err)
	}
}

func column(t *testing.T, db *sql.DB, query string) []int64 {
	t.Helper()
	rows, err := db.Query(query)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []int64
	for rows.Next() {
		var v int64
		if err := rows.Scan(&v); err != nil {
			t.Fatal(err)
		}
		out = append(out, v)
	}
	return out
}

// TestOpenConcurrently opens one new store from several goroutines at once,
// as several processes may: every Open succeeds and the migrations are
// applied once.
func TestOpenConcurrently(t *testing.T) {
	path := filepath.Join(t.TempDir(), "c.db")
	errs := make(chan error, 4)
	for range 4 {
		go func() {
			db, err := Open(context.Background(), path, Options{})
			if err == nil {
				db.Close()
			}
			errs <- err
		}()
	}
	for range 4 {
		if err := <-errs; err != nil {
			t.Errorf("concurrent Open = %v", err)
		}
	}
	db, err := Open(context.Background(), path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var n, distinct int
	db.SQL().QueryRow(`SELECT count(*), count(DISTINCT version) FROM schema_migrations`).Scan(&n, &distinct)
	if n != distinct || n < 10 {
		t.Errorf("schema_migrations has %d rows for %d versions, want each applied once", n, distinct)
	}
}

// TestWALModeWaits converts a file another connection holds exclusively:
// walMode waits for it rather than failing at once, gives up with a clear
// error after its wait, and converts the file once it is let go.
func TestWALModeWaits(t *testing.T) {
	path := filepath.Join(t.TempDir(), "w.db")
	holder, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	defer holder.Close()
	holder.SetMaxOpenConns(1)
	if _, err := holder.Exec(`CREATE TABLE t(x); BEGIN EXCLUSIVE; INSERT INTO t VALUES (1)`); err != nil {
		t.Fatal(err)
	}
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	ctx := context.Background()
	err = walMode(ctx, db, 30*time.Millisecond)
	if err == nil || !strings.Contains(err.Error(), "waited") {
		t.Fatalf("walMode on a held file = %v, want it to give up after waiting", err)
	}
	done := make(chan error, 1)
	go func() { done <- walMode(ctx, db, 10*time.Second) }()
	time.Sleep(20 * time.Millisecond)
	if _, err := holder.Exec(`COMMIT`); err != nil {
		t.Fatal(err)
	}
	if err := <-done; err != nil {
		t.Fatalf("walMode once the file is let go = %v", err)
	}
	var mode string
	db.QueryRow(`PRAGMA journal_mode`).Scan(&mode)
	if mode != "wal" {
		t.Errorf("journal mode %q, want wal", mode)
	}
}
