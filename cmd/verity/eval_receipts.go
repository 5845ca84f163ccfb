package main

import (
	"github.com/spf13/cobra"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/eval"
	"github.com/veritykb/verity/summary"
)

func (a *app) evalReceiptsCmd() *cobra.Command {
	var data string
	opt := eval.ReceiptsOptions{}
	cmd := &cobra.Command{
		Use:   "receipts",
		Short: "Per-sentence receipts on SciFact: revoke abstracts, check what dies against gold",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if opt.Revoke <= 0 || opt.Revoke > 1 || opt.Mirrors < 0 || opt.Mirrors > 1 {
				return verity.Errorf(verity.EINVALID, "--revoke must be in (0, 1] and --mirrors in [0, 1]")
			}
			rep, err := eval.SciFactReceipts(cmd.Context(), data, a.evalWiring(), opt)
			if err != nil {
				return err
			}
			if a.json {
				return a.printJSON(rep)
			}
			rep.Print(a.stdout)
			return nil
		},
	}
	f := cmd.Flags()
	f.StringVar(&data, "data", defaultData, "folder holding scifact/")
	f.IntVar(&opt.Topics, "topics", 0, "topics to summarize (0: every dev claim with SUPPORT evidence)")
	f.IntVar(&opt.K, "k", 5, "abstracts retrieved per topic")
	f.IntVar(&opt.Sentences, "sentences", 5, "sentences per summary")
	f.IntVar(&opt.MaxSets, "max-sets", summary.DefaultMaxSets, "most sets per sentence's receipt")
	f.Float64Var(&opt.Revoke, "revoke", 0.2, "share of the abstracts the summaries rest on to revoke (the seed: 61 of 300)")
	f.Float64Var(&opt.Mirrors, "mirrors", 0, "share of the topics' abstracts republished under a second id")
	f.Uint64Var(&opt.Seed, "seed", 1, "seed of the revocation and mirror choices")
	f.BoolVar(&opt.Audit, "audit", false, "also audit the touched sentences by regeneration")
	return cmd
}
