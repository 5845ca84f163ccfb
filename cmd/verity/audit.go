package main

import (
	"context"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/audit"
	"github.com/veritykb/verity/kb"
)

func (a *app) auditCmd() *cobra.Command {
	var (
		scope        verity.AuditScope
		opt          audit.Options
		apply        bool
		undetermined bool
		replay       bool
		queued       bool
		runID        int64
	)
	cmd := &cobra.Command{
		Use:   "audit",
		Short: "Check receipts by regeneration: would the model still conclude this from what remains?",
		Long: `Audit checks the receipts behind a revocation. For every record a revocation
touched — those that died and those that survived on another set — it takes
the sources the record was built from, leaves out the revoked ones, shows
the model only what remains and asks --probes times, independently, whether
it would still reach the record's conclusion. At least --alive-at yes is
alive, at most --dead-at yes is dead, anything between is undetermined: a
person decides (verity audit --undetermined lists them). A deterministic
model (the offline engine) is asked once; its one answer is one vote, read
against the same thresholds.

Scope: every revocation still in force (default), --event N (repeatable),
--disputed (records whose receipt and last audit disagree), or --record ID;
--sample N with --seed S audits a reproducible sample of them.

--blind does not show the conclusion: each probe asks what follows from the
remaining sources about the record's topic, and code compares the answers
with the record.

Every probe (task, prompt version, model, vars, raw answer) is stored;
--replay recomputes the verdicts of a stored run (--run N, default the
latest) from its probes with no model call and says whether they match.
Verdicts are reports: --apply revokes the records the audit finds dead but
receipts keep alive, on the caller's behalf with the run in the reason
(undo with verity undo). Each verdict becomes the record's last audit.

Rights: any caller may audit what it may read — only records it may read
are audited, and the model is shown only sources it may read (a verdict
says "withheld" when others were left out); --apply needs the curator role.
An admin (the local operator) audits everything.

When the model that audits also built the records — always with the offline
engine — the audit checks it against itself; the report says so.

--json prints {"run":{"id","at","model","prompt_version","blind",
"probes_per_record","alive_at","dead_at","scope","circular","applied",
"verdicts":[{"record","kind","text","event","receipt","verdict","yes","cast",
"requested","deterministic","shown","removed","withheld","reason","same_model"}]},
"counts":{"audited","skipped","alive","dead","undetermined","agree",
"disagree","kept_dead","dropped_live","probes"},"probes_stored","note",
"applied":{revocation, as verity revoke},"replay":[{"record","stored",
"replay","yes","cast","matches"}]}.`,
		Example: `  verity audit
  verity audit --event 3 --probes 5 --early-stop
  verity audit --sample 20 --seed 7 --blind
  verity audit --disputed --apply
  verity audit --undetermined
  verity audit --replay --run 2
  verity audit --queue          # a worker runs it; follow it with verity jobs`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			ctx := cmd.Context()
			caller, svc, err := a.callerService(ctx)
			if err != nil {
				return err
			}
			switch {
			case undetermined:
				return a.listUndetermined(ctx, svc, caller)
			case replay:
				return a.replayAudit(ctx, svc, caller, runID)
			}
			m, _, err := a.model(ctx)
			if err != nil {
				return err
			}
			if opt.DeadAt == 0 && cmd.Flags().Changed("dead-at") {
				opt.DeadAt = -1 // audit.Options reads 0 as the default; the flag means none
			}
			req := kb.AuditRequest{Scope: scope, Options: opt, Apply: apply}
			if queued {
				spec, err := a.modelSpecString()
				if err != nil {
					return err
				}
				q, err := svc.QueueAudit(ctx, caller, spec, req)
				if err != nil {
					return err
				}
				return a.printQueued(q)
			}
			out, err := svc.Audit(ctx, caller, m, req)
			if err != nil {
				return err
			}
			return a.printAudit(out)
		},
	}
	f := cmd.Flags()
	f.BoolVar(&queued, "queue", false, "queue the audit as a job for a worker (verity worker) instead of running it here")
	f.Int64SliceVar(&scope.Events, "event", nil, "audit the records this revocation event touched (repeatable; default every revocation in force)")
	f.BoolVar(&scope.Disputed, "disputed", false, "audit only the records whose receipt and last audit disagree")
	f.StringArrayVar(&scope.Records, "record", nil, "audit this record (repeatable)")
	f.IntVar(&scope.Sample, "sample", 0, "audit a sample of this many of the chosen records")
	f.Uint64Var(&scope.Seed, "seed", 1, "seed of --sample")
	f.IntVar(&opt.Probes, "probes", audit.DefaultProbes, "independent probes per record")
	f.IntVar(&opt.AliveAt, "alive-at", audit.DefaultAliveAt, "at least this many yes is alive")
	f.IntVar(&opt.DeadAt, "dead-at", audit.DefaultDeadAt, "at most this many yes is dead (0: only no yes at all)")
	f.BoolVar(&opt.EarlyStop, "early-stop", false, "stop probing a record once its verdict cannot change")
	f.BoolVar(&opt.Blind, "blind", false, "do not show the conclusion; compare what the model concludes with it")
	f.BoolVar(&apply, "apply", false, "revoke the records found dead that receipts keep alive")
	f.BoolVar(&undetermined, "undetermined", false, "list the records whose last audit was undetermined, for a person to decide")
	f.BoolVar(&replay, "replay", false, "recompute a stored run's verdicts from its probes, with no model call")
	f.Int64Var(&runID, "run", 0, "with --replay: the run (default the latest)")
	goneBy(cmd)
	return cmd
}

func (a *app) printAudit(out *kb.AuditReport) error {
	run := out.Run
	if a.json {
		shown := *run
		shown.Log = nil
		if shown.Verdicts == nil {
			shown.Verdicts = []verity.AuditVerdict{}
		}
		o := *out
		o.Run = &shown
		return a.printJSON(o)
	}
	w := a.stdout
	kind := "regeneration"
	if run.Blind {
		kind = "blind regeneration"
	}
	fmt.Fprintf(w, "audit run %d — %s by %s, prompt %s; %d probes per record (≥%d yes alive, ≤%d yes dead)\n",
		run.ID, kind, clean(run.Model), run.PromptVersion, run.Probes, run.AliveAt, run.DeadAt)
	if out.Note != "" {
		fmt.Fprintf(w, "NOTE: %s\n", out.Note)
	}
	if len(run.Verdicts) == 0 {
		fmt.Fprintln(w, "no records to audit: no revocation in force touched any (see verity log)")
		return nil
	}
	fmt.Fprintln(w)
	for _, v := range run.Verdicts {
		if v.Reason == audit.ReasonNoText {
			continue // summary headers and the like: counted as skipped below
		}
		votes := fmt.Sprintf("%d/%d yes", v.Yes, v.Cast)
		switch {
		case v.Reason != "":
			votes = v.Reason
		case v.Deterministic:
			votes += " (deterministic: one probe)"
		}
		mark := "="
		if !v.Agrees() {
			mark = "≠"
		}
		fmt.Fprintf(w, "%s %-22s receipt %-5s audit %-12s %s  shown %d, removed %d", mark, clean(v.Record), v.Receipt, orSkipped(v.Verdict), votes, len(v.Shown), len(v.Removed))
		if v.Withheld {
			fmt.Fprint(w, ", and sources you cannot read left out")
		}
		if v.Event != 0 {
			fmt.Fprintf(w, "  (event %d)", v.Event)
		}
		fmt.Fprintf(w, "\n    %s\n", clean(oneLine(v.Text, 120)))
	}
	c := out.Counts
	fmt.Fprintf(w, "\naudited %d, skipped %d: alive %d, dead %d, undetermined %d\n", c.Audited, c.Skipped, c.Alive, c.Dead, c.Undetermined)
	fmt.Fprintf(w, "receipts and audit agree on %d of %d (kept dead: %d, dropped live: %d); %d probes stored\n", c.Agree, c.Audited, c.KeptDead, c.DroppedLive, out.ProbesStored)
	switch {
	case out.Applied != nil && out.Applied.Event == nil:
		fmt.Fprintln(w, "applied: the records the audit found dead were revoked already: nothing changed, nothing logged")
	case out.Applied != nil:
		fmt.Fprintf(w, "applied: event %d revoked %d records the audit found dead (undo with verity undo %d)\n", out.Applied.Event.ID, out.Applied.Died.Count, out.Applied.Event.ID)
	case c.KeptDead > 0:
		fmt.Fprintln(w, "dead verdicts not applied: rerun with --apply to revoke them")
	}
	if c.Undetermined > 0 {
		fmt.Fprintln(w, "undetermined records wait for a person: verity audit --undetermined")
	}
	fmt.Fprintf(w, "replay without a model: verity audit --replay --run %d\n", run.ID)
	return nil
}

func orSkipped(s verity.RecordState) string {
	if s == "" {
		return "skipped"
	}
	return string(s)
}

func (a *app) replayAudit(ctx context.Context, svc *kb.Service, caller verity.Caller, id int64) error {
	out, err := svc.Replay(ctx, caller, id)
	if err != nil {
		return err
	}
	if a.json {
		return a.printAudit(out)
	}
	run := out.Run
	fmt.Fprintf(a.stdout, "replay of audit run %d (%s, %s) from %d stored probes, no model call:\n", run.ID, clean(run.Model), run.PromptVersion, len(run.Log))
	for _, r := range out.Replay {
		mark := "="
		if !r.Matches {
			mark = "≠"
		}
		fmt.Fprintf(a.stdout, "%s %-22s stored %-12s replayed %-12s %d/%d yes\n", mark, clean(r.Record), orSkipped(r.Stored), orSkipped(r.Replay), r.Yes, r.Cast)
	}
	fmt.Fprintln(a.stdout, audit.ReplaySummary(out.Replay))
	return nil
}

func (a *app) listUndetermined(ctx context.Context, svc *kb.Service, caller verity.Caller) error {
	g, err := svc.Undetermined(ctx, caller)
	if err != nil {
		return err
	}
	if a.json {
		return a.printJSON(map[string]any{"undetermined": g})
	}
	if g.Count == 0 {
		fmt.Fprintln(a.stdout, "no record waits for a person: no audit left one undetermined")
		return nil
	}
	a.printGroup("undetermined by their last audit, for a person to decide", "?", g)
	fmt.Fprintln(a.stdout, "decide: keep it (nothing to do), or verity revoke record:ID --reason ...")
	return nil
}
