package main

import (
	"context"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/kb"
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
		var provisioned bool
		sub := &cobra.Command{
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
				switch {
				case grant && provisioned:
					change = svc.GrantProvisionedRole
				case grant:
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
				case grant && out.Changed && out.Provisioned:
					fmt.Fprintf(a.stdout, "granted %s to %s, provisioned: identity providers and connectors may change its members\n", out.Role, printable.Text(string(out.Principal)))
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
		}
		if grant {
			sub.Flags().BoolVar(&provisioned, "provisioned", false, "a group's grant: let identity providers (SCIM) and connectors change the group's members, and so who holds the role")
		}
		cmd.AddCommand(sub)
	}
	cmd.AddCommand(serviceCmd(a, "list", "List every role grant (admin)", cobra.NoArgs,
		func(ctx context.Context, c verity.Caller, s *kb.Service, _ []string) (*kb.RoleList, error) {
			return s.Roles(ctx, c)
		}, render.Roles))
	return cmd
}
