package main

import (
	"fmt"
	"time"

	"github.com/spf13/cobra"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/kb"
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
			fmt.Fprintf(a.stderr, "token %s (%s) acts as %v%s; the secret above is shown only now\n", t.ID, clean(t.Info.Name), t.Info.Principals, expiry(t.Info))
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
			ts := tl.Tokens
			if len(ts) == 0 {
				fmt.Fprintln(a.stdout, "no tokens (verity token create --name NAME --principal user:EMAIL)")
			}
			for _, t := range ts {
				state := "active"
				switch {
				case t.RevokedAt != nil:
					state = "revoked " + t.RevokedAt.UTC().Format("2006-01-02 15:04")
				case !t.Valid(a.now()):
					state = "expired"
				}
				fmt.Fprintf(a.stdout, "%s\t%s\t%v\tby %s\t%s%s\n", t.ID, clean(t.Name), t.Principals, clean(string(t.CreatedBy)), state, expiry(&t))
			}
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
				fmt.Fprintf(a.stdout, "token %s revoked\n", clean(args[0]))
			} else {
				fmt.Fprintf(a.stdout, "token %s was revoked already: nothing changed\n", clean(args[0]))
			}
			return nil
		},
	}
	cmd.AddCommand(create, list, revoke)
	return cmd
}

// expiry says when a token expires, for a line of text.
func expiry(t *verity.Token) string {
	if t.ExpiresAt == nil {
		return ", no expiry"
	}
	return ", expires " + t.ExpiresAt.UTC().Format("2006-01-02 15:04")
}
