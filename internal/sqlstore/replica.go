package sqlstore

import (
	"context"
	"database/sql"
	"sync/atomic"
	"time"
)

// Searches may read from streaming replicas of the store's database
// (PostgreSQL hot standbys), everything else from the primary: writes,
// authentication (tokens, roles, the directory) and every other read. A
// replica serves a search only when it is never stale: its WAL replay
// position has passed the primary's current WAL position, read from the
// primary as the search begins. Everything committed before the search
// began — a revocation, an ACL narrowed, a token revoked, a member
// removed, the caller's own writes — is then in the replica's snapshot.
// Positions are WAL positions (LSNs), never replay timestamps. A replica
// that is down, or is not a replica of this store, is skipped; with none
// fit, the search reads the primary.

// Replica is a read-only copy of the store's database that searches may
// read from.
type Replica struct {
	DB *sql.DB
	// downUntil is when a replica that failed a probe is tried again
	// (unix nanoseconds).
	downUntil atomic.Int64
}

// ReplicaDialect says how a dialect tells whether a replica has replayed
// the primary's writes.
type ReplicaDialect struct {
	// Position reads the primary's current WAL position, as text.
	Position string
	// Passed is true on a replica of this store (?2 is the primary's
	// Identity) whose replay position has passed ?1, a Position.
	Passed string
}

// replicaProbe bounds how long a search waits for a replica to say where
// it stands; replicaRest is how long a replica that did not answer is
// left alone.
const (
	replicaProbe = 300 * time.Millisecond
	replicaRest  = 5 * time.Second
)

// ReadCounts says how many searches read from the primary and how many
// from a replica since the store was opened.
func (d *DB) ReadCounts() (primary, replica int64) {
	return d.primaryReads.Load(), d.replicaReads.Load()
}

// searchSnapshot begins the read-only snapshot a search reads: on a
// replica that has replayed everything the primary held when it began,
// else on the primary.
func (d *DB) searchSnapshot(ctx context.Context) (*Tx, error) {
	db := d.reader(ctx)
	opts := d.dialect.Snapshot
	tx, err := db.BeginTx(ctx, &opts)
	if err != nil {
		return nil, d.dialect.mapError(err)
	}
	return &Tx{Tx: tx, dialect: d.dialect, stmts: map[string]*sql.Stmt{}}, nil
}

// reader picks the database a search reads, trying the replicas in turn.
func (d *DB) reader(ctx context.Context) *sql.DB {
	if len(d.replicas) == 0 {
		return d.db
	}
	var at string
	if err := d.db.QueryRowContext(ctx, d.dialect.Replicas.Position).Scan(&at); err != nil {
		d.primaryReads.Add(1)
		return d.db
	}
	n := len(d.replicas)
	first := int(d.nextReplica.Add(1))
	for i := range n {
		r := d.replicas[(first+i)%n]
		now := time.Now()
		if now.UnixNano() < r.downUntil.Load() {
			continue
		}
		probe, cancel := context.WithTimeout(ctx, replicaProbe)
		var passed sql.NullBool
		err := r.DB.QueryRowContext(probe, d.dialect.rebind(d.dialect.Replicas.Passed), at, d.identity).Scan(&passed)
		cancel()
		if err != nil {
			if ctx.Err() == nil {
				r.downUntil.Store(now.Add(replicaRest).UnixNano())
			}
			continue
		}
		if passed.Valid && passed.Bool {
			d.replicaReads.Add(1)
			return r.DB
		}
	}
	d.primaryReads.Add(1)
	return d.db
}
