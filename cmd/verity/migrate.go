package main

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/veritykb/verity"
)

func (a *app) migrateCmd() *cobra.Command {
	var vacuum bool
	cmd := &cobra.Command{
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
			var vac *verity.VacuumReport
			if err == nil && vacuum {
				vac, err = svc.Vacuum(ctx, caller)
			}
			if err != nil {
				return err
			}
			if a.json {
				return a.printJSON(struct {
					Store string `json:"store"`
					*verity.SchemaStatus
					Vacuum *verity.VacuumReport `json:"vacuum,omitempty"`
				}{a.storeName(), st, vac})
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
			if vac != nil {
				fmt.Fprintf(a.stdout, "vacuumed: %.1f MB before, %.1f MB after\n", float64(vac.Before)/1e6, float64(vac.After)/1e6)
			}
			return nil
		},
	}
	cmd.Flags().BoolVar(&vacuum, "vacuum", false, "then compact the store (SQLite rewrites its file: needs free disk about the file's size)")
	return cmd
}
