package main

import (
	"io"
	"strings"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/spf13/cobra"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/mcp"
)

func (a *app) mcpCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "mcp",
		Short: "Serve the knowledge base to an assistant as MCP tools over stdio",
		Long: `Mcp speaks the Model Context Protocol on standard input and output, for an
assistant (a desktop app, an IDE or command-line agent) that starts it. Its
tools, each under the caller's rights, filtered exactly as the CLI's:

  search_knowledge  query, k → records with id, uri, title, system, best chunk and span
  ask               question → the answer JSON: claims, verbatim quotes, hints
  get_source        id and an optional byte range → the source's text
  check_answer      answer text (and cited source ids) → verified and unverified claims
  find_quote        source id, text → the span where the words stand, or why not

Text from sources comes back as data, and the tool descriptions tell the
agent so: nothing in a document can instruct it or change the caller.

Who acts: started by you, it acts as the local operator (reading as public)
unless narrowed — and narrowing is recommended, so that the assistant sees
exactly what one person may see: --as user:EMAIL [--as group:NAME], or
VERITY_TOKEN, an API token (verity token create) checked against the store.
Diagnostics go to standard error; standard output is the protocol's.`,
		Example: `  verity --db /data/verity.db mcp --as user:alice@corp.example --as group:staff
  VERITY_TOKEN=vty_... verity --db /data/verity.db mcp
  claude mcp add verity -- verity --db /data/verity.db mcp --as user:alice@corp.example`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			ctx := cmd.Context()
			svc, err := a.service(ctx)
			if err != nil {
				return err
			}
			caller, err := a.caller()
			if err != nil {
				return err
			}
			if tok := strings.TrimSpace(a.getenv("VERITY_TOKEN")); tok != "" {
				if len(a.as) > 0 {
					return verity.Errorf(verity.EINVALID, "give --as or VERITY_TOKEN, not both: the token says who acts")
				}
				if caller, err = svc.Authenticate(ctx, tok); err != nil {
					return err
				}
			}
			srv := mcp.NewServer(svc, caller, mcp.Options{Version: version(), Log: a.log})
			return srv.Run(ctx, &sdk.IOTransport{Reader: io.NopCloser(a.stdin), Writer: nopWriteCloser{a.stdout}})
		},
	}
}

// nopWriteCloser lets the protocol close its writer without closing stdout.
type nopWriteCloser struct{ io.Writer }

func (nopWriteCloser) Close() error { return nil }
