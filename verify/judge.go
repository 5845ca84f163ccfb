package verify

import (
	"context"
	"embed"
	"fmt"

	"golang.org/x/sync/errgroup"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/llm"
)

//go:embed prompts/*.md
var promptFS embed.FS

var prompts = llm.MustLoadPrompts(promptFS, "prompts")

// Task names of the judge's model calls. The offline engine implements both
// by reading Request.Vars (see the package documentation for the contract).
const (
	TaskSupport      = "verify.support"
	TaskSupportBatch = "verify.support_batch"
)

// SupportVars are the Vars of a TaskSupport request.
type SupportVars struct {
	Premise    string `json:"premise"`
	Hypothesis string `json:"hypothesis"`
}

// SupportBatchVars are the Vars of a TaskSupportBatch request; the answer
// numbers the hypotheses from 1.
type SupportBatchVars struct {
	Premise    string   `json:"premise"`
	Hypotheses []string `json:"hypotheses"`
}

// JudgeOptions configure a Judge.
type JudgeOptions struct {
	// Votes is how many independent samples vote on each claim; 0 means 3.
	// A deterministic model votes once whatever this says.
	Votes int
	// EarlyStop stops drawing votes on a claim once one label holds a
	// majority of Votes. It applies to one-claim calls only: a batch call
	// votes on several claims at once and always draws every vote.
	EarlyStop bool
	// Batch, when above 1, checks up to Batch claims about the same premise
	// in one call, a cost lever: fewer calls, one shared passage.
	Batch int
	// Concurrency is how many claims (or batches) are checked at once, and
	// how many votes each draws at once; 0 means 8. The provider's Limiter
	// bounds the calls actually in flight.
	Concurrency int
}

// Judge is a Verifier that asks an llm.Model, any of them including the
// offline engine, one narrow question per claim with three answers, and
// takes the share of votes for the winning label as the score. Claims that
// are verbatim sentences of their premise, and claims with no premise, are
// decided by code first ([Settle]), with no call.
type Judge struct {
	m   llm.Model
	opt JudgeOptions
}

var _ Verifier = (*Judge)(nil)

// NewJudge returns a Judge asking m.
func NewJudge(m llm.Model, opt JudgeOptions) *Judge {
	if opt.Votes <= 0 {
		opt.Votes = 3
	}
	if opt.Concurrency <= 0 {
		opt.Concurrency = 8
	}
	return &Judge{m: m, opt: opt}
}

// String names the judge for caches and records: its model and how it
// votes.
func (j *Judge) String() string {
	return fmt.Sprintf("judge %s votes=%d early=%t batch=%d", j.m.Info().Name(), j.opt.Votes, j.opt.EarlyStop, j.opt.Batch)
}

// PromptVersions returns the versions of the judge's prompts, for records
// and for `verity doctor`.
func PromptVersions() string { return prompts.String() }

// Verify implements Verifier.
func (j *Judge) Verify(ctx context.Context, pairs []Pair) ([]Verdict, error) {
	out := make([]Verdict, len(pairs))
	var pending []int
	for i, p := range pairs {
		if v, ok := Settle(p); ok {
			out[i] = v
			continue
		}
		pending = append(pending, i)
	}
	units := j.units(pairs, pending)

	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(max(j.opt.Concurrency, 1))
	for _, u := range units {
		g.Go(func() error {
			if len(u) == 1 {
				return j.one(gctx, pairs[u[0]], &out[u[0]])
			}
			return j.batch(gctx, pairs, u, out)
		})
	}
	if err := g.Wait(); err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return out, nil
}

// units groups the pending pairs into calls: one pair per call, or with
// Batch above 1 up to Batch pairs sharing a premise, in input order.
func (j *Judge) units(pairs []Pair, pending []int) [][]int {
	var units [][]int
	if j.opt.Batch <= 1 {
		for _, i := range pending {
			units = append(units, []int{i})
		}
		return units
	}
	open := map[string]int{} // premise → index of its unit still filling
	for _, i := range pending {
		k, ok := open[pairs[i].Premise]
		if !ok || len(units[k]) == j.opt.Batch {
			units = append(units, nil)
			k = len(units) - 1
			open[pairs[i].Premise] = k
		}
		units[k] = append(units[k], i)
	}
	return units
}

func (j *Judge) one(ctx context.Context, p Pair, out *Verdict) error {
	req, err := prompts.Render(TaskSupport, SupportVars{Premise: p.Premise, Hypothesis: p.Hypothesis})
	if err != nil {
		return err
	}
	opt := llm.VoteOptions{N: j.opt.Votes, Concurrency: j.opt.Concurrency}
	if j.opt.EarlyStop {
		opt.Stop = llm.Majority{N: j.opt.Votes}
	}
	tally, err := llm.Vote(ctx, j.m, req, opt, llm.JSONLabel(j.m, "label"))
	if err != nil {
		return err
	}
	*out = j.verdict(p, tally.Ballots, tally.Requested, req.PromptVersion)
	return nil
}

type batchAnswer struct {
	Results []struct {
		ID    int    `json:"id"`
		Label string `json:"label"`
	} `json:"results"`
}

func (j *Judge) batch(ctx context.Context, pairs []Pair, unit []int, out []Verdict) error {
	vars := SupportBatchVars{Premise: pairs[unit[0]].Premise}
	for _, i := range unit {
		vars.Hypotheses = append(vars.Hypotheses, pairs[i].Hypothesis)
	}
	req, err := prompts.Render(TaskSupportBatch, vars)
	if err != nil {
		return err
	}
	answers := make([]*batchAnswer, j.opt.Votes)
	tally, err := llm.Vote(ctx, j.m, req, llm.VoteOptions{N: j.opt.Votes, Concurrency: j.opt.Concurrency},
		func(ctx context.Context, r *llm.Request) (string, *llm.Response, error) {
			var a batchAnswer
			resp, err := llm.CompleteJSON(ctx, j.m, r, &a)
			if err != nil {
				return "", resp, err
			}
			answers[r.Sample] = &a
			return "answered", resp, nil
		})
	if err != nil {
		return err
	}
	// Split each sample's ballot into one ballot per claim.
	for k, i := range unit {
		var ballots []verity.Ballot
		for _, b := range tally.Ballots {
			cb := b
			cb.Label = ""
			if a := answers[b.Sample]; a != nil {
				cb.Label, cb.Reason = labelOf(a, k+1)
			}
			ballots = append(ballots, cb)
		}
		out[i] = j.verdict(pairs[i], ballots, tally.Requested, req.PromptVersion)
	}
	return nil
}

// labelOf returns the label answered for claim id, or a reason there is none.
func labelOf(a *batchAnswer, id int) (string, string) {
	for _, r := range a.Results {
		if r.ID == id {
			return r.Label, ""
		}
	}
	return "", fmt.Sprintf("the answer has no result for claim %d", id)
}

// verdict tallies ballots into a verdict. Ties go to neutral: when the
// votes disagree evenly, the claim is not established.
func (j *Judge) verdict(p Pair, ballots []verity.Ballot, requested int, promptVersion string) Verdict {
	v := Verdict{By: ByJudge, Votes: ballots, Requested: requested, Model: j.m.Info().Name(), PromptVersion: promptVersion}
	counts := map[Label]int{}
	for _, b := range ballots {
		if b.Label != "" {
			counts[Label(b.Label)]++
		}
	}
	if len(counts) == 0 {
		v.Label, v.Grade = LabelNone, GradeNotSupported
		v.Failure = verity.EMALFORMED
		if len(ballots) > 0 && ballots[0].Reason != "" {
			v.Failure += ": " + ballots[0].Reason
		}
		return v
	}
	best, tie := LabelNone, false
	for _, l := range []Label{Entailed, Neutral, Contradicted} {
		switch {
		case counts[l] > counts[best] || best == LabelNone && counts[l] > 0:
			best, tie = l, false
		case counts[l] == counts[best] && counts[l] > 0:
			tie = true
		}
	}
	if tie {
		best = Neutral
	}
	v.Label = best
	v.Score = float64(counts[best]) / float64(len(ballots))
	v.Entailment = float64(counts[Entailed]) / float64(len(ballots))
	v.Grade = GradeFor(best, p.Premise, p.Hypothesis)
	return v
}
