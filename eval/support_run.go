package eval

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
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
// pairs, each twice, and, when the data folder holds it,
// AttributionBench's dev split with the claim alone as hypothesis (under
// cross-validation, the questions outside the fold being scored), with
// the word-overlap baseline's precision on them as the floor of the
// fitted verifier's strict threshold.
//
// SciFact counts twice so that its 919 short abstracts weigh more than
// AttributionBench's 1,198 web references: the passages the answer path
// checks claims against are short, like abstracts. AttributionBench
// counts once, with the claim alone, which is what the answer path
// checks; the offline verifier takes a question's words as given, so
// question and claim read the same to it.
type SupportTraining struct {
	Pairs     []SupportPair
	Positives int
	Floor     float64
	// SciFact and Attribution count the distinct pairs from each dataset.
	SciFact, Attribution int
	// Floors is the baseline's precision on each dataset's pairs, by
	// dataset (DatasetSciFact, DatasetAttributionBench).
	Floors map[string]float64
}

// Note describes the training data, for the record of a model fitted on it.
func (t SupportTraining) Note() string {
	ab := ""
	if t.Attribution > 0 {
		ab = fmt.Sprintf(" + AttributionBench dev: %d claim-references pairs (the claim alone)", t.Attribution)
	}
	return fmt.Sprintf("SciFact claims_train: %d claim-abstract pairs (counted twice)%s; %d supported of %d; strict at precision >= %.3f, the word-overlap baseline's",
		t.SciFact, ab, t.Positives, len(t.Pairs), t.Floor)
}

// TrainingSet names the dataset a training pair comes from: AttributionBench
// pairs are grouped by question, SciFact's are not.
func TrainingSet(p SupportPair) string {
	if p.Group != 0 {
		return DatasetAttributionBench
	}
	return DatasetSciFact
}

// Datasets `verity eval support --dataset` reads.
const (
	DatasetSciFact          = "scifact"
	DatasetAttributionBench = "attributionbench"
)

// SupportRunOptions configure [RunSupport].
type SupportRunOptions struct {
	// Pairs is a pairs file to check (see [LoadPairs]); when it is empty,
	// Dataset is read from Data (the folder holding scifact/ and
	// attributionbench-dev/): SciFact's Split ("dev" or "train"), or
	// AttributionBench's dev split with its hypothesis read as Hypothesis
	// (HypothesisQuestionClaim, the default, or HypothesisClaim).
	Pairs, Data, Split  string
	Dataset, Hypothesis string
	Limit               int    // check only the first Limit pairs; 0 is all
	Policy              string // the grades that count as supported: strict (1-2) or broad (1-3)
	// CV, when at least 2, scores the verifiers that can be refitted
	// ([NamedVerifier.Refit]) out of fold: the pairs are split into CV
	// folds by Group (one AttributionBench question's pairs in one fold),
	// and each fold is checked by a verifier fitted on the training data
	// less that fold's groups. Only grouped pairs (AttributionBench) may
	// be cross-validated.
	CV int
	// Fit, when set, fits a verifier on the training data ([SupportTraining])
	// once the pairs to check are read (the tuning step), before Verifiers
	// is called.
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
// [CompareSupport]), out of fold under CV. It returns the run and one item
// per pair and verifier.
func RunSupport(ctx context.Context, opt SupportRunOptions) (*SupportRun, []SupportItem, error) {
	maxGrade := verify.GradeSameMeaning
	switch opt.Policy {
	case "strict":
	case "broad":
		maxGrade = verify.GradePartial
	default:
		return nil, nil, verity.Errorf(verity.EINVALID, "--policy must be strict or broad, got %q", opt.Policy)
	}
	if opt.Dataset == "" {
		opt.Dataset = DatasetSciFact
	}
	if opt.Hypothesis == "" {
		opt.Hypothesis = HypothesisQuestionClaim
	}
	var pairs []SupportPair
	var err error
	switch {
	case opt.Pairs != "":
		pairs, err = LoadPairs(opt.Pairs)
	case opt.Dataset == DatasetSciFact:
		var sf *SciFact
		if sf, err = LoadSciFact(filepath.Join(opt.Data, "scifact")); err == nil {
			pairs, err = sf.SupportPairs(opt.Split)
		}
	case opt.Dataset == DatasetAttributionBench:
		pairs, err = LoadAttributionBench(filepath.Join(opt.Data, "attributionbench-dev"), opt.Hypothesis)
	default:
		err = verity.Errorf(verity.EINVALID, "--dataset must be %s or %s, got %q", DatasetSciFact, DatasetAttributionBench, opt.Dataset)
	}
	if err != nil {
		return nil, nil, err
	}
	if opt.Limit > 0 && opt.Limit < len(pairs) {
		pairs = pairs[:opt.Limit]
	}
	if opt.CV == 1 || opt.CV < 0 {
		return nil, nil, verity.Errorf(verity.EINVALID, "--cv must be 0 (none) or at least 2 folds, got %d", opt.CV)
	}
	if opt.CV >= 2 {
		for _, p := range pairs {
			if p.Group == 0 {
				return nil, nil, verity.Errorf(verity.EINVALID, "--cv needs pairs grouped by question: use it with --dataset %s", DatasetAttributionBench)
			}
		}
	}
	var train *supportData
	if opt.Fit != nil || opt.CV >= 2 {
		if train, err = loadTraining(opt.Data); err != nil {
			return nil, nil, err
		}
	}
	if opt.Fit != nil {
		bar := opt.Progress.start("fit", 1)
		t, err := train.training(ctx, nil)
		if err == nil {
			err = opt.Fit(t)
		}
		bar.Add(1)
		bar.Done()
		if err != nil {
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
	var folds *crossFolds
	if opt.CV >= 2 {
		folds = &crossFolds{k: opt.CV, train: train}
	}
	cmp, items, err := compareSupport(ctx, pairs, verifiers, maxGrade, folds, opt.Progress)
	if err != nil {
		return nil, nil, err
	}
	switch {
	case opt.Pairs != "":
		cmp.Dataset, cmp.File = "pairs", opt.Pairs
	case opt.Dataset == DatasetAttributionBench:
		cmp.Dataset, cmp.Split, cmp.Hypothesis, cmp.Labels = DatasetAttributionBench, "dev", opt.Hypothesis, AttributionBenchLabels
		cmp.Folds = opt.CV
	default:
		cmp.Dataset, cmp.Split = DatasetSciFact, opt.Split
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

// supportData is what a verifier may be fitted on (see
// [SupportTraining]).
type supportData struct {
	sciFact     []SupportPair
	attribution []SupportPair
}

// loadTraining reads the training data from the data folder. SciFact is
// required; AttributionBench is used when present.
func loadTraining(data string) (*supportData, error) {
	sf, err := LoadSciFact(filepath.Join(data, "scifact"))
	if err != nil {
		return nil, err
	}
	d := &supportData{}
	if d.sciFact, err = sf.SupportPairs("train"); err != nil {
		return nil, err
	}
	dir := filepath.Join(data, "attributionbench-dev")
	if _, err := os.Stat(filepath.Join(dir, AttributionBenchFile)); err != nil {
		return d, nil
	}
	d.attribution, err = LoadAttributionBench(dir, HypothesisClaim)
	return d, err
}

// training returns the training data less the AttributionBench groups
// held out (nil holds none out), with the baseline's precision on it.
func (d *supportData) training(ctx context.Context, heldOut func(group int) bool) (SupportTraining, error) {
	t := SupportTraining{Pairs: append(slices.Clone(d.sciFact), d.sciFact...), SciFact: len(d.sciFact)}
	for _, p := range d.attribution {
		if heldOut == nil || !heldOut(p.Group) {
			t.Pairs = append(t.Pairs, p)
			t.Attribution++
		}
	}
	bv, err := VerifyPairs(ctx, verify.WordOverlap{}, t.Pairs, nil, "baseline")
	if err != nil {
		return t, err
	}
	base := ScoreSupport(t.Pairs, bv, verify.GradeSameMeaning)
	t.Positives, t.Floor = base.Binary.TP+base.Binary.FN, base.Precision
	bins := map[string]*Binary{}
	for i, p := range t.Pairs {
		set := TrainingSet(p)
		if bins[set] == nil {
			bins[set] = &Binary{}
		}
		bins[set].Add(p.Positive(), bv[i].Supported(verify.GradeSameMeaning))
	}
	t.Floors = map[string]float64{}
	for set, b := range bins {
		t.Floors[set] = b.Precision()
	}
	return t, nil
}

// crossFolds splits grouped pairs into k folds (group modulo k) and gives
// each fold its training data: everything but the fold's groups.
type crossFolds struct {
	k     int
	train *supportData
}

func (c *crossFolds) fold(p SupportPair) int { return p.Group % c.k }
