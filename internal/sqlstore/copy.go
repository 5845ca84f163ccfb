package sqlstore

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"fmt"
	"hash"
	"slices"
	"strings"

	"github.com/veritykb/verity"
)

// Store is a store that runs on this package: *sqlite.DB and *postgres.DB
// are, since they embed *DB. A copy takes its destination as one, so that
// it can only ever write into a store of the same tables and columns.
type Store interface{ sqlStore() *DB }

func (d *DB) sqlStore() *DB { return d }

// copyTable is a table the copy moves. copyTables lists them in the order
// they move: every table a foreign key refers to before the tables that
// refer to it.
type copyTable struct {
	name string
	// key orders the rows (the primary key; index_postings' unique key):
	// a copy resumes after the last key the destination holds.
	key []string
	// ids is the column whose values the database hands out (an identity
	// or AUTOINCREMENT column), "" for none: the copy writes ids of its own
	// there, so the counter must move past them.
	ids string
	// single marks the table of one row that every store makes itself
	// (search_stats): the source's row replaces the destination's, after
	// every other table. Until then an interrupted copy's counters say it
	// holds no chunk, so no search reads a half-copied index.
	single bool
}

var copyTables = []copyTable{
	{name: "sources", key: []string{"sid"}, ids: "sid"},
	{name: "source_versions", key: []string{"sid", "version"}},
	{name: "source_blocks", key: []string{"sid", "version", "block"}},
	{name: "source_acl", key: []string{"principal", "sid"}},
	{name: "chunks", key: []string{"cid"}},
	{name: "llm_cache", key: []string{"key"}},
	{name: "records", key: []string{"rid"}, ids: "rid"},
	{name: "receipt_members", key: []string{"rid", "set_no", "member"}},
	{name: "revocations", key: []string{"id"}},
	{name: "extract_runs", key: []string{"run"}},
	{name: "extract_pages", key: []string{"run", "source_id", "version"}},
	{name: "extract_steps", key: []string{"id"}, ids: "id"},
	{name: "extract_evidence", key: []string{"evidence"}},
	{name: "extract_review", key: []string{"id"}},
	{name: "extract_votes", key: []string{"id"}, ids: "id"},
	{name: "extract_aliases", key: []string{"key", "alias"}},
	{name: "extract_gone", key: []string{"evidence"}},
	{name: "answers", key: []string{"key"}},
	{name: "audit_runs", key: []string{"id"}},
	{name: "audit_verdicts", key: []string{"run", "record"}},
	{name: "audit_probes", key: []string{"run", "record", "sample"}},
	{name: "crawls", key: []string{"crawl"}},
	{name: "crawl_urls", key: []string{"crawl", "url"}},
	{name: "research_calls", key: []string{"run", "seq"}},
	{name: "roles", key: []string{"principal", "role"}},
	{name: "tokens", key: []string{"id"}},
	{name: "undiscoverable_sources", key: []string{"sid"}},
	{name: "undiscoverable_systems", key: []string{"system"}},
	{name: "hint_queries", key: []string{"principal", "hour"}},
	{name: "directory_users", key: []string{"principal"}},
	{name: "directory_groups", key: []string{"principal"}},
	{name: "directory_members", key: []string{"grp", "member"}},
	{name: "directory_aliases", key: []string{"platform"}},
	{name: "directory_log", key: []string{"id"}, ids: "id"},
	{name: "connectors", key: []string{"name"}},
	{name: "connector_items", key: []string{"connector", "sid"}},
	{name: "answer_log", key: []string{"id"}},
	{name: "answer_feedback", key: []string{"answer", "rater"}},
	{name: "chat_link_codes", key: []string{"hash"}},
	{name: "chat_links", key: []string{"platform", "account"}},
	{name: "chat_audiences", key: []string{"platform", "chat"}},
	{name: "chat_settings", key: []string{"platform"}},
	{name: "chat_deliveries", key: []string{"platform", "id"}},
	{name: "index_segments", key: []string{"seg"}, ids: "seg"},
	{name: "index_postings", key: []string{"term", "seg"}},
	{name: "index_deleted", key: []string{"cid"}},
	{name: "index_dead_terms", key: []string{"term"}},
	{name: "search_stats", key: []string{"id"}, single: true},
}

// notCopied are the tables a copy leaves alone: where replicas stand
// (positions in the WAL of one PostgreSQL cluster) and the job queue (River's
// tables, whose columns differ between its SQLite and PostgreSQL drivers,
// and Verity's row for each job). A queue holds work in flight, not knowledge:
// let its jobs finish, or cancel them, before moving a store; the copy's
// destination has an empty queue of its own.
var notCopied = []string{"replica_fence", "jobs", "river_client", "river_client_queue", "river_job", "river_leader",
	"river_migration", "river_notification", "river_queue"}

const (
	// copyBatch is how many rows a write transaction of the copy holds at
	// most; copyBatchBytes bounds its text and blobs (source versions and
	// posting lists can be large).
	copyBatch      = 1000
	copyBatchBytes = 8 << 20
)

// CopyTo copies the whole store, every table but schema_migrations, into
// dst, a store made by sqlite.Open or postgres.Open that is empty or holds
// what an interrupted copy of this store wrote. Rows keep their ids. The
// source is read in one snapshot, so writes made meanwhile are not in the
// copy; the destination is written in batches, each its own transaction,
// so an interrupted copy loses at most the batch in flight, and running it
// again continues each table after the last key the destination holds.
// Afterwards both sides are read again and compared table by table, by row
// count and a SHA-256 of every row: a difference is an error naming the
// tables, returned with the report. progress, when not nil, hears each
// table's progress.
func (d *DB) CopyTo(ctx context.Context, dst any, progress func(verity.CopyProgress)) (*verity.CopyReport, error) {
	return d.copyTo(ctx, dst, copyBatch, progress)
}

// tableCopy is one table's state through a copy.
type tableCopy struct {
	copyTable
	cols   []column
	src    hash.Hash // the source's rows so far, in key order
	rows   int64     // the source's rows in the snapshot
	before int64     // rows the destination held at the start
	last   []any     // the key of the last row the destination holds
	copied int64
	single []row // a single table's rows, when the destination's differ: written last
}

func (d *DB) copyTo(ctx context.Context, dst any, batch int, progress func(verity.CopyProgress)) (*verity.CopyReport, error) {
	st, ok := dst.(Store)
	if !ok || st == nil {
		return nil, verity.Errorf(verity.EINVALID, "copy: the destination is not a SQLite or PostgreSQL store (%T)", dst)
	}
	to := st.sqlStore()
	if progress == nil {
		progress = func(verity.CopyProgress) {}
	}
	if err := d.refuseUnfit(ctx, to); err != nil {
		return nil, err
	}
	snap, err := d.snapshot(ctx)
	if err != nil {
		return nil, fmt.Errorf("copy: read the source: %w", err)
	}
	defer snap.Rollback()
	tables, err := d.checkDestination(ctx, snap, to, progress)
	if err != nil {
		return nil, err
	}
	for _, tc := range tables {
		if tc.copyTable.single {
			continue
		}
		if err := copyRows(ctx, snap, to, tc, batch, progress); err != nil {
			return nil, fmt.Errorf("copy table %s: %w", tc.name, err)
		}
	}
	if err := to.finishCopy(ctx, tables); err != nil {
		return nil, fmt.Errorf("copy: %w", err)
	}
	return to.verifyCopy(ctx, tables, progress)
}

// refuseUnfit refuses a destination that is the source itself, or whose
// schema another version of Verity made.
func (d *DB) refuseUnfit(ctx context.Context, to *DB) error {
	if d.sameStore(ctx, to) {
		return verity.Errorf(verity.EINVALID, "copy: the destination is the source itself; give another file, database or schema")
	}
	var a, b int
	if err := d.q().QueryRowContext(ctx, `SELECT coalesce(max(version), 0) FROM schema_migrations`).Scan(&a); err != nil {
		return fmt.Errorf("copy: read the source's schema version: %w", err)
	}
	if err := to.q().QueryRowContext(ctx, `SELECT coalesce(max(version), 0) FROM schema_migrations`).Scan(&b); err != nil {
		return fmt.Errorf("copy: read the destination's schema version: %w", err)
	}
	if a != b {
		return verity.Errorf(verity.EINVALID, "copy: the source's schema is at version %d and the destination's at %d; open both with the same verity, the newer one", a, b)
	}
	return nil
}

// sameStore reports whether two handles reach one store, by the dialect's
// Identity. A store that cannot say (the query refused) is taken for
// another: copied onto itself, a store would only find every row there
// already, so the check spares a confusing run and guards nothing else.
func (d *DB) sameStore(ctx context.Context, to *DB) bool {
	if d == to {
		return true
	}
	if d.dialect.Name != to.dialect.Name || d.dialect.Identity == "" {
		return false
	}
	var a, b string
	if d.q().QueryRowContext(ctx, d.dialect.Identity).Scan(&a) != nil || to.q().QueryRowContext(ctx, to.dialect.Identity).Scan(&b) != nil {
		return false
	}
	return a != "" && a == b
}

// checkDestination reads each table's columns on both sides and makes
// sure the destination holds nothing but the first rows, in key order, of
// each of the source's tables: nothing, or what an interrupted copy wrote.
// It writes nothing, so a refused destination is left as it was.
func (d *DB) checkDestination(ctx context.Context, snap *Tx, to *DB, progress func(verity.CopyProgress)) ([]*tableCopy, error) {
	var out []*tableCopy
	for _, t := range copyTables {
		tc := &tableCopy{copyTable: t, src: sha256.New()}
		cols, err := columnsOf(ctx, snap, t.name)
		if err != nil {
			return nil, fmt.Errorf("copy: columns of the source's %s: %w", t.name, err)
		}
		dcols, err := columnsOf(ctx, to.q(), t.name)
		if err != nil {
			return nil, fmt.Errorf("copy: columns of the destination's %s: %w", t.name, err)
		}
		if !sameNames(cols, dcols) {
			return nil, verity.Errorf(verity.EINVALID, "copy: table %s has columns %v in the source and %v in the destination",
				t.name, names(cols), names(dcols))
		}
		tc.cols = kindsOf(cols, dcols)
		if err := snap.QueryRowContext(ctx, `SELECT count(*) FROM "`+t.name+`"`).Scan(&tc.rows); err != nil {
			return nil, fmt.Errorf("copy: count the source's %s: %w", t.name, err)
		}
		progress(verity.CopyProgress{Stage: "check", Table: t.name, Total: tc.rows})
		out = append(out, tc)
		theirs := sha256.New()
		n, last, err := sumRows(ctx, to.q(), tc, theirs, -1)
		if err != nil {
			return nil, fmt.Errorf("copy: read the destination's %s: %w", t.name, err)
		}
		if t.single {
			// The destination's own row is replaced, unless it is the
			// source's already (a copy run again).
			if tc.single, err = readRows(ctx, snap, tc, tc.src); err != nil {
				return nil, fmt.Errorf("copy: read the source's %s: %w", t.name, err)
			}
			if n == tc.rows && slices.Equal(tc.src.Sum(nil), theirs.Sum(nil)) {
				tc.before, tc.single = n, nil
			}
			continue
		}
		if n == 0 {
			continue
		}
		m, _, err := sumRows(ctx, snap, tc, tc.src, n)
		if err != nil {
			return nil, fmt.Errorf("copy: read the source's %s: %w", t.name, err)
		}
		if m != n || !slices.Equal(tc.src.Sum(nil), theirs.Sum(nil)) {
			what := fmt.Sprintf("rows that are not the source's first %d", n)
			if n > tc.rows {
				what = fmt.Sprintf("rows, more than the source's %d", tc.rows)
			}
			return nil, verity.Errorf(verity.ECONFLICT, "copy: the destination's table %s holds %d %s: it holds other data, or an interrupted copy of a source that has changed since; copy into an empty store (a new file, or a new schema: ?search_path=NEW)",
				t.name, n, what)
		}
		tc.before, tc.last = n, last
	}
	return out, nil
}

// copyRows copies a table's rows after the destination's last key, in
// batches of their own transactions, and adds them to the source's sum.
func copyRows(ctx context.Context, snap *Tx, to *DB, tc *tableCopy, batch int, progress func(verity.CopyProgress)) error {
	progress(verity.CopyProgress{Stage: "copy", Table: tc.name, Done: tc.before, Total: tc.rows})
	if tc.before == tc.rows {
		return nil
	}
	rows, err := snap.QueryContext(ctx, selectRows(tc, tc.last != nil, false), tc.last...)
	if err != nil {
		return err
	}
	defer rows.Close()
	var (
		pending []row
		size    int
	)
	flush := func() error {
		if err := ctx.Err(); err != nil {
			return err
		}
		if err := to.tx(ctx, func(tx *Tx) error { return insertRows(ctx, tx, tc, pending) }); err != nil {
			return err
		}
		tc.copied += int64(len(pending))
		pending, size = pending[:0], 0
		progress(verity.CopyProgress{Stage: "copy", Table: tc.name, Done: tc.before + tc.copied, Total: tc.rows})
		return nil
	}
	for rows.Next() {
		r, err := scanRow(rows, len(tc.cols))
		if err != nil {
			return err
		}
		if err := writeRow(tc.src, r); err != nil {
			return err
		}
		pending = append(pending, r)
		size += r.size()
		if len(pending) >= batch || size >= copyBatchBytes {
			if err := flush(); err != nil {
				return err
			}
		}
	}
	if err := rows.Err(); err != nil {
		return err
	}
	if len(pending) > 0 {
		return flush()
	}
	return nil
}

// finishCopy writes the single tables' rows in place of the destination's
// own and moves every id counter past the ids the copy wrote, in one
// transaction: the copy is a store whose searches see its index only now.
func (d *DB) finishCopy(ctx context.Context, tables []*tableCopy) error {
	err := d.tx(ctx, func(tx *Tx) error {
		for _, tc := range tables {
			if tc.single != nil {
				if _, err := tx.ExecContext(ctx, `DELETE FROM "`+tc.name+`"`); err != nil {
					return err
				}
				if err := insertRows(ctx, tx, tc, tc.single); err != nil {
					return fmt.Errorf("table %s: %w", tc.name, err)
				}
				tc.copied = int64(len(tc.single))
			}
			if tc.ids == "" || d.dialect.FollowIDs == "" {
				continue
			}
			var max int64
			if err := tx.QueryRowContext(ctx, `SELECT coalesce(max("`+tc.ids+`"), 0) FROM "`+tc.name+`"`).Scan(&max); err != nil {
				return err
			}
			if max > 0 {
				if _, err := tx.ExecContext(ctx, d.dialect.FollowIDs, tc.name, tc.ids, max); err != nil {
					return fmt.Errorf("move the id counter of %s past %d: %w", tc.name, max, err)
				}
			}
		}
		return nil
	})
	if err != nil || d.dialect.Analyze == "" {
		return err
	}
	names := make([]string, len(tables))
	for i, tc := range tables {
		names[i] = tc.name
	}
	if _, err := d.db.ExecContext(ctx, d.dialect.Analyze+" "+quoted(names)); err != nil {
		return fmt.Errorf("gather statistics: %w", err)
	}
	return nil
}

// verifyCopy counts and sums every table of the destination in one
// snapshot and compares them with the source's.
func (d *DB) verifyCopy(ctx context.Context, tables []*tableCopy, progress func(verity.CopyProgress)) (*verity.CopyReport, error) {
	snap, err := d.snapshot(ctx)
	if err != nil {
		return nil, fmt.Errorf("copy: verify: %w", err)
	}
	defer snap.Rollback()
	rep := &verity.CopyReport{Verified: true}
	var differ []string
	for _, tc := range tables {
		theirs := sha256.New()
		n, _, err := sumRows(ctx, snap, tc, theirs, -1)
		if err != nil {
			return nil, fmt.Errorf("copy: verify table %s: %w", tc.name, err)
		}
		t := verity.CopyTable{
			Table: tc.name, Copied: tc.copied, Before: tc.before, Rows: tc.rows, DestRows: n,
			Checksum: hex.EncodeToString(tc.src.Sum(nil)), DestChecksum: hex.EncodeToString(theirs.Sum(nil)),
		}
		t.Match = t.Rows == t.DestRows && t.Checksum == t.DestChecksum
		if !t.Match {
			rep.Verified = false
			differ = append(differ, fmt.Sprintf("%s (source %d rows, sha256 %.12s; destination %d rows, sha256 %.12s)",
				t.Table, t.Rows, t.Checksum, t.DestRows, t.DestChecksum))
		}
		rep.Tables = append(rep.Tables, t)
		rep.Copied += t.Copied
		rep.Before += t.Before
		progress(verity.CopyProgress{Stage: "verify", Table: tc.name, Done: n, Total: tc.rows})
	}
	if len(differ) > 0 {
		return rep, verity.Errorf(verity.EINTERNAL, "copy: verification failed: the destination differs from the source in %s", strings.Join(differ, ", "))
	}
	return rep, nil
}

// selectRows reads a table's columns in key order, after a key (?s) when
// after is set, and at most ? rows when limit is.
func selectRows(tc *tableCopy, after, limit bool) string {
	q := `SELECT ` + quoted(names(tc.cols)) + ` FROM "` + tc.name + `"`
	if after {
		q += ` WHERE (` + quoted(tc.key) + `) > (` + placeholders(len(tc.key)) + `)`
	}
	q += ` ORDER BY ` + quoted(tc.key)
	if limit {
		q += ` LIMIT ?`
	}
	return q
}

// sumRows adds the first limit rows of a table in key order (every row
// for a negative limit) to h, and returns how many it read and the last
// one's key.
func sumRows(ctx context.Context, q querier, tc *tableCopy, h hash.Hash, limit int64) (int64, []any, error) {
	var args []any
	if limit >= 0 {
		args = append(args, limit)
	}
	rows, err := q.QueryContext(ctx, selectRows(tc, false, limit >= 0), args...)
	if err != nil {
		return 0, nil, err
	}
	defer rows.Close()
	var (
		n    int64
		last row
	)
	for rows.Next() {
		if last, err = scanRow(rows, len(tc.cols)); err != nil {
			return 0, nil, err
		}
		if err := writeRow(h, last); err != nil {
			return 0, nil, err
		}
		n++
	}
	if err := rows.Err(); err != nil || n == 0 {
		return 0, nil, err
	}
	return n, tc.keyOf(last), nil
}

// readRows reads a whole (small) table in key order, adding it to h.
func readRows(ctx context.Context, q querier, tc *tableCopy, h hash.Hash) ([]row, error) {
	rows, err := q.QueryContext(ctx, selectRows(tc, false, false))
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []row
	for rows.Next() {
		r, err := scanRow(rows, len(tc.cols))
		if err != nil {
			return nil, err
		}
		if err := writeRow(h, r); err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

// insertRows writes rows into the table, as many to a statement as
// insertMany may, each value of the Go type its column takes.
func insertRows(ctx context.Context, tx *Tx, tc *tableCopy, rows []row) error {
	vals := make([][]any, len(rows))
	for i, r := range rows {
		vals[i] = make([]any, len(r))
		for j, v := range r {
			vals[i][j] = tc.cols[j].convert(v)
		}
	}
	cols := make([]string, len(tc.cols))
	for i, c := range tc.cols {
		cols[i] = `"` + c.name + `"`
	}
	return insertMany(ctx, tx, `"`+tc.name+`"`, cols, vals)
}

func (tc *tableCopy) keyOf(r row) []any {
	out := make([]any, len(tc.key))
	for i, k := range tc.key {
		out[i] = r[slices.IndexFunc(tc.cols, func(c column) bool { return c.name == k })]
	}
	return out
}

func quoted(names []string) string {
	return `"` + strings.Join(names, `", "`) + `"`
}

// scanRow reads the current row's values as the driver gives them.
func scanRow(rows *sql.Rows, n int) (row, error) {
	r := make(row, n)
	ptrs := make([]any, n)
	for i := range r {
		ptrs[i] = &r[i]
	}
	return r, rows.Scan(ptrs...)
}
