package sqlite

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"strings"
	"time"

	"github.com/riverqueue/river/riverdriver"
	"github.com/riverqueue/river/riverdriver/riversqlite"
	"github.com/veritykb/verity"

	"github.com/veritykb/verity/internal/sqlstore"
	"modernc.org/sqlite" // registers the "sqlite" driver; its errors carry SQLite's codes
	sqlite3 "modernc.org/sqlite/lib"
)

//go:embed migrations/*.sql
var migrations embed.FS

// DB is a Verity store in one SQLite file. Everything but opening and
// backing up is the shared SQL store's (package internal/sqlstore), which
// the PostgreSQL store runs too.
type DB struct {
	*sqlstore.DB
}

// Options configure Open.
type Options struct {
	Now func() time.Time // clock for ingest times; time.Now when nil
	// IndexCache is how many bytes of posting lists a process keeps in
	// memory between searches; 0 means 256 MiB.
	IndexCache int64
}

// SearchOptions tune ranking; the zero value uses rank.DefaultParams.
type SearchOptions = sqlstore.SearchOptions

var _ verity.SourceStore = (*DB)(nil)
var _ verity.Searcher = (*DB)(nil)

// dialect is SQLite's: ? placeholders, one writer at a time (transactions
// begin IMMEDIATE), and a read transaction that sees one snapshot (WAL). A
// store is its file, by its full path. Of the tables with ids the database
// hands out only index_segments has a counter of its own (AUTOINCREMENT,
// so that a merged segment's id is never used again): SQLite moves it past
// an id written explicitly itself, and FollowIDs keeps it there in any
// case; the other tables take max(id)+1 from their rows.
var dialect = &sqlstore.Dialect{
	Name: "sqlite", Prepare: true, Snapshot: sql.TxOptions{ReadOnly: true},
	Identity:   `SELECT file FROM pragma_database_list WHERE name = 'main'`,
	FollowIDs:  `UPDATE sqlite_sequence SET seq = max(seq, ?3) WHERE name = ?1`,
	Checkpoint: `PRAGMA wal_checkpoint(TRUNCATE)`,
	Vacuum:     `VACUUM`,
	Size:       `SELECT page_count * page_size FROM pragma_page_count(), pragma_page_size()`,
	River:      func(db *sql.DB) riverdriver.Driver[*sql.Tx] { return riversqlite.New(db) },
	TryLock:    tryLock,
}

// migrationSteps are the Go parts of migrations, by version.
var migrationSteps = func() map[int]func(context.Context, *sqlstore.Tx) error {
	steps := sqlstore.RiverSteps(dialect.River(nil))
	steps[8] = remapEventIDs
	steps[20] = sqlstore.CompressVersions
	return steps
}()

// Migrations are SQLite's schema changes, the files NNN_name.sql.
func Migrations() fs.FS {
	sub, err := fs.Sub(migrations, "migrations")
	if err != nil {
		panic(err) // the embedded tree always has the folder
	}
	return sub
}

// maxConns bounds the connections one store holds open.
const maxConns = 16

// Open opens (creating if needed) the store at path and brings its schema up
// to date, and its index terms too when they were derived by an older
// analysis ([rank.IndexVersion]). The file runs in WAL mode so readers never
// wait for a writer.
func Open(ctx context.Context, filename string, opts Options) (*DB, error) {
	if filename == "" {
		return nil, verity.Errorf(verity.EINVALID, "open store: empty path")
	}
	q := url.Values{}
	// WAL is set by walMode, not here: converting the file takes a lock
	// SQLite does not wait for, so a pragma every connection runs could
	// fail an Open racing another Open of a new file.
	for _, p := range []string{"busy_timeout(10000)", "synchronous(NORMAL)", "foreign_keys(1)"} {
		q.Add("_pragma", p)
	}
	q.Set("_txlock", "immediate")
	// The file name goes into a URI: escape what a URI would read as
	// its query, its fragment or an escape, or "a#b.db" opens "a".
	dsn := "file:" + uriPath.Replace(filename) + "?" + q.Encode()
	// A new store is created readable by its owner alone (SQLite gives its
	// WAL and shared-memory files the database file's mode): it holds
	// every source, whatever their ACLs.
	if err := create(filename); err != nil {
		return nil, err
	}
	sdb, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, fmt.Errorf("open store %s: %w", filename, err)
	}
	// A bounded pool, as PostgreSQL's: a burst of requests waits for a
	// connection instead of opening the file once more for each (7,000
	// tool calls at once held 4,400 descriptors of it).
	sdb.SetMaxOpenConns(maxConns)
	sdb.SetMaxIdleConns(maxConns)
	sdb.SetConnMaxIdleTime(5 * time.Minute)
	if err := sdb.PingContext(ctx); err != nil {
		sdb.Close()
		return nil, verity.Errorf(verity.EINVALID, "open store %s: %w", filename, err)
	}
	if err := walMode(ctx, sdb, busyWait); err != nil {
		sdb.Close()
		return nil, fmt.Errorf("open store %s: %w", filename, err)
	}
	d, err := sqlstore.Open(ctx, sqlstore.Config{
		DB: sdb, Dialect: dialect, Migrations: Migrations(), Steps: migrationSteps,
		Now: opts.Now, IndexCache: opts.IndexCache,
	})
	if err != nil {
		sdb.Close()
		return nil, err
	}
	return &DB{DB: d}, nil
}

// busyWait is how long Open waits for another process to let go of a new
// file, as busy_timeout does for every other statement.
const busyWait = 10 * time.Second

// walMode puts the file in WAL mode, which the file keeps. The conversion
// needs the file to itself and SQLite answers SQLITE_BUSY at once, without
// its busy handler, while another connection holds it (as one migrating a
// new store does), so walMode retries with backoff for up to wait. A file
// already in WAL mode, every file but a new one, takes no lock at all.
func walMode(ctx context.Context, db *sql.DB, wait time.Duration) error {
	deadline := time.Now().Add(wait)
	pause := 2 * time.Millisecond
	for {
		err := setWAL(ctx, db)
		switch {
		case err == nil:
			return nil
		case ctx.Err() != nil:
			return ctx.Err()
		case !busy(err):
			return fmt.Errorf("set WAL mode: %w", err)
		case time.Now().Add(pause).After(deadline):
			return fmt.Errorf("set WAL mode: %w (waited %v: another process may hold the file, or its file system may not support WAL, which the store needs)", err, wait)
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(pause):
		}
		pause = min(2*pause, 100*time.Millisecond)
	}
}

// errKept is SQLite refusing a conversion it cannot make now: it answers
// the journal mode it kept instead of an error.
var errKept = errors.New("journal mode unchanged")

// setWAL makes one attempt of walMode's.
func setWAL(ctx context.Context, db *sql.DB) error {
	var mode string
	if err := db.QueryRowContext(ctx, `PRAGMA journal_mode`).Scan(&mode); err != nil {
		return err
	}
	if strings.EqualFold(mode, "wal") {
		return nil
	}
	if err := db.QueryRowContext(ctx, `PRAGMA journal_mode = WAL`).Scan(&mode); err != nil {
		return err
	}
	if !strings.EqualFold(mode, "wal") {
		return fmt.Errorf("%w: %s", errKept, mode)
	}
	return nil
}

// busy reports whether err is SQLite's SQLITE_BUSY or SQLITE_LOCKED, in
// any of their extended forms, or a refused conversion: all pass when the
// other connection lets go.
func busy(err error) bool {
	if errors.Is(err, errKept) {
		return true
	}
	var se *sqlite.Error
	if !errors.As(err, &se) {
		return false
	}
	code := se.Code() & 0xff
	return code == sqlite3.SQLITE_BUSY || code == sqlite3.SQLITE_LOCKED
}

// uriPath escapes a file name for a file: URI.
var uriPath = strings.NewReplacer("%", "%25", "?", "%3F", "#", "%23")

// create makes an empty store file at path, mode 0600, unless a file is
// there already; an in-memory name is left to SQLite.
func create(path string) error {
	if path == ":memory:" || strings.HasPrefix(path, "file:") {
		return nil
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	switch {
	case errors.Is(err, fs.ErrExist):
		return nil
	case err != nil:
		return verity.Errorf(verity.EINVALID, "open store %s: %w", path, err)
	}
	return f.Close()
}
