package sqlite

import (
	"context"
	"database/sql"
	"embed"
	"fmt"
	"io/fs"
	"net/url"
	"path"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/postings"
	_ "modernc.org/sqlite" // registers the "sqlite" driver
)

//go:embed migrations/*.sql
var migrations embed.FS

// DB is a Verity store in one SQLite file.
type DB struct {
	db     *sql.DB
	now    func() time.Time
	search SearchOptions
	index  *indexCache
}

// Options configure Open.
type Options struct {
	Now func() time.Time // clock for ingest times; time.Now when nil
	// IndexCache is how many bytes of posting lists a process keeps in
	// memory between searches; 0 means 256 MiB.
	IndexCache int64
}

var _ verity.SourceStore = (*DB)(nil)
var _ verity.Searcher = (*DB)(nil)

// Open opens (creating if needed) the store at path and brings its schema up
// to date, and its index terms too when they were derived by an older
// analysis ([rank.IndexVersion]). The file runs in WAL mode so readers never
// wait for a writer.
func Open(ctx context.Context, filename string, opts Options) (*DB, error) {
	if filename == "" {
		return nil, verity.Errorf(verity.EINVALID, "open store: empty path")
	}
	q := url.Values{}
	for _, p := range []string{"busy_timeout(10000)", "journal_mode(WAL)", "synchronous(NORMAL)", "foreign_keys(1)"} {
		q.Add("_pragma", p)
	}
	q.Set("_txlock", "immediate")
	// The file name goes into a URI: escape what a URI would read as
	// its query, its fragment or an escape, or "a#b.db" opens "a".
	dsn := "file:" + uriPath.Replace(filename) + "?" + q.Encode()
	sdb, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, fmt.Errorf("open store %s: %w", filename, err)
	}
	if err := sdb.PingContext(ctx); err != nil {
		sdb.Close()
		return nil, verity.Errorf(verity.EINVALID, "open store %s: %w", filename, err)
	}
	d := &DB{db: sdb, now: opts.Now, index: newIndexCache(opts.IndexCache)}
	if d.now == nil {
		d.now = time.Now
	}
	if err := d.migrate(ctx); err != nil {
		sdb.Close()
		return nil, err
	}
	if err := d.deriveIndex(ctx); err != nil {
		sdb.Close()
		return nil, err
	}
	return d, nil
}

// uriPath escapes a file name for a file: URI.
var uriPath = strings.NewReplacer("%", "%25", "?", "%3F", "#", "%23")

// Close releases the database.
func (d *DB) Close() error { return d.db.Close() }

// SQL exposes the database handle for packages that keep their own tables in
// the same file (tests and benchmarks).
func (d *DB) SQL() *sql.DB { return d.db }

// migrationSteps are the Go parts of migrations, by version, for what SQL
// alone cannot do (such as drawing random ids that must not collide with
// stored ones). A step runs in its migration's transaction right after the
// migration's SQL, so the two succeed or fail together.
var migrationSteps = map[int]func(context.Context, *txn) error{
	8: remapEventIDs,
}

// migrate applies the embedded migrations that have not run yet, each in its
// own transaction, in file-name order: a migration's SQL, then its Go step
// from [migrationSteps] if it has one, then its row in schema_migrations.
// A migration that fails leaves the store as the previous one left it.
func (d *DB) migrate(ctx context.Context) error {
	if _, err := d.db.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
		version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)`); err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	names, err := fs.Glob(migrations, "migrations/*.sql")
	if err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	slices.Sort(names)
	for _, name := range names {
		base := path.Base(name)
		num, _, _ := strings.Cut(base, "_")
		version, err := strconv.Atoi(num)
		if err != nil {
			return fmt.Errorf("migrate: bad migration name %s", base)
		}
		var n int
		if err := d.db.QueryRowContext(ctx, `SELECT count(*) FROM schema_migrations WHERE version = ?`, version).Scan(&n); err != nil {
			return fmt.Errorf("migrate: %w", err)
		}
		if n > 0 {
			continue
		}
		body, err := migrations.ReadFile(name)
		if err != nil {
			return fmt.Errorf("migrate: %w", err)
		}
		err = d.tx(ctx, func(tx *txn) error {
			// Another process opening the same store may have applied it
			// meanwhile: write transactions are serialized, so looking
			// again inside this one settles it.
			var n int
			if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM schema_migrations WHERE version = ?`, version).Scan(&n); err != nil || n > 0 {
				return err
			}
			if _, err := tx.ExecContext(ctx, string(body)); err != nil {
				return fmt.Errorf("migration %s: %w", base, err)
			}
			if step := migrationSteps[version]; step != nil {
				if err := step(ctx, tx); err != nil {
					return fmt.Errorf("migration %s: %w", base, err)
				}
			}
			_, err := tx.ExecContext(ctx, `INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)`,
				version, base, formatTime(d.now()))
			return err
		})
		if err != nil {
			return fmt.Errorf("migrate: %w", err)
		}
	}
	return nil
}

// tx runs fn in a write transaction, committing when it returns nil. The
// chunks fn added to the search index are written as one segment before
// the commit; after it, segments are merged if the policy asks (a failed
// merge is no loss: the index stays correct, and the next write tries again).
func (d *DB) tx(ctx context.Context, fn func(*txn) error) error {
	tx, err := d.begin(ctx)
	if err != nil {
		return err
	}
	if err := fn(tx); err != nil {
		tx.Rollback()
		return err
	}
	if err := tx.flushIndex(ctx); err != nil {
		tx.Rollback()
		return err
	}
	if err := tx.Commit(); err != nil {
		return err
	}
	if tx.merge {
		d.mergeIndex(ctx)
	}
	return nil
}

// txn is a transaction that prepares each distinct statement once: ingest
// runs the same few statements for every source and chunk, and preparing
// them anew each time was a fifth of its cost. The statements close with the
// transaction.
type txn struct {
	*sql.Tx
	stmts   map[string]*sql.Stmt
	pending []postings.Doc // chunks to index, written as one segment at commit
	merge   bool           // segments were written: see whether to merge
}

func (d *DB) begin(ctx context.Context) (*txn, error) {
	tx, err := d.db.BeginTx(ctx, nil)
	if err != nil {
		return nil, err
	}
	return &txn{Tx: tx, stmts: map[string]*sql.Stmt{}}, nil
}

func (t *txn) stmt(ctx context.Context, query string) (*sql.Stmt, error) {
	if st, ok := t.stmts[query]; ok {
		return st, nil
	}
	st, err := t.Tx.PrepareContext(ctx, query)
	if err != nil {
		return nil, err
	}
	t.stmts[query] = st
	return st, nil
}

// ExecContext runs a cached prepared statement.
func (t *txn) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	st, err := t.stmt(ctx, query)
	if err != nil {
		return nil, err
	}
	return st.ExecContext(ctx, args...)
}

// QueryContext runs a cached prepared statement.
func (t *txn) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	st, err := t.stmt(ctx, query)
	if err != nil {
		return nil, err
	}
	return st.QueryContext(ctx, args...)
}

// QueryRowContext runs a cached prepared statement.
func (t *txn) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	st, err := t.stmt(ctx, query)
	if err != nil {
		// sql.Row carries no constructor for an error; let the driver report
		// the same failure on the unprepared path.
		return t.Tx.QueryRowContext(ctx, query, args...)
	}
	return st.QueryRowContext(ctx, args...)
}

const timeLayout = time.RFC3339Nano

func formatTime(t time.Time) string { return t.UTC().Format(timeLayout) }

func parseTime(s string) time.Time {
	t, _ := time.Parse(timeLayout, s)
	return t
}
