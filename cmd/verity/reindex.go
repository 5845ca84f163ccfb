package main

import (
	"fmt"

	"github.com/spf13/cobra"
)

func (a *app) reindexCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "reindex",
		Short: "Build the search index again from the stored chunks (admin)",
		Args:  cobra.NoArgs,
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
