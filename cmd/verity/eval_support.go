package main

import (
	"context"
	"fmt"
	"os"

	"github.com/spf13/cobra"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/eval"
	"github.com/veritykb/verity/llm"
	"github.com/veritykb/verity/offline"
	"github.com/veritykb/verity/verify"
)

// supportOutput is what `verity eval support` prints: the run, and the
// fit of the offline verifier when --tune asked for one.
type supportOutput struct {
	*eval.SupportRun
	Tuning *supportFit `json:"tuning,omitempty"`
}

// supportFit is the offline verifier's fit on its training data (SciFact's
// training claims, AttributionBench dev).
type supportFit struct {
	Split          string                `json:"split"`
	PrecisionFloor float64               `json:"precision_floor"` // the baseline's training precision, all datasets
	Report         offline.FitReport     `json:"report"`
	Model          *offline.SupportModel `json:"model"`
	ModelFile      string                `json:"model_file,omitempty"`
}

func (a *app) evalSupportCmd() *cobra.Command {
	var (
		data, split, pairsFile  string
		dataset, hypothesis     string
		items, modelOut         string
		policy                  string
		votes, batch, limit, cv int
		tune                    bool
	)
	cmd := &cobra.Command{
		Use:   "support",
		Short: "Precision, recall, macro-F1 and calibration of claim-support verifiers, beside a word-overlap baseline",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			var out supportOutput
			opt := eval.SupportRunOptions{Pairs: pairsFile, Data: data, Split: split, Dataset: dataset, Hypothesis: hypothesis,
				Limit: limit, Policy: policy, CV: cv, Progress: a.evalProgress}
			fitter := offline.NewFitter()
			if tune {
				opt.Fit = func(t eval.SupportTraining) error {
					out.Tuning = fitSupport(fitter, t)
					if modelOut == "" {
						return nil
					}
					if err := os.WriteFile(modelOut, []byte(out.Tuning.Model.GoSource()), 0o644); err != nil {
						return verity.Errorf(verity.EINVALID, "write --model-out: %w", err)
					}
					out.Tuning.ModelFile = modelOut
					return nil
				}
			}
			opt.Verifiers = func(ctx context.Context) ([]eval.NamedVerifier, *llm.Meter, error) {
				specs, _, err := a.verifierSpecs()
				if err != nil {
					return nil, nil, err
				}
				var verifiers []eval.NamedVerifier
				for _, s := range specs {
					if s.Kind == verify.KindBaseline {
						continue
					}
					nv, err := a.buildVerifier(ctx, s, verify.JudgeOptions{Votes: votes, Batch: batch, Concurrency: a.concurrency})
					if err != nil {
						return nil, nil, err
					}
					if s.Kind == verify.KindOffline {
						par := offline.SupportParams{Strict: s.Strict, Broad: s.Broad}
						if out.Tuning != nil {
							nv.Verifier = offline.NewVerifier(par, out.Tuning.Model)
						}
						nv.Refit = func(t eval.SupportTraining) (verify.Verifier, error) {
							return offline.NewVerifier(par, fitSupport(fitter, t).Model), nil
						}
					}
					verifiers = append(verifiers, nv)
				}
				return verifiers, a.meter, nil
			}
			run, its, err := eval.RunSupport(cmd.Context(), opt)
			if err != nil {
				return err
			}
			out.SupportRun = run
			if items != "" {
				if err := writeJSONL(items, "--items", its); err != nil {
					return err
				}
			}
			if a.json {
				return a.printJSON(out)
			}
			a.printSupport(out)
			return nil
		},
	}
	f := cmd.Flags()
	f.StringVar(&data, "data", defaultData, "folder holding scifact/ and attributionbench-dev/")
	f.StringVar(&dataset, "dataset", "scifact", "pairs to check: scifact or attributionbench (its dev split)")
	f.StringVar(&split, "split", "dev", "SciFact claims to check: dev or train")
	f.StringVar(&hypothesis, "hypothesis", "question+claim", "AttributionBench's hypothesis: question+claim or claim (alone)")
	f.IntVar(&cv, "cv", 0, "with --dataset attributionbench: score the offline verifier out of fold, N folds by question (0: the committed model)")
	f.StringVar(&pairsFile, "pairs", "", `labelled pairs to check instead of SciFact: JSONL of {"id","premise","hypothesis","label"}`)
	f.StringVar(&items, "items", "", "write one JSON line per pair and verifier to this file")
	f.StringVar(&policy, "policy", "strict", "grades that count as supported: strict (1-2) or broad (1-3)")
	f.IntVar(&votes, "votes", 1, "votes per claim for the llm verifier (a deterministic model votes once)")
	f.IntVar(&batch, "batch", 1, "claims about one premise checked per call by the llm verifier")
	f.IntVar(&limit, "limit", 0, "check only the first N pairs (0: all)")
	f.BoolVar(&tune, "tune", false, "fit the offline verifier on SciFact's training claims and AttributionBench dev first")
	f.StringVar(&modelOut, "model-out", "", "with --tune: write the fitted model as Go source to this file")
	return cmd
}

// fitSupport fits the offline verifier's score on the training data
// (SciFact's training claims, AttributionBench dev when present), with the
// baseline's training precision as the floor of the strict threshold.
func fitSupport(fitter *offline.Fitter, t eval.SupportTraining) *supportFit {
	m, rep := fitter.Fit(supportExamples(t), offline.FitOptions{PrecisionFloor: t.Floor, Floors: t.Floors, Fitted: t.Note()})
	return &supportFit{Split: "train", PrecisionFloor: t.Floor, Report: rep, Model: m}
}

// supportExamples are the training pairs as the fit reads them. A SciFact
// claim's abstracts share a group, and so do an AttributionBench
// question's pairs (numbered apart from SciFact's claims), so that the
// fit's folds never split them.
func supportExamples(t eval.SupportTraining) []offline.SupportExample {
	ex := make([]offline.SupportExample, len(t.Pairs))
	for i, p := range t.Pairs {
		g := p.ClaimID
		if p.Group != 0 {
			g = attributionGroups + p.Group
		}
		ex[i] = offline.SupportExample{Premise: p.Premise, Hypothesis: p.Hypothesis, Question: p.Question, Supported: p.Positive(), Group: g,
			Set: eval.TrainingSet(p)}
	}
	return ex
}

// attributionGroups is added to AttributionBench's question numbers to
// keep them apart from SciFact's claim ids.
const attributionGroups = 1 << 20

func (a *app) printSupport(r supportOutput) {
	w := a.stdout
	if t := r.Tuning; t != nil {
		fmt.Fprintf(w, "Fit of the offline verifier (strict threshold at training precision >= %.3f, the baseline's):\n", t.PrecisionFloor)
		fmt.Fprintf(w, "  %s\n", t.Report)
		for i, n := range t.Model.Features {
			fmt.Fprintf(w, "  %-20s %+.4f\n", n, t.Model.Weights[i])
		}
		fmt.Fprintf(w, "  %-20s %+.4f\n  %s\n", "bias", t.Model.Bias, t.Model.Fitted)
		if t.ModelFile != "" {
			fmt.Fprintf(w, "  model written to %s\n", t.ModelFile)
		}
		fmt.Fprintln(w)
	}
	r.SupportRun.Print(w)
}
