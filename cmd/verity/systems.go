package main

import (
	"github.com/spf13/cobra"

	"github.com/veritykb/verity/render"
)

// systemsCmd lists the source systems and sets whether each may give hints.
func (a *app) systemsCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "systems",
		Short: "List source systems and whether they give hints (admin)",
		Args:  cobra.NoArgs,
	}
	cmd.RunE = func(cmd *cobra.Command, args []string) error {
		ctx := cmd.Context()
		caller, svc, err := a.callerService(ctx)
		if err != nil {
			return err
		}
		out, err := svc.Systems(ctx, caller)
		if err != nil {
			return err
		}
		if a.json {
			return a.printJSON(out)
		}
		render.Systems(a.stdout, out)
		return nil
	}
	for _, discoverable := range []bool{true, false} {
		verb, short := "discoverable", "Let a system's sources give hints again"
		if !discoverable {
			verb, short = "undiscoverable", "Keep every source of a system from giving hints"
		}
		cmd.AddCommand(&cobra.Command{
			Use:   verb + " SYSTEM",
			Short: short + " (admin)",
			Args:  cobra.ExactArgs(1),
			RunE: func(cmd *cobra.Command, args []string) error {
				ctx := cmd.Context()
				caller, svc, err := a.callerService(ctx)
				if err != nil {
					return err
				}
				out, err := svc.SetDiscoverable(ctx, caller, args[0], discoverable)
				if err != nil {
					return err
				}
				if a.json {
					return a.printJSON(out)
				}
				render.DiscoverableChange(a.stdout, out)
				return nil
			},
		})
	}
	return cmd
}
