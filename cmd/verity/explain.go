package main

import (
	"context"
	"io"

	"github.com/spf13/cobra"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/extract"
	"github.com/veritykb/verity/kb"
	"github.com/veritykb/verity/render"
)

func (a *app) explainCmd() *cobra.Command {
	var full bool
	cmd := serviceCmd(a, "explain EDGE", "Why an edge was accepted or rejected: every step's input, output, prompt, model and votes", cobra.ExactArgs(1),
		func(ctx context.Context, c verity.Caller, s *kb.Service, args []string) (*extract.Explanation, error) {
			return s.Explain(ctx, c, args[0])
		}, func(w io.Writer, ex *extract.Explanation) { render.Explanation(w, ex, full) })
	cmd.Flags().BoolVar(&full, "full", false, "print every step's input and output in full")
	return cmd
}
