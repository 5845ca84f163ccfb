package main

import (
	"context"
	"fmt"
	"path/filepath"
	"time"

	"github.com/spf13/cobra"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/eval"
	"github.com/veritykb/verity/llm"
	"github.com/veritykb/verity/llm/offline"
	"github.com/veritykb/verity/verify"
)

// supportReport is what `verity eval support` prints.
type supportReport struct {
	Dataset string `json:"dataset"`
	Split   string `json:"split"`
	Pairs   int    `json:"pairs"`
	Model   string `json:"model"`
	Prompts string `json:"prompts"`
	// Positive is "SUPPORT"; predicted positive is an entailed verdict.
	Precision        float64         `json:"precision"`
	Recall           float64         `json:"recall"`
	BalancedAccuracy float64         `json:"balanced_accuracy"`
	F1               float64         `json:"f1"`
	Binary           eval.Binary     `json:"binary"`
	Confusion        *eval.Confusion `json:"confusion"` // gold → verdict label
	Verbatim         int             `json:"verbatim"`  // verdicts decided by code, with no model call
	Failures         int             `json:"failures"`  // verdicts with no readable vote
	Calls            int64           `json:"calls"`
	CacheHits        int64           `json:"cache_hits"`
	InputTokens      int64           `json:"input_tokens"`
	OutputTokens     int64           `json:"output_tokens"`
	CostUSD          float64         `json:"cost_usd"`
	Seconds          float64         `json:"seconds"`
	Tuning           *supportTuning  `json:"tuning,omitempty"`
}

// supportTuning records a threshold search on the training split.
type supportTuning struct {
	Split          string                `json:"split"`
	PrecisionFloor float64               `json:"precision_floor"`
	Grid           []supportTuningResult `json:"grid"`
	Best           supportTuningResult   `json:"best"`
}

type supportTuningResult struct {
	Params           offline.SupportParams `json:"params"`
	Precision        float64               `json:"precision"`
	Recall           float64               `json:"recall"`
	BalancedAccuracy float64               `json:"balanced_accuracy"`
	F05              float64               `json:"f0_5"`
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
			var tuning *supportTuning
			if tune {
				if m.Info().Provider != llm.ProviderOffline {
					return verity.Errorf(verity.EINVALID, "--tune searches the offline engine's thresholds; it needs --model offline, not %s", m.Info().Name())
				}
				train, err := sf.SupportPairs("train")
				if err != nil {
					return err
				}
				if tuning, err = a.tuneSupport(ctx, train); err != nil {
					return err
				}
				meter = llm.NewMeter(llm.DefaultPrices())
				m = llm.WithMeter(offline.New(offline.Options{Support: tuning.Best.Params}), meter)
			}
			bar := a.newProgress("verify", int64(len(pairs)), false)
			rep, err := evalSupport(ctx, m, meter, pairs, verify.JudgeOptions{Votes: votes, Batch: batch}, bar.Add)
			bar.Done()
			if err != nil {
				return err
			}
			rep.Split, rep.Tuning = split, tuning
			if a.json {
				return a.printJSON(rep)
			}
			a.printSupport(rep)
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

// supportChunk is how many pairs go to the verifier at once, so progress
// moves and a cancelled run stops soon.
const supportChunk = 32

// evalSupport verifies every pair with a judge over m and scores the
// verdicts against the gold labels. meter, when not nil, is the one m
// reports to; its totals are the run's calls and cache hits.
func evalSupport(ctx context.Context, m llm.Model, meter *llm.Meter, pairs []eval.SupportPair, opt verify.JudgeOptions, progress func(int64)) (*supportReport, error) {
	start := time.Now()
	var before llm.Totals
	if meter != nil {
		before = meter.Snapshot().Total
	}
	judge := verify.NewJudge(m, opt)
	rep := &supportReport{Dataset: "scifact", Pairs: len(pairs), Model: m.Info().Name(),
		Prompts: verify.PromptVersions(),
		Confusion: eval.NewConfusion(
			[]string{eval.GoldSupport, eval.GoldContradict, eval.GoldNoEvidence},
			[]string{string(verify.Entailed), string(verify.Neutral), string(verify.Contradicted)})}
	for i := 0; i < len(pairs); i += supportChunk {
		chunk := pairs[i:min(i+supportChunk, len(pairs))]
		vp := make([]verify.Pair, len(chunk))
		for k, p := range chunk {
			vp[k] = verify.Pair{Premise: p.Premise, Hypothesis: p.Hypothesis}
		}
		verdicts, err := judge.Verify(ctx, vp)
		if err != nil {
			return nil, err
		}
		for k, v := range verdicts {
			rep.Binary.Add(chunk[k].Positive(), v.Label == verify.Entailed)
			label := string(v.Label)
			if v.Label == verify.LabelNone {
				label = "unreadable"
				rep.Failures++
			}
			rep.Confusion.Add(chunk[k].Gold, label)
			if v.By == verify.ByVerbatim {
				rep.Verbatim++
			}
		}
		if progress != nil {
			progress(int64(len(chunk)))
		}
	}
	rep.Precision, rep.Recall = rep.Binary.Precision(), rep.Binary.Recall()
	rep.BalancedAccuracy, rep.F1 = rep.Binary.BalancedAccuracy(), rep.Binary.F1()
	if meter != nil {
		t := meter.Snapshot().Total
		rep.Calls, rep.CacheHits = t.Calls-before.Calls, t.CacheHits-before.CacheHits
		rep.InputTokens, rep.OutputTokens = t.InputTokens-before.InputTokens, t.OutputTokens-before.OutputTokens
		rep.CostUSD = t.Cost - before.Cost
	}
	rep.Seconds = time.Since(start).Seconds()
	return rep, nil
}

// supportGrid is the threshold search of --tune: coverage for entailed,
// window size and near-stem credit. The contradiction threshold does not
// change the binary metrics and stays at its default.
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

// tunePrecisionFloor is the training precision a setting must reach to be
// chosen: an entailed verdict must be hard to earn, so recall is bought
// only above this precision.
const tunePrecisionFloor = 0.85

// tuneSupport runs the grid on the training pairs and picks, among the
// settings whose precision reaches tunePrecisionFloor, the one with the
// highest recall (then precision, then the earlier, stricter setting); if
// none reaches it, the most precise one.
func (a *app) tuneSupport(ctx context.Context, train []eval.SupportPair) (*supportTuning, error) {
	t := &supportTuning{Split: "train", PrecisionFloor: tunePrecisionFloor}
	grid := supportGrid()
	bar := a.newProgress("tune", int64(len(grid)), false)
	defer bar.Done()
	for i, p := range grid {
		rep, err := evalSupport(ctx, offline.New(offline.Options{Support: p}), nil, train, verify.JudgeOptions{Votes: 1}, nil)
		if err != nil {
			return nil, err
		}
		r := supportTuningResult{Params: p, Precision: rep.Precision, Recall: rep.Recall,
			BalancedAccuracy: rep.BalancedAccuracy, F05: fBeta(rep.Precision, rep.Recall, 0.5)}
		t.Grid = append(t.Grid, r)
		if i == 0 || better(r, t.Best) {
			t.Best = r
		}
		bar.Add(1)
	}
	return t, nil
}

// better reports whether tuning result r beats best under the
// precision-first rule of tuneSupport.
func better(r, best supportTuningResult) bool {
	rOK, bestOK := r.Precision >= tunePrecisionFloor, best.Precision >= tunePrecisionFloor
	switch {
	case rOK != bestOK:
		return rOK
	case !rOK:
		return r.Precision > best.Precision
	case r.Recall != best.Recall:
		return r.Recall > best.Recall
	}
	return r.Precision > best.Precision
}

func fBeta(p, r, beta float64) float64 {
	b2 := beta * beta
	if p == 0 && r == 0 {
		return 0
	}
	return (1 + b2) * p * r / (b2*p + r)
}

func (a *app) printSupport(r *supportReport) {
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
