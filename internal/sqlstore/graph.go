package sqlstore

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/receipt"
)

// graph serves package receipt's engine from the records, receipt_members and
// sources tables inside one transaction, so a cascade and what it changes are
// stored atomically.
type graph struct {
	tx  *Tx
	now func() string
}

var _ receipt.Store[verity.Ref] = graph{}

const batchSize = 400

// IsSource implements [receipt.Graph].
func (g graph) IsSource(r verity.Ref) bool { return r.Kind() == verity.RefSource }

// Uses implements [receipt.Graph] with the receipt_members index on member.
func (g graph) Uses(ctx context.Context, nodes []verity.Ref, dst []receipt.Use[verity.Ref]) ([]receipt.Use[verity.Ref], error) {
	for lo := 0; lo < len(nodes); lo += batchSize {
		part := nodes[lo:min(lo+batchSize, len(nodes))]
		rows, err := g.tx.QueryContext(ctx, `SELECT m.member, r.id, m.set_no FROM receipt_members m JOIN records r ON r.rid = m.rid
			WHERE m.member IN (`+placeholders(len(part))+`)`, refArgs(part)...)
		if err != nil {
			return dst, err
		}
		for rows.Next() {
			var (
				member, id string
				set        int
			)
			if err := rows.Scan(&member, &id, &set); err != nil {
				rows.Close()
				return dst, err
			}
			dst = append(dst, receipt.Use[verity.Ref]{Member: verity.Ref(member), Record: verity.RecordRef(id), Set: set})
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return dst, err
		}
	}
	return dst, nil
}

// Sets implements [receipt.Graph].
func (g graph) Sets(ctx context.Context, records []verity.Ref, fn func(verity.Ref, [][]verity.Ref)) error {
	for lo := 0; lo < len(records); lo += batchSize {
		part := records[lo:min(lo+batchSize, len(records))]
		found := map[verity.Ref][][]verity.Ref{}
		rows, err := g.tx.QueryContext(ctx, `SELECT id, receipt FROM records WHERE id IN (`+placeholders(len(part))+`)`, idArgs(part)...)
		if err != nil {
			return err
		}
		for rows.Next() {
			var id, rc string
			if err := rows.Scan(&id, &rc); err != nil {
				rows.Close()
				return err
			}
			var r verity.Receipt
			if err := json.Unmarshal([]byte(rc), &r); err != nil {
				rows.Close()
				return fmt.Errorf("record %q: stored receipt: %w", id, err)
			}
			found[verity.RecordRef(id)] = r.Sets
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		for _, r := range part {
			sets, ok := found[r]
			if !ok {
				return verity.Errorf(verity.ENOTFOUND, "no record %q", r.ID())
			}
			fn(r, sets)
		}
	}
	return nil
}

// Status implements [receipt.Graph]: a source is alive unless revoked; a
// record's flags are stored.
func (g graph) Status(ctx context.Context, nodes []verity.Ref, dst []receipt.Status) ([]receipt.Status, error) {
	var sources, records []verity.Ref
	for _, n := range nodes {
		if n.Kind() == verity.RefSource {
			sources = append(sources, n)
		} else {
			records = append(records, n)
		}
	}
	st := make(map[verity.Ref]receipt.Status, len(nodes))
	for lo := 0; lo < len(sources); lo += batchSize {
		part := sources[lo:min(lo+batchSize, len(sources))]
		rows, err := g.tx.QueryContext(ctx, `SELECT id, status FROM sources WHERE id IN (`+placeholders(len(part))+`)`, idArgs(part)...)
		if err != nil {
			return dst, err
		}
		for rows.Next() {
			var id, status string
			if err := rows.Scan(&id, &status); err != nil {
				rows.Close()
				return dst, err
			}
			revoked := status == string(verity.StatusRevoked)
			st[verity.SourceRef(id)] = receipt.Status{Revoked: revoked, Alive: !revoked, Support: -1}
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return dst, err
		}
	}
	for lo := 0; lo < len(records); lo += batchSize {
		part := records[lo:min(lo+batchSize, len(records))]
		rows, err := g.tx.QueryContext(ctx, `SELECT id, revoked, alive, support FROM records WHERE id IN (`+placeholders(len(part))+`)`, idArgs(part)...)
		if err != nil {
			return dst, err
		}
		for rows.Next() {
			var (
				id             string
				revoked, alive bool
				support        int
			)
			if err := rows.Scan(&id, &revoked, &alive, &support); err != nil {
				rows.Close()
				return dst, err
			}
			st[verity.RecordRef(id)] = receipt.Status{Revoked: revoked, Alive: alive, Support: support}
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return dst, err
		}
	}
	for _, n := range nodes {
		s, ok := st[n]
		if !ok {
			return dst, verity.Errorf(verity.ENOTFOUND, "no %s %q", n.Kind(), n.ID())
		}
		dst = append(dst, s)
	}
	return dst, nil
}

// Apply implements [receipt.Store]. Revoking a source also takes its chunks
// out of search; unrevoking puts them back. Records change in batches of
// one statement per state (and per support set), not one per record: a
// revocation that kills a thousand records is a few statements.
func (g graph) Apply(ctx context.Context, c receipt.Change[verity.Ref]) error {
	now := g.now()
	var revoked, unrevoked []verity.Ref
	for _, r := range c.Revoked {
		if r.Kind() == verity.RefRecord {
			revoked = append(revoked, r)
		} else if err := g.setSourceRevoked(ctx, r, true); err != nil {
			return err
		}
	}
	for _, r := range c.Unrevoked {
		if r.Kind() == verity.RefRecord {
			unrevoked = append(unrevoked, r)
		} else if err := g.setSourceRevoked(ctx, r, false); err != nil {
			return err
		}
	}
	if err := g.updateRecords(ctx, `UPDATE records SET revoked = 1, updated_at = ?`, now, revoked); err != nil {
		return err
	}
	if err := g.updateRecords(ctx, `UPDATE records SET revoked = 0, updated_at = ?`, now, unrevoked); err != nil {
		return err
	}
	if err := g.updateRecords(ctx, `UPDATE records SET alive = 0, support = -1, updated_at = ?`, now, c.Died); err != nil {
		return err
	}
	if err := g.updateRecords(ctx, `UPDATE records SET alive = 1, updated_at = ?`, now, c.Revived); err != nil {
		return err
	}
	bySet := map[int][]verity.Ref{}
	for _, s := range c.Supports {
		bySet[s.Set] = append(bySet[s.Set], s.Record)
	}
	for set, refs := range bySet {
		if err := g.updateRecords(ctx, `UPDATE records SET support = ?`, set, refs); err != nil {
			return err
		}
	}
	return nil
}

// updateRecords runs update (an UPDATE of records with one argument, arg,
// and no WHERE) on the records refs names, in batches.
func (g graph) updateRecords(ctx context.Context, update string, arg any, refs []verity.Ref) error {
	for lo := 0; lo < len(refs); lo += batchSize {
		part := refs[lo:min(lo+batchSize, len(refs))]
		args := append([]any{arg}, idArgs(part)...)
		if _, err := g.tx.ExecContext(ctx, update+` WHERE id IN (`+placeholders(len(part))+`)`, args...); err != nil {
			return err
		}
	}
	return nil
}

func (g graph) setSourceRevoked(ctx context.Context, r verity.Ref, revoked bool) error {
	status := verity.StatusActive
	if revoked {
		status = verity.StatusRevoked
	}
	var sid int64
	if err := g.tx.QueryRowContext(ctx, `SELECT sid FROM sources WHERE id = ?`, r.ID()).Scan(&sid); err != nil {
		return fmt.Errorf("source %q: %w", r.ID(), err)
	}
	if _, err := g.tx.ExecContext(ctx, `UPDATE sources SET status = ? WHERE sid = ?`, string(status), sid); err != nil {
		return err
	}
	if revoked {
		return unindex(ctx, g.tx, sid, true)
	}
	return reindex(ctx, g.tx, sid)
}

func refArgs(refs []verity.Ref) []any {
	out := make([]any, len(refs))
	for i, r := range refs {
		out[i] = string(r)
	}
	return out
}

func idArgs(refs []verity.Ref) []any {
	out := make([]any, len(refs))
	for i, r := range refs {
		out[i] = r.ID()
	}
	return out
}
