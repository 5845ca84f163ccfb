package main

import (
	"fmt"

	"github.com/spf13/cobra"
	"github.com/veritykb/verity/printable"
)

func (a *app) backupCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "backup PATH",
		Short: "Write a consistent copy of the live store to a new file (admin)",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			ctx := cmd.Context()
			caller, svc, err := a.callerService(ctx)
			if err != nil {
				return err
			}
			if err := svc.Backup(ctx, caller, args[0]); err != nil {
				return err
			}
			if a.json {
				return a.printJSON(map[string]string{"backup": args[0]})
			}
			fmt.Fprintf(a.stdout, "backed up %s to %s\n", a.storeName(), printable.Text(args[0]))
			return nil
		},
	}
}
