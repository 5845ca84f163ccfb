package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/printable"
	"github.com/veritykb/verity/render"
)

func (a *app) roleCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "role",
		Short: "Who may change knowledge: grant, revoke and list roles (admin)",
		Args:  cobra.NoArgs,
		RunE:  func(cmd *cobra.Command, args []string) error { return cmd.Help() },
	}
	for _, grant := range []bool{true, false} {
		verb, short := "grant", "Give a principal a role"
		if !grant {
			verb, short = "revoke", "Take a role from a principal"
		}
		cmd.AddCommand(&cobra.Command{
			Use:   verb + " ROLE PRINCIPAL",
			Short: short + " (admin)",
			Args:  cobra.ExactArgs(2),
			RunE: func(cmd *cobra.Command, args []string) error {
				role, err := verity.ParseRole(args[0])
				if err != nil {
					return err
				}
				p, err := verity.ParsePrincipal(args[1])
				if err != nil {
					return err
				}
				ctx := cmd.Context()
				caller, svc, err := a.callerService(ctx)
				if err != nil {
					return err
				}
				change := svc.RevokeRole
				if grant {
					change = svc.GrantRole
				}
				out, err := change(ctx, caller, role, p)
				if err != nil {
					return err
				}
				if a.json {
					return a.printJSON(out)
				}
				switch {
				case grant && out.Changed:
					fmt.Fprintf(a.stdout, "granted %s to %s\n", out.Role, printable.Text(string(out.Principal)))
				case grant:
					fmt.Fprintf(a.stdout, "%s already holds %s: nothing changed\n", printable.Text(string(out.Principal)), out.Role)
				case out.Changed:
					fmt.Fprintf(a.stdout, "revoked %s from %s\n", out.Role, printable.Text(string(out.Principal)))
				default:
					fmt.Fprintf(a.stdout, "%s does not hold %s: nothing changed\n", printable.Text(string(out.Principal)), out.Role)
				}
				return nil
			},
		})
	}
	cmd.AddCommand(&cobra.Command{
		Use:   "list",
		Short: "List every role grant (admin)",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			ctx := cmd.Context()
			caller, svc, err := a.callerService(ctx)
			if err != nil {
				return err
			}
			list, err := svc.Roles(ctx, caller)
			if err != nil {
				return err
			}
			if a.json {
				return a.printJSON(list)
			}
			render.Roles(a.stdout, list)
			return nil
		},
	})
	return cmd
}
