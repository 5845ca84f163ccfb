package offline

import (
	"context"
	"fmt"
	"strings"

	"github.com/veritykb/verity/analysis"
	"github.com/veritykb/verity/llm"
)

// Tasks of the claim-support verifier (see package verify's documentation
// for their contract).
const (
	TaskSupport      = "verify.support"
	TaskSupportBatch = "verify.support_batch"
)

// Labels of the claim-support tasks.
const (
	labelEntailed     = "entailed"
	labelNeutral      = "neutral"
	labelContradicted = "contradicted"
)

func init() {
	register(TaskSupport, support)
	register(TaskSupportBatch, supportBatch)
}

// SupportParams are the thresholds of the claim-support rule. They were
// tuned on SciFact's training claims only (see DefaultSupport).
type SupportParams struct {
	// Entail is the IDF-weighted share of the claim's content stems that
	// its best-aligned premise window must hold for an entailed label.
	Entail float64
	// Contradict is the share a window must hold before a flipped
	// negation, an opposite direction or a different number in it makes
	// the claim contradicted rather than merely unsupported.
	Contradict float64
	// Window is the most consecutive premise sentences one alignment may
	// span, for claims a passage states across two sentences.
	Window int
	// NearStem is the credit of a near stem ("reduct" for "reduc"), below
	// 1 so that a claim matched only through near stems scores lower.
	NearStem float64
	// NegationReach is how many words after a negation (in its clause)
	// it applies to.
	NegationReach int
}

// DefaultSupport are the thresholds `verity eval support --tune` chose on
// SciFact's training claims (the highest recall at a training precision of
// at least 0.85: precision 0.857, recall 0.211 over 919 pairs); the dev
// claims were never used to choose them.
var DefaultSupport = SupportParams{Entail: 0.6, Contradict: 0.6, Window: 3, NearStem: 0.8, NegationReach: 6}

// supportCheck is the outcome of the support rule with its reasons.
type supportCheck struct {
	Label    string
	Coverage float64       // of the window the label rests on
	Window   analysis.Span // the premise span the label rests on
	// Reasons say why the label is not entailed, or why it is
	// contradicted; empty for an entailed label.
	Reasons []string
}

func support(_ context.Context, e *Engine, req *llm.Request) (any, error) {
	var v struct {
		Premise    string `json:"premise"`
		Hypothesis string `json:"hypothesis"`
	}
	if err := decodeVars(req, &v); err != nil {
		return nil, err
	}
	c := checkSupport(analyze(v.Premise), analyze(v.Hypothesis), e.support)
	return struct {
		Label string `json:"label"`
	}{c.Label}, nil
}

type batchResult struct {
	ID    int    `json:"id"`
	Label string `json:"label"`
}

func supportBatch(ctx context.Context, e *Engine, req *llm.Request) (any, error) {
	var v struct {
		Premise    string   `json:"premise"`
		Hypotheses []string `json:"hypotheses"`
	}
	if err := decodeVars(req, &v); err != nil {
		return nil, err
	}
	p := analyze(v.Premise)
	out := struct {
		Results []batchResult `json:"results"`
	}{Results: make([]batchResult, 0, len(v.Hypotheses))}
	for i, h := range v.Hypotheses {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		c := checkSupport(p, analyze(h), e.support)
		out.Results = append(out.Results, batchResult{ID: i + 1, Label: c.Label})
	}
	return out, nil
}

// checkSupport decides whether premise p establishes hypothesis h, as a
// natural-language-inference heuristic that a person can follow:
//
//  1. Align: score every run of up to Window premise sentences by the
//     IDF-weighted share of the claim's content stems it holds.
//  2. Entailed, if some window holds at least Entail of the claim and
//     every number of the claim (equal value and unit), every name of the
//     claim is in the premise, negation agrees (both negated or neither),
//     every direction of change the claim states (increases, reduces) is
//     stated, every qualifier of the claim (only, at least, if) is there,
//     and the window adds no bound or condition of its own to what the
//     claim matches.
//  3. Contradicted, if the best window holds at least Contradict of the
//     claim and flips its negation or its direction, or states a different
//     amount of the same kind in the same context without a bound.
//  4. Neutral otherwise.
//
// Precision comes first: every check must pass for entailed.
func checkSupport(p, h *doc, par SupportParams) supportCheck {
	query := h.stems()
	if len(query) == 0 && len(h.Quants) == 0 {
		return supportCheck{Label: labelNeutral, Reasons: []string{"the claim has no content words"}}
	}
	if len(p.Sents) == 0 {
		return supportCheck{Label: labelNeutral, Reasons: []string{"the premise is empty"}}
	}
	x := idfOf(p)
	wins := align(p, query, x, max(par.Window, 1), par.NearStem)
	var first *supportCheck
	for _, w := range wins {
		if w.Score < par.Entail && first != nil {
			break
		}
		c := judgeWindow(p, h, query, x, w, par)
		if c.Label == labelEntailed {
			return c
		}
		if first == nil {
			first = &c
		}
	}
	return *first
}

// judgeWindow applies the checks of [checkSupport] to one window.
func judgeWindow(p, h *doc, query []string, x idf, w window, par SupportParams) supportCheck {
	c := supportCheck{Coverage: w.Score, Window: w.Span}
	lo, hi := p.wordRange(w)
	relevant := p.relevantWords(lo, hi, query, w.Credit)

	var why []string // what keeps the window from entailing the claim
	var flips []string
	if w.Score < par.Entail {
		why = append(why, fmt.Sprintf("the best-aligned passage covers %.2f of the claim's content, below %.2f", w.Score, par.Entail))
	}

	// Numbers: each of the claim's must be stated with the same value.
	bounded := false
	for _, cu := range p.Cues {
		if cu.First >= lo && cu.Last <= hi && (cu.Kind == cueLower || cu.Kind == cueUpper) {
			bounded = true
		}
	}
	for _, hq := range h.Quants {
		found, conflict := false, false
		for _, pq := range p.Quants {
			if pq.First < lo || pq.Last > hi {
				continue
			}
			if hq.same(pq) {
				found = true
				break
			}
			if hq.Dim == pq.Dim && sharesContext(h, hq, p, pq) {
				conflict = true
			}
		}
		switch {
		case found:
		case conflict && !bounded:
			flips = append(flips, fmt.Sprintf("the passage states a different amount than %q", h.Text[hq.Start:hq.End]))
			why = append(why, fmt.Sprintf("the number %q differs in the passage", h.Text[hq.Start:hq.End]))
		default:
			why = append(why, fmt.Sprintf("the number %q is not in the passage", h.Text[hq.Start:hq.End]))
		}
	}

	// Names must be in the window itself: they are what the claim is
	// about.
	has := map[string]bool{}
	for _, pw := range p.Words[lo:hi] {
		has[pw.Stem] = true
	}
	for _, n := range h.Names {
		for _, st := range n.Stems {
			if !has[st] {
				why = append(why, fmt.Sprintf("the name %q is not in the passage", n.Text))
				break
			}
		}
	}

	// A claim word with a negative prefix (ineffective, inaccurate) whose
	// plain form the premise uses must be in the window as it is: it is
	// the claim's polarity. ("interleukin" is not "in" + a premise word.)
	for _, hw := range h.Words {
		if s, neg := unprefixed(hw.Fold); neg && hw.Content && !has[hw.Stem] && p.mentions(s) {
			why = append(why, fmt.Sprintf("the claim says %q and the passage does not", hw.Fold))
		}
	}

	// Negation: the claim is negated if it has a negation at all; the
	// passage, if a negation in the clause that best matches the claim
	// reaches a word the clause shares with the claim. Negations in other
	// clauses ("no association with 8 other cancers; use was associated
	// with...") are about something else.
	hNeg := h.hasCueKind(cueNegation, 0, len(h.Words))
	bestNeg, anyNeg := p.clausePolarity(lo, hi, query, x, relevant, par)
	negFlip := false
	switch {
	case hNeg && !bestNeg:
		why = append(why, "the claim is negated and the passage is not")
		negFlip = !anyNeg
	case !hNeg && anyNeg:
		why = append(why, "the passage negates what the claim asserts")
		negFlip = bestNeg
	}
	if a, ok := p.antonymOf(h, lo, hi); ok {
		why = append(why, fmt.Sprintf("the passage says %q", a))
	}

	// Hedges: a passage that asks or supposes does not assert.
	if !h.hasCueKind(cueHedge, 0, len(h.Words)) {
		for _, cu := range p.Cues {
			if cu.Kind == cueHedge && cu.First >= lo && cu.Last <= hi && p.reachesRelevant(cu, lo, hi, relevant, 2*par.NegationReach) {
				why = append(why, fmt.Sprintf("the passage hedges it with %q", cu.Text))
				break
			}
		}
	}

	// Direction of change: what the claim says goes up or down must go
	// the same way in the passage (the direction word nearest each
	// mention of what changes).
	dirFlip := false
	for _, cu := range h.Cues {
		d := cu.direction()
		if d == 0 {
			continue
		}
		switch p.directionOf(h.governed(cu), lo, hi) {
		case d:
		case -d:
			dirFlip = true
			why = append(why, fmt.Sprintf("the claim says %q and the passage says the opposite", cu.Text))
		default:
			why = append(why, fmt.Sprintf("the claim says %q and the passage does not", cu.Text))
		}
	}

	// Comparisons: "A is lower than B" needs a passage that compares A
	// with B, in that order.
	if before, after, ok := h.comparisonOf(); ok {
		switch p.compares(before, after, lo, hi) {
		case 1:
		case -1:
			why = append(why, "the passage compares the other way round")
		default:
			why = append(why, "the passage does not make the claim's comparison")
		}
	}

	// Qualifiers: the claim's must be in the window, and the window's
	// (except "only", which narrows what it supports) in the claim.
	for _, cu := range h.Cues {
		if cu.qualifier() && !p.hasCueKind(cu.Kind, lo, hi) {
			why = append(why, fmt.Sprintf("the claim's %q is not in the passage", cu.Text))
		}
	}
	for _, cu := range p.Cues {
		if !cu.qualifier() || cu.Kind == cueOnly || cu.First < lo || cu.Last > hi || h.hasCueKind(cu.Kind, 0, len(h.Words)) {
			continue
		}
		if p.reachesRelevant(cu, lo, hi, relevant, par.NegationReach+2) {
			why = append(why, fmt.Sprintf("the passage qualifies it with %q", cu.Text))
		}
	}

	if negFlip && dirFlip {
		// "did not decrease" against "increases": both flipped is no
		// contradiction, and not support either.
		negFlip, dirFlip = false, false
	}
	if negFlip {
		flips = append(flips, "negation flips")
	}
	if dirFlip {
		flips = append(flips, "direction flips")
	}
	switch {
	case len(why) == 0:
		c.Label = labelEntailed
	case w.Score >= par.Contradict && len(flips) > 0:
		c.Label = labelContradicted
		c.Reasons = flips
	default:
		c.Label = labelNeutral
		c.Reasons = why
	}
	return c
}

// relevantWords marks the words of p[lo:hi] that a negation or qualifier
// must reach to bear on the claim: words sharing a stem (or near stem) the
// claim has, direction words, and numbers.
func (p *doc) relevantWords(lo, hi int, query []string, credit []float64) []bool {
	rel := make([]bool, hi-lo)
	for j := lo; j < hi; j++ {
		w := p.Words[j]
		if !w.Content {
			continue
		}
		for i, q := range query {
			if credit[i] > 0 && (q == w.Stem || nearStem(q, w.Stem)) {
				rel[j-lo] = true
				break
			}
		}
	}
	for _, cu := range p.Cues {
		if cu.direction() != 0 {
			for j := max(cu.First, lo); j < min(cu.Last, hi); j++ {
				rel[j-lo] = true
			}
		}
	}
	for _, q := range p.Quants {
		for j := max(q.First, lo); j < min(q.Last, hi); j++ {
			rel[j-lo] = true
		}
	}
	return rel
}

// mentions reports whether any word of d has stem s or a near stem of it.
func (d *doc) mentions(s string) bool {
	for _, w := range d.Words {
		if w.Stem == s || nearStem(w.Stem, s) {
			return true
		}
	}
	return false
}

// hasCueKind reports whether words [lo, hi) of d hold a cue of kind.
func (d *doc) hasCueKind(kind string, lo, hi int) bool {
	for _, cu := range d.Cues {
		if cu.Kind == kind && cu.First >= lo && cu.Last <= hi {
			return true
		}
	}
	return false
}

// contextReach is how many words either side of a number say what it
// counts.
const contextReach = 3

// sharesContext reports whether two quantities count the same thing: a
// content stem within contextReach words of one is within contextReach
// words of the other ("12 patients" and "15 patients", not "12 patients"
// and "15 doses").
func sharesContext(a *doc, qa quantity, b *doc, qb quantity) bool {
	ctx := map[string]bool{}
	for _, s := range a.contextStems(qa) {
		ctx[s] = true
	}
	for _, s := range b.contextStems(qb) {
		if ctx[s] {
			return true
		}
	}
	return false
}

func (d *doc) contextStems(q quantity) []string {
	var out []string
	for j := max(q.First-contextReach, 0); j < min(q.Last+contextReach, len(d.Words)); j++ {
		// The break test skips the number's own separators ("9,6").
		switch {
		case j < q.First && d.Words[j].Content && !d.clauseBreak(j, q.First):
			out = append(out, d.Words[j].Stem)
		case j >= q.Last && d.Words[j].Content && !d.clauseBreak(q.Last-1, j):
			out = append(out, d.Words[j].Stem)
		}
	}
	return out
}

func dirWord(d int) string {
	if d > 0 {
		return "up (increases, higher)"
	}
	return "down (reduces, lower)"
}

// explain renders a check for test failure messages.
func (c supportCheck) explain() string {
	return fmt.Sprintf("%s (coverage %.2f; %s)", c.Label, c.Coverage, strings.Join(c.Reasons, "; "))
}
