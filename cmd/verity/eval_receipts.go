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
		Long: `Receipts shows revocation on real data. It builds a store of SciFact's
abstracts, summarizes a fixed set of topics — SciFact dev claims with SUPPORT
evidence, in id order, each retrieving --k abstracts — with a receipt on
every sentence (the configured model; the offline engine by default), then
revokes a seeded share of the abstracts those summaries rest on, and checks
what the receipts did against an independent truth computed by plain string
matching over the corpus: a sentence is truly alive while some live abstract
holds its text (strict), or also while it is a gold SUPPORT rationale of its
topic and another live abstract has one too (claim level).

It reports the agreement of per-sentence receipts with that truth, next to
the seed's one-receipt-per-summary baselines (alive while any source lives,
or only while all do); how many affected summaries keep their live
sentences; and the seed's end-to-end figure: the share of the topics, asked
again, whose answer (the summary as served) still rests on revoked text,
before and after the cleanup. --audit also audits the touched sentences by
regeneration and compares the verdicts with the truth.

With the offline engine the summaries are extractive and each receipt lists
exactly the retrieved abstracts that hold the sentence: receipts are right
by construction, so strict agreement measures the plumbing (store, cascade,
quote matching), not a model's honesty, and the audit is circular.
--mirrors republishes a seeded share of the topics' abstracts under a second
id (a syndicated copy, synthetic) so that sentences have real alternative
sets and survive a revocation on another one.`,
		Example: `  verity eval receipts
  verity eval receipts --topics 40 --revoke 0.3 --mirrors 0.2 --audit --json`,
		Args: cobra.NoArgs,
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
