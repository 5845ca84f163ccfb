package main

import (
	"context"
	"io"
	"strings"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/spf13/cobra"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/mcp"
)

func (a *app) mcpCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "mcp",
		Short: "Serve the knowledge base to an assistant as MCP tools over stdio",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			ctx := cmd.Context()
			if err := a.checkHintBudget(); err != nil {
				return err
			}
			svc, err := a.service(ctx)
			if err != nil {
				return err
			}
			caller, err := a.caller()
			if err != nil {
				return err
			}
			opt := mcp.Options{Version: version(), Log: a.log}
			if tok := strings.TrimSpace(a.getenv("VERITY_TOKEN")); tok != "" {
				if len(a.as) > 0 {
					return verity.Errorf(verity.EINVALID, "give --as or VERITY_TOKEN, not both: the token says who acts")
				}
				if caller, err = svc.Authenticate(ctx, tok); err != nil {
					return err
				}
				// The token is checked again at every call: revoked or
				// expired, it stops the server's tools at once.
				opt.Authenticate = func(ctx context.Context) (verity.Caller, error) { return svc.Authenticate(ctx, tok) }
			} else if len(a.as) > 0 {
				// --as names a user: the directory gives its groups at
				// every call, and refuses it once deactivated.
				as := caller
				if caller, err = svc.Resolve(ctx, as); err != nil {
					return err
				}
				opt.Authenticate = func(ctx context.Context) (verity.Caller, error) { return svc.Resolve(ctx, as) }
			}
			srv := mcp.NewServer(svc, caller, opt)
			err = srv.Run(ctx, &sdk.IOTransport{Reader: io.NopCloser(a.stdin), Writer: nopWriteCloser{a.stdout}})
			svc.FlushHints(context.WithoutCancel(ctx))
			return err
		},
	}
	a.hintBudgetFlag(cmd)
	return cmd
}

// nopWriteCloser lets the protocol close its writer without closing stdout.
type nopWriteCloser struct{ io.Writer }

func (nopWriteCloser) Close() error { return nil }
