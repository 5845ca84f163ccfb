package verify

import "context"

// WordOverlap is the plain baseline every verifier is measured beside: a
// claim is supported when at least PartialCoverage of its content words
// occur in the premise ([Coverage]), whatever their order, negation or
// numbers. Its Entailment is that coverage, which is a share of words and
// not a calibrated probability. It makes no model call.
type WordOverlap struct{}

var _ Verifier = WordOverlap{}

// String names the baseline.
func (WordOverlap) String() string { return "word overlap" }

// Verify implements Verifier.
func (WordOverlap) Verify(ctx context.Context, pairs []Pair) ([]Verdict, error) {
	out := make([]Verdict, len(pairs))
	for i, p := range pairs {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if v, ok := Settle(p); ok {
			out[i] = v
			continue
		}
		c := Coverage(p.Premise, p.Hypothesis)
		v := Verdict{Label: Neutral, Grade: GradeNotSupported, Score: 1 - c, Entailment: c, By: ByOverlap}
		if c >= PartialCoverage {
			v.Label, v.Grade, v.Score = Entailed, GradeSameMeaning, c
		}
		out[i] = v
	}
	return out, nil
}
