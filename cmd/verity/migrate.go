package main

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/veritykb/verity"
)

func (a *app) migrateCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "migrate",
		Short: "Bring the store's schema up to date and say which migrations it has (admin)",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			ctx := cmd.Context()
			caller, svc, err := a.callerService(ctx)
			if err != nil {
				return err
			}
			st, err := svc.Migrate(ctx, caller)
			if err != nil {
				return err
			}
			if a.json {
				return a.printJSON(struct {
					Store string `json:"store"`
					*verity.SchemaStatus
				}{a.storeName(), st})
			}
			fmt.Fprintf(a.stdout, "%s (%s) is at schema version %d", a.storeName(), st.Dialect, st.Version)
			switch {
			case len(st.Applied) > 0:
				vs := make([]string, len(st.Applied))
				for i, v := range st.Applied {
					vs[i] = fmt.Sprint(v)
				}
				fmt.Fprintf(a.stdout, ": applied %s now\n", strings.Join(vs, ", "))
			case st.Version < st.Latest:
				fmt.Fprintf(a.stdout, ", behind this binary's %d\n", st.Latest)
			default:
				fmt.Fprintf(a.stdout, ", up to date\n")
			}
			for _, m := range st.History {
				fmt.Fprintf(a.stdout, "  %3d  %-28s %s\n", m.Version, m.Name, m.AppliedAt.Format("2006-01-02 15:04:05Z07:00"))
			}
			return nil
		},
	}
}
