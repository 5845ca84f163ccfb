package sqlstore

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/receipt"
)

// PutRecords stores derived records with their receipts and settles their
// liveness in the same transaction. A new record is alive when some set of its
// receipt is alive. Storing a known id replaces its body and adds the new
// receipt's sets to the old ones: receipts only grow (a record loses support
// through revocation, never by being rewritten), so a record that gains a
// live set revives, and one stored again unchanged stays as it was.
// Every ref must name a stored source or a record stored before or in this
// batch; a record whose receipt is empty is refused.
func (d *DB) PutRecords(ctx context.Context, recs []*verity.Record) (receipt.Change[verity.Ref], error) {
	var change receipt.Change[verity.Ref]
	now := formatTime(d.now())
	batch := map[string]bool{}
	for _, r := range recs {
		if strings.TrimSpace(r.ID) == "" {
			return change, verity.Errorf(verity.EINVALID, "record without id")
		}
		if r.Kind == "" {
			return change, verity.Errorf(verity.EINVALID, "record %q without kind", r.ID)
		}
		if len(r.Receipt.Minimal().Sets) == 0 {
			return change, verity.Errorf(verity.EINVALID, "record %q has an empty receipt: every derived record rests on something", r.ID)
		}
		batch[r.ID] = true
	}
	err := d.tx(ctx, func(tx *Tx) error {
		if err := checkRefs(ctx, tx, recs, batch); err != nil {
			return err
		}
		stored, err := storedReceipts(ctx, tx, recs)
		if err != nil {
			return err
		}
		// Records new to the store are inserted together at the end; one
		// named twice in the batch is grown in memory as the store would
		// grow it.
		var fresh []*newRecord
		byID := map[string]*newRecord{}
		refs := make([]verity.Ref, 0, len(recs))
		for _, r := range recs {
			refs = append(refs, verity.RecordRef(r.ID))
			body := r.Body
			if len(body) == 0 {
				body = []byte("{}")
			}
			if n := byID[r.ID]; n != nil {
				n.receipt, _ = growReceipt(n.receipt, r.Receipt)
				n.body = body
				continue
			}
			old, ok := stored[r.ID]
			if !ok {
				n := &newRecord{id: r.ID, kind: r.Kind, body: body, receipt: r.Receipt.Minimal()}
				fresh, byID[r.ID] = append(fresh, n), n
				continue
			}
			grown, added := growReceipt(old.receipt, r.Receipt)
			js, _ := json.Marshal(grown)
			if _, err := tx.ExecContext(ctx, `UPDATE records SET body = ?, receipt = ?, updated_at = ? WHERE rid = ?`, body, string(js), now, old.rid); err != nil {
				return err
			}
			if err := insertMembers(ctx, tx, old.rid, verity.Receipt{Sets: added}, len(old.receipt.Sets)); err != nil {
				return err
			}
			stored[r.ID] = storedReceipt{rid: old.rid, receipt: grown}
		}
		if err := insertRecords(ctx, tx, fresh, now); err != nil {
			return err
		}
		change, err = receipt.Add(ctx, graph{tx: tx, now: func() string { return now }}, refs)
		return err
	})
	if err != nil {
		if verity.ErrorCode(err) != verity.EINTERNAL {
			return change, err
		}
		return change, fmt.Errorf("store records: %w", err)
	}
	return change, nil
}

// newRecord is a record a batch stores for the first time.
type newRecord struct {
	id      string
	kind    verity.RecordKind
	body    []byte
	receipt verity.Receipt
	rid     int64 // set by insertRecords
}

// insertRecords inserts new records with a statement for many of them, and
// then their receipts' members.
func insertRecords(ctx context.Context, tx *Tx, recs []*newRecord, now string) error {
	const cols = 6
	per := maxRowArgs / cols
	for lo := 0; lo < len(recs); lo += per {
		group := recs[lo:min(lo+per, len(recs))]
		args := make([]any, 0, len(group)*cols)
		byID := make(map[string]*newRecord, len(group))
		for _, n := range group {
			js, _ := json.Marshal(n.receipt)
			args = append(args, n.id, string(n.kind), n.body, string(js), now, now)
			byID[n.id] = n
		}
		rows, err := tx.QueryContext(ctx, `INSERT INTO records (id, kind, body, receipt, created_at, updated_at) VALUES `+
			strings.TrimSuffix(strings.Repeat("(?, ?, ?, ?, ?, ?), ", len(group)), ", ")+` RETURNING id, rid`, args...)
		if err != nil {
			return err
		}
		for rows.Next() {
			var (
				id  string
				rid int64
			)
			if err := rows.Scan(&id, &rid); err != nil {
				rows.Close()
				return err
			}
			if n := byID[id]; n != nil {
				n.rid = rid
			}
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
	}
	var members [][]any
	for _, n := range recs {
		if n.rid == 0 {
			return fmt.Errorf("record %q: the store gave it no row id", n.id)
		}
		for i, set := range n.receipt.Sets {
			for _, m := range set {
				members = append(members, []any{n.rid, i, string(m)})
			}
		}
	}
	return insertMany(ctx, tx, "receipt_members", []string{"rid", "set_no", "member"}, members)
}

// storedReceipt is what a batch needs of a record stored before it.
type storedReceipt struct {
	rid     int64
	receipt verity.Receipt
}

// storedReceipts reads the row ids and receipts of the records of recs
// that the store holds, in batches.
func storedReceipts(ctx context.Context, tx *Tx, recs []*verity.Record) (map[string]storedReceipt, error) {
	ids := make([]string, 0, len(recs))
	for _, r := range recs {
		ids = append(ids, r.ID)
	}
	slices.Sort(ids)
	ids = slices.Compact(ids)
	out := map[string]storedReceipt{}
	for lo := 0; lo < len(ids); lo += batchSize {
		part := ids[lo:min(lo+batchSize, len(ids))]
		rows, err := tx.QueryContext(ctx, `SELECT id, rid, receipt FROM records WHERE id IN (`+placeholders(len(part))+`)`, argsOf(part)...)
		if err != nil {
			return nil, err
		}
		for rows.Next() {
			var (
				id, rc string
				st     storedReceipt
			)
			if err := rows.Scan(&id, &st.rid, &rc); err != nil {
				rows.Close()
				return nil, err
			}
			if err := json.Unmarshal([]byte(rc), &st.receipt); err != nil {
				rows.Close()
				return nil, fmt.Errorf("record %q: stored receipt: %w", id, err)
			}
			out[id] = st
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// argsOf returns xs as query arguments.
// scanAll runs query and reads every row with scan, in order; what names
// the list in an error.
func scanAll[T any](ctx context.Context, q querier, what, query string, scan func(interface{ Scan(...any) error }) (*T, error), args ...any) ([]T, error) {
	rows, err := q.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("list %s: %w", what, err)
	}
	defer rows.Close()
	out := []T{}
	for rows.Next() {
		v, err := scan(rows)
		if err != nil {
			return nil, fmt.Errorf("list %s: %w", what, err)
		}
		out = append(out, *v)
	}
	return out, rows.Err()
}

func argsOf[T any](xs []T) []any {
	out := make([]any, len(xs))
	for i, x := range xs {
		out[i] = x
	}
	return out
}

// growReceipt appends to old the sets of add that old does not already imply
// (no old set is contained in them), keeping old's set numbers stable.
func growReceipt(old, add verity.Receipt) (verity.Receipt, [][]verity.Ref) {
	grown := verity.Receipt{Sets: slices.Clone(old.Sets)}
	var added [][]verity.Ref
	for _, s := range add.Minimal().Sets {
		implied := false
		for _, o := range grown.Sets {
			if subset(o, s) {
				implied = true
				break
			}
		}
		if !implied {
			grown.Sets = append(grown.Sets, s)
			added = append(added, s)
		}
	}
	return grown, added
}

// subset reports whether every ref of a is in b.
func subset(a, b []verity.Ref) bool {
	for _, x := range a {
		if !slices.Contains(b, x) {
			return false
		}
	}
	return true
}

func insertMembers(ctx context.Context, tx *Tx, rid int64, rc verity.Receipt, firstSet int) error {
	for i, set := range rc.Sets {
		for _, m := range set {
			if _, err := tx.ExecContext(ctx, `INSERT INTO receipt_members (rid, set_no, member) VALUES (?, ?, ?) ON CONFLICT DO NOTHING`, rid, firstSet+i, string(m)); err != nil {
				return err
			}
		}
	}
	return nil
}

// checkRefs refuses receipts that name unknown sources or records: every
// ref must name a stored source, a stored record or a record of this batch.
// The refs are looked up together, a statement for many; the first record
// (in batch order) with an unknown ref is the one the error names.
func checkRefs(ctx context.Context, tx *Tx, recs []*verity.Record, batch map[string]bool) error {
	var sources, records []string
	for _, r := range recs {
		for _, set := range r.Receipt.Sets {
			for _, ref := range set {
				switch ref.Kind() {
				case verity.RefSource:
					sources = append(sources, ref.ID())
				case verity.RefRecord:
					if !batch[ref.ID()] {
						records = append(records, ref.ID())
					}
				}
			}
		}
	}
	knownSources, err := known(ctx, tx, "sources", sources)
	if err != nil {
		return err
	}
	knownRecords, err := known(ctx, tx, "records", records)
	if err != nil {
		return err
	}
	for _, r := range recs {
		for _, set := range r.Receipt.Sets {
			for _, ref := range set {
				var ok bool
				switch ref.Kind() {
				case verity.RefSource:
					ok = knownSources[ref.ID()]
				case verity.RefRecord:
					ok = batch[ref.ID()] || knownRecords[ref.ID()]
				default:
					return verity.Errorf(verity.EINVALID, "record %q: receipt ref %q is neither source:ID nor record:ID", r.ID, ref)
				}
				if !ok {
					return verity.Errorf(verity.EINVALID, "record %q rests on unknown %s %q", r.ID, ref.Kind(), ref.ID())
				}
			}
		}
	}
	return nil
}

// known returns which of ids the table (sources or records) holds.
func known(ctx context.Context, tx *Tx, table string, ids []string) (map[string]bool, error) {
	slices.Sort(ids)
	ids = slices.Compact(ids)
	out := make(map[string]bool, len(ids))
	for lo := 0; lo < len(ids); lo += batchSize {
		part := ids[lo:min(lo+batchSize, len(ids))]
		// A probe per id through its index: with an IN list the planner may
		// scan the whole table (PostgreSQL does, before it has statistics).
		rows, err := tx.QueryContext(ctx, `SELECT v.column1 FROM (VALUES `+strings.TrimSuffix(strings.Repeat("(?),", len(part)), ",")+`) v
			WHERE (SELECT 1 FROM `+table+` t WHERE t.id = v.column1 LIMIT 1) IS NOT NULL`, argsOf(part)...)
		if err != nil {
			return nil, err
		}
		for rows.Next() {
			var id string
			if err := rows.Scan(&id); err != nil {
				rows.Close()
				return nil, err
			}
			out[id] = true
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return nil, err
		}
	}
	return out, nil
}

const recordColumns = `id, kind, body, receipt, revoked, alive, audit, created_at`

func scanRecord(sc interface{ Scan(...any) error }) (*verity.Record, error) {
	var (
		r              verity.Record
		kind, rc       string
		audit, created string
		revoked, alive bool
	)
	if err := sc.Scan(&r.ID, &kind, &r.Body, &rc, &revoked, &alive, &audit, &created); err != nil {
		return nil, err
	}
	r.Kind = verity.RecordKind(kind)
	if err := json.Unmarshal([]byte(rc), &r.Receipt); err != nil {
		return nil, fmt.Errorf("record %q: stored receipt: %w", r.ID, err)
	}
	r.State = verity.StateDead
	if alive {
		r.State = verity.StateAlive
		if audit == string(verity.StateUndetermined) {
			r.State = verity.StateUndetermined
		}
	}
	r.CreatedAt = parseTime(created)
	return &r, nil
}

// Record returns one record with its receipt and state.
func (d *DB) Record(ctx context.Context, id string) (*verity.Record, error) {
	r, err := scanRecord(d.q().QueryRowContext(ctx, `SELECT `+recordColumns+` FROM records WHERE id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, verity.Errorf(verity.ENOTFOUND, "no record %q", id)
	}
	if err != nil {
		return nil, fmt.Errorf("read record %q: %w", id, err)
	}
	return r, nil
}

// Records lists records by id.
func (d *DB) Records(ctx context.Context, f verity.RecordFilter) ([]*verity.Record, error) {
	where := []string{"1 = 1"}
	var args []any
	if f.Kind != "" {
		where = append(where, "kind = ?")
		args = append(args, string(f.Kind))
	}
	if f.AliveOnly {
		where = append(where, "alive = 1")
	}
	if f.Prefix != "" {
		where = append(where, "substr(id, 1, ?) = ?")
		args = append(args, len(f.Prefix), f.Prefix)
	}
	if f.Audit != "" {
		where = append(where, "audit = ?")
		args = append(args, f.Audit)
	}
	q := `SELECT ` + recordColumns + ` FROM records WHERE ` + strings.Join(where, " AND ") + ` ORDER BY id`
	if f.Limit > 0 {
		q += fmt.Sprintf(" LIMIT %d", f.Limit)
	}
	rows, err := d.q().QueryContext(ctx, q, args...)
	if err != nil {
		return nil, fmt.Errorf("list records: %w", err)
	}
	defer rows.Close()
	var out []*verity.Record
	for rows.Next() {
		r, err := scanRecord(rows)
		if err != nil {
			return nil, fmt.Errorf("list records: %w", err)
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

// SetAudit records an audit's verdict on records: "alive", "dead",
// "undetermined", or "" to clear it. A dead verdict does not kill a record by
// itself; a person (or the audit command) revokes it when they agree.
func (d *DB) SetAudit(ctx context.Context, ids []string, verdict verity.RecordState) error {
	return d.tx(ctx, func(tx *Tx) error {
		for _, id := range ids {
			res, err := tx.ExecContext(ctx, `UPDATE records SET audit = ? WHERE id = ?`, string(verdict), id)
			if err != nil {
				return err
			}
			if n, _ := res.RowsAffected(); n == 0 {
				return verity.Errorf(verity.ENOTFOUND, "no record %q", id)
			}
		}
		return nil
	})
}
