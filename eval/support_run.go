package eval

import (
	"context"
	"fmt"
	"path/filepath"
	"time"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/llm"
	"github.com/veritykb/verity/verify"
)

// SupportReport is how a claim-support verifier does on SciFact's support
// pairs: what `verity eval support` prints, less the tuning it may have
// done first.
type SupportReport struct {
	Dataset string `json:"dataset"`
	Split   string `json:"split"`
	Pairs   int    `json:"pairs"`
	Model   string `json:"model"`
	Prompts string `json:"prompts"`
	// Positive is "SUPPORT"; predicted positive is an entailed verdict.
	Precision        float64    `json:"precision"`
	Recall           float64    `json:"recall"`
	BalancedAccuracy float64    `json:"balanced_accuracy"`
	F1               float64    `json:"f1"`
	Binary           Binary     `json:"binary"`
	Confusion        *Confusion `json:"confusion"` // gold → verdict label
	Verbatim         int        `json:"verbatim"`  // verdicts decided by code, with no model call
	Failures         int        `json:"failures"`  // verdicts with no readable vote
	Calls            int64      `json:"calls"`
	CacheHits        int64      `json:"cache_hits"`
	InputTokens      int64      `json:"input_tokens"`
	OutputTokens     int64      `json:"output_tokens"`
	CostUSD          float64    `json:"cost_usd"`
	Seconds          float64    `json:"seconds"`
}

// Support verifies every pair with a judge over m (verify.NewJudge with
// opt) and scores the verdicts against the gold labels. meter, when not
// nil, is the one m reports to; the difference of its totals over the run
// is the report's calls, cache hits, tokens and cost. The caller sets the
// report's Split, which the pairs do not carry.
func Support(ctx context.Context, m llm.Model, meter *llm.Meter, pairs []SupportPair, opt verify.JudgeOptions, progress Progress) (*SupportReport, error) {
	start := time.Now()
	var before llm.Totals
	if meter != nil {
		before = meter.Snapshot().Total
	}
	verdicts, err := VerifyPairs(ctx, verify.NewJudge(m, opt), pairs, progress, "verify")
	if err != nil {
		return nil, err
	}
	s := ScoreSupport(pairs, verdicts, verify.GradeSameMeaning)
	rep := &SupportReport{Dataset: "scifact", Pairs: len(pairs), Model: m.Info().Name(),
		Prompts: verify.PromptVersions(), Binary: s.Binary, Confusion: s.Confusion,
		Verbatim: s.Verbatim, Failures: s.Failures,
		Precision: s.Precision, Recall: s.Recall, BalancedAccuracy: s.BalancedAccuracy, F1: s.F1}
	if meter != nil {
		t := meter.Snapshot().Total
		rep.Calls, rep.CacheHits = t.Calls-before.Calls, t.CacheHits-before.CacheHits
		rep.InputTokens, rep.OutputTokens = t.InputTokens-before.InputTokens, t.OutputTokens-before.OutputTokens
		rep.CostUSD = t.Cost - before.Cost
	}
	rep.Seconds = time.Since(start).Seconds()
	return rep, nil
}

// SupportRun is what `verity eval support` reports, less any tuning: the
// comparison of every verifier on the same pairs and what their model
// calls cost.
type SupportRun struct {
	*SupportComparison
	Usage *SupportUsage `json:"usage,omitempty"`
}

// SupportUsage is what a run's model calls cost (the llm verifier's).
type SupportUsage struct {
	Calls        int64   `json:"calls"`
	CacheHits    int64   `json:"cache_hits"`
	InputTokens  int64   `json:"input_tokens"`
	OutputTokens int64   `json:"output_tokens"`
	CostUSD      float64 `json:"cost_usd"`
}

// SupportTraining is what a verifier is fitted on: SciFact's training
// pairs, and the word-overlap baseline's precision on them as the floor of
// the fitted verifier's strict threshold.
type SupportTraining struct {
	Pairs     []SupportPair
	Positives int
	Floor     float64
}

// Note describes the training data, for the record of a model fitted on it.
func (t SupportTraining) Note() string {
	return fmt.Sprintf("SciFact claims_train: %d claim-abstract pairs, %d supported; strict at precision >= %.3f, the word-overlap baseline's", len(t.Pairs), t.Positives, t.Floor)
}

// SupportRunOptions configure [RunSupport].
type SupportRunOptions struct {
	// Pairs is a pairs file to check (see [LoadPairs]); when it is empty,
	// the Split ("dev" or "train") of SciFact read from Data (the folder
	// holding scifact/) is checked.
	Pairs, Data, Split string
	Limit              int    // check only the first Limit pairs; 0 is all
	Policy             string // the grades that count as supported: strict (1-2) or broad (1-3)
	// Fit, when set, fits a verifier on SciFact's training pairs once the
	// pairs to check are read (the tuning step), before Verifiers is
	// called.
	Fit func(SupportTraining) error
	// Verifiers builds the verifiers to compare beside the word-overlap
	// baseline, which always runs first, and returns the meter their models
	// report to: the difference of its totals over the comparison is the
	// run's usage (nil reports none).
	Verifiers func(ctx context.Context) ([]NamedVerifier, *llm.Meter, error)
	Progress  Progress
}

// RunSupport reads the pairs, fits a verifier first when asked, and
// compares the word-overlap baseline and the verifiers on the pairs (see
// [CompareSupport]). It returns the run and one item per pair and
// verifier.
func RunSupport(ctx context.Context, opt SupportRunOptions) (*SupportRun, []SupportItem, error) {
	maxGrade := verify.GradeSameMeaning
	switch opt.Policy {
	case "strict":
	case "broad":
		maxGrade = verify.GradePartial
	default:
		return nil, nil, verity.Errorf(verity.EINVALID, "--policy must be strict or broad, got %q", opt.Policy)
	}
	var sf *SciFact
	sciFact := func() (*SciFact, error) {
		var err error
		if sf == nil {
			sf, err = LoadSciFact(filepath.Join(opt.Data, "scifact"))
		}
		return sf, err
	}
	var pairs []SupportPair
	var err error
	if opt.Pairs != "" {
		pairs, err = LoadPairs(opt.Pairs)
	} else if _, err = sciFact(); err == nil {
		pairs, err = sf.SupportPairs(opt.Split)
	}
	if err != nil {
		return nil, nil, err
	}
	if opt.Limit > 0 && opt.Limit < len(pairs) {
		pairs = pairs[:opt.Limit]
	}
	if opt.Fit != nil {
		if _, err := sciFact(); err != nil {
			return nil, nil, err
		}
		if err := fitSupport(ctx, sf, opt.Fit, opt.Progress); err != nil {
			return nil, nil, err
		}
	}
	verifiers := []NamedVerifier{{Name: "baseline", Model: "word overlap", Verifier: verify.WordOverlap{}}}
	more, meter, err := opt.Verifiers(ctx)
	if err != nil {
		return nil, nil, err
	}
	verifiers = append(verifiers, more...)
	var before llm.Totals
	if meter != nil {
		before = meter.Snapshot().Total
	}
	cmp, items, err := CompareSupport(ctx, pairs, verifiers, maxGrade, opt.Progress)
	if err != nil {
		return nil, nil, err
	}
	if opt.Pairs != "" {
		cmp.Dataset, cmp.File = "pairs", opt.Pairs
	} else {
		cmp.Dataset, cmp.Split = "scifact", opt.Split
		cmp.Labels = "SUPPORT is positive; CONTRADICT and no evidence are negative"
	}
	run := &SupportRun{SupportComparison: cmp}
	if meter != nil {
		t := meter.Snapshot().Total
		if t.Calls > before.Calls || t.CacheHits > before.CacheHits {
			run.Usage = &SupportUsage{Calls: t.Calls - before.Calls, CacheHits: t.CacheHits - before.CacheHits,
				InputTokens: t.InputTokens - before.InputTokens, OutputTokens: t.OutputTokens - before.OutputTokens,
				CostUSD: t.Cost - before.Cost}
		}
	}
	return run, items, nil
}

// fitSupport hands fit SciFact's training pairs with the word-overlap
// baseline's precision on them as the floor of the strict threshold.
func fitSupport(ctx context.Context, sf *SciFact, fit func(SupportTraining) error, progress Progress) error {
	train, err := sf.SupportPairs("train")
	if err != nil {
		return err
	}
	bv, err := VerifyPairs(ctx, verify.WordOverlap{}, train, nil, "baseline")
	if err != nil {
		return err
	}
	base := ScoreSupport(train, bv, verify.GradeSameMeaning)
	bar := progress.start("fit", 1)
	defer bar.Done()
	err = fit(SupportTraining{Pairs: train, Positives: base.Binary.TP + base.Binary.FN, Floor: base.Precision})
	bar.Add(1)
	return err
}
