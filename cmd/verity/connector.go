package main

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/connector"
	"github.com/veritykb/verity/connector/confluence"
	"github.com/veritykb/verity/connector/jira"
	slackconn "github.com/veritykb/verity/connector/slack"
	"github.com/veritykb/verity/ingest"
	"github.com/veritykb/verity/kb"
	"github.com/veritykb/verity/render"
)

// connectorCmd keeps the connectors: live sources synced into the store
// (admin).
func (a *app) connectorCmd() *cobra.Command {
	help := func(cmd *cobra.Command, args []string) error { return cmd.Help() }
	cmd := &cobra.Command{Use: "connector", Short: "Live sources kept in sync with the store: add, list, show, remove (admin)", Args: cobra.NoArgs, RunE: help}
	add := &cobra.Command{Use: "add", Short: "Add a connector (admin)", Args: cobra.NoArgs, RunE: help}
	add.AddCommand(a.addConnectorCmd("confluence", "Add a Confluence site (admin)", "space", "the site: https://SITE.atlassian.net/wiki (Cloud) or https://HOST[/CONTEXT] (Data Center)", "a space key to sync, repeatable (default: every global space the token reads)"),
		a.addConnectorCmd("jira", "Add a Jira site (admin)", "project", "the site: https://SITE.atlassian.net (Cloud) or https://HOST[/CONTEXT] (Data Center)", "a project key to sync, repeatable (at least one)"),
		a.addConnectorCmd("slack", "Add a Slack workspace (admin)", "channel", "Slack's Web API: https://slack.com/api", "a channel id to sync, repeatable (default: every channel the bot is in)"))
	list := serviceCmd(a, "list", "List the connectors (admin)", cobra.NoArgs,
		func(ctx context.Context, c verity.Caller, s *kb.Service, args []string) (*kb.ConnectorList, error) {
			return s.Connectors(ctx, c)
		}, render.Connectors)
	show := serviceCmd(a, "show NAME", "Show a connector and its pages (admin)", cobra.ExactArgs(1),
		func(ctx context.Context, c verity.Caller, s *kb.Service, args []string) (*kb.ConnectorDetail, error) {
			return s.ConnectorDetail(ctx, c, args[0])
		}, render.ConnectorDetail)
	remove := serviceCmd(a, "remove NAME", "Remove a connector; its records stay (admin)", cobra.ExactArgs(1),
		func(ctx context.Context, c verity.Caller, s *kb.Service, args []string) (*kb.ConnectorRemoval, error) {
			return s.RemoveConnector(ctx, c, args[0])
		}, render.ConnectorRemoval)
	cmd.AddCommand(add, list, show, remove)
	return cmd
}

// addConnectorCmd is verity connector add KIND: the platform's site, the
// token's reference, what to sync (--space or --project) and the pass
// settings, and the secret its webhooks are signed with.
func (a *app) addConnectorCmd(kind, short, scope, urlHelp, scopeHelp string) *cobra.Command {
	var req kb.ConnectorAdd
	var tokenFile, tokenEnv, hookFile, hookEnv string
	cmd := serviceCmd(a, kind+" --name NAME --url URL [--user EMAIL] --token-file FILE [--"+scope+" KEY]...", short, cobra.NoArgs,
		func(ctx context.Context, c verity.Caller, s *kb.Service, args []string) (*verity.Connector, error) {
			req.Kind = kind
			var err error
			if req.Secret, err = connector.Ref("token", tokenFile, tokenEnv); err == nil && req.Secret == "" && kind != "slack" {
				err = verity.Errorf(verity.EINVALID, "give the token's file (--token-file) or environment variable (--token-env)")
			}
			if err != nil {
				return nil, err
			}
			if req.Webhook, err = connector.Ref("webhook-secret", hookFile, hookEnv); err != nil {
				return nil, err
			}
			return s.AddConnector(ctx, c, req)
		}, render.Connector)
	f := cmd.Flags()
	f.StringVar(&req.Name, "name", "", "the connector's name: its records are KIND:NAME:ID")
	f.StringVar(&req.URL, "url", "", urlHelp)
	f.StringVar(&req.User, "user", "", "Cloud: the account's email (HTTP Basic with an API token); leave out for a Data Center personal access token")
	f.StringVar(&tokenFile, "token-file", "", "a file holding the token: the store keeps its path, never the token")
	f.StringVar(&tokenEnv, "token-env", "", "an environment variable holding the token, read by every process that syncs")
	f.StringVar(&hookFile, "webhook-secret-file", "", "a file holding the shared secret webhooks are signed with (X-Hub-Signature; Confluence Cloud: the app installation's sharedSecret its JWTs are signed with)")
	f.StringVar(&hookEnv, "webhook-secret-env", "", "an environment variable holding the webhooks' shared secret")
	f.StringArrayVar(&req.Spaces, scope, nil, scopeHelp)
	if kind == "jira" {
		f.StringVar(&req.Filter, "jql", "", "a JQL condition that narrows what is synced, ANDed with the projects (no ORDER BY)")
	}
	f.StringVar(&req.System, "system", "", "the records' source system (default "+kind+":NAME)")
	f.BoolVar(&req.Adopt, "adopt", false, "take over the sources of --system an export stored with the same uris (logged)")
	f.StringVar(&req.Anyone, "anyone", "", "the principal the platform's grant to anyone (or any logged-in user) maps to (default: no one)")
	f.Float64Var(&req.MaxDeletions, "max-deletions", kb.DefaultMaxDeletions, "the share of known pages an hour's deletions may revoke before the guard stops them")
	f.DurationVar(&req.Interval, "interval", kb.DefaultInterval, "between incremental passes of verity worker")
	f.DurationVar(&req.Reconcile, "reconcile", kb.DefaultReconcile, "between full passes, which find deletions and permission changes")
	return cmd
}

// syncCmd runs one pass of a connector, or of every connector (admin).
func (a *app) syncCmd() *cobra.Command {
	var opt kb.SyncOptions
	var queue bool
	cmd := &cobra.Command{Use: "sync [NAME]", Short: "One pass of a connector (or of all): what changed at the source since its cursor (admin)", Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			ctx := cmd.Context()
			caller, svc, err := a.callerService(ctx)
			if err != nil {
				return err
			}
			if queue {
				q, err := svc.QueueSync(ctx, caller, strings.Join(args, ""), opt)
				if err != nil {
					return err
				}
				return a.printQueued(q)
			}
			run := a.connectors(svc)
			if a.interactive() && !a.json {
				run.Progress = func(name string, pages int) { fmt.Fprintf(a.stderr, "%s: %d pages read\n", name, pages) }
			}
			reps, err := run.Run(ctx, caller, strings.Join(args, ""), opt)
			if a.json {
				return errors.Join(a.printJSON(reps), err)
			}
			for _, r := range reps {
				render.SyncReport(a.stdout, r)
			}
			return err
		}}
	cmd.Flags().BoolVar(&opt.Full, "full", false, "list every page: revokes pages deleted (or moved out of the spaces) and applies permission changes")
	cmd.Flags().BoolVar(&queue, "queue", false, "queue the pass for a worker (verity worker, serve --workers) instead of running it here")
	cmd.Flags().BoolVar(&opt.ConfirmDeletions, "confirm-deletions", false, "revoke what the guard against mass revocation held back")
	return cmd
}

// connectors is the runner of connectors' passes: the platforms' clients,
// and the secrets resolved from their references in this process.
func (a *app) connectors(svc *kb.Service) *connector.Runner {
	files := ingest.Options{PDF: a.pdfReader(pdfFlags{timeout: ingest.DefaultFileTimeout, memory: defaultPDFMemory})} // attachments
	return &connector.Runner{Service: svc, Platforms: map[string]connector.Opener{"confluence": connector.Confluence(confluence.Options{Files: files}), "jira": connector.Jira(jira.Options{Files: files}),
		"slack": connector.Slack(slackconn.Options{})}, Secrets: connector.Secrets(a.getenv)}
}
