package sqlstore

import (
	"context"
	"database/sql"
	"strconv"
	"strings"
	"sync"

	"github.com/riverqueue/river/riverdriver"
)

// Dialect is what differs between the databases the store runs on. The
// store's queries are written once, with ? placeholders, in the SQL that
// SQLite and PostgreSQL share (ON CONFLICT, RETURNING, string_agg with
// ORDER BY, octet_length); a dialect says how to number placeholders, how
// to pass values its driver does not take as they are, how writers are
// serialized and how a read sees one snapshot.
type Dialect struct {
	Name string // "sqlite" or "postgres", for messages
	// Numbered says placeholders are $1, $2... rather than ?; a query's
	// ?N (a numbered placeholder used twice) becomes $N.
	Numbered bool
	// IntBools says booleans are stored as 0/1 integers that the driver
	// will not convert itself: bool arguments are passed as int64.
	IntBools bool
	// Prepare says a write transaction prepares each distinct statement
	// once and runs it from then on: SQLite gains a fifth of ingest by it.
	// A driver that caches prepared statements per connection itself
	// (pgx) runs them directly instead, saving a round trip per statement.
	Prepare bool
	// TryLock takes the lock named key for as long as the process holds
	// it, without waiting: ok is false when another connection or process
	// holds it. A process that dies lets go of it at once (PostgreSQL's
	// session advisory lock, a file lock beside a SQLite store). Nil: no
	// such locks (every TryLock succeeds).
	TryLock func(ctx context.Context, db *sql.DB, key string) (release func(), ok bool, err error)
	// LockWrites, when not empty, runs first in every write transaction:
	// it serializes writers where the database does not (SQLite has one
	// writer at a time; PostgreSQL takes an advisory lock), so that reading
	// a counter and writing it back, or checking a rule and then storing,
	// is never interleaved with another process's write.
	LockWrites string
	// Snapshot is how a read-only transaction that must see one committed
	// state throughout (a search) begins.
	Snapshot sql.TxOptions
	// MapError turns a driver's error into a coded one where the code is
	// the user's to act on (a string the database cannot store is invalid
	// input; a database that cannot be reached is unavailable); nil keeps
	// errors as they are.
	MapError func(error) error
	// Identity is a query whose one text row tells this store apart from
	// every other (its file; its cluster, database and schema), however it
	// was named when opened: a copy refuses to write a store onto itself.
	Identity string
	// FollowIDs moves the counter that hands out a table's ids (?1 the
	// table, ?2 the column) to ?3 at least: a copy writes rows with ids of
	// their own, and an id handed out later must not be one of them.
	FollowIDs string
	// River returns the dialect's driver of the job queue (River) over db.
	River func(db *sql.DB) riverdriver.Driver[*sql.Tx]
	// Analyze, when not empty, runs after a copy has written a store,
	// followed by the store's tables: it gathers the statistics the
	// planner chooses plans by, which a database's own background work may
	// take a while to.
	Analyze string
	// URIDigest, when not empty, is the function of a uri that the index
	// keeping one uri per system holds (PostgreSQL indexes md5(uri), as a
	// uri may be longer than an index entry). A lookup by uri names it too,
	// so the planner takes that unique index even before the store has
	// statistics; without it, it scans every source of the system.
	URIDigest string
	// Vacuum compacts the store, giving the space of deleted rows and
	// dropped columns back to the file system (SQLite rewrites the file;
	// PostgreSQL rewrites the tables that migration 020 emptied of text).
	// Size is a query of the one number those bytes are measured by.
	Vacuum, Size string
	// Replicas, when set, is how a search tells whether a streaming
	// replica may serve it (replica.go).
	Replicas ReplicaDialect
	// Checkpoint, when not empty, folds the write-ahead log into the
	// database and empties it (SQLite's WAL grows with a bulk write and
	// stays until a checkpoint); PostgreSQL manages its own.
	Checkpoint string

	rebound sync.Map // query → its numbered form
}

// uriIs is the condition that column col holds the uri arg (a placeholder
// or a column), written so that the one-uri index answers it.
func (d *Dialect) uriIs(col, arg string) string {
	if d.URIDigest == "" {
		return col + " = " + arg
	}
	return d.URIDigest + "(" + col + ") = " + d.URIDigest + "(CAST(" + arg + " AS text)) AND " + col + " = " + arg
}

// rebind returns query with the dialect's placeholders. Placeholders inside
// quoted strings and identifiers are left alone.
func (d *Dialect) rebind(query string) string {
	if !d.Numbered || strings.IndexByte(query, '?') < 0 {
		return query
	}
	if q, ok := d.rebound.Load(query); ok {
		return q.(string)
	}
	var (
		b     strings.Builder
		n     int
		quote byte
	)
	b.Grow(len(query) + 8)
	for i := 0; i < len(query); i++ {
		c := query[i]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			}
			b.WriteByte(c)
		case c == '\'' || c == '"':
			quote = c
			b.WriteByte(c)
		case c == '?':
			j := i + 1
			for j < len(query) && query[j] >= '0' && query[j] <= '9' {
				j++
			}
			b.WriteByte('$')
			if j > i+1 {
				b.WriteString(query[i+1 : j]) // ?N keeps its number
				i = j - 1
			} else {
				n++
				b.WriteString(strconv.Itoa(n))
			}
		default:
			b.WriteByte(c)
		}
	}
	q := b.String()
	d.rebound.Store(query, q)
	return q
}

// args converts arguments the driver would refuse.
func (d *Dialect) args(args []any) []any {
	if !d.IntBools {
		return args
	}
	var out []any
	for i, a := range args {
		b, ok := a.(bool)
		if !ok {
			continue
		}
		if out == nil {
			out = append([]any(nil), args...)
		}
		out[i] = int64(0)
		if b {
			out[i] = int64(1)
		}
	}
	if out == nil {
		return args
	}
	return out
}

func (d *Dialect) mapError(err error) error {
	if err == nil || d.MapError == nil {
		return err
	}
	return d.MapError(err)
}
