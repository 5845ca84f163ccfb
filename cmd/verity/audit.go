package main

import (
	"context"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/audit"
	"github.com/veritykb/verity/kb"
	"github.com/veritykb/verity/printable"
	"github.com/veritykb/verity/render"
)

func (a *app) auditCmd() *cobra.Command {
	var (
		req          kb.AuditRequest
		deadAt       int
		undetermined bool
		replay       bool
		queued       bool
		runID        int64
	)
	cmd := &cobra.Command{
		Use:   "audit",
		Short: "Check receipts by regeneration: would the model still conclude this from what remains?",
		Args:  cobra.NoArgs,
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
			if cmd.Flags().Changed("dead-at") {
				req.DeadAt = &deadAt
			}
			if queued {
				if _, err := a.modelSpecString(); err != nil {
					return err
				}
				q, err := svc.QueueAudit(ctx, caller, req)
				if err != nil {
					return err
				}
				return a.printQueued(q)
			}
			out, err := svc.Audit(ctx, caller, req)
			if err != nil {
				return err
			}
			return a.outAudit(out)
		},
	}
	f := cmd.Flags()
	f.BoolVar(&queued, "queue", false, "queue the audit as a job for a worker (verity worker) instead of running it here")
	f.Int64SliceVar(&req.Events, "event", nil, "audit the records this revocation event touched (repeatable; default every revocation in force)")
	f.BoolVar(&req.Disputed, "disputed", false, "audit only the records whose receipt and last audit disagree")
	f.StringArrayVar(&req.Records, "record", nil, "audit this record (repeatable)")
	f.IntVar(&req.Sample, "sample", 0, "audit a sample of this many of the chosen records")
	f.Uint64Var(&req.Seed, "seed", 1, "seed of --sample")
	f.IntVar(&req.Probes, "probes", audit.DefaultProbes, "independent probes per record")
	f.IntVar(&req.AliveAt, "alive-at", audit.DefaultAliveAt, "at least this many yes is alive")
	f.IntVar(&deadAt, "dead-at", audit.DefaultDeadAt, "at most this many yes is dead (0: only no yes at all)")
	f.BoolVar(&req.EarlyStop, "early-stop", false, "stop probing a record once its verdict cannot change")
	f.BoolVar(&req.Blind, "blind", false, "do not show the conclusion; compare what the model concludes with it")
	f.BoolVar(&req.Apply, "apply", false, "revoke the records found dead that receipts keep alive")
	f.BoolVar(&undetermined, "undetermined", false, "list the records whose last audit was undetermined, for a person to decide")
	f.BoolVar(&replay, "replay", false, "recompute a stored run's verdicts from its probes, with no model call")
	f.Int64Var(&runID, "run", 0, "with --replay: the run (default the latest)")
	goneBy(cmd)
	return cmd
}

func (a *app) replayAudit(ctx context.Context, svc *kb.Service, caller verity.Caller, id int64) error {
	out, err := svc.Replay(ctx, caller, id)
	if err != nil {
		return err
	}
	if a.json {
		return a.outAudit(out)
	}
	run := out.Run
	fmt.Fprintf(a.stdout, "replay of audit run %d (%s, %s) from %d stored probes, no model call:\n", run.ID, printable.Text(run.Model), run.PromptVersion, out.ProbesStored)
	for _, r := range out.Replay {
		mark := "="
		if !r.Matches {
			mark = "≠"
		}
		fmt.Fprintf(a.stdout, "%s %-22s stored %-12s replayed %-12s %d/%d yes\n", mark, printable.Text(r.Record), render.OrSkipped(r.Stored), render.OrSkipped(r.Replay), r.Yes, r.Cast)
	}
	fmt.Fprintln(a.stdout, audit.ReplaySummary(out.Replay))
	return nil
}

func (a *app) listUndetermined(ctx context.Context, svc *kb.Service, caller verity.Caller) error {
	list, err := svc.Undetermined(ctx, caller)
	if err != nil {
		return err
	}
	if a.json {
		return a.printJSON(list)
	}
	g := list.Undetermined
	if g.Count == 0 {
		fmt.Fprintln(a.stdout, "no record waits for a person: no audit left one undetermined")
		return nil
	}
	render.Group(a.stdout, "undetermined by their last audit, for a person to decide", "?", g)
	fmt.Fprintln(a.stdout, "decide: keep it (nothing to do), or verity revoke record:ID --reason ...")
	return nil
}

// outAudit prints an audit report as JSON or for a terminal.
func (a *app) outAudit(out *kb.AuditReport) error {
	if a.json {
		return a.printJSON(out)
	}
	render.Audit(a.stdout, out)
	return nil
}
