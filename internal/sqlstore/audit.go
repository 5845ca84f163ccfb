package sqlstore

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"slices"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/receipt"
)

// Touched returns the records revocation event touched, as the store stands
// now: starting from the refs the event revoked, every record with a set
// holding one of them is touched; a touched record that is dead died (and
// the records resting on it are touched in turn), one that is alive
// survived on another set. This is the event's own cascade while nothing
// later changed the same records; a record killed since by another event is
// counted as having died here too.
func (d *DB) Touched(ctx context.Context, event int64) (died, survived []string, err error) {
	events, err := loadEvents(ctx, d.q())
	if err != nil {
		return nil, nil, err
	}
	i := slices.IndexFunc(events, func(e receipt.Event) bool { return e.ID == event })
	if i < 0 {
		return nil, nil, verity.Errorf(verity.ENOTFOUND, "no revocation event %d", event)
	}
	ev := events[i]
	if ev.Action != receipt.ActionRevoke {
		return nil, nil, verity.Errorf(verity.EINVALID, "event %d is an unrevocation, which touches no record an audit should check", event)
	}
	seen := map[string]bool{}
	for _, r := range ev.Changed {
		if r.Kind() == verity.RefRecord {
			seen[r.ID()] = true // revoked by hand: a person decided, nothing to audit
		}
	}
	frontier := slices.Clone(ev.Changed)
	for len(frontier) > 0 {
		var next []verity.Ref
		for lo := 0; lo < len(frontier); lo += batchSize {
			part := frontier[lo:min(lo+batchSize, len(frontier))]
			rows, err := d.q().QueryContext(ctx, `SELECT DISTINCT r.id, r.alive FROM receipt_members m JOIN records r ON r.rid = m.rid
				WHERE m.member IN (`+placeholders(len(part))+`) ORDER BY r.id`, refArgs(part)...)
			if err != nil {
				return nil, nil, fmt.Errorf("touched by event %d: %w", event, err)
			}
			for rows.Next() {
				var (
					id    string
					alive bool
				)
				if err := rows.Scan(&id, &alive); err != nil {
					rows.Close()
					return nil, nil, err
				}
				if seen[id] {
					continue
				}
				seen[id] = true
				if alive {
					survived = append(survived, id)
				} else {
					died = append(died, id)
					next = append(next, verity.RecordRef(id))
				}
			}
			rows.Close()
			if err := rows.Err(); err != nil {
				return nil, nil, err
			}
		}
		frontier = next
	}
	slices.Sort(died)
	slices.Sort(survived)
	return died, survived, nil
}

// Disputed returns the records whose last audit verdict differs from what
// their receipts say now: audited alive but dead, audited dead but alive,
// or left undetermined.
func (d *DB) Disputed(ctx context.Context) ([]string, error) {
	rows, err := d.q().QueryContext(ctx, `SELECT id FROM records
		WHERE (audit = 'alive' AND alive = 0) OR (audit = 'dead' AND alive = 1) OR audit = 'undetermined' ORDER BY id`)
	if err != nil {
		return nil, fmt.Errorf("disputed records: %w", err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		out = append(out, id)
	}
	return out, rows.Err()
}

// PutAuditRun stores an audit run with its verdicts and probes, records
// each verdict as its record's last audit (see [DB.SetAudit]), and sets
// run.ID: a random 10-digit number, like an event's, so that run ids do
// not count the audits a caller cannot see (runs from before keep theirs).
// A dead verdict kills nothing by itself.
func (d *DB) PutAuditRun(ctx context.Context, run *verity.AuditRun) error {
	scope, _ := json.Marshal(run.Scope)
	err := d.tx(ctx, func(tx *Tx) error {
		for range EventIDTries {
			id := RandomEventID()
			var n int
			if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM audit_runs WHERE id = ?`, id).Scan(&n); err != nil {
				return err
			}
			if n == 0 {
				run.ID = id
				break
			}
		}
		if run.ID == 0 {
			return verity.Errorf(verity.EINTERNAL, "no free audit run id after %d tries", EventIDTries)
		}
		_, err := tx.ExecContext(ctx, `INSERT INTO audit_runs (id, at, model, prompt_version, blind, probes, alive_at, dead_at, scope, circular, applied)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, run.ID, formatTime(run.At), run.Model, run.PromptVersion, run.Blind, run.Probes,
			run.AliveAt, run.DeadAt, string(scope), run.Circular, run.Applied)
		if err != nil {
			return err
		}
		for i, v := range run.Verdicts {
			shown, _ := json.Marshal(refsOrEmpty(v.Shown))
			removed, _ := json.Marshal(refsOrEmpty(v.Removed))
			if _, err := tx.ExecContext(ctx, `INSERT INTO audit_verdicts (run, pos, record, kind, text, event, receipt, verdict, yes, casts, requested,
				deterministic, shown, removed, reason, same_model, withheld) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
				run.ID, i, v.Record, string(v.Kind), v.Text, v.Event, string(v.Receipt), string(v.Verdict), v.Yes, v.Cast, v.Requested,
				v.Deterministic, string(shown), string(removed), v.Reason, v.SameModel, v.Withheld); err != nil {
				return err
			}
			if v.Verdict == "" {
				continue
			}
			if _, err := tx.ExecContext(ctx, `UPDATE records SET audit = ? WHERE id = ?`, string(v.Verdict), v.Record); err != nil {
				return err
			}
		}
		for _, p := range run.Log {
			if _, err := tx.ExecContext(ctx, `INSERT INTO audit_probes (run, record, sample, seed, task, prompt_version, model, vars, answer, label, reason, cached)
				VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, run.ID, p.Record, p.Sample, p.Seed, p.Task, p.PromptVersion, p.Model,
				string(p.Vars), p.Answer, p.Label, p.Reason, p.Cached); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("store audit run: %w", err)
	}
	return nil
}

func refsOrEmpty(refs []verity.Ref) []verity.Ref {
	if refs == nil {
		return []verity.Ref{}
	}
	return refs
}

// SetAuditApplied records that revocation event applied run's dead verdicts.
func (d *DB) SetAuditApplied(ctx context.Context, run, event int64) error {
	res, err := d.q().ExecContext(ctx, `UPDATE audit_runs SET applied = ? WHERE id = ?`, event, run)
	if err != nil {
		return fmt.Errorf("audit run %d: %w", run, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return verity.Errorf(verity.ENOTFOUND, "no audit run %d", run)
	}
	return nil
}

// AuditRun returns a stored run with its verdicts and probes; id 0 is the
// latest run.
func (d *DB) AuditRun(ctx context.Context, id int64) (*verity.AuditRun, error) {
	if id == 0 {
		// The latest is the one run last: ids are random, so by time.
		if err := d.q().QueryRowContext(ctx, `SELECT coalesce((SELECT id FROM audit_runs ORDER BY at DESC, id DESC LIMIT 1), 0)`).Scan(&id); err != nil {
			return nil, fmt.Errorf("latest audit run: %w", err)
		}
		if id == 0 {
			return nil, verity.Errorf(verity.ENOTFOUND, "no audit has been run on this store")
		}
	}
	run := &verity.AuditRun{ID: id}
	var at, scope string
	err := d.q().QueryRowContext(ctx, `SELECT at, model, prompt_version, blind, probes, alive_at, dead_at, scope, circular, applied
		FROM audit_runs WHERE id = ?`, id).Scan(&at, &run.Model, &run.PromptVersion, &run.Blind, &run.Probes, &run.AliveAt,
		&run.DeadAt, &scope, &run.Circular, &run.Applied)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, verity.Errorf(verity.ENOTFOUND, "no audit run %d", id)
	}
	if err != nil {
		return nil, fmt.Errorf("audit run %d: %w", id, err)
	}
	run.At = parseTime(at)
	json.Unmarshal([]byte(scope), &run.Scope)
	rows, err := d.q().QueryContext(ctx, `SELECT record, kind, text, event, receipt, verdict, yes, casts, requested, deterministic,
		shown, removed, reason, same_model, withheld FROM audit_verdicts WHERE run = ? ORDER BY pos`, id)
	if err != nil {
		return nil, fmt.Errorf("audit run %d: %w", id, err)
	}
	for rows.Next() {
		var (
			v                   verity.AuditVerdict
			kind, rcpt, verdict string
			shown, removed      string
		)
		if err := rows.Scan(&v.Record, &kind, &v.Text, &v.Event, &rcpt, &verdict, &v.Yes, &v.Cast, &v.Requested, &v.Deterministic,
			&shown, &removed, &v.Reason, &v.SameModel, &v.Withheld); err != nil {
			rows.Close()
			return nil, err
		}
		v.Kind, v.Receipt, v.Verdict = verity.RecordKind(kind), verity.RecordState(rcpt), verity.RecordState(verdict)
		json.Unmarshal([]byte(shown), &v.Shown)
		json.Unmarshal([]byte(removed), &v.Removed)
		run.Verdicts = append(run.Verdicts, v)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	rows, err = d.q().QueryContext(ctx, `SELECT record, sample, seed, task, prompt_version, model, vars, answer, label, reason, cached
		FROM audit_probes WHERE run = ? ORDER BY record, sample`, id)
	if err != nil {
		return nil, fmt.Errorf("audit run %d: %w", id, err)
	}
	defer rows.Close()
	for rows.Next() {
		var (
			p    verity.AuditProbe
			vars string
		)
		if err := rows.Scan(&p.Record, &p.Sample, &p.Seed, &p.Task, &p.PromptVersion, &p.Model, &vars, &p.Answer, &p.Label, &p.Reason, &p.Cached); err != nil {
			return nil, err
		}
		p.Vars = json.RawMessage(vars)
		run.Log = append(run.Log, p)
	}
	return run, rows.Err()
}
