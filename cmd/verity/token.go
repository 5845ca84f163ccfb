package main

import (
	"fmt"
	"time"

	"github.com/spf13/cobra"

	"github.com/veritykb/verity/kb"
	"github.com/veritykb/verity/printable"
	"github.com/veritykb/verity/render"
)

func (a *app) tokenCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "token",
		Short: "API tokens: create, list and revoke who a server request acts as (admin)",
		Args:  cobra.NoArgs,
		RunE:  func(cmd *cobra.Command, args []string) error { return cmd.Help() },
	}
	var (
		name       string
		principals []string
		expires    time.Duration
	)
	create := &cobra.Command{
		Use:   "create --name NAME --principal user:EMAIL [--principal group:NAME]...",
		Short: "Make a token and print its secret, once (admin)",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			ctx := cmd.Context()
			caller, svc, err := a.callerService(ctx)
			if err != nil {
				return err
			}
			req := kb.TokenRequest{Name: name, Principals: principals}
			if expires != 0 {
				req.Expires = expires.String()
			}
			t, err := svc.CreateToken(ctx, caller, req)
			if err != nil {
				return err
			}
			if a.json {
				return a.printJSON(t)
			}
			fmt.Fprintf(a.stdout, "%s\n", t.Token)
			fmt.Fprintf(a.stderr, "token %s (%s) acts as %v%s; the secret above is shown only now\n", t.ID, printable.Text(t.Info.Name), t.Info.Principals, render.Expiry(t.Info))
			return nil
		},
	}
	f := create.Flags()
	f.StringVar(&name, "name", "", "who or what uses the token (required)")
	f.StringArrayVar(&principals, "principal", nil, "a principal the token acts as, repeatable: one user:EMAIL and any group:NAME")
	f.DurationVar(&expires, "expires", 0, "lifetime, such as 720h (default: no expiry)")
	list := &cobra.Command{
		Use:   "list",
		Short: "List the tokens, without secrets (admin)",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			ctx := cmd.Context()
			caller, svc, err := a.callerService(ctx)
			if err != nil {
				return err
			}
			tl, err := svc.Tokens(ctx, caller)
			if err != nil {
				return err
			}
			if a.json {
				return a.printJSON(tl)
			}
			render.Tokens(a.stdout, tl, a.now())
			return nil
		},
	}
	revoke := &cobra.Command{
		Use:   "revoke ID",
		Short: "End a token at once (admin)",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			ctx := cmd.Context()
			caller, svc, err := a.callerService(ctx)
			if err != nil {
				return err
			}
			r, err := svc.RevokeToken(ctx, caller, args[0])
			if err != nil {
				return err
			}
			if a.json {
				return a.printJSON(r)
			}
			if r.Revoked {
				fmt.Fprintf(a.stdout, "token %s revoked\n", printable.Text(args[0]))
			} else {
				fmt.Fprintf(a.stdout, "token %s was revoked already: nothing changed\n", printable.Text(args[0]))
			}
			return nil
		},
	}
	cmd.AddCommand(create, list, revoke)
	return cmd
}
