package eval

import (
	"context"
	"time"

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
