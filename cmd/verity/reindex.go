package main

import (
	"fmt"

	"github.com/spf13/cobra"
)

func (a *app) reindexCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "reindex",
		Short: "Build the search index again from the stored chunks (admin)",
		Long: `Reindex derives the index terms of every chunk again from its text, its
heading path and its source's title, and builds the search index (Verity's
own posting lists, package postings) from them. It runs in one transaction:
searches, and a running server, go on with the old index until the new one
commits, and a crash or Ctrl-C leaves the old one whole. A store opened by a
binary whose analysis changed does this by itself; run it by hand after
restoring an index you doubt. It rewrites the index of every source, so it
needs the admin role (the local operator has it).`,
		Example: `  verity reindex
  verity --db team.db reindex --json`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			ctx := cmd.Context()
			caller, svc, err := a.callerService(ctx)
			if err != nil {
				return err
			}
			var bar *progress
			rep, err := svc.Reindex(ctx, caller, func(done, total int) {
				if bar == nil {
					bar = a.newProgress("chunks", int64(total), false)
				}
				bar.Add(int64(min(done, total)) - bar.done)
				bar.done = int64(min(done, total))
			})
			if bar != nil {
				bar.Done()
			}
			if err != nil {
				return err
			}
			if a.json {
				return a.printJSON(rep)
			}
			fmt.Fprintf(a.stdout, "reindexed %s: %d chunks derived again, %d searchable, in %d segments\n",
				a.storeName(), rep.Chunks, rep.Indexed, rep.Segments)
			return nil
		},
	}
}
