package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/kb"
)

func (a *app) reviewCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "review",
		Short: "Candidates the panel left undecided, and a person's approve or reject",
		Long: `Review lists the candidates whose confidence fell inside their spec's review
band (for example 2 or 3 "yes" of 5 votes): the panel did not decide them, a
person should. Only candidates on pages the caller (--as) may read are listed.

  verity review approve ID   stores the candidate as an accepted edge, with
                             the person's vote among its votes
  verity review reject ID    closes it; on an accepted edge (edge:...),
                             revokes the edge on the person's authority

Every decision is recorded as a vote with its author (the caller: the local
operator, or the first --as user), and shows in verity explain. Deciding
needs the curator role. --json prints {"review":[...]}.`,
		Example: `  verity review
  verity review approve ev:1a2b3c4d5e6f --why "the case study names them"
  verity review reject edge:3fa2c19b0d7e --as user:bob@corp.example --why "a former customer"`,
		Args: cobra.NoArgs,
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
			if len(list.Review) == 0 {
				fmt.Fprintln(a.stdout, "nothing to review")
				return nil
			}
			for _, r := range list.Review {
				fmt.Fprintf(a.stdout, "%s  %s %s %s  (confidence %.2f)\n    «%s»\n    %s\n", r.ID, clean(r.Subject), r.Relation, clean(r.Object),
					r.Confidence, clean(oneLine(r.Quote, 200)), clean(r.URI))
			}
			return nil
		},
	}
	cmd.AddCommand(a.reviewVoteCmd(verity.VoteApprove), a.reviewVoteCmd(verity.VoteReject))
	return cmd
}

func (a *app) reviewVoteCmd(vote string) *cobra.Command {
	var why string
	cmd := &cobra.Command{
		Use:   vote + " ID",
		Short: map[string]string{verity.VoteApprove: "Approve a review item (or vouch for an edge)", verity.VoteReject: "Reject a review item, or revoke an accepted edge"}[vote],
		Long: `Records a person's vote with its author on a review item (ev:... from verity
review) or an accepted edge (edge:...). Approving a review item stores it as
an accepted edge; rejecting an edge revokes it (verity log shows who and why;
verity undo restores it).`,
		Example: "  verity review " + vote + " ev:1a2b3c4d5e6f --why \"checked the page\"",
		Args:    cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			ctx := cmd.Context()
			caller, svc, err := a.callerService(ctx)
			if err != nil {
				return err
			}
			d, err := svc.Decide(ctx, caller, kb.DecisionRequest{ID: args[0], Vote: vote, Why: why})
			if err != nil {
				return err
			}
			if a.json {
				return a.printJSON(d)
			}
			fmt.Fprintf(a.stdout, "%s: %s by %s — %s\n", clean(d.ID), d.Vote, clean(d.By), d.Result)
			return nil
		},
	}
	cmd.Flags().StringVar(&why, "why", "", "why")
	goneBy(cmd)
	return cmd
}
