package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/veritykb/verity/eval"
	"github.com/veritykb/verity/extract"
)

func (a *app) evalExtractionCmd() *cobra.Command {
	var (
		data  string
		limit int
	)
	cmd := &cobra.Command{
		Use:   "extraction",
		Short: "Edge precision/recall and evidence accuracy on Re-DocRED dev",
		Long: `Extraction runs the extraction pipeline (candidates, quote, shape, referent,
panel, decision) over Re-DocRED dev (500 Wikipedia leads) with the run's
model, once per mapped relation, and scores the accepted edges:

  P178 developer     spec redocred-developer     (product is developed by ORG)
  P176 manufacturer  spec redocred-manufacturer  (product is manufactured by ORG)
  P400 platform      spec redocred-platform      (software runs on MISC platform)
  P463 member of     the does-not-count distractor: its pairs accepted as any
                     of the above are counted

Re-DocRED gives the entities, as DocRED's task does: each document's
entities of the object type (ORG, or MISC for platforms) are the spec's
objects; subjects are found by extraction and matched to an entity by key.
Edge precision and recall are over (head, tail) pairs; evidence accuracy is
the share of correct edges with gold evidence whose quote lies inside the
gold evidence sentences. The cost is reported per step: calls, cache hits,
tokens, and calls per accepted edge.

Re-DocRED has no "uses" relation; many of its labels are not stated in any
one sentence (only about 45% of the mapped pairs even share a sentence), so
recall against it is bounded well below 1 for any quote-grounded method.`,
		Example: `  verity eval extraction
  verity eval extraction --limit 100 --json
  verity --model openai:gpt-4o-mini eval extraction`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			rep, err := eval.ReDocREDExtraction(cmd.Context(), data, limit, a.evalWiring())
			if err != nil {
				return err
			}
			if a.json {
				return a.printJSON(rep)
			}
			rep.Print(a.stdout)
			printCost(a.stdout, rep.Cost, 0, extract.English)
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
