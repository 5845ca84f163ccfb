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
		var refs []verity.Ref
		for _, r := range recs {
			if err := checkRefs(ctx, tx, r, batch); err != nil {
				return err
			}
			body := r.Body
			if len(body) == 0 {
				body = []byte("{}")
			}
			var (
				rid    int64
				stored string
			)
			err := tx.QueryRowContext(ctx, `SELECT rid, receipt FROM records WHERE id = ?`, r.ID).Scan(&rid, &stored)
			switch {
			case errors.Is(err, sql.ErrNoRows):
				rc := r.Receipt.Minimal()
				js, _ := json.Marshal(rc)
				if err := tx.QueryRowContext(ctx, `INSERT INTO records (id, kind, body, receipt, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?) RETURNING rid`,
					r.ID, string(r.Kind), body, string(js), now, now).Scan(&rid); err != nil {
					return err
				}
				if err := insertMembers(ctx, tx, rid, rc, 0); err != nil {
					return err
				}
			case err != nil:
				return err
			default:
				var old verity.Receipt
				if err := json.Unmarshal([]byte(stored), &old); err != nil {
					return fmt.Errorf("record %q: stored receipt: %w", r.ID, err)
				}
				grown, added := growReceipt(old, r.Receipt)
				js, _ := json.Marshal(grown)
				if _, err := tx.ExecContext(ctx, `UPDATE records SET body = ?, receipt = ?, updated_at = ? WHERE rid = ?`, body, string(js), now, rid); err != nil {
					return err
				}
				if err := insertMembers(ctx, tx, rid, verity.Receipt{Sets: added}, len(old.Sets)); err != nil {
					return err
				}
			}
			refs = append(refs, verity.RecordRef(r.ID))
		}
		var err error
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

// checkRefs refuses receipts that name unknown sources or records.
func checkRefs(ctx context.Context, tx *Tx, r *verity.Record, batch map[string]bool) error {
	for _, set := range r.Receipt.Sets {
		for _, ref := range set {
			var n int
			switch ref.Kind() {
			case verity.RefSource:
				if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM sources WHERE id = ?`, ref.ID()).Scan(&n); err != nil {
					return err
				}
			case verity.RefRecord:
				if batch[ref.ID()] {
					continue
				}
				if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM records WHERE id = ?`, ref.ID()).Scan(&n); err != nil {
					return err
				}
			default:
				return verity.Errorf(verity.EINVALID, "record %q: receipt ref %q is neither source:ID nor record:ID", r.ID, ref)
			}
			if n == 0 {
				return verity.Errorf(verity.EINVALID, "record %q rests on unknown %s %q", r.ID, ref.Kind(), ref.ID())
			}
		}
	}
	return nil
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
