package sqlstore

import (
	"context"
	"database/sql"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/postings"
)

// DB is a Verity store over one SQL database, in the dialect it was opened
// with.
type DB struct {
	db      *sql.DB
	dialect *Dialect
	now     func() time.Time
	search  SearchOptions
	index   *indexCache
	// migrations are the dialect's schema changes (files NNN_name.sql),
	// steps their Go parts by version.
	migrations fs.FS
	steps      map[int]func(context.Context, *Tx) error
	applied    []int // the migrations this process applied when it opened the store
	riverState
	// replicas are the read-only copies searches may read (replica.go),
	// identity the primary's Identity, which a replica must share.
	replicas                   []*Replica
	identity                   string
	maxLag                     int64
	nextReplica                atomic.Int64
	primaryReads, replicaReads atomic.Int64
}

// Config is what a dialect package gives Open.
type Config struct {
	DB         *sql.DB  // opened and reachable
	Dialect    *Dialect // how to speak to it
	Migrations fs.FS    // NNN_name.sql files at its root, applied in name order
	// Steps are the Go parts of migrations, by version, for what SQL alone
	// cannot do (such as drawing random ids that must not collide with
	// stored ones). A step runs in its migration's transaction right after
	// the migration's SQL, so the two succeed or fail together.
	Steps map[int]func(context.Context, *Tx) error
	Now   func() time.Time // clock for ingest times; time.Now when nil
	// IndexCache is how many bytes of posting lists a process keeps in
	// memory between searches; 0 means 256 MiB.
	IndexCache int64
	// Replicas are streaming replicas of DB that searches may read when
	// they have replayed the primary's writes (needs Dialect.Replicas).
	Replicas []*sql.DB
	// ReplicaMaxLag, when above 0, lets a replica that has replayed the
	// last narrowing serve searches while it lags by at most this many
	// bytes of WAL; 0 asks for a replica fully caught up.
	ReplicaMaxLag int64
}

var _ verity.SourceStore = (*DB)(nil)
var _ verity.Searcher = (*DB)(nil)

// Open brings the schema of cfg.DB up to date and its index terms too when
// they were derived by an older analysis ([rank.IndexVersion]), and returns
// the store over it. It does not close cfg.DB on failure; the caller does.
func Open(ctx context.Context, cfg Config) (*DB, error) {
	d := &DB{db: cfg.DB, dialect: cfg.Dialect, now: cfg.Now, index: newIndexCache(cfg.IndexCache),
		migrations: cfg.Migrations, steps: cfg.Steps}
	if d.now == nil {
		d.now = time.Now
	}
	if err := d.migrate(ctx); err != nil {
		return nil, err
	}
	if err := d.deriveIndex(ctx); err != nil {
		return nil, err
	}
	if len(cfg.Replicas) > 0 {
		if d.dialect.Replicas.Replayed == "" {
			return nil, verity.Errorf(verity.EINVALID, "a %s store reads from no replica", d.dialect.Name)
		}
		if err := d.db.QueryRowContext(ctx, d.dialect.Identity).Scan(&d.identity); err != nil {
			return nil, fmt.Errorf("read the store's identity: %w", err)
		}
		for _, r := range cfg.Replicas {
			d.replicas = append(d.replicas, &Replica{DB: r})
		}
		d.maxLag = cfg.ReplicaMaxLag
	}
	return d, nil
}

// Close releases the database and its replicas.
func (d *DB) Close() error {
	for _, r := range d.replicas {
		r.DB.Close()
	}
	return d.db.Close()
}

// SQL exposes the database handle for packages that keep their own tables in
// the same database (tests and benchmarks); queries on it are in the
// dialect's own placeholders (see [DB.Rebind]).
func (d *DB) SQL() *sql.DB { return d.db }

// Checkpoint ends a bulk write: where the database keeps a write-ahead log
// beside the store (SQLite), its pages move into the store and the log is
// truncated, so that no idle log is left taking disk. Readers in flight
// keep what they read; a log they still hold is emptied at the next
// checkpoint. PostgreSQL has nothing to do.
func (d *DB) Checkpoint(ctx context.Context) error {
	if d.dialect.Checkpoint == "" {
		return nil
	}
	var busy, logged, moved int
	if err := d.db.QueryRowContext(ctx, d.dialect.Checkpoint).Scan(&busy, &logged, &moved); err != nil {
		return fmt.Errorf("checkpoint: %w", err)
	}
	return nil
}

// Vacuum compacts the store (see [Dialect.Vacuum]) and says its size
// before and after. SQLite writes a new copy of the file beside the old
// one while it runs, so it needs free disk about the file's size, and it
// waits for other connections' transactions to end; PostgreSQL holds an
// exclusive lock on each table while it rewrites it.
func (d *DB) Vacuum(ctx context.Context) (*verity.VacuumReport, error) {
	var rep verity.VacuumReport
	if err := d.db.QueryRowContext(ctx, d.dialect.Size).Scan(&rep.Before); err != nil {
		return nil, fmt.Errorf("vacuum: measure the store: %w", err)
	}
	if _, err := d.db.ExecContext(ctx, d.dialect.Vacuum); err != nil {
		return nil, d.dialect.mapError(fmt.Errorf("vacuum: %w", err))
	}
	// SQLite's vacuum goes through the write-ahead log: fold it in.
	if err := d.Checkpoint(ctx); err != nil {
		return nil, err
	}
	if err := d.db.QueryRowContext(ctx, d.dialect.Size).Scan(&rep.After); err != nil {
		return nil, fmt.Errorf("vacuum: measure the store: %w", err)
	}
	return &rep, nil
}

// Rebind returns query, written with ? placeholders, in the dialect's.
func (d *DB) Rebind(query string) string { return d.dialect.rebind(query) }

// migrationNames lists the migration files in the order they apply.
func (d *DB) migrationNames() ([]string, error) {
	names, err := fs.Glob(d.migrations, "*.sql")
	if err != nil {
		return nil, err
	}
	slices.Sort(names)
	return names, nil
}

// Migrations lists the versions of the embedded migrations, in order.
func (d *DB) Migrations() ([]int, error) {
	names, err := d.migrationNames()
	if err != nil {
		return nil, err
	}
	out := make([]int, 0, len(names))
	for _, name := range names {
		v, err := migrationVersion(name)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, nil
}

func migrationVersion(name string) (int, error) {
	num, _, _ := strings.Cut(path.Base(name), "_")
	v, err := strconv.Atoi(num)
	if err != nil {
		return 0, fmt.Errorf("bad migration name %s", name)
	}
	return v, nil
}

// migrate applies the embedded migrations that have not run yet, each in its
// own write transaction, in file-name order: a migration's SQL, then its Go
// step if it has one, then its row in schema_migrations. A migration that
// fails leaves the store as the previous one left it. Write transactions
// are serialized (SQLite's single writer, PostgreSQL's write lock), and each
// looks again inside whether another process applied its migration
// meanwhile, so processes opening one store at once apply each migration
// once.
func (d *DB) migrate(ctx context.Context) error {
	err := d.tx(ctx, func(tx *Tx) error {
		_, err := tx.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
			version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)`)
		return err
	})
	if err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	names, err := d.migrationNames()
	if err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	for _, name := range names {
		version, err := migrationVersion(name)
		if err != nil {
			return fmt.Errorf("migrate: %w", err)
		}
		var n int
		if err := d.q().QueryRowContext(ctx, `SELECT count(*) FROM schema_migrations WHERE version = ?`, version).Scan(&n); err != nil {
			return fmt.Errorf("migrate: %w", err)
		}
		if n > 0 {
			continue
		}
		body, err := fs.ReadFile(d.migrations, name)
		if err != nil {
			return fmt.Errorf("migrate: %w", err)
		}
		applied := false
		err = d.tx(ctx, func(tx *Tx) error {
			var n int
			if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM schema_migrations WHERE version = ?`, version).Scan(&n); err != nil || n > 0 {
				return err
			}
			applied = true
			// A migration's SQL runs as it is written: its own dialect.
			if _, err := tx.Tx.ExecContext(ctx, string(body)); err != nil {
				return fmt.Errorf("migration %s: %w", name, err)
			}
			if step := d.steps[version]; step != nil {
				if err := step(ctx, tx); err != nil {
					return fmt.Errorf("migration %s: %w", name, err)
				}
			}
			_, err := tx.ExecContext(ctx, `INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)`,
				version, name, formatTime(d.now()))
			return err
		})
		if err != nil {
			return fmt.Errorf("migrate: %w", err)
		}
		if applied {
			d.applied = append(d.applied, version)
		}
	}
	return nil
}

// Schema says which migrations the store has applied, and which of them
// this process applied when it opened the store.
func (d *DB) Schema(ctx context.Context) (*verity.SchemaStatus, error) {
	versions, err := d.Migrations()
	if err != nil {
		return nil, err
	}
	st := &verity.SchemaStatus{Dialect: d.dialect.Name, Applied: append([]int{}, d.applied...), History: []verity.AppliedMigration{}}
	if len(versions) > 0 {
		st.Latest = versions[len(versions)-1]
	}
	rows, err := d.q().QueryContext(ctx, `SELECT version, name, applied_at FROM schema_migrations ORDER BY version`)
	if err != nil {
		return nil, fmt.Errorf("read the store's migrations: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var (
			m  verity.AppliedMigration
			at string
		)
		if err := rows.Scan(&m.Version, &m.Name, &at); err != nil {
			return nil, fmt.Errorf("read the store's migrations: %w", err)
		}
		m.AppliedAt = parseTime(at)
		st.History = append(st.History, m)
		st.Version = max(st.Version, m.Version)
	}
	return st, rows.Err()
}

// tx runs fn in a write transaction, committing when it returns nil. The
// chunks fn added to the search index are written as one segment before
// the commit; after it, segments are merged if the policy asks (a failed
// merge is no loss: the index stays correct, and the next write tries again).
func (d *DB) tx(ctx context.Context, fn func(*Tx) error) error {
	tx, err := d.begin(ctx)
	if err != nil {
		return err
	}
	if err := fn(tx); err != nil {
		tx.Rollback()
		return d.dialect.mapError(err)
	}
	if err := tx.flushIndex(ctx); err != nil {
		tx.Rollback()
		return d.dialect.mapError(err)
	}
	if err := tx.Commit(); err != nil {
		return d.dialect.mapError(err)
	}
	if tx.merge {
		d.mergeIndex(ctx)
	}
	return nil
}

// Tx is a transaction whose Exec and Query methods take queries written
// with ? placeholders and speak them in the store's dialect (the embedded
// *sql.Tx runs a query as it is written). Where the dialect asks, it
// prepares each distinct statement once: ingest runs the same few
// statements for every source and chunk, and preparing them anew each
// time was a fifth of its cost on SQLite. The statements close with the
// transaction.
type Tx struct {
	*sql.Tx
	dialect *Dialect
	stmts   map[string]*sql.Stmt
	pending []postings.Doc // chunks to index, written as one segment at commit
	stats   indexStats     // changes to the search statistics, written at commit
	merge   bool           // segments were written: see whether to merge
}

// begin starts a write transaction: on a dialect whose writers are not
// serialized by the database itself, it takes the store's write lock first.
func (d *DB) begin(ctx context.Context) (*Tx, error) {
	tx, err := d.db.BeginTx(ctx, nil)
	if err != nil {
		return nil, d.dialect.mapError(err)
	}
	t := &Tx{Tx: tx, dialect: d.dialect, stmts: map[string]*sql.Stmt{}}
	if d.dialect.LockWrites != "" {
		if _, err := tx.ExecContext(ctx, d.dialect.LockWrites); err != nil {
			tx.Rollback()
			return nil, d.dialect.mapError(fmt.Errorf("take the store's write lock: %w", err))
		}
	}
	return t, nil
}

// snapshot starts a read-only transaction that sees one committed state
// of the store throughout.
func (d *DB) snapshot(ctx context.Context) (*Tx, error) {
	opts := d.dialect.Snapshot
	tx, err := d.db.BeginTx(ctx, &opts)
	if err != nil {
		return nil, d.dialect.mapError(err)
	}
	return &Tx{Tx: tx, dialect: d.dialect, stmts: map[string]*sql.Stmt{}}, nil
}

func (t *Tx) stmt(ctx context.Context, query string) (*sql.Stmt, error) {
	if !t.dialect.Prepare {
		return nil, nil
	}
	if st, ok := t.stmts[query]; ok {
		return st, nil
	}
	st, err := t.Tx.PrepareContext(ctx, t.dialect.rebind(query))
	if err != nil {
		return nil, err
	}
	t.stmts[query] = st
	return st, nil
}

// ExecContext runs query in the dialect, prepared once where it prepares.
func (t *Tx) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	st, err := t.stmt(ctx, query)
	if err != nil {
		return nil, err
	}
	if st == nil {
		return t.Tx.ExecContext(ctx, t.dialect.rebind(query), t.dialect.args(args)...)
	}
	return st.ExecContext(ctx, t.dialect.args(args)...)
}

// QueryContext runs query in the dialect, prepared once where it prepares.
func (t *Tx) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	st, err := t.stmt(ctx, query)
	if err != nil {
		return nil, err
	}
	if st == nil {
		return t.Tx.QueryContext(ctx, t.dialect.rebind(query), t.dialect.args(args)...)
	}
	return st.QueryContext(ctx, t.dialect.args(args)...)
}

// QueryRowContext runs query in the dialect, prepared once where it
// prepares.
func (t *Tx) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	st, err := t.stmt(ctx, query)
	if err != nil || st == nil {
		// sql.Row carries no constructor for an error; let the driver report
		// the same failure on the unprepared path.
		return t.Tx.QueryRowContext(ctx, t.dialect.rebind(query), t.dialect.args(args)...)
	}
	return st.QueryRowContext(ctx, t.dialect.args(args)...)
}

// handle runs single statements outside a transaction, in the dialect.
type handle struct {
	db      *sql.DB
	dialect *Dialect
}

// q returns the store's handle for statements outside a transaction.
func (d *DB) q() handle { return handle{d.db, d.dialect} }

func (h handle) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	res, err := h.db.ExecContext(ctx, h.dialect.rebind(query), h.dialect.args(args)...)
	return res, h.dialect.mapError(err)
}

func (h handle) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	rows, err := h.db.QueryContext(ctx, h.dialect.rebind(query), h.dialect.args(args)...)
	return rows, h.dialect.mapError(err)
}

func (h handle) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	return h.db.QueryRowContext(ctx, h.dialect.rebind(query), h.dialect.args(args)...)
}

// querier is what handle and *Tx share for reads.
type querier interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

const timeLayout = time.RFC3339Nano

func formatTime(t time.Time) string { return t.UTC().Format(timeLayout) }

func parseTime(s string) time.Time {
	t, _ := time.Parse(timeLayout, s)
	return t
}
