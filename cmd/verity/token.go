package main

import (
	"context"
	"fmt"
	"io"
	"time"

	"github.com/spf13/cobra"

	"github.com/veritykb/verity"
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
		scim       bool
	)
	create := &cobra.Command{
		Use:   "create --name NAME (--principal user:EMAIL [--principal group:NAME]... | --scim)",
		Short: "Make a token and print its secret, once (admin)",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			ctx := cmd.Context()
			caller, svc, err := a.callerService(ctx)
			if err != nil {
				return err
			}
			req := kb.TokenRequest{Name: name, Principals: principals, SCIM: scim}
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
	f.BoolVar(&scim, "scim", false, "a provisioning token for an identity provider: accepted only at /scim/v2/, acting as user:scim:NAME")
	list := serviceCmd(a, "list", "List the tokens, without secrets (admin)", cobra.NoArgs,
		func(ctx context.Context, c verity.Caller, s *kb.Service, _ []string) (*kb.TokenList, error) {
			return s.Tokens(ctx, c)
		},
		func(w io.Writer, tl *kb.TokenList) { render.Tokens(w, tl, a.now()) })
	revoke := serviceCmd(a, "revoke ID", "End a token at once (admin)", cobra.ExactArgs(1),
		func(ctx context.Context, c verity.Caller, s *kb.Service, args []string) (*kb.TokenRevocation, error) {
			return s.RevokeToken(ctx, c, args[0])
		}, render.TokenRevocation)
	cmd.AddCommand(create, list, revoke)
	return cmd
}
