package sqlstore

import (
	"context"
	"database/sql"
	"strconv"
	"strings"
	"sync/atomic"
	"time"
)

// Searches may read from streaming replicas of the store's database
// (PostgreSQL hot standbys), everything else from the primary: writes,
// authentication (tokens, roles, the directory) and every other read. A
// replica serves a search only when it is never stale after a narrowing.
// With no lag allowed (MaxLag 0), its WAL replay position must have passed
// the primary's current WAL position, read from the primary as the search
// begins: everything committed before the search began — a revocation, an
// ACL narrowed, the caller's own writes — is then in its snapshot. With a
// lag allowed, it must have passed the position of the last narrowing
// (the replica_fence row, which triggers mark in every narrowing's
// transaction, see PostgreSQL's migration 020) and lag the primary by at
// most MaxLag bytes of WAL: new sources may be missing from what it
// reads, but nothing taken away may reappear. Positions are WAL positions
// (LSNs), never replay timestamps. A replica that is down, or is not a
// replica of this store, is skipped; with none fit, the search reads the
// primary. Who the caller is (its principals) is always read from the
// primary, so a revoked token or a removed member never reaches a replica.

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
	// Position reads, on the primary, the last narrowing's token and
	// position ('' while a committed narrowing has none yet) and the
	// current WAL position, as text.
	Position string
	// Fence records ?1, a position read with the mark of token ?2, as the
	// last narrowing's, unless a later narrowing has marked the row.
	Fence string
	// Replayed reads a replica's replay position, as text, and whether
	// it is a standby of this store (?1 is the primary's Identity).
	Replayed string
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
// replica that may serve it (see the top of this file), else on the
// primary; it says whether it is a replica's. A replica's snapshot that
// fails to begin gives way to the primary's.
func (d *DB) searchSnapshot(ctx context.Context) (*Tx, bool, error) {
	if db := d.reader(ctx); db != d.db {
		opts := d.dialect.Snapshot
		if tx, err := db.BeginTx(ctx, &opts); err == nil {
			return &Tx{Tx: tx, dialect: d.dialect, stmts: map[string]*sql.Stmt{}}, true, nil
		}
	}
	tx, err := d.snapshot(ctx)
	return tx, false, err
}

// reader picks the database a search reads, trying the replicas in turn.
// The primary's position and the first replica's replay position are read
// at once, in either order: a replica's snapshot, begun after its replay
// position was read, holds everything replayed by then, and the primary's
// position, read after the search began, is past every commit before it.
func (d *DB) reader(ctx context.Context) *sql.DB {
	if len(d.replicas) == 0 {
		return d.db
	}
	type position struct {
		token, fence, at string
		err              error
	}
	primary := make(chan position, 1)
	go func() {
		var p position
		p.err = d.db.QueryRowContext(ctx, d.dialect.Replicas.Position).Scan(&p.token, &p.fence, &p.at)
		if p.err == nil && p.fence == "" && d.maxLag > 0 {
			// A narrowing committed (this read sees its mark) at or
			// before the current position: record that as its position,
			// off the search's path; a later mark is left alone.
			p.fence = p.at
			go func() {
				fctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), replicaRest)
				defer cancel()
				d.db.ExecContext(fctx, d.dialect.rebind(d.dialect.Replicas.Fence), p.at, p.token)
			}()
		}
		primary <- p
	}()
	n := len(d.replicas)
	first := int(d.nextReplica.Add(1) % int64(n))
	var at *position
	for i := range n {
		r := d.replicas[(first+i)%n]
		now := time.Now()
		if now.UnixNano() < r.downUntil.Load() {
			continue
		}
		probe, cancel := context.WithTimeout(ctx, replicaProbe)
		var (
			replayed string
			ok       sql.NullBool
		)
		err := r.DB.QueryRowContext(probe, d.dialect.rebind(d.dialect.Replicas.Replayed), d.identity).Scan(&replayed, &ok)
		cancel()
		if err != nil {
			if ctx.Err() == nil {
				r.downUntil.Store(now.Add(replicaRest).UnixNano())
			}
			continue
		}
		if !ok.Valid || !ok.Bool {
			continue // not a standby of this store
		}
		if at == nil {
			p := <-primary
			at = &p
		}
		if at.err != nil {
			break
		}
		if fresh(replayed, at.fence, at.at, d.maxLag) {
			d.replicaReads.Add(1)
			return r.DB
		}
	}
	d.primaryReads.Add(1)
	return d.db
}

// fresh says whether a replica that has replayed up to replayed may serve
// a search, the last narrowing being at fence and the primary at current:
// with no lag allowed, it must have passed current; else it must have
// passed fence and be at most maxLag bytes behind current.
func fresh(replayed, fence, current string, maxLag int64) bool {
	if maxLag <= 0 {
		return lsnAtLeast(replayed, current)
	}
	r, okr := parseLSN(replayed)
	c, okc := parseLSN(current)
	return okr && okc && lsnAtLeast(replayed, fence) && (r >= c || c-r <= uint64(maxLag))
}

// lsnAtLeast says whether WAL position a (PostgreSQL's text form, X/Y in
// hexadecimal) is at or past b; a position that does not parse is never.
func lsnAtLeast(a, b string) bool {
	x, okx := parseLSN(a)
	y, oky := parseLSN(b)
	return okx && oky && x >= y
}

func parseLSN(s string) (uint64, bool) {
	hi, lo, ok := strings.Cut(s, "/")
	if !ok {
		return 0, false
	}
	h, err1 := strconv.ParseUint(hi, 16, 32)
	l, err2 := strconv.ParseUint(lo, 16, 32)
	return h<<32 | l, err1 == nil && err2 == nil
}
