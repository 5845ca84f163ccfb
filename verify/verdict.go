package verify

import (
	"context"

	"github.com/veritykb/verity"
)

// Label is the answer to "does the premise establish the hypothesis?".
type Label string

// Labels. LabelNone marks a verdict no vote could be read for. NoEvidence
// marks a claim checked against an empty premise: there was nothing to
// read, which is not the same as a passage that does not say it.
const (
	Entailed     Label = "entailed"
	Neutral      Label = "neutral"
	Contradicted Label = "contradicted"
	NoEvidence   Label = "no_evidence"
	LabelNone    Label = ""
)

// Grade is the support scale of the seeds, from strict to broad reports:
// a strict report keeps grades 1-2, a broad one 1-3.
type Grade int

// Grades.
const (
	GradeVerbatim     Grade = 1 // the claim is the premise's own words (decided by code)
	GradeSameMeaning  Grade = 2 // the premise says the same thing in other words
	GradePartial      Grade = 3 // the premise supports part of the claim
	GradeNotSupported Grade = 4 // the premise does not support the claim, or contradicts it
)

// Methods a verdict was reached by.
const (
	ByVerbatim = "verbatim" // code found the claim in the premise; no model call
	ByCode     = "code"     // code found no evidence to check (an empty premise); no model call
	ByJudge    = "judge"    // an llm.Model voted
	ByOverlap  = "overlap"  // the word-overlap baseline ([WordOverlap])
)

// Pair is one check: does Premise (a source passage) support Hypothesis (a
// claim)?
type Pair struct {
	Premise    string `json:"premise"`
	Hypothesis string `json:"hypothesis"`
	// Question, when set, is the question the claim answers, which
	// Hypothesis begins with (AttributionBench reads question and claim as
	// one hypothesis). A verifier may take its words as given rather than
	// as something the premise must state; one that reads Hypothesis
	// alone reads it whole.
	Question string `json:"question,omitempty"`
}

// Verdict is the outcome of one check. It is a value: a claim that is not
// supported is a verdict with GradeNotSupported, never an error.
type Verdict struct {
	Label Label `json:"label"`
	Grade Grade `json:"grade"`
	// Score is the verifier's confidence in Label: the share of cast votes
	// for it (1 for a verbatim verdict and for a deterministic model's
	// single vote), or a classifier's probability of it.
	Score float64 `json:"score"`
	// Entailment is the verifier's probability that the premise supports
	// the claim, whatever Label says: 1 for a verbatim claim, 0 with no
	// evidence; the share of votes for entailed from a judge; the
	// entailment probability of an NLI model; the calibrated probability
	// of the offline verifier. Reliability tables are drawn from it.
	Entailment float64 `json:"entailment"`
	By         string  `json:"by"`
	// Votes are the ballots behind a judge's verdict, in sample order, so
	// the confidence can be replayed.
	Votes []verity.Ballot `json:"votes,omitempty"`
	// Requested is how many votes were asked for; fewer were cast when the
	// outcome settled early or the model is deterministic.
	Requested     int    `json:"requested,omitempty"`
	Model         string `json:"model,omitempty"`
	PromptVersion string `json:"prompt_version,omitempty"`
	// Failure says why no vote could be read (the judge's output stayed
	// malformed after the repair retry). Such a verdict has LabelNone and
	// GradeNotSupported: the claim is not verified, and the record says
	// why rather than passing a guess off as a judgement.
	Failure string `json:"failure,omitempty"`
}

// Supported reports whether the verdict meets a report's bar: the grade is
// at most maxGrade (2 for strict reports, 3 for broad ones).
func (v Verdict) Supported(maxGrade Grade) bool {
	return v.Label != LabelNone && v.Grade <= maxGrade
}

// Verifier checks claims against passages. Verify returns one verdict per
// pair, in order; an error means the checking itself failed (the model
// stayed unavailable, ctx ended), not that a claim was unsupported.
type Verifier interface {
	Verify(ctx context.Context, pairs []Pair) ([]Verdict, error)
}

// Settle returns the verdicts code reaches before any model is asked, and
// whether it reached one: a claim against an empty premise is no evidence
// (grade 4), and a claim that is whole sentences of its premise is grade 1
// ([Verbatim]). Every Verifier settles these pairs this way, so that the
// same pair gets the same verdict from every backend.
func Settle(p Pair) (Verdict, bool) {
	if len(words(p.Premise)) == 0 {
		return Verdict{Label: NoEvidence, Grade: GradeNotSupported, Score: 1, By: ByCode}, true
	}
	if Verbatim(p.Premise, p.Hypothesis) {
		return Verdict{Label: Entailed, Grade: GradeVerbatim, Score: 1, Entailment: 1, By: ByVerbatim}, true
	}
	return Verdict{}, false
}

// One checks a single claim.
func One(ctx context.Context, v Verifier, premise, hypothesis string) (Verdict, error) {
	vs, err := v.Verify(ctx, []Pair{{Premise: premise, Hypothesis: hypothesis}})
	if err != nil {
		return Verdict{}, err
	}
	return vs[0], nil
}

// GradeFor returns the grade of a model's label: entailed is the same
// meaning, contradicted is not supported, and neutral is partial when the
// claim adds nothing the premise does not hold — every content word of it
// occurs in the premise ([Adds] is empty), which speaks to the claim but
// does not establish all of it, dropping a condition or a qualifier — and
// not supported otherwise: a claim that adds a fact of its own ("обучение
// оплачивает министерство" where the text never names who pays) is not
// partly supported by any policy. Any backend (an LLM judge, an NLI
// service) maps its label through here so that grades mean the same
// everywhere.
func GradeFor(label Label, premise, hypothesis string) Grade {
	switch label {
	case Entailed:
		return GradeSameMeaning
	case Neutral:
		if Partial(premise, hypothesis) {
			return GradePartial
		}
	}
	return GradeNotSupported
}

// Partial reports whether a claim the premise does not establish may
// still be partly supported by it (grade 3): the claim has content words,
// and adds none the premise does not hold.
func Partial(premise, hypothesis string) bool {
	return Coverage(premise, hypothesis) >= PartialCoverage && len(Adds(premise, hypothesis)) == 0
}
