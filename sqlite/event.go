package sqlite

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/veritykb/verity/internal/sqlstore"
)

// freshEventID returns a random event id not in taken and adds it there.
func freshEventID(taken map[int64]bool) (int64, error) {
	for range sqlstore.EventIDTries {
		if id := sqlstore.RandomEventID(); !taken[id] {
			taken[id] = true
			return id, nil
		}
	}
	return 0, fmt.Errorf("no free event id after %d tries", sqlstore.EventIDTries)
}

// remapEventIDs is the Go step of migration 008: it gives every stored
// revocation event a fresh random id and rewrites every column that refers
// to an event — revocations.undoes, audit_runs.applied, audit_verdicts.event
// and the event list of audit_runs.scope — so each still names the same
// event. A reference to an id the log does not hold is left as it is (0
// means none). The new ids avoid the old ones as well as each other, so no
// rewrite can land on an id still waiting for its own.
func remapEventIDs(ctx context.Context, tx *sqlstore.Tx) error {
	old, err := eventIDs(ctx, tx)
	if err != nil {
		return err
	}
	if len(old) == 0 {
		return nil
	}
	taken := make(map[int64]bool, 2*len(old))
	for _, id := range old {
		taken[id] = true
	}
	remap := make(map[int64]int64, len(old))
	if _, err := tx.ExecContext(ctx, `CREATE TEMP TABLE event_remap (old INTEGER PRIMARY KEY, new INTEGER NOT NULL UNIQUE)`); err != nil {
		return fmt.Errorf("remap event ids: %w", err)
	}
	for _, id := range old {
		n, err := freshEventID(taken)
		if err != nil {
			return fmt.Errorf("remap event ids: %w", err)
		}
		remap[id] = n
		if _, err := tx.ExecContext(ctx, `INSERT INTO event_remap (old, new) VALUES (?, ?)`, id, n); err != nil {
			return fmt.Errorf("remap event ids: %w", err)
		}
	}
	for _, q := range []string{
		`UPDATE revocations SET id = (SELECT new FROM event_remap WHERE old = revocations.id)`,
		`UPDATE revocations SET undoes = (SELECT new FROM event_remap WHERE old = undoes) WHERE undoes IN (SELECT old FROM event_remap)`,
		`UPDATE audit_runs SET applied = (SELECT new FROM event_remap WHERE old = applied) WHERE applied IN (SELECT old FROM event_remap)`,
		`UPDATE audit_verdicts SET event = (SELECT new FROM event_remap WHERE old = event) WHERE event IN (SELECT old FROM event_remap)`,
		`DROP TABLE temp.event_remap`,
	} {
		if _, err := tx.ExecContext(ctx, q); err != nil {
			return fmt.Errorf("remap event ids: %w", err)
		}
	}
	return remapScopeEvents(ctx, tx, remap)
}

// eventIDs returns the ids of the stored revocation events in log order.
func eventIDs(ctx context.Context, tx *sqlstore.Tx) ([]int64, error) {
	rows, err := tx.QueryContext(ctx, `SELECT id FROM revocations ORDER BY seq`)
	if err != nil {
		return nil, fmt.Errorf("remap event ids: %w", err)
	}
	defer rows.Close()
	var ids []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, fmt.Errorf("remap event ids: %w", err)
		}
		ids = append(ids, id)
	}
	return ids, rows.Err()
}

// remapScopeEvents rewrites the events an audit run was scoped to. Only the
// events member changes (json_set keeps the other members and their order).
func remapScopeEvents(ctx context.Context, tx *sqlstore.Tx, remap map[int64]int64) error {
	rows, err := tx.QueryContext(ctx, `SELECT id, json_extract(scope, '$.events') FROM audit_runs
		WHERE CASE WHEN json_valid(scope) THEN json_type(scope, '$.events') = 'array' ELSE 0 END`)
	if err != nil {
		return fmt.Errorf("remap audit scopes: %w", err)
	}
	scopes := map[int64][]int64{}
	for rows.Next() {
		var (
			run    int64
			events string
		)
		if err := rows.Scan(&run, &events); err != nil {
			rows.Close()
			return fmt.Errorf("remap audit scopes: %w", err)
		}
		var ids []int64
		if err := json.Unmarshal([]byte(events), &ids); err != nil {
			rows.Close()
			return fmt.Errorf("remap audit scope of run %d: %w", run, err)
		}
		scopes[run] = ids
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return fmt.Errorf("remap audit scopes: %w", err)
	}
	for run, ids := range scopes {
		for i, id := range ids {
			if n, ok := remap[id]; ok {
				ids[i] = n
			}
		}
		b, _ := json.Marshal(ids)
		if _, err := tx.ExecContext(ctx, `UPDATE audit_runs SET scope = json_set(scope, '$.events', json(?)) WHERE id = ?`, string(b), run); err != nil {
			return fmt.Errorf("remap audit scope of run %d: %w", run, err)
		}
	}
	return nil
}
