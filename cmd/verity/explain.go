package main

import (
	"github.com/spf13/cobra"
	"github.com/veritykb/verity/render"
)

func (a *app) explainCmd() *cobra.Command {
	var full bool
	cmd := &cobra.Command{
		Use:   "explain EDGE",
		Short: "Why an edge was accepted or rejected: every step's input, output, prompt, model and votes",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			ctx := cmd.Context()
			caller, svc, err := a.callerService(ctx)
			if err != nil {
				return err
			}
			ex, err := svc.Explain(ctx, caller, args[0])
			if err != nil {
				return err
			}
			if a.json {
				return a.printJSON(ex)
			}
			render.Explanation(a.stdout, ex, full)
			return nil
		},
	}
	cmd.Flags().BoolVar(&full, "full", false, "print every step's input and output in full")
	return cmd
}
