package main

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/veritykb/verity"
)

func (a *app) searchCmd() *cobra.Command {
	var k int
	cmd := &cobra.Command{
		Use:   "search [--as PRINCIPAL]... [--k N] QUERY",
		Short: "Find the records most relevant to a query that the caller may read",
		Args:  cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if k <= 0 || k > 1000 {
				return verity.Errorf(verity.EINVALID, "--k must be between 1 and 1000, got %d", k)
			}
			caller, svc, err := a.callerService(cmd.Context())
			if err != nil {
				return err
			}
			res, err := svc.Search(cmd.Context(), caller, strings.Join(args, " "), k)
			if err != nil {
				return err
			}
			if a.json {
				return a.printJSON(res)
			}
			a.printResults(res, caller.Local())
			return nil
		},
	}
	cmd.Flags().IntVar(&k, "k", verity.DefaultK, "number of records to return")
	return cmd
}

// printResults prints search results; local says the caller is the local
// operator, whom a hint then reminds that it reads as public.
func (a *app) printResults(res *verity.SearchResults, local bool) {
	if len(res.Results) == 0 {
		fmt.Fprintln(a.stdout, "no matching records you can read")
	}
	for i, r := range res.Results {
		title := r.Title
		if title == "" {
			title = r.SourceID
		}
		fmt.Fprintf(a.stdout, "%d. %s  [%s] %s  (score %.2f)\n", i+1, clean(oneLine(title, 100)), clean(r.System), clean(r.URI), r.Score)
		if len(r.Chunk.Heading) > 0 {
			fmt.Fprintf(a.stdout, "   § %s\n", clean(oneLine(strings.Join(r.Chunk.Heading, " › "), 100)))
		}
		fmt.Fprintf(a.stdout, "%s\n", indent(clean(oneLine(r.Chunk.Text, 300)), "   "))
		fmt.Fprintf(a.stdout, "   bytes %d–%d of %s v%d\n", r.Chunk.Start, r.Chunk.End, clean(r.SourceID), r.Version)
	}
	printHints(a, res.Hints, local)
}

func printHints(a *app, hints []verity.Hint, local bool) {
	if len(hints) > 0 && local {
		fmt.Fprintln(a.stdout, "note: without --as you read as public; add --as PRINCIPAL to read as someone the records below are shared with")
	}
	for _, h := range hints {
		if h.Author != "" {
			fmt.Fprintf(a.stdout, "hint: a record in %s that you cannot read would also match; ask %s for access\n", clean(h.System), clean(h.Author))
		} else {
			fmt.Fprintf(a.stdout, "hint: a record in %s that you cannot read would also match\n", clean(h.System))
		}
	}
}
