package main

import (
	"context"
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/kb"
	"github.com/veritykb/verity/printable"
	"github.com/veritykb/verity/render"
)

func (a *app) reviewCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "review",
		Short: "Candidates the panel left undecided, and a person's approve or reject",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			ctx := cmd.Context()
			caller, svc, err := a.callerService(ctx)
			if err != nil {
				return err
			}
			list, err := svc.Review(ctx, caller)
			if err != nil {
				return err
			}
			if a.json {
				return a.printJSON(list)
			}
			render.Review(a.stdout, list.Review)
			return nil
		},
	}
	cmd.AddCommand(a.reviewVoteCmd(verity.VoteApprove), a.reviewVoteCmd(verity.VoteReject))
	return cmd
}

func (a *app) reviewVoteCmd(vote string) *cobra.Command {
	var why string
	cmd := serviceCmd(a, vote+" ID", map[string]string{verity.VoteApprove: "Approve a review item (or vouch for an edge)", verity.VoteReject: "Reject a review item, or revoke an accepted edge"}[vote],
		cobra.ExactArgs(1), func(ctx context.Context, c verity.Caller, s *kb.Service, args []string) (*kb.Decision, error) {
			return s.Decide(ctx, c, kb.DecisionRequest{ID: args[0], Vote: vote, Why: why})
		}, func(w io.Writer, d *kb.Decision) {
			fmt.Fprintf(w, "%s: %s by %s — %s\n", printable.Text(d.ID), d.Vote, printable.Text(d.By), d.Result)
		})
	cmd.Flags().StringVar(&why, "why", "", "why")
	goneBy(cmd)
	return cmd
}
