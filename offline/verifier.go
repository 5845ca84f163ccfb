package offline

import (
	"context"
	"crypto/sha256"
	"fmt"
	"strings"

	"github.com/veritykb/verity/verify"
)

// ByOffline is the verdicts' By: the offline verifier's lexical checks
// and calibrated score decided them.
const ByOffline = "offline"

// Verifier is the offline engine's claim-support rule as a
// verify.Verifier, with what the judge's labels cannot carry: a
// calibrated probability of support as the verdict's Entailment, and the
// grades as thresholds on it. A claim is grade 2 (entailed) when the
// probability reaches Strict, grade 3 (partial) when it reaches Broad and
// the claim adds nothing the passage lacks (see adds),
// grade 4 otherwise, contradicted only when the passage makes it false.
// It makes no model call, needs no network and gives the same verdicts
// for the same pairs; verdicts say model "offline".
type Verifier struct {
	par   SupportParams
	model *SupportModel
}

var _ verify.Verifier = (*Verifier)(nil)

// NewVerifier returns the offline verifier with thresholds par (zero
// fields mean DefaultSupport's and the model's Strict and Broad) and
// score m (nil means DefaultSupportModel).
func NewVerifier(par SupportParams, m *SupportModel) *Verifier {
	if m == nil {
		m = DefaultSupportModel
	}
	return &Verifier{par: par.withDefaults(m), model: m}
}

// String names the verifier for caches and records: its thresholds and
// the fit of its score.
func (v *Verifier) String() string {
	return fmt.Sprintf("offline strict=%.2f broad=%.2f window=%d model=%x", v.par.Strict, v.par.Broad, v.par.Window,
		sha256.Sum256([]byte(v.model.GoSource())))
}

// claimOf analyses a pair's claim: the hypothesis less the question it
// begins with when the pair names one (the question's words are given,
// not something the premise must state), the whole hypothesis otherwise.
func claimOf(p verify.Pair) *doc {
	if q := strings.TrimSpace(p.Question); q != "" {
		if rest, ok := strings.CutPrefix(strings.TrimSpace(p.Hypothesis), q); ok && strings.TrimSpace(rest) != "" {
			return analyze(rest)
		}
	}
	return analyze(p.Hypothesis)
}

// Params returns the thresholds the verifier uses.
func (v *Verifier) Params() SupportParams { return v.par }

// Verify implements verify.Verifier.
func (v *Verifier) Verify(ctx context.Context, pairs []verify.Pair) ([]verify.Verdict, error) {
	out := make([]verify.Verdict, len(pairs))
	premises := map[string]*doc{} // pairs about one passage analyse it once
	for i, p := range pairs {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if s, ok := verify.Settle(p); ok {
			out[i] = s
			continue
		}
		pd, ok := premises[p.Premise]
		if !ok {
			pd = analyze(p.Premise)
			premises[p.Premise] = pd
		}
		hd := claimOf(p)
		c := checkSupport(pd, hd, v.par, v.model)
		vd := verify.Verdict{Entailment: c.P, By: ByOffline, Model: Name}
		switch {
		case c.Label == labelEntailed:
			vd.Label, vd.Grade, vd.Score = verify.Entailed, verify.GradeSameMeaning, c.P
		case c.Label == labelContradicted:
			vd.Label, vd.Grade, vd.Score = verify.Contradicted, verify.GradeNotSupported, 1-c.P
		case c.P >= v.par.Broad && len(adds(pd, hd)) == 0:
			// Partly supported, and adding nothing the passage does
			// not hold: a claim with a fact of its own is grade 4.
			vd.Label, vd.Grade, vd.Score = verify.Neutral, verify.GradePartial, 1-c.P
		default:
			vd.Label, vd.Grade, vd.Score = verify.Neutral, verify.GradeNotSupported, 1-c.P
		}
		out[i] = vd
	}
	return out, nil
}

// adds returns what claim h states that passage p does not hold: its
// amounts with no equal amount in p, and its content words whose stem p
// lacks, the words of an amount p states in other units aside ("once a
// year" against "not less than once every 12 months" adds nothing). A
// partly supported claim (grade 3) says less than its passage, never
// something of its own.
func adds(p, h *doc) []string {
	var out []string
	inSame := make([]bool, len(h.Words))
	for _, q := range h.Quants {
		same := false
		for _, o := range p.Quants {
			same = same || q.same(o)
		}
		if !same {
			out = append(out, h.Text[q.Start:q.End])
			continue
		}
		for i := q.First; i < q.Last && i < len(inSame); i++ {
			inSame[i] = true
		}
	}
	have := map[string]bool{}
	for _, w := range p.Words {
		have[w.Stem] = true
	}
	for i, w := range h.Words {
		if w.Content && !inSame[i] && !have[w.Stem] {
			have[w.Stem] = true
			out = append(out, w.Fold)
		}
	}
	return out
}
