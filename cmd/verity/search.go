package main

import (
	"strings"

	"github.com/spf13/cobra"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/kb"
	"github.com/veritykb/verity/render"
)

func (a *app) searchCmd() *cobra.Command {
	var req kb.SearchRequest
	cmd := &cobra.Command{
		Use:   "search [--as PRINCIPAL]... [--k N] [--system SYSTEM] [--author EMAIL] [--since DAY] QUERY",
		Short: "Find the records most relevant to a query that the caller may read",
		Args:  cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if req.K <= 0 || req.K > 1000 {
				return verity.Errorf(verity.EINVALID, "--k must be between 1 and 1000, got %d", req.K)
			}
			caller, svc, err := a.callerService(cmd.Context())
			if err != nil {
				return err
			}
			req.Query = strings.Join(args, " ")
			res, err := svc.Search(cmd.Context(), caller, req)
			if err != nil {
				return err
			}
			if a.json {
				return a.printJSON(res)
			}
			render.Results(a.stdout, res, caller.Local())
			return nil
		},
	}
	cmd.Flags().IntVar(&req.K, "k", verity.DefaultK, "number of records to return")
	cmd.Flags().StringVar(&req.System, "system", "", "only records of this system")
	cmd.Flags().StringVar(&req.Author, "author", "", "only records by this author (an email or user:NAME)")
	cmd.Flags().StringVar(&req.Since, "since", "", "only records updated on or after this day (YYYY-MM-DD) or time (RFC 3339)")
	return cmd
}
