package main

import (
	"github.com/spf13/cobra"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/kb"
	"github.com/veritykb/verity/render"
)

func (a *app) sourcesCmd() *cobra.Command {
	var (
		system, status string
		limit          int
		all            bool
	)
	cmd := &cobra.Command{
		Use:   "sources",
		Short: "List the sources the caller may read",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			// The flags are named in usage errors; kb checks the values again.
			if status != "" && status != string(verity.StatusActive) && status != string(verity.StatusRevoked) {
				return verity.Errorf(verity.EINVALID, "--status must be active or revoked, got %q", status)
			}
			if limit < 0 {
				return verity.Errorf(verity.EINVALID, "--limit must not be negative, got %d", limit)
			}
			caller, svc, err := a.callerService(cmd.Context())
			if err != nil {
				return err
			}
			q := kb.SourceQuery{System: system, Status: verity.SourceStatus(status), Limit: limit, All: all}
			sl, err := svc.Sources(cmd.Context(), caller, q)
			if err != nil {
				return err
			}
			if a.json {
				return a.printJSON(sl)
			}
			render.Sources(a.stdout, a.stderr, sl, len(a.as) == 0 && !all)
			return nil
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&system, "system", "", "only this source system (file, web, confluence, jira, slack...)")
	fl.StringVar(&status, "status", "", "only active or revoked sources")
	fl.IntVar(&limit, "limit", 0, "list at most this many")
	fl.BoolVar(&all, "all", false, "list every source whatever its ACL (operator view: admins only)")
	return cmd
}

func (a *app) showCmd() *cobra.Command {
	var (
		version int
		chunks  bool
		all     bool
	)
	cmd := &cobra.Command{
		Use:   "show ID",
		Short: "Print a source with its canonical text",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			caller, svc, err := a.callerService(cmd.Context())
			if err != nil {
				return err
			}
			view, err := svc.Show(cmd.Context(), caller, kb.ShowRequest{ID: args[0], Version: version, Chunks: chunks, All: all})
			if err != nil {
				return err
			}
			if a.json {
				return a.printJSON(view)
			}
			render.Source(a.stdout, view)
			return nil
		},
	}
	fl := cmd.Flags()
	fl.IntVar(&version, "version", 0, "show this version (default the current one)")
	fl.BoolVar(&chunks, "chunks", false, "also print the source's chunks with their byte spans")
	fl.BoolVar(&all, "all", false, "show the source whatever its ACL (operator view: admins only)")
	return cmd
}
