package main

import (
	"fmt"

	"github.com/spf13/cobra"
)

func (a *app) backupCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "backup PATH",
		Short: "Write a consistent copy of the live store to a new file (admin)",
		Long: `Backup writes a consistent copy of the store to PATH, a file that must not
exist yet, while other commands and a running server go on reading and
writing: SQLite copies one snapshot of the store, compacted. The copy opens
like any store (verity --db PATH ...). It holds every source whatever its
ACL, so it needs the admin role (the local operator has it); keep it where
only admins can read it.`,
		Example: `  verity backup /backups/verity-$(date +%F).db`,
		Args:    cobra.ExactArgs(1),
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
			fmt.Fprintf(a.stdout, "backed up %s to %s\n", a.storeName(), clean(args[0]))
			return nil
		},
	}
}
