// Package pgtest gives tests a PostgreSQL store of their own: a schema in
// the test database that no other test uses while it runs. The database is
// VERITY_TEST_POSTGRES's URL, or the local test database
// (postgres://postgres@127.0.0.1:5432/test). A test skips when it cannot
// be reached, except under CI=true, where it fails: CI must run the
// PostgreSQL store's tests, never pass by skipping them.
//
// Making a schema and migrating it takes a fifth of a second, and property
// tests open a store per case, so a schema a test is done with is emptied
// (every table truncated and given back the rows a new store has) and
// handed to the next test. A package that uses pgtest runs its tests with
// [Main], which drops its schemas when they end; schemas that a killed
// test process left behind are dropped by the next run on the same machine.
package pgtest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/postgres"
)

// DefaultURL is the local test database.
const DefaultURL = "postgres://postgres@127.0.0.1:5432/test?sslmode=disable"

var (
	reach    sync.Once
	reachErr error
	broken   error // the server answered, but a new store would not open
	base     string

	mu   sync.Mutex
	free []string // emptied schemas, ready for a test
	made []string // every schema this process made
	seed map[string][][]any
	// order lists a new store's tables, those that refer to others first;
	// conn empties schemas, one at a time.
	order []string
	conn  *pgx.Conn
)

// Main runs a package's tests and drops the schemas they made.
func Main(m *testing.M) { os.Exit(Run(m)) }

// Run is [Main] for a TestMain with more to do before it exits: it runs the
// tests, drops their schemas and returns the exit code.
func Run(m *testing.M) int {
	code := m.Run()
	if conn == nil {
		return code
	}
	mu.Lock()
	schemas := append([]string(nil), made...)
	mu.Unlock()
	for _, s := range schemas {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		if _, err := conn.Exec(ctx, `DROP SCHEMA IF EXISTS "`+s+`" CASCADE`); err != nil {
			fmt.Fprintf(os.Stderr, "pgtest: drop schema %s: %v\n", s, err)
		}
		cancel()
	}
	return code
}

// URL returns the test database's URL (with no schema), or skips t (fails
// it under CI=true) when the database cannot be reached.
func URL(t testing.TB) string {
	t.Helper()
	reach.Do(func() {
		base = os.Getenv("VERITY_TEST_POSTGRES")
		if base == "" {
			base = DefaultURL
		}
		reachErr = prepare()
	})
	if broken != nil {
		t.Fatalf("a new store in PostgreSQL at %s does not open: %v", base, broken)
	}
	if reachErr != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("PostgreSQL at %s is unreachable, and CI must test the PostgreSQL store: %v", base, reachErr)
		}
		t.Skipf("PostgreSQL unreachable (%v); set VERITY_TEST_POSTGRES to a database URL to run this test", reachErr)
	}
	return base
}

// prepare drops schemas that dead test processes on this machine left,
// makes the first schema and reads the rows a new store holds.
func prepare() error {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	var err error
	if conn, err = connect(context.Background()); err != nil {
		return err
	}
	if local(conn.Config().Host) {
		dropOrphans(ctx, conn)
	}
	schema := newSchema()
	db, err := postgres.Open(ctx, WithSchema(base, schema), postgres.Options{MaxConns: 1})
	if err != nil {
		if verity.ErrorCode(err) != verity.EUNAVAILABLE {
			// The server answers but the store does not open: a bug,
			// which no test may skip.
			broken = err
		}
		return err
	}
	db.Close()
	if order, err = tables(ctx, conn, schema); err != nil {
		return err
	}
	if seed, err = rowsOf(ctx, conn, schema); err != nil {
		return err
	}
	free = append(free, schema)
	return nil
}

func connect(ctx context.Context) (*pgx.Conn, error) {
	cfg, err := pgx.ParseConfig(base)
	if err != nil {
		return nil, err
	}
	delete(cfg.RuntimeParams, "search_path")
	return pgx.ConnectConfig(ctx, cfg)
}

func local(host string) bool {
	return host == "" || host == "localhost" || host == "127.0.0.1" || host == "::1" || strings.HasPrefix(host, "/")
}

// newSchema names a schema for this process: vt_, its pid, random hex.
func newSchema() string {
	b := make([]byte, 4)
	rand.Read(b)
	s := fmt.Sprintf("vt_%d_%s", os.Getpid(), hex.EncodeToString(b))
	mu.Lock()
	made = append(made, s)
	mu.Unlock()
	return s
}

// dropOrphans drops the vt_PID_ schemas of processes that no longer run.
func dropOrphans(ctx context.Context, conn *pgx.Conn) {
	rows, err := conn.Query(ctx, `SELECT nspname FROM pg_namespace WHERE nspname LIKE 'vt\_%'`)
	if err != nil {
		return
	}
	names, _ := pgx.CollectRows(rows, pgx.RowTo[string])
	for _, n := range names {
		parts := strings.SplitN(n, "_", 3)
		pid, err := strconv.Atoi(parts[1])
		if len(parts) != 3 || err != nil || syscall.Kill(pid, 0) != syscall.ESRCH {
			continue
		}
		conn.Exec(ctx, `DROP SCHEMA IF EXISTS "`+n+`" CASCADE`)
	}
}

// tables lists the store's tables in schema.
func tables(ctx context.Context, conn *pgx.Conn, schema string) ([]string, error) {
	rows, err := conn.Query(ctx, `SELECT table_name FROM information_schema.tables
		WHERE table_schema = $1 AND table_type = 'BASE TABLE' AND table_name <> 'schema_migrations' ORDER BY table_name`, schema)
	if err != nil {
		return nil, err
	}
	names, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return nil, err
	}
	rows, err = conn.Query(ctx, `SELECT c.relname, p.relname FROM pg_constraint f
		JOIN pg_class c ON c.oid = f.conrelid JOIN pg_class p ON p.oid = f.confrelid
		JOIN pg_namespace n ON n.oid = f.connamespace WHERE f.contype = 'f' AND n.nspname = $1`, schema)
	if err != nil {
		return nil, err
	}
	parents := map[string][]string{} // table → the tables it refers to
	for rows.Next() {
		var child, parent string
		if err := rows.Scan(&child, &parent); err != nil {
			rows.Close()
			return nil, err
		}
		parents[child] = append(parents[child], parent)
	}
	rows.Close()
	// Referring tables come before the tables they refer to.
	var out []string
	done := map[string]bool{}
	var visit func(string)
	visit = func(tb string) {
		if done[tb] {
			return
		}
		done[tb] = true
		for _, c := range names {
			if slices.Contains(parents[c], tb) && c != tb {
				visit(c)
			}
		}
		out = append(out, tb)
	}
	for _, tb := range names {
		visit(tb)
	}
	return out, rows.Err()
}

// rowsOf reads every row of every table of schema that has rows.
func rowsOf(ctx context.Context, conn *pgx.Conn, schema string) (map[string][][]any, error) {
	ts, err := tables(ctx, conn, schema)
	if err != nil {
		return nil, err
	}
	out := map[string][][]any{}
	for _, tb := range ts {
		rows, err := conn.Query(ctx, `SELECT * FROM "`+schema+`"."`+tb+`"`)
		if err != nil {
			return nil, err
		}
		vals, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) ([]any, error) { return r.Values() })
		if err != nil {
			return nil, err
		}
		if len(vals) > 0 {
			out[tb] = vals
		}
	}
	return out, nil
}

// columns lists the columns of table tb for a SELECT from another schema
// into schema: a column of a type the schema defines itself (an enum of
// the job queue's) is cast to that type by way of text.
func columns(ctx context.Context, tx pgx.Tx, schema, tb string) (string, error) {
	rows, err := tx.Query(ctx, `SELECT column_name, data_type, udt_name FROM information_schema.columns
		WHERE table_schema = $1 AND table_name = $2 ORDER BY ordinal_position`, schema, tb)
	if err != nil {
		return "", err
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var name, typ, udt string
		if err := rows.Scan(&name, &typ, &udt); err != nil {
			return "", err
		}
		col := `"` + name + `"`
		if typ == "USER-DEFINED" {
			col += `::text::"` + schema + `"."` + udt + `"`
		}
		out = append(out, col)
	}
	return strings.Join(out, ", "), rows.Err()
}

// empty deletes every row of the store in schema, referring tables first:
// DELETE is many times faster than TRUNCATE on tables this small.
func empty(ctx context.Context, tx pgx.Tx, schema string) error {
	for _, tb := range order {
		if _, err := tx.Exec(ctx, `DELETE FROM "`+schema+`"."`+tb+`"`); err != nil {
			return err
		}
	}
	return nil
}

// recycle empties schema as a new store is and gives it back to the pool;
// a schema it cannot empty is dropped instead.
func recycle(schema string) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	mu.Lock()
	defer mu.Unlock()
	err := func() error {
		tx, err := conn.Begin(ctx)
		if err != nil {
			return err
		}
		defer tx.Rollback(ctx)
		// Identities start again from 1.
		if err := empty(ctx, tx, schema); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `SELECT setval(pg_get_serial_sequence(quote_ident(table_schema) || '.' || quote_ident(table_name), column_name), 1, false)
			FROM information_schema.columns WHERE table_schema = $1 AND (is_identity = 'YES' OR column_default LIKE 'nextval(%')`, schema); err != nil {
			return err
		}
		for tb, rows := range seed {
			for _, r := range rows {
				ph := make([]string, len(r))
				for i := range r {
					ph[i] = "$" + strconv.Itoa(i+1)
				}
				if _, err := tx.Exec(ctx, `INSERT INTO "`+schema+`"."`+tb+`" VALUES (`+strings.Join(ph, ", ")+`)`, r...); err != nil {
					return err
				}
			}
		}
		return tx.Commit(ctx)
	}()
	if err != nil {
		fmt.Fprintf(os.Stderr, "pgtest: empty schema %s for the next test: %v (dropping it)\n", schema, err)
		conn.Exec(ctx, `DROP SCHEMA IF EXISTS "`+schema+`" CASCADE`)
		return
	}
	free = append(free, schema)
}

// Schema returns a schema of its own for t, emptied as a new store is, and
// gives it back when t ends; it skips t as [URL] does.
func Schema(t testing.TB) string {
	t.Helper()
	schema, _ := take(t)
	return schema
}

// take is [Schema], saying whether the schema came from the pool (and so
// holds a store's tables already).
func take(t testing.TB) (string, bool) {
	t.Helper()
	URL(t)
	mu.Lock()
	var schema string
	if n := len(free); n > 0 {
		schema, free = free[n-1], free[:n-1]
	}
	mu.Unlock()
	pooled := schema != ""
	if !pooled {
		schema = newSchema()
	}
	t.Cleanup(func() { recycle(schema) })
	return schema, pooled
}

// WithSchema returns url naming schema as its search_path.
func WithSchema(url, schema string) string {
	sep := "?"
	if strings.Contains(url, "?") {
		sep = "&"
	}
	return url + sep + "search_path=" + schema
}

// NewURL returns the URL of a store of t's own in the test database (see
// [Schema]); it skips t as [URL] does. Its sessions commit without waiting
// for the disk: a test needs no durability, and a flush per commit made
// the suite several times slower.
func NewURL(t testing.TB) string {
	t.Helper()
	return WithSchema(URL(t), Schema(t)) + "&synchronous_commit=off"
}

// Open opens a store of t's own, closed when t ends.
func Open(t testing.TB, opts postgres.Options) *postgres.DB {
	t.Helper()
	db, err := postgres.Open(context.Background(), NewURL(t), opts)
	if err != nil {
		t.Fatalf("open a PostgreSQL store: %v", err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// Template returns a schema that lives until the test binary ends, for a
// store many tests start from: fill it once, then [Clone] it per test.
func Template(t testing.TB) string {
	t.Helper()
	URL(t)
	mu.Lock()
	var schema string
	if n := len(free); n > 0 {
		schema, free = free[n-1], free[:n-1]
	}
	mu.Unlock()
	if schema == "" {
		schema = newSchema()
	}
	return schema
}

// Clone returns the URL of a store of t's own (see [NewURL]) holding every
// row the store in schema template holds, copied inside the database: a
// statement a table rather than a copy through the client, so a test that
// must not change a shared fixture gets its own in a few milliseconds. The
// template must be migrated to the same version.
func Clone(t testing.TB, template string) string {
	t.Helper()
	schema, pooled := take(t)
	url := WithSchema(URL(t), schema) + "&synchronous_commit=off"
	if !pooled {
		// A schema from the pool has its tables; a new one gets them by
		// opening.
		db, err := postgres.Open(context.Background(), url, postgres.Options{MaxConns: 1})
		if err != nil {
			t.Fatal(err)
		}
		db.Close()
	}
	mu.Lock()
	defer mu.Unlock()
	ctx := context.Background()
	err := func() error {
		tx, err := conn.Begin(ctx)
		if err != nil {
			return err
		}
		defer tx.Rollback(ctx)
		if err := empty(ctx, tx, schema); err != nil {
			return err
		}
		for i := len(order) - 1; i >= 0; i-- {
			tb := order[i]
			cols, err := columns(ctx, tx, schema, tb)
			if err != nil {
				return err
			}
			if _, err := tx.Exec(ctx, `INSERT INTO "`+schema+`"."`+tb+`" OVERRIDING SYSTEM VALUE SELECT `+cols+` FROM "`+template+`"."`+tb+`"`); err != nil {
				return fmt.Errorf("clone %s: %w", tb, err)
			}
		}
		rows, err := tx.Query(ctx, `SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = $1 AND (is_identity = 'YES' OR column_default LIKE 'nextval(%')`, schema)
		if err != nil {
			return err
		}
		type col struct{ table, column string }
		var cols []col
		for rows.Next() {
			var c col
			if err := rows.Scan(&c.table, &c.column); err != nil {
				rows.Close()
				return err
			}
			cols = append(cols, c)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		for _, c := range cols {
			if _, err := tx.Exec(ctx, `SELECT setval(pg_get_serial_sequence($1, $2), coalesce((SELECT max("`+c.column+`") FROM "`+schema+`"."`+c.table+`"), 0) + 1, false)`,
				`"`+schema+`"."`+c.table+`"`, c.column); err != nil {
				return err
			}
		}
		return tx.Commit(ctx)
	}()
	if err != nil {
		t.Fatalf("clone schema %s into %s: %v", template, schema, err)
	}
	return url
}

// Load makes a schema of t's own holding what the SQL file at path creates
// in schema from, and returns the URL of the store there: path is a pg_dump
// of one schema (plain, with --inserts, psql's backslash lines removed) of
// a store an earlier release wrote, for this release to open. Its session
// is a connection of its own, as a dump sets the search path. The schema
// is dropped when t ends.
func Load(t testing.TB, path, from string) string {
	t.Helper()
	URL(t)
	dump, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	schema := newSchema()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	c, err := connect(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close(ctx)
	t.Cleanup(func() {
		mu.Lock()
		defer mu.Unlock()
		conn.Exec(context.Background(), `DROP SCHEMA IF EXISTS "`+schema+`" CASCADE`)
	})
	// Without arguments pgx sends the dump as one simple query, which may
	// hold many statements.
	if _, err := c.Exec(ctx, strings.ReplaceAll(string(dump), from, schema)); err != nil {
		t.Fatalf("load %s: %v", path, err)
	}
	return WithSchema(URL(t), schema)
}
