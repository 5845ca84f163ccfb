package main

import (
	"context"
	"fmt"
	"io"
	"strconv"

	"github.com/spf13/cobra"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/kb"
	"github.com/veritykb/verity/render"
)

func (a *app) jobsCmd() *cobra.Command {
	var (
		states []string
		batch  string
		limit  int
	)
	cmd := serviceCmd(a, "jobs", "List the queued jobs you may see, newest first; show or cancel one", cobra.NoArgs,
		func(ctx context.Context, c verity.Caller, s *kb.Service, _ []string) ([]*verity.Job, error) {
			return s.Jobs(ctx, c, kb.JobQuery{States: states, Batch: batch, Limit: limit})
		},
		func(w io.Writer, jobs []*verity.Job) {
			if len(jobs) == 0 {
				fmt.Fprintln(w, "no jobs")
			}
			for _, j := range jobs {
				render.JobLine(w, j, a.now())
			}
		})
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
			render.Job(a.stdout, j, a.now())
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

// printQueued prints what --queue queued.
func (a *app) printQueued(q *kb.Queued) error {
	if a.json {
		return a.printJSON(q)
	}
	render.Queued(a.stdout, a.stderr, q)
	return nil
}
