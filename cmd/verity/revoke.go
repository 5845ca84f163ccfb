package main

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/kb"
	"github.com/veritykb/verity/receipt"
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
	return &cobra.Command{
		Use:   "impact REF...",
		Short: "Dry run of revoke: what would die, what would survive on another set",
		Args:  cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			ctx := cmd.Context()
			caller, svc, err := a.callerService(ctx)
			if err != nil {
				return err
			}
			rep, err := svc.Impact(ctx, caller, kb.ImpactRequest{Refs: args})
			if err != nil {
				return err
			}
			return a.outRevocation(rep, "")
		},
	}
}

func (a *app) logCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "log",
		Short: "The revocation log: who revoked or restored what, when and why",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			ctx := cmd.Context()
			caller, svc, err := a.callerService(ctx)
			if err != nil {
				return err
			}
			list, err := svc.Log(ctx, caller)
			if err != nil {
				return err
			}
			if a.json {
				return a.printJSON(list)
			}
			if len(list.Events) == 0 {
				fmt.Fprintln(a.stdout, "no revocation events you can see")
			}
			for _, e := range list.Events {
				fmt.Fprintf(a.stdout, "%d  %s  %-8s %s  %s", e.ID, e.At.UTC().Format("2006-01-02 15:04:05"), e.Action, clean(string(e.Who)), clean(refList(e.Changed)))
				if e.Undoes != 0 {
					fmt.Fprintf(a.stdout, "  (undoes %d)", e.Undoes)
				}
				if e.Died != nil && e.Revived != nil {
					fmt.Fprintf(a.stdout, "  died %d, revived %d", *e.Died, *e.Revived)
				}
				if e.UndoneBy != 0 {
					fmt.Fprintf(a.stdout, "  [undone by %d]", e.UndoneBy)
				}
				fmt.Fprintln(a.stdout)
				switch {
				case e.Why != "":
					fmt.Fprintf(a.stdout, "    why: %s\n", clean(oneLine(e.Why, 200)))
				case e.WhyHidden:
					fmt.Fprintln(a.stdout, "    why: (another's reason, not shown)")
				}
			}
			return nil
		},
	}
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
	a.printRevocation(rep, action)
	return nil
}

// printRevocation prints a report for a terminal: of an impact (a dry run)
// when action is "", else of the revocation or unrevocation asked for, which
// has no event when it changed nothing.
func (a *app) printRevocation(out *kb.RevocationReport, action receipt.Action) {
	w := a.stdout
	ev := out.Event
	leave := "left"
	switch {
	case action == "":
		fmt.Fprintf(w, "impact of revoking %s (dry run: nothing changed)\n", clean(refList(out.Refs)))
		leave = "would leave"
	case ev == nil && action == receipt.ActionRevoke:
		fmt.Fprintf(w, "already revoked: %s: nothing changed, nothing logged\n", clean(refList(out.Already)))
		return
	case ev == nil:
		fmt.Fprintf(w, "already live: %s: nothing changed, nothing logged\n", clean(refList(out.Already)))
		return
	case ev.Action == receipt.ActionRevoke:
		fmt.Fprintf(w, "event %d: revoked %s by %s: %q\n", ev.ID, clean(refList(ev.Changed)), clean(string(ev.Who)), clean(oneLine(ev.Why, 200)))
	default:
		fmt.Fprintf(w, "event %d: restored %s by %s\n", ev.ID, clean(refList(ev.Changed)), clean(string(ev.Who)))
		leave = "returned to"
	}
	if len(out.Already) > 0 {
		fmt.Fprintf(w, "  already so, unchanged: %s\n", clean(refList(out.Already)))
	}
	if out.Search.Sources > 0 {
		fmt.Fprintf(w, "  search: %d chunk%s of %d source%s %s search\n", out.Search.Chunks, plural(out.Search.Chunks), out.Search.Sources, plural(out.Search.Sources), leave)
	}
	dieVerb, surviveVerb := "died", "survived on another set"
	if action == "" {
		dieVerb, surviveVerb = "would die", "would survive on another set"
	}
	if action == "" || ev.Action == receipt.ActionRevoke || out.Died.Count+out.Survived.Count > 0 {
		a.printGroup(dieVerb, "✗", out.Died)
		a.printGroup(surviveVerb, "✓", out.Survived)
	}
	if out.Revived.Count > 0 {
		a.printGroup("revived", "↺", out.Revived)
	}
	if ev != nil {
		fmt.Fprintf(w, "undo with: verity undo %d\n", ev.ID)
	}
}

func (a *app) printGroup(verb, mark string, g kb.RecordGroup) {
	fmt.Fprintf(a.stdout, "  %s: %d record%s", verb, g.Count, plural(g.Count))
	if g.Count > 0 {
		fmt.Fprintf(a.stdout, " (%s)", byKind(g.ByKind))
	}
	fmt.Fprintln(a.stdout)
	// Quote records are the plumbing between a sentence or statement and
	// a source: counted above, shown as one line per source they quote.
	quotes := map[string]int{}
	var sources []string
	for _, r := range g.Records {
		if r.Kind == verity.KindQuote {
			if quotes[r.Source] == 0 {
				sources = append(sources, r.Source)
			}
			quotes[r.Source]++
			continue
		}
		fmt.Fprintf(a.stdout, "    %s %s  %s  %s\n", mark, clean(r.ID), r.Kind, clean(oneLine(r.Text, 120)))
	}
	for _, src := range sources {
		n := quotes[src]
		fmt.Fprintf(a.stdout, "    %s %d quote%s of %s\n", mark, n, plural(n), clean(src))
	}
}

func byKind(m map[string]int) string {
	kinds := make([]string, 0, len(m))
	for k := range m {
		kinds = append(kinds, k)
	}
	slices.Sort(kinds)
	parts := make([]string, len(kinds))
	for i, k := range kinds {
		parts[i] = fmt.Sprintf("%s %d", k, m[k])
	}
	return strings.Join(parts, ", ")
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

func refList(refs []verity.Ref) string {
	parts := make([]string, len(refs))
	for i, r := range refs {
		parts[i] = string(r)
	}
	return strings.Join(parts, " ")
}
