package main

import (
	"github.com/spf13/cobra"
)

func (a *app) demoCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "demo",
		Short: "Build a store from the bundled example corpus and show what Verity does",
		RunE: func(cmd *cobra.Command, args []string) error {
			return nil
		},
	}
}
