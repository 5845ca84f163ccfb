package main

import (
	"fmt"
	"strings"

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
			a.printReceiptsReport(rep)
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

func (a *app) printReceiptsReport(r *eval.ReceiptsReport) {
	w := a.stdout
	pct := func(x float64) string { return fmt.Sprintf("%.1f%%", 100*x) }
	fmt.Fprintf(w, "SciFact receipts — model %s, %d abstracts (+%d mirrors), store built in %.1fs\n", r.Model, r.Store.Abstracts, r.Store.Mirrors, r.Store.BuildSeconds)
	s := r.Summaries
	fmt.Fprintf(w, "summaries: %d topics, %d written (%d empty), %d sentences (%d with 2+ sets, %d quoted, %d gold rationales) in %.1fs\n",
		s.Topics, s.Written, s.Empty, s.Sentences, s.MultiSet, s.Quoted, s.Gold, s.Seconds)
	v := r.Revocation
	fmt.Fprintf(w, "revoked %d abstracts (event %d) in %.1f ms, %d model calls: %d sentences died, %d survived on another set (%d records died in all, and %d quote records)\n",
		v.Abstracts, v.Event, v.Millis, v.ModelCalls, v.DiedSentences, v.SurvivedSentences, v.DiedRecords, v.DiedQuotes)
	ag := func(name string, g eval.Agreement) {
		fmt.Fprintf(w, "  %-34s %5s of %4d  (kept dead %d, dropped live %d)\n", name, pct(g.Rate), g.N, g.KeptDead, g.DroppedLive)
	}
	fmt.Fprintln(w, "agreement with the truth, sentence by sentence:")
	ag("per-sentence receipts, touched", r.Receipts.StrictTouched)
	ag("per-sentence receipts, all", r.Receipts.Strict)
	ag("per-sentence receipts, claim level", r.Receipts.Claim)
	ag("one receipt per summary, any-of", r.SummaryAnyOf)
	ag("one receipt per summary, all-of", r.SummaryAllOf)
	af := r.Affected
	fmt.Fprintf(w, "affected summaries: %d; %d keep live sentences, %d lost all (%d had a truly live one); live sentences kept %d of %d; dead still served %d\n",
		af.Summaries, af.KeepLive, af.AllDead, af.HadLive, af.LiveKept, af.LiveTotal, af.DeadServed)
	q := r.Queries
	fmt.Fprintf(w, "contaminated queries (of %d topics asked again): before cleanup %s, one receipt per summary %s (all-of %s), per-sentence receipts %s\n",
		q.N, pct(q.ContaminatedBefore), pct(q.ContaminatedAnyOf), pct(q.ContaminatedAllOf), pct(q.ContaminatedAfter))
	fmt.Fprintf(w, "useful answers kept (of %d with a truly live sentence): per-sentence %s, all-of %s; answers holding a gold rationale: %s before revocation, %s after cleanup\n",
		q.Useful, pct(q.UsefulKeptAfter), pct(q.UsefulKeptAllOf), pct(q.GoldAnsweredBefore), pct(q.GoldAnsweredAfter))
	if r.Audit != nil {
		c := r.Audit.Counts
		fmt.Fprintf(w, "audit run %d: %d audited, alive %d, dead %d, undetermined %d; agrees with receipts %d of %d; with the truth %s of %d (%d circular verdicts)\n",
			r.Audit.Run, c.Audited, c.Alive, c.Dead, c.Undetermined, c.Agree, c.Audited, pct(r.Audit.VsTruth.Rate), r.Audit.VsTruth.N, r.Audit.Circular)
	}
	for _, e := range r.Examples {
		mark := "✗ died    "
		if e.State != verity.StateDead {
			mark = "✓ survived"
		}
		var sets []string
		for _, set := range e.Receipt.Sets {
			var ids []string
			for _, ref := range set {
				ids = append(ids, ref.ID())
			}
			sets = append(sets, "{"+strings.Join(ids, ",")+"}")
		}
		fmt.Fprintf(w, "  %s %s  %s\n", mark, strings.Join(sets, " OR "), clean(oneLine(e.Sentence, 100)))
	}
	for _, n := range r.Notes {
		fmt.Fprintf(w, "note: %s\n", n)
	}
}
