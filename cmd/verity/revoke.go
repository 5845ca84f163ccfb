package main

import (
	"context"
	"io"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/kb"
	"github.com/veritykb/verity/receipt"
	"github.com/veritykb/verity/render"
)

// refsHelp says what a REF is, for the help of revoke, unrevoke and impact.
const refsHelp = `A REF is a source id (CONF-101, or source:CONF-101) or a derived record
(record:ID: a summary sentence, an edge, a merge, an answer statement, or a
quote:… record, one quote of one source that sentences and statements rest
on; they are counted and listed as "N quotes of SOURCE").`

func (a *app) revokeCmd() *cobra.Command {
	var reason string
	cmd := &cobra.Command{
		Use:   "revoke REF... --reason TEXT",
		Short: "Withdraw sources or records; what rested only on them dies",
		Args:  cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if strings.TrimSpace(reason) == "" {
				return verity.Errorf(verity.EINVALID, "revoke: --reason is required: say why, it goes into the log")
			}
			return a.runRevocation(cmd.Context(), receipt.ActionRevoke, args, reason)
		},
	}
	cmd.Flags().StringVar(&reason, "reason", "", "why (required; logged)")
	goneBy(cmd)
	return cmd
}

func (a *app) unrevokeCmd() *cobra.Command {
	var reason string
	cmd := &cobra.Command{
		Use:   "unrevoke REF...",
		Short: "Restore revoked sources or records and everything that rested on them",
		Args:  cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return a.runRevocation(cmd.Context(), receipt.ActionUnrevoke, args, reason)
		},
	}
	cmd.Flags().StringVar(&reason, "reason", "", "why (logged)")
	goneBy(cmd)
	return cmd
}

func (a *app) undoCmd() *cobra.Command {
	var reason string
	cmd := &cobra.Command{
		Use:   "undo EVENT",
		Short: "Reverse one event of the revocation log",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			id, err := strconv.ParseInt(args[0], 10, 64)
			if err != nil || id <= 0 {
				return verity.Errorf(verity.EINVALID, "undo: EVENT must be an event number from verity log, got %q", args[0])
			}
			ctx := cmd.Context()
			caller, svc, err := a.callerService(ctx)
			if err != nil {
				return err
			}
			rep, err := svc.Undo(ctx, caller, kb.UndoRequest{Event: id, Reason: reason})
			if err != nil {
				return err
			}
			return a.outRevocation(rep, rep.Event.Action)
		},
	}
	cmd.Flags().StringVar(&reason, "reason", "", "why (logged)")
	goneBy(cmd)
	return cmd
}

func (a *app) impactCmd() *cobra.Command {
	return serviceCmd(a, "impact REF...", "Dry run of revoke: what would die, what would survive on another set", cobra.MinimumNArgs(1),
		func(ctx context.Context, c verity.Caller, s *kb.Service, args []string) (*kb.RevocationReport, error) {
			return s.Impact(ctx, c, kb.ImpactRequest{Refs: args})
		}, func(w io.Writer, rep *kb.RevocationReport) { render.Revocation(w, rep, "") })
}

func (a *app) logCmd() *cobra.Command {
	return serviceCmd(a, "log", "The revocation log: who revoked or restored what, when and why", cobra.NoArgs,
		func(ctx context.Context, c verity.Caller, s *kb.Service, _ []string) (*kb.EventList, error) {
			return s.Log(ctx, c)
		}, render.Log)
}

// goneBy keeps the retired --by flag, hidden, so that scripts using it get
// a clear message instead of "unknown flag".
func goneBy(cmd *cobra.Command) {
	var by string
	cmd.Flags().StringVar(&by, "by", "", "gone: the log records the caller")
	cmd.Flags().MarkHidden("by")
	pre := cmd.PreRunE
	cmd.PreRunE = func(c *cobra.Command, args []string) error {
		if c.Flags().Changed("by") {
			return verity.Errorf(verity.EINVALID, "--by is gone: the log records who runs the command (the local operator, or the user given with --as)")
		}
		if pre != nil {
			return pre(c, args)
		}
		return nil
	}
}

func (a *app) runRevocation(ctx context.Context, action receipt.Action, args []string, reason string) error {
	caller, svc, err := a.callerService(ctx)
	if err != nil {
		return err
	}
	req := kb.RevokeRequest{Refs: args, Reason: reason}
	var rep *kb.RevocationReport
	if action == receipt.ActionRevoke {
		rep, err = svc.Revoke(ctx, caller, req)
	} else {
		rep, err = svc.Unrevoke(ctx, caller, req)
	}
	if err != nil {
		return err
	}
	return a.outRevocation(rep, action)
}

// outRevocation prints a report of action as JSON or text (see
// printRevocation).
func (a *app) outRevocation(rep *kb.RevocationReport, action receipt.Action) error {
	if a.json {
		return a.printJSON(rep)
	}
	render.Revocation(a.stdout, rep, action)
	return nil
}
