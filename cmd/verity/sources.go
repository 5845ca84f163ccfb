package main

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/kb"
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
			list := sl.Sources
			for _, d := range sl.URIDuplicates {
				holder := "an older source you cannot read"
				if d.Holder != "" {
					holder = "older source " + d.Holder
				}
				fmt.Fprintf(a.stderr, "warning: %s shares uri %s (system %s) with %s: kept from a store made before one uri, one source per system; no new id may take it\n",
					clean(d.ID), clean(d.URI), clean(d.System), clean(holder))
			}
			if len(list) == 0 {
				if len(a.as) == 0 && !all {
					fmt.Fprintln(a.stdout, "no sources readable by public: add --as PRINCIPAL to list what someone may read, or --all for every source")
				} else {
					fmt.Fprintln(a.stdout, "no sources you can read (try verity ingest, or --as)")
				}
			}
			for _, s := range list {
				fmt.Fprintf(a.stdout, "%s\t%s\tv%d\t%s\t%s\n", clean(s.ID), clean(s.System), s.Version, s.Status, clean(oneLine(s.Title, 80)))
			}
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
			src, list := view.Source, view.Chunks
			acl := make([]string, len(src.ACL))
			for i, p := range src.ACL {
				acl[i] = string(p)
			}
			fmt.Fprintf(a.stdout, "id:      %s\nuri:     %s\nsystem:  %s\ntitle:   %s\nauthor:  %s\nacl:     %s\nversion: %d\nupdated: %s\nstatus:  %s\nhash:    %s\n\n",
				clean(src.ID), clean(src.URI), clean(src.System), clean(src.Title), clean(string(src.Author)), clean(strings.Join(acl, ", ")),
				src.Version, src.UpdatedAt.Format("2006-01-02 15:04:05Z07:00"), src.Status, src.Hash)
			fmt.Fprintln(a.stdout, clean(src.Text))
			for _, c := range list {
				fmt.Fprintf(a.stdout, "\n--- chunk %d, bytes %d–%d %s\n%s\n", c.Ordinal, c.Start, c.End, clean(strings.Join(c.Heading, " › ")), clean(c.Text))
			}
			return nil
		},
	}
	fl := cmd.Flags()
	fl.IntVar(&version, "version", 0, "show this version (default the current one)")
	fl.BoolVar(&chunks, "chunks", false, "also print the source's chunks with their byte spans")
	fl.BoolVar(&all, "all", false, "show the source whatever its ACL (operator view: admins only)")
	return cmd
}
