package main

import (
	"fmt"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/eval"
	"github.com/veritykb/verity/llm"
	"github.com/veritykb/verity/llm/offline"
	"github.com/veritykb/verity/verify"
)

// supportOutput is what `verity eval support` prints: the report, then
// the threshold search that chose the offline engine's setting when --tune
// asked for one. The embedded report's fields come first in the JSON, so
// the shape is one flat object with "tuning" last.
type supportOutput struct {
	*eval.SupportReport
	Tuning *eval.SupportTuning[offline.SupportParams] `json:"tuning,omitempty"`
}

func (a *app) evalSupportCmd() *cobra.Command {
	var (
		data, split  string
		votes, batch int
		limit        int
		tune         bool
	)
	cmd := &cobra.Command{
		Use:   "support",
		Short: "Precision, recall and balanced accuracy of claim-support verification on SciFact",
		Long: `Support runs the claim-support verifier (verify.Judge over the configured
model; the offline engine when none is configured) on SciFact: each claim of
the split against each abstract it cites (title and abstract as the premise).
A pair is positive when the abstract SUPPORTs the claim; CONTRADICT and no
evidence are the negatives; an entailed verdict is a positive prediction.
It prints precision, recall, balanced accuracy, the confusion of gold labels
against verdict labels, the number of pairs, the model, and its calls and
cache hits.

--split dev (the reported numbers) or train (the only split thresholds may be
tuned on). --tune searches the offline engine's support thresholds on the
training split, reports the grid, and runs --split with the setting of the
highest recall among those with training precision of at least 0.85; dev is
never used for tuning.`,
		Example: `  verity eval support
  verity eval support --split train --json
  verity eval support --model ollama:qwen2.5:7b --votes 3
  verity eval support --tune`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			ctx := cmd.Context()
			sf, err := eval.LoadSciFact(filepath.Join(data, "scifact"))
			if err != nil {
				return err
			}
			pairs, err := sf.SupportPairs(split)
			if err != nil {
				return err
			}
			if limit > 0 && limit < len(pairs) {
				pairs = pairs[:limit]
			}
			m, meter, err := a.model(ctx)
			if err != nil {
				return err
			}
			out := supportOutput{}
			if tune {
				if m.Info().Provider != llm.ProviderOffline {
					return verity.Errorf(verity.EINVALID, "--tune searches the offline engine's thresholds; it needs --model offline, not %s", m.Info().Name())
				}
				if out.Tuning, err = eval.TuneSupport(ctx, sf, supportGrid(), offlineSupport, a.evalProgress); err != nil {
					return err
				}
				meter = llm.NewMeter(llm.DefaultPrices())
				m = llm.WithMeter(offlineSupport(out.Tuning.Best.Params), meter)
			}
			if out.SupportReport, err = eval.Support(ctx, m, meter, pairs, verify.JudgeOptions{Votes: votes, Batch: batch}, a.evalProgress); err != nil {
				return err
			}
			out.Split = split
			if a.json {
				return a.printJSON(out)
			}
			a.printSupport(out)
			return nil
		},
	}
	f := cmd.Flags()
	f.StringVar(&data, "data", defaultData, "folder holding scifact/")
	f.StringVar(&split, "split", "dev", "claims to check: dev or train")
	f.IntVar(&votes, "votes", 1, "votes per claim (a deterministic model votes once whatever this says)")
	f.IntVar(&batch, "batch", 1, "claims about one abstract checked per call")
	f.IntVar(&limit, "limit", 0, "check only the first N pairs (0: all)")
	f.BoolVar(&tune, "tune", false, "tune the offline engine's thresholds on the training split first")
	return cmd
}

// supportGrid is the threshold search of --tune: coverage for entailed,
// window size and near-stem credit. The contradiction threshold does not
// change the binary metrics and stays at its default. The grid names the
// offline engine's parameters, so it stays here with the wiring, and
// eval.TuneSupport gets it as a value together with offlineSupport.
func supportGrid() []offline.SupportParams {
	var grid []offline.SupportParams
	for _, entail := range []float64{0.5, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8, 0.85, 0.9} {
		for _, window := range []int{1, 2, 3} {
			for _, near := range []float64{0, 0.8} {
				p := offline.DefaultSupport
				p.Entail, p.Window, p.NearStem = entail, window, near
				grid = append(grid, p)
			}
		}
	}
	return grid
}

// offlineSupport is the offline engine with support thresholds p, the
// model each setting of supportGrid is tried with.
func offlineSupport(p offline.SupportParams) llm.Model {
	return offline.New(offline.Options{Support: p})
}

func (a *app) printSupport(r supportOutput) {
	w := a.stdout
	if r.Tuning != nil {
		fmt.Fprintf(w, "Tuning on %s (highest recall at precision >= %.2f):\n", r.Tuning.Split, r.Tuning.PrecisionFloor)
		for _, g := range r.Tuning.Grid {
			fmt.Fprintf(w, "  entail=%.2f window=%d near=%.1f  P %.3f  R %.3f  BA %.3f  F0.5 %.3f\n",
				g.Params.Entail, g.Params.Window, g.Params.NearStem, g.Precision, g.Recall, g.BalancedAccuracy, g.F05)
		}
		b := r.Tuning.Best.Params
		fmt.Fprintf(w, "  best: entail=%.2f window=%d near=%.1f\n\n", b.Entail, b.Window, b.NearStem)
	}
	fmt.Fprintf(w, "SciFact %s: %d claim-abstract pairs, model %s (%s)\n", r.Split, r.Pairs, r.Model, r.Prompts)
	fmt.Fprintf(w, "  positive = SUPPORT; predicted positive = entailed\n")
	fmt.Fprintf(w, "  precision          %.3f\n", r.Precision)
	fmt.Fprintf(w, "  recall             %.3f\n", r.Recall)
	fmt.Fprintf(w, "  balanced accuracy  %.3f\n", r.BalancedAccuracy)
	fmt.Fprintf(w, "  F1                 %.3f\n", r.F1)
	fmt.Fprintf(w, "  TP %d  FP %d  FN %d  TN %d\n", r.Binary.TP, r.Binary.FP, r.Binary.FN, r.Binary.TN)
	fmt.Fprintf(w, "\n  %-12s", "gold \\ said")
	for _, p := range r.Confusion.Predicted {
		fmt.Fprintf(w, " %12s", p)
	}
	fmt.Fprintln(w)
	for _, g := range r.Confusion.Gold {
		fmt.Fprintf(w, "  %-12s", g)
		for _, n := range r.Confusion.Counts[g] {
			fmt.Fprintf(w, " %12d", n)
		}
		fmt.Fprintln(w)
	}
	fmt.Fprintf(w, "\n  %d verdicts by code (verbatim), %d unreadable\n", r.Verbatim, r.Failures)
	fmt.Fprintf(w, "  model: %d calls, %d from cache, tokens in %d out %d", r.Calls, r.CacheHits, r.InputTokens, r.OutputTokens)
	if r.CostUSD > 0 {
		fmt.Fprintf(w, ", $%.4f", r.CostUSD)
	}
	fmt.Fprintf(w, "; %.1fs\n", r.Seconds)
}
