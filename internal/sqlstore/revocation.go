package sqlstore

import (
	"context"
	"encoding/json"

	"fmt"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/receipt"
)

// Revoke withdraws sources or records on behalf of actor a (who, and the
// API token it used, both recorded in the event): what rested only on them
// dies, what has another live set survives. The cascade, the new states and
// the log entry are stored in one transaction; no model is called. When
// every ref is revoked already, nothing is stored and the event is the zero
// Event ([receipt.Log.Revoke] appends none).
func (d *DB) Revoke(ctx context.Context, refs []verity.Ref, a verity.Actor, why string) (receipt.Event, receipt.Change[verity.Ref], error) {
	return d.logged(ctx, a.Token, func(l *receipt.Log, g graph) (receipt.Event, receipt.Change[verity.Ref], error) {
		return l.Revoke(ctx, g, refs, a.Who, why)
	})
}

// Unrevoke restores revoked sources or records and everything that rested on
// them, on behalf of actor a. When no ref is revoked, nothing is stored and
// the event is the zero Event, as for Revoke.
func (d *DB) Unrevoke(ctx context.Context, refs []verity.Ref, a verity.Actor, why string) (receipt.Event, receipt.Change[verity.Ref], error) {
	return d.logged(ctx, a.Token, func(l *receipt.Log, g graph) (receipt.Event, receipt.Change[verity.Ref], error) {
		return l.Unrevoke(ctx, g, refs, a.Who, why)
	})
}

// Undo appends the inverse of a logged event on behalf of actor a.
func (d *DB) Undo(ctx context.Context, event int64, a verity.Actor, why string) (receipt.Event, receipt.Change[verity.Ref], error) {
	return d.logged(ctx, a.Token, func(l *receipt.Log, g graph) (receipt.Event, receipt.Change[verity.Ref], error) {
		return l.Undo(ctx, g, event, a.Who, why)
	})
}

// Impact is a dry run of Revoke: what would die and what would survive on
// another set. Nothing is changed or logged.
func (d *DB) Impact(ctx context.Context, refs []verity.Ref) (receipt.Change[verity.Ref], error) {
	tx, err := d.begin(ctx)
	if err != nil {
		return receipt.Change[verity.Ref]{}, err
	}
	defer tx.Rollback()
	if err := checkKnown(ctx, tx, refs); err != nil {
		return receipt.Change[verity.Ref]{}, err
	}
	return receipt.Impact(ctx, graph{tx: tx, now: d.nowString}, refs)
}

func (d *DB) nowString() string { return formatTime(d.now()) }

// RevocationLog returns every logged event in log order.
func (d *DB) RevocationLog(ctx context.Context) ([]receipt.Event, error) {
	return loadEvents(ctx, d.q())
}

func (d *DB) logged(ctx context.Context, token string, fn func(*receipt.Log, graph) (receipt.Event, receipt.Change[verity.Ref], error)) (receipt.Event, receipt.Change[verity.Ref], error) {
	var (
		ev     receipt.Event
		change receipt.Change[verity.Ref]
	)
	err := d.tx(ctx, func(tx *Tx) error {
		past, err := loadEvents(ctx, tx)
		if err != nil {
			return err
		}
		l, err := receipt.NewLog(d.now, past, receipt.WithIDs(RandomEventID))
		if err != nil {
			return err
		}
		g := graph{tx: tx, now: d.nowString}
		if ev, change, err = fn(l, g); err != nil {
			return err
		}
		if !ev.Logged() {
			return nil // the log appended nothing: nothing changed
		}
		ev.Token = token
		refs, _ := json.Marshal(ev.Refs)
		changed, _ := json.Marshal(ev.Changed)
		// The log holds every stored event, so the id it drew is free; seq
		// puts the event last.
		_, err = tx.ExecContext(ctx, `INSERT INTO revocations (id, seq, action, refs, changed, who, token, why, at, undoes, died, revived)
			VALUES (?, (SELECT coalesce(max(seq), 0) + 1 FROM revocations), ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			ev.ID, string(ev.Action), string(refs), string(changed), string(ev.Who), ev.Token, ev.Why, formatTime(ev.At), ev.Undoes, ev.Died, ev.Revived)
		return err
	})
	if err != nil {
		if verity.ErrorCode(err) != verity.EINTERNAL {
			return ev, change, err
		}
		return ev, change, fmt.Errorf("revocation: %w", err)
	}
	return ev, change, nil
}

func loadEvents(ctx context.Context, q querier) ([]receipt.Event, error) {
	rows, err := q.QueryContext(ctx, `SELECT id, action, refs, changed, who, token, why, at, undoes, died, revived FROM revocations ORDER BY seq`)
	if err != nil {
		return nil, fmt.Errorf("read revocation log: %w", err)
	}
	defer rows.Close()
	var out []receipt.Event
	for rows.Next() {
		var (
			e               receipt.Event
			action, who, at string
			refs, changed   string
		)
		if err := rows.Scan(&e.ID, &action, &refs, &changed, &who, &e.Token, &e.Why, &at, &e.Undoes, &e.Died, &e.Revived); err != nil {
			return nil, fmt.Errorf("read revocation log: %w", err)
		}
		e.Action, e.Who, e.At = receipt.Action(action), verity.Principal(who), parseTime(at)
		json.Unmarshal([]byte(refs), &e.Refs)
		json.Unmarshal([]byte(changed), &e.Changed)
		out = append(out, e)
	}
	return out, rows.Err()
}

// checkKnown refuses refs to sources or records the store does not hold.
func checkKnown(ctx context.Context, tx *Tx, refs []verity.Ref) error {
	_, err := graph{tx: tx}.Status(ctx, refs, nil)
	return err
}
