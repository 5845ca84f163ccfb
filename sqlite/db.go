package sqlite

import (
	"context"
	"database/sql"
	"embed"
	"fmt"
	"io/fs"
	"net/url"
	"strings"
	"time"

	"github.com/riverqueue/river/riverdriver"
	"github.com/riverqueue/river/riverdriver/riversqlite"
	"github.com/veritykb/verity"

	"github.com/veritykb/verity/internal/sqlstore"
	_ "modernc.org/sqlite" // registers the "sqlite" driver
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
	Identity:  `SELECT file FROM pragma_database_list WHERE name = 'main'`,
	FollowIDs: `UPDATE sqlite_sequence SET seq = max(seq, ?3) WHERE name = ?1`,
	River:     func(db *sql.DB) riverdriver.Driver[*sql.Tx] { return riversqlite.New(db) },
}

// migrationSteps are the Go parts of migrations, by version.
var migrationSteps = func() map[int]func(context.Context, *sqlstore.Tx) error {
	steps := sqlstore.RiverSteps(dialect.River(nil))
	steps[8] = remapEventIDs
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

// uriPath escapes a file name for a file: URI.
var uriPath = strings.NewReplacer("%", "%25", "?", "%3F", "#", "%23")
