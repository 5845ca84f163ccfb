package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/veritykb/verity/eval"
	"github.com/veritykb/verity/extract"
	"github.com/veritykb/verity/render"
)

func (a *app) evalExtractionCmd() *cobra.Command {
	var (
		data  string
		limit int
	)
	cmd := &cobra.Command{
		Use:   "extraction",
		Short: "Edge precision/recall and evidence accuracy on Re-DocRED dev",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			rep, err := eval.ReDocREDExtraction(cmd.Context(), data, limit, a.evalWiring())
			if err != nil {
				return err
			}
			if a.json {
				return a.printJSON(rep)
			}
			rep.Print(a.stdout)
			render.Cost(a.stdout, rep.Cost, 0, extract.English)
			fmt.Fprintf(a.stdout, "  %.1f model calls per accepted edge; tokens in %d, out %d; cache hits %d\n",
				rep.CallsPerAccepted, rep.Cost.Total.InputTokens, rep.Cost.Total.OutputTokens, rep.Cost.Total.CacheHits)
			return nil
		},
	}
	f := cmd.Flags()
	f.StringVar(&data, "data", defaultData, "folder holding redocred/dev_revised.json")
	f.IntVar(&limit, "limit", 0, "score only the first N documents (0: all)")
	return cmd
}
