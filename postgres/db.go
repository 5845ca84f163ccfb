package postgres

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"hash/fnv"
	"io/fs"
	"net"
	"regexp"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/stdlib"
	"github.com/riverqueue/river/riverdriver"
	"github.com/riverqueue/river/riverdriver/riverdatabasesql"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/internal/sqlstore"
)

//go:embed migrations/*.sql
var migrations embed.FS

// DB is a Verity store in a PostgreSQL database (or one schema of it).
// Everything but opening and backing up is the shared SQL store's (package
// internal/sqlstore), which the SQLite store runs too.
type DB struct {
	*sqlstore.DB
	schema string
}

// Options configure Open.
type Options struct {
	Now func() time.Time // clock for ingest times; time.Now when nil
	// IndexCache is how many bytes of posting lists a process keeps in
	// memory between searches; 0 means 256 MiB.
	IndexCache int64
	// MaxConns bounds the connections the process opens; 0 means 16.
	MaxConns int
	// Replicas are URLs of streaming replicas of the database (hot
	// standbys, with the store's schema in their search_path) that
	// searches read from when one has replayed every write the primary
	// held as the search began; every other operation uses the primary.
	Replicas []string
	// ReplicaMaxLag, when above 0, lets a replica serve searches while it
	// lags the primary by at most this many bytes of WAL, provided it has
	// replayed the last narrowing (revocation, ACL narrowed, new version,
	// source or system made undiscoverable).
	ReplicaMaxLag int64
}

var _ verity.SourceStore = (*DB)(nil)
var _ verity.Searcher = (*DB)(nil)

// IsURL reports whether s names a PostgreSQL database rather than a file.
func IsURL(s string) bool {
	return strings.HasPrefix(s, "postgres://") || strings.HasPrefix(s, "postgresql://")
}

// lockClass is the first key of the store's advisory locks ("veri"); the
// second is the schema's, so stores in other schemas of one database never
// wait for each other.
const lockClass = 0x76657269

// migrationSteps are the Go parts of migrations, by version.
var migrationSteps = func() map[int]func(context.Context, *sqlstore.Tx) error {
	steps := sqlstore.RiverSteps(riverDriver(nil))
	steps[20] = sqlstore.CompressVersions
	return steps
}()

// riverDriver is River's driver for PostgreSQL through database/sql, so
// that a job is queued inside the store's own transaction.
func riverDriver(db *sql.DB) riverdriver.Driver[*sql.Tx] { return riverdatabasesql.New(db) }

// Migrations are PostgreSQL's schema changes, the files NNN_name.sql.
func Migrations() fs.FS {
	sub, err := fs.Sub(migrations, "migrations")
	if err != nil {
		panic(err) // the embedded tree always has the folder
	}
	return sub
}

// schemaName is what a schema in search_path may be called here: the store
// quotes it in DDL, so it must be a plain identifier.
var schemaName = regexp.MustCompile(`^[a-z_][a-z0-9_]{0,62}$`)

// Open connects to the database that url names (postgres://user@host/db),
// creates the schema that its search_path parameter names when it does not
// exist (public when none is named), and brings the store's tables there
// up to date. Several processes may open one store at once: migrations and
// writes take the store's advisory lock, and reads see one snapshot each.
func Open(ctx context.Context, url string, opts Options) (*DB, error) {
	sdb, schema, where, err := connect(url, opts.MaxConns)
	if err != nil {
		return nil, err
	}
	if err := sdb.PingContext(ctx); err != nil {
		sdb.Close()
		return nil, verity.Errorf(verity.EUNAVAILABLE, "open store %s: %s", where, redact(err.Error(), url))
	}
	key := schemaKey(schema)
	if schema != "public" {
		if err := createSchema(ctx, sdb, schema, key); err != nil {
			sdb.Close()
			return nil, fmt.Errorf("open store %s: %w", where, err)
		}
	}
	// A replica is connected lazily (one that is down now may be up when
	// a search comes); it must name the store's schema.
	var replicas []*sql.DB
	closeAll := func() {
		for _, r := range replicas {
			r.Close()
		}
		sdb.Close()
	}
	for _, u := range opts.Replicas {
		r, rschema, rwhere, err := connect(u, opts.MaxConns)
		if err == nil && rschema != schema {
			r.Close()
			err = verity.Errorf(verity.EINVALID, "replica %s: schema %s, not the store's %s", rwhere, rschema, schema)
		}
		if err != nil {
			closeAll()
			return nil, err
		}
		replicas = append(replicas, r)
	}
	d, err := sqlstore.Open(ctx, sqlstore.Config{
		DB: sdb, Dialect: newDialect(key), Migrations: Migrations(), Steps: migrationSteps,
		Now: opts.Now, IndexCache: opts.IndexCache, Replicas: replicas, ReplicaMaxLag: opts.ReplicaMaxLag,
	})
	if err != nil {
		closeAll()
		return nil, fmt.Errorf("open store %s: %w", where, err)
	}
	return &DB{DB: d, schema: schema}, nil
}

// connect makes the pool of connections to the database url names, with
// the store's schema first in its search_path, and says which schema that
// is and how to name the database in messages (without its password).
func connect(url string, maxConns int) (db *sql.DB, schema, where string, err error) {
	cfg, err := pgx.ParseConfig(url)
	if err != nil {
		return nil, "", "", verity.Errorf(verity.EINVALID, "open store: %s", redact(err.Error(), url))
	}
	schema = "public"
	if sp := cfg.RuntimeParams["search_path"]; sp != "" {
		schema = strings.TrimSpace(strings.Split(sp, ",")[0])
		if !schemaName.MatchString(schema) {
			return nil, "", "", verity.Errorf(verity.EINVALID, "open store: schema %q: want lower-case letters, digits and _, starting with a letter or _", schema)
		}
		cfg.RuntimeParams["search_path"] = schema
	}
	// Verity's queries each read a few index entries, and a parallel plan
	// spends more starting its workers than the query takes: without table
	// statistics (a store just loaded, autovacuum not yet round) the
	// planner chose one for every lookup of a receipt's members, and
	// revoking a source ten records rest on took 130 ms at 200k records
	// instead of a few. A URL may still set it.
	if _, set := cfg.RuntimeParams["max_parallel_workers_per_gather"]; !set {
		cfg.RuntimeParams["max_parallel_workers_per_gather"] = "0"
	}
	db = stdlib.OpenDB(*cfg)
	if maxConns <= 0 {
		maxConns = 16
	}
	db.SetMaxOpenConns(maxConns)
	db.SetMaxIdleConns(maxConns)
	db.SetConnMaxIdleTime(5 * time.Minute)
	return db, schema, describe(cfg, schema), nil
}

// SchemaName returns the schema the store's tables are in.
func (d *DB) SchemaName() string { return d.schema }

// createSchema creates the store's schema under the store's lock, so that
// processes opening a new store at once do not race to create it.
func createSchema(ctx context.Context, db *sql.DB, schema string, key int32) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock($1, $2)`, lockClass, key); err != nil {
		return fmt.Errorf("lock the store: %w", err)
	}
	if _, err := tx.ExecContext(ctx, `CREATE SCHEMA IF NOT EXISTS "`+schema+`"`); err != nil {
		return fmt.Errorf("create schema %s: %w", schema, err)
	}
	return tx.Commit()
}

// DropSchema drops schema and everything in it: for tests and benchmarks
// that made a store of their own. It refuses public.
func DropSchema(ctx context.Context, url, schema string) error {
	if schema == "public" || !schemaName.MatchString(schema) {
		return verity.Errorf(verity.EINVALID, "drop schema %q: not a store's own schema", schema)
	}
	cfg, err := pgx.ParseConfig(url)
	if err != nil {
		return verity.Errorf(verity.EINVALID, "drop schema: %s", redact(err.Error(), url))
	}
	delete(cfg.RuntimeParams, "search_path")
	conn, err := pgx.ConnectConfig(ctx, cfg)
	if err != nil {
		return verity.Errorf(verity.EUNAVAILABLE, "drop schema: %s", redact(err.Error(), url))
	}
	defer conn.Close(ctx)
	_, err = conn.Exec(ctx, `DROP SCHEMA IF EXISTS "`+schema+`" CASCADE`)
	return err
}

func schemaKey(schema string) int32 {
	h := fnv.New32a()
	h.Write([]byte(schema))
	return int32(h.Sum32())
}

// newDialect is PostgreSQL's: $N placeholders, 0/1 integers for flags,
// writers serialized by the store's advisory lock (held to the end of each
// write transaction), searches in a repeatable-read snapshot, and identity
// columns whose sequences a copy moves past the ids it wrote.
func newDialect(key int32) *sqlstore.Dialect {
	return &sqlstore.Dialect{
		Name:       "postgres",
		Numbered:   true,
		IntBools:   true,
		LockWrites: fmt.Sprintf("SELECT pg_advisory_xact_lock(%d, %d)", lockClass, key),
		TryLock:    tryLock(key),
		Snapshot:   sql.TxOptions{Isolation: sql.LevelRepeatableRead, ReadOnly: true},
		MapError:   mapError,
		// A cluster's system identifier (its replicas share it) with the
		// database and schema name one store however it was reached.
		Identity:  `SELECT (SELECT system_identifier FROM pg_control_system())::text || '/' || current_database() || '/' || current_schema()`,
		FollowIDs: `SELECT setval(pg_get_serial_sequence(?1, ?2), ?3)`,
		Analyze:   `ANALYZE`,
		URIDigest: "md5",
		River:     riverDriver,
		// A replica serves a search once it has replayed past the
		// primary's position, and only a replica of this store.
		Replicas: sqlstore.ReplicaDialect{
			Position: `SELECT token, lsn, pg_current_wal_lsn()::text FROM replica_fence WHERE id = 1`,
			Fence:    `UPDATE replica_fence SET lsn = ?1 WHERE id = 1 AND token = ?2 AND lsn = ''`,
			Replayed: `SELECT coalesce(pg_last_wal_replay_lsn()::text, ''), pg_is_in_recovery()
				AND (SELECT system_identifier FROM pg_control_system())::text || '/' || current_database() || '/' || current_schema() = ?1`,
		},
		// Dropping a column frees nothing until its table is rewritten.
		Vacuum: `VACUUM (FULL, ANALYZE) source_versions, source_blocks`,
		Size: `SELECT coalesce(sum(pg_total_relation_size(c.oid)), 0)::bigint FROM pg_class c
			JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = current_schema() AND c.relkind = 'r'`,
	}
}

// mapError gives the errors a user can act on their code: text PostgreSQL
// cannot store (a NUL byte), a value too large for an index entry, and a
// database that cannot be reached.
func mapError(err error) error {
	var pg *pgconn.PgError
	if errors.As(err, &pg) {
		switch pg.Code {
		case "22021", "22P05": // character_not_in_repertoire, untranslatable_character
			return verity.Errorf(verity.EINVALID, "text PostgreSQL cannot store (a NUL byte?): %w", err)
		case "54000": // program_limit_exceeded: an index entry over its size
			return verity.Errorf(verity.EINVALID, "a value too long to index: %w", err)
		case "57P01", "57P02", "57P03", "53300": // shutdown, crash, cannot connect now, too many connections
			return verity.Errorf(verity.EUNAVAILABLE, "the database is unavailable: %w", err)
		}
		return err
	}
	var ce *pgconn.ConnectError
	var ne net.Error
	if errors.As(err, &ce) || errors.As(err, &ne) {
		return verity.Errorf(verity.EUNAVAILABLE, "the database is unreachable: %w", err)
	}
	return err
}

// describe names the store for messages: host, port, database and schema,
// never the password.
func describe(cfg *pgx.ConnConfig, schema string) string {
	return fmt.Sprintf("postgres://%s:%d/%s (schema %s)", cfg.Host, cfg.Port, cfg.Database, schema)
}

// passwordInURL finds the password of a postgres URL.
var passwordInURL = regexp.MustCompile(`(postgres(?:ql)?://[^:/@]*:)([^@]*)@`)

// redact removes the password of url from a message that may quote it.
func redact(msg, url string) string {
	m := passwordInURL.FindStringSubmatch(url)
	if m == nil || m[2] == "" {
		return msg
	}
	return strings.ReplaceAll(msg, m[2], "xxxxx")
}
