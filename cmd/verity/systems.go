package main

import (
	"context"

	"github.com/spf13/cobra"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/kb"
	"github.com/veritykb/verity/render"
)

// systemsCmd lists the source systems and sets whether each may give hints.
func (a *app) systemsCmd() *cobra.Command {
	cmd := serviceCmd(a, "systems", "List source systems and whether they give hints (admin)", cobra.NoArgs,
		func(ctx context.Context, c verity.Caller, s *kb.Service, _ []string) (*kb.SystemList, error) {
			return s.Systems(ctx, c)
		}, render.Systems)
	for _, discoverable := range []bool{true, false} {
		verb, short := "discoverable", "Let a system's sources give hints again"
		if !discoverable {
			verb, short = "undiscoverable", "Keep every source of a system from giving hints"
		}
		cmd.AddCommand(serviceCmd(a, verb+" SYSTEM", short+" (admin)", cobra.ExactArgs(1),
			func(ctx context.Context, c verity.Caller, s *kb.Service, args []string) (*kb.DiscoverableChange, error) {
				return s.SetDiscoverable(ctx, c, args[0], discoverable)
			}, render.DiscoverableChange))
	}
	return cmd
}
