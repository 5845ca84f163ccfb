package main

import (
	"context"

	"github.com/spf13/cobra"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/kb"
	"github.com/veritykb/verity/render"
	"github.com/veritykb/verity/slack"
)

// slackCmd configures the store's Slack app (served by serve --slack).
func (a *app) slackCmd() *cobra.Command {
	var cf slack.Config
	configure := serviceCmd(a, "configure --team-id T --bot-token-file F --signing-secret-file F", "Configure the store's Slack app: its team and where its secrets are (admin)", cobra.NoArgs,
		func(ctx context.Context, c verity.Caller, s *kb.Service, _ []string) (*kb.SlackSettings, error) {
			return s.ConfigureSlack(ctx, c, cf.SlackSettings)
		}, render.SlackSettings)
	cf.Register(configure.Flags())
	var socket bool
	cmd := &cobra.Command{Use: "slack [--socket]", Short: "The store's Slack app: verity serve --slack serves it, or --socket over Socket Mode", Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if !socket {
				return cmd.Help()
			}
			c, svc, err := a.callerService(cmd.Context())
			if err != nil {
				return err
			}
			return slack.ServeSocket(cmd.Context(), svc, c, a.getenv, a.log)
		}}
	cmd.Flags().BoolVar(&socket, "socket", false, "serve the app over Socket Mode until interrupted (no public URL; questions are queued for workers)")
	cmd.AddCommand(configure)
	return cmd
}

// slackApp builds the store's Slack app as the operator, secrets and all.
func (a *app) slackApp(ctx context.Context) (*slack.App, error) {
	c, svc, err := a.callerService(ctx)
	if err != nil {
		return nil, err
	}
	return slack.Open(ctx, svc, c, a.getenv, a.log)
}
