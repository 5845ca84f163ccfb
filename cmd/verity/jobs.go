package main

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/kb"
)

func (a *app) jobsCmd() *cobra.Command {
	var (
		states []string
		batch  string
		limit  int
	)
	cmd := &cobra.Command{
		Use:   "jobs",
		Short: "List the queued jobs you may see, newest first; show or cancel one",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			ctx := cmd.Context()
			caller, svc, err := a.callerService(ctx)
			if err != nil {
				return err
			}
			jobs, err := svc.Jobs(ctx, caller, kb.JobQuery{States: states, Batch: batch, Limit: limit})
			if err != nil {
				return err
			}
			if a.json {
				return a.printJSON(jobs)
			}
			if len(jobs) == 0 {
				fmt.Fprintln(a.stdout, "no jobs")
				return nil
			}
			for _, j := range jobs {
				printJobLine(a.stdout, j, a.now())
			}
			return nil
		},
	}
	f := cmd.Flags()
	f.StringArrayVar(&states, "state", nil, "only jobs in this state, repeatable: queued, running, retrying, done, failed, cancelled")
	f.StringVar(&batch, "batch", "", "only the jobs of this batch (one --queue request)")
	f.IntVar(&limit, "limit", 100, "at most this many jobs")
	cmd.AddCommand(a.jobShowCmd(), a.jobCancelCmd())
	return cmd
}

func parseJobID(s string) (int64, error) {
	id, err := strconv.ParseInt(s, 10, 64)
	if err != nil || id <= 0 {
		return 0, verity.Errorf(verity.EINVALID, "job id %q: want a positive number (see verity jobs)", s)
	}
	return id, nil
}

func (a *app) jobShowCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "show ID",
		Short: "Show a job: its state, progress, attempts, errors and, once done, its report",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			j, err := a.onJob(cmd.Context(), args[0], (*kb.Service).Job)
			if err != nil || a.json {
				return err
			}
			printJob(a.stdout, j, a.now())
			return nil
		},
	}
}

func (a *app) jobCancelCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "cancel ID",
		Short: "Cancel a job: a queued one never runs, a running one stops at its next page",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			j, err := a.onJob(cmd.Context(), args[0], (*kb.Service).CancelJob)
			if err != nil || a.json {
				return err
			}
			switch {
			case j.State == verity.JobCancelled:
				fmt.Fprintf(a.stdout, "job %d cancelled\n", j.ID)
			case j.State.Finished():
				fmt.Fprintf(a.stdout, "job %d had finished already: %s\n", j.ID, j.State)
			default:
				fmt.Fprintf(a.stdout, "job %d will stop after its current page (now %s)\n", j.ID, j.State)
			}
			return nil
		},
	}
}

// onJob calls op on the job arg names, as the caller; with --json it
// prints the job op returns.
func (a *app) onJob(ctx context.Context, arg string, op func(*kb.Service, context.Context, verity.Caller, int64) (*verity.Job, error)) (*verity.Job, error) {
	id, err := parseJobID(arg)
	if err != nil {
		return nil, err
	}
	caller, svc, err := a.callerService(ctx)
	if err != nil {
		return nil, err
	}
	j, err := op(svc, ctx, caller, id)
	if err != nil {
		return nil, err
	}
	if a.json {
		return j, a.printJSON(j)
	}
	return j, nil
}

// printJobLine prints a job in one line of a listing.
func printJobLine(w io.Writer, j *verity.Job, now time.Time) {
	progress := ""
	if j.Progress.Total > 0 {
		progress = fmt.Sprintf(" %d/%d", j.Progress.Done, j.Progress.Total)
	}
	fmt.Fprintf(w, "%6d  %-7s  %-9s%-9s  %s  %s  %s ago\n", j.ID, j.Kind, j.State, progress, clean(string(j.Owner)), clean(j.Batch),
		now.Sub(j.CreatedAt).Round(time.Second))
}

// printJob prints one job in full.
func printJob(w io.Writer, j *verity.Job, now time.Time) {
	fmt.Fprintf(w, "job %d: %s, %s\n", j.ID, j.Kind, j.State)
	fmt.Fprintf(w, "  owner     %s\n  batch     %s\n  model     %s\n", clean(string(j.Owner)), clean(j.Batch), clean(j.Model))
	fmt.Fprintf(w, "  queued    %s (%s ago)\n", j.CreatedAt.Format(time.RFC3339), now.Sub(j.CreatedAt).Round(time.Second))
	if j.StartedAt != nil {
		fmt.Fprintf(w, "  started   %s\n", j.StartedAt.Format(time.RFC3339))
	}
	if j.FinishedAt != nil {
		fmt.Fprintf(w, "  finished  %s\n", j.FinishedAt.Format(time.RFC3339))
	}
	fmt.Fprintf(w, "  attempt   %d of %d\n", j.Attempt, j.Attempts)
	if j.Progress.Total > 0 {
		fmt.Fprintf(w, "  progress  %d of %d", j.Progress.Done, j.Progress.Total)
		if !j.Progress.UpdatedAt.IsZero() {
			fmt.Fprintf(w, " (reported %s ago)", now.Sub(j.Progress.UpdatedAt).Round(time.Second))
		}
		fmt.Fprintln(w)
	}
	for i, e := range j.Errors {
		fmt.Fprintf(w, "  error %d   %s\n", i+1, clean(oneLine(e, 300)))
	}
	if len(j.Result) > 0 {
		fmt.Fprintf(w, "  report    %d bytes (verity jobs show --json %d)\n", len(j.Result), j.ID)
	}
}

// printQueued prints what --queue queued.
func (a *app) printQueued(q *kb.Queued) error {
	if a.json {
		return a.printJSON(q)
	}
	for _, n := range q.Notes {
		fmt.Fprintln(a.stderr, "note: "+clean(n))
	}
	if len(q.Jobs) == 0 {
		fmt.Fprintln(a.stdout, "nothing to queue")
		return nil
	}
	ids := make([]string, len(q.Jobs))
	for i, j := range q.Jobs {
		ids[i] = strconv.FormatInt(j.ID, 10)
	}
	what := ""
	if q.Pages > 0 {
		what = fmt.Sprintf(" over %d pages", q.Pages)
	}
	fmt.Fprintf(a.stdout, "queued %d %s job(s)%s as batch %s: %s\n", len(q.Jobs), q.Jobs[0].Kind, what, clean(q.Batch), strings.Join(ids, ", "))
	fmt.Fprintf(a.stdout, "a worker runs them (verity worker); follow them with: verity jobs --batch %s\n", clean(q.Batch))
	return nil
}
