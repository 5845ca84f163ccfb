package offline

import (
	"context"
	"fmt"
	"math"
	"slices"
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

// SupportParams are the thresholds of the claim-support rule. The
// lexical checks' thresholds were tuned on SciFact's training claims (see
// DefaultSupport); Strict and Broad are probabilities of the calibrated
// score ([SupportModel]) that a user may set.
type SupportParams struct {
	// Entail is the IDF-weighted share of the claim's content stems that
	// its best-aligned premise window must hold for the strict rule (one
	// of the score's features: every check passes at that coverage).
	Entail float64
	// Contradict is the share a window must hold before a flipped
	// negation, an opposite direction, a different number or a different
	// name in the same role makes the claim contradicted rather than
	// merely unsupported.
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
	// Strict is the probability of support at which a claim is entailed
	// (grade 2: what a strict report keeps); Broad the probability at
	// which a claim that is not entailed is partly supported (grade 3,
	// what a broad report adds). 0 means the model's own, chosen on its
	// training pairs (SciFact's training claims, AttributionBench dev).
	Strict, Broad float64
}

// DefaultSupport are the lexical thresholds `verity eval support --tune`
// chose on SciFact's training claims for the strict rule (the highest
// recall at a training precision of at least 0.85: precision 0.857,
// recall 0.211 over 919 pairs); the dev claims were never used to choose
// them. Strict and Broad come from [DefaultSupportModel].
var DefaultSupport = SupportParams{Entail: 0.6, Contradict: 0.6, Window: 3, NearStem: 0.8, NegationReach: 6}

// withDefaults fills the zero fields of p from DefaultSupport and the
// thresholds from m.
func (p SupportParams) withDefaults(m *SupportModel) SupportParams {
	d := DefaultSupport
	if p.Entail == 0 {
		p.Entail = d.Entail
	}
	if p.Contradict == 0 {
		p.Contradict = d.Contradict
	}
	if p.Window == 0 {
		p.Window = d.Window
	}
	if p.NearStem == 0 && p.Window == d.Window && p.Entail == d.Entail {
		p.NearStem = d.NearStem
	}
	if p.NegationReach == 0 {
		p.NegationReach = d.NegationReach
	}
	if p.Strict == 0 {
		p.Strict = m.Strict
	}
	if p.Broad == 0 {
		p.Broad = m.Broad
	}
	return p
}

// supportCheck is the outcome of the support rule with its reasons.
type supportCheck struct {
	Label string
	// P is the calibrated probability that the premise supports the
	// claim.
	P        float64
	Coverage float64       // of the window the label rests on
	Window   analysis.Span // the premise span the label rests on
	// Reasons say why the label is not entailed, or why it is
	// contradicted; empty for an entailed label.
	Reasons []string
	// Features are what the score was computed from.
	Features supportFeatures
	// flips are the findings that make the passage say the claim is false.
	flips []string
}

func support(_ context.Context, e *Engine, req *llm.Request) (any, error) {
	var v struct {
		Premise    string `json:"premise"`
		Hypothesis string `json:"hypothesis"`
	}
	if err := decodeVars(req, &v); err != nil {
		return nil, err
	}
	c := checkSupport(analyze(v.Premise), analyze(v.Hypothesis), e.support, e.model)
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
		c := checkSupport(p, analyze(h), e.support, e.model)
		out.Results = append(out.Results, batchResult{ID: i + 1, Label: c.Label})
	}
	return out, nil
}

// candidateWindows is how many of the best-aligned windows are scored, of
// those holding at least candidateShare of the best one's coverage; the
// one with the highest probability of support speaks for the premise. An
// abstract often states a result in a sentence that shares fewer of the
// claim's words than its title does; a window that holds little of the
// claim is no evidence for it, however clean it is.
const (
	candidateWindows = 4
	candidateShare   = 0.5
)

// checkSupport decides whether premise p establishes hypothesis h, as a
// natural-language-inference heuristic that a person can follow:
//
//  1. Align: score every run of up to Window premise sentences by the
//     IDF-weighted share of the claim's content stems it holds.
//  2. Check each of the best windows: the claim's numbers (equal value
//     and unit) and names are there, negation agrees word by word, the
//     directions of change the claim states (increases, reduces) are
//     stated, its qualifiers (only, at least, if) are there, the window
//     adds no bound or condition of its own, no opposite word stands for
//     the claim's, and the claim's comparisons are made.
//  3. Score: the calibrated probability of support ([SupportModel]) from
//     the window's coverage, the claim's overall word overlap and word
//     pairs, and what the checks found; the window that scores highest
//     speaks.
//  4. Entailed when the probability reaches Strict. Otherwise
//     contradicted when the window holds at least Contradict of the claim
//     and makes it false: a negation of the same word flipped, the
//     opposite direction, a different amount of the same kind in the same
//     context, or a different name in the same role. Opposite words and
//     negations of other words never contradict: paraphrases use them.
//     Neutral otherwise.
func checkSupport(p, h *doc, par SupportParams, m *SupportModel) supportCheck {
	if m == nil {
		m = DefaultSupportModel
	}
	par = par.withDefaults(m)
	query := h.stems()
	if len(query) == 0 && len(h.Quants) == 0 {
		return supportCheck{Label: labelNeutral, Reasons: []string{"the claim has no content words"}}
	}
	if len(p.Sents) == 0 {
		return supportCheck{Label: labelNeutral, Reasons: []string{"the premise is empty"}}
	}
	cands := candidateChecks(p, h, query, par)
	best := 0
	for k := range cands {
		cands[k].P = m.probability(cands[k].Features)
		if cands[k].P > cands[best].P {
			best = k
		}
	}
	c := cands[best]
	// A window that makes the claim false speaks for a contradiction even
	// when a wider one scores higher: a bound or a condition the wider one
	// adds ("not less than") keeps its different amount from counting.
	var flips []string
	for _, o := range append([]supportCheck{c}, cands...) {
		if o.Coverage >= par.Contradict && len(o.flips) > 0 {
			flips = o.flips
			break
		}
	}
	switch {
	case c.P >= par.Strict && !c.Features.vetoed():
		c.Label, c.Reasons = labelEntailed, nil
	case len(flips) > 0:
		c.Label, c.Reasons = labelContradicted, flips
	default:
		c.Label = labelNeutral
		if len(c.Reasons) == 0 {
			c.Reasons = []string{fmt.Sprintf("the probability of support %.2f is below %.2f", c.P, par.Strict)}
		}
	}
	return c
}

// candidateChecks judges the best-aligned windows of premise p for claim h
// (query is h's stems), best-aligned first, with the features that do not
// depend on the window: the overlap of the whole premise, the coverage of
// the claim's parts, each at its own best window ([partsCoverage]), and
// the premise's length.
func candidateChecks(p, h *doc, query []string, par SupportParams) []supportCheck {
	x := idfOf(p)
	wins := align(p, query, x, max(par.Window, 1), par.NearStem)
	overlap := plainOverlap(p, h, query)
	parts, partWins := partsCoverage(p, h, x, par)
	long := math.Log1p(float64(len(p.Sents))) / 5
	var out []supportCheck
	for k, w := range wins {
		if k >= candidateWindows || w.Score < candidateShare*wins[0].Score {
			break
		}
		out = append(out, judgeWindow(p, h, query, x, w, par))
	}
	// The parts' own windows, read together, are one more candidate: a
	// claim whose clauses two passages state is checked against both.
	if j, ok := joinWindows(p, partWins, max(par.Window, 1)); ok {
		sub := analyze(j.text)
		score, credit := coverage(query, sub.stemSet(0, len(sub.Words)), x, par.NearStem)
		c := judgeWindow(sub, h, query, x, window{First: 0, Last: len(sub.Sents), Score: score, Credit: credit}, par)
		c.Window = j.span
		out = append(out, c)
	}
	for k := range out {
		f := &out[k].Features
		f.Overlap, f.Parts, f.Long = overlap, parts, long
	}
	return out
}

// joined is the text of several windows of a premise read as one passage,
// in the premise's order, and the span from the first to the last.
type joined struct {
	text string
	span analysis.Span
}

// joinWindows joins the sentences of windows into one text, each sentence
// once, in the premise's order; false when they are one run of at most
// size sentences, which a window of its own already covers (or none).
func joinWindows(p *doc, wins []window, size int) (joined, bool) {
	in := map[int]bool{}
	for _, w := range wins {
		for i := w.First; i < w.Last; i++ {
			in[i] = true
		}
	}
	if len(wins) < 2 || len(in) == 0 {
		return joined{}, false
	}
	idx := make([]int, 0, len(in))
	for i := range in {
		idx = append(idx, i)
	}
	slices.Sort(idx)
	if idx[len(idx)-1]-idx[0]+1 == len(idx) && len(idx) <= size {
		return joined{}, false
	}
	var b strings.Builder
	for k, i := range idx {
		if k > 0 {
			b.WriteString(" ")
		}
		b.WriteString(p.Text[p.Sents[i].Span.Start:p.Sents[i].Span.End])
	}
	return joined{text: b.String(), span: analysis.Span{Start: p.Sents[idx[0]].Span.Start, End: p.Sents[idx[len(idx)-1]].Span.End}}, true
}

// partsCoverage locates each part of claim h (its clauses, a part holding
// at least two content stems) on its own across the premise: the
// IDF-weighted mean of each part's coverage by its best window of up to
// Window sentences, wherever that window is. A claim whose clauses two
// passages state apart is covered; a claim one of whose parts no passage
// states is covered only in part. It returns the parts' best windows too.
func partsCoverage(p, h *doc, x idf, par SupportParams) (float64, []window) {
	var parts [][]string
	var cur []string
	seen := map[string]bool{}
	last := -1
	for i, w := range h.Words {
		if !w.Content {
			continue
		}
		if last >= 0 && h.clauseBreak(last, i) && len(cur) >= 2 {
			parts, cur, seen = append(parts, cur), nil, map[string]bool{}
		}
		if !seen[w.Stem] {
			seen[w.Stem] = true
			cur = append(cur, w.Stem)
		}
		last = i
	}
	if len(cur) > 0 {
		if len(cur) < 2 && len(parts) > 0 {
			parts[len(parts)-1] = append(parts[len(parts)-1], cur...)
		} else {
			parts = append(parts, cur)
		}
	}
	var got, total float64
	var best []window
	for _, part := range parts {
		var wt float64
		for _, s := range part {
			wt += x.weight(s)
		}
		if wins := align(p, part, x, max(par.Window, 1), par.NearStem); len(wins) > 0 && wins[0].Score > 0 {
			got += wt * wins[0].Score
			best = append(best, wins[0])
		}
		total += wt
	}
	if total == 0 {
		return 0, nil
	}
	return got / total, best
}

// plainOverlap is the share of the claim's content stems (and near stems)
// found anywhere in the premise, unweighted: the baseline's signal.
func plainOverlap(p, h *doc, query []string) float64 {
	if len(query) == 0 {
		return 0
	}
	have := map[string]bool{}
	for _, w := range p.Words {
		if w.Content {
			have[w.Stem] = true
		}
	}
	_, credit := coverage(query, have, idf{}, 1)
	n := 0.0
	for _, c := range credit {
		n += c
	}
	return n / float64(len(query))
}

// judgeWindow applies the checks of [checkSupport] to one window and
// records what they found as features.
func judgeWindow(p, h *doc, query []string, x idf, w window, par SupportParams) supportCheck {
	c := supportCheck{Coverage: w.Score, Window: w.Span}
	f := &c.Features
	f.Coverage = w.Score
	f.Missing = missingWeight(query, w.Credit, x)
	f.Terms = len(query)
	lo, hi := p.wordRange(w)
	relevant := p.relevantWords(lo, hi, query, w.Credit)
	f.Pairs = p.pairShare(h, lo, hi)

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
			f.NumberConflict = true
			flips = append(flips, fmt.Sprintf("the passage states a different amount than %q", h.Text[hq.Start:hq.End]))
			why = append(why, fmt.Sprintf("the number %q differs in the passage", h.Text[hq.Start:hq.End]))
		default:
			f.NumberMissing = true
			why = append(why, fmt.Sprintf("the number %q is not in the passage", h.Text[hq.Start:hq.End]))
		}
	}

	// Names must be in the window itself: they are what the claim is
	// about. A different name where the claim's stands (the same words
	// around it) is a different claim.
	has := map[string]bool{}
	for _, pw := range p.Words[lo:hi] {
		has[pw.Stem] = true
	}
	for _, n := range h.Names {
		for _, st := range n.Stems {
			if !has[st] {
				f.NameMissing = true
				why = append(why, fmt.Sprintf("the name %q is not in the passage", n.Text))
				if other, ok := p.nameInRole(h, n, lo, hi); ok {
					f.NameConflict = true
					flips = append(flips, fmt.Sprintf("the passage names %q where the claim names %q", other, n.Text))
				}
				break
			}
		}
	}

	// Negation, word by word: what one text negates and the other
	// asserts is a flip; a negation of something the other does not
	// mention only keeps the claim from being entailed.
	negFlips, _, negOther := polarityOf(h, p, lo, hi, par.NegationReach)
	if len(negFlips) > 0 {
		f.NegationFlip = true
		why = append(why, negFlips...)
	}
	if len(negOther) > 0 && p.negationReaches(lo, hi, relevant, par.NegationReach) || h.hasCueKind(cueNegation, 0, len(h.Words)) && len(negOther) > 0 {
		f.NegationOther = true
		why = append(why, negOther...)
	}
	hNeg := h.negations(0, len(h.Words), par.NegationReach, p)
	pNeg := p.negations(lo, hi, par.NegationReach, h)
	if a, ok := p.antonymOf(h, lo, hi, hNeg, pNeg); ok {
		f.Opposite = true
		why = append(why, fmt.Sprintf("the passage says %q", a))
	}
	if said, opp, ok := oppositeOf(h, p, lo, hi); ok {
		f.Opposite = true
		why = append(why, fmt.Sprintf("the claim says %q and the passage %q", said, opp))
	}

	// Hedges: a passage that asks or supposes does not assert.
	if !h.hasCueKind(cueHedge, 0, len(h.Words)) {
		for _, cu := range p.Cues {
			if cu.Kind == cueHedge && cu.First >= lo && cu.Last <= hi && p.reachesRelevant(cu, lo, hi, relevant, 2*par.NegationReach) {
				f.Hedge = true
				why = append(why, fmt.Sprintf("the passage hedges it with %q", cu.Text))
				break
			}
		}
	}

	// Direction of change: what the claim says goes up or down must go
	// the same way in the passage (the direction word nearest each
	// mention of what changes). Negated directions state none.
	dirFlip := false
	for _, cu := range h.Cues {
		d := cu.direction()
		if d == 0 || negatedWord(hNeg, cu.First) {
			continue
		}
		switch p.directionOf(h.governed(cu), lo, hi, pNeg) {
		case d:
		case -d:
			dirFlip = true
			why = append(why, fmt.Sprintf("the claim says %q and the passage says the opposite", cu.Text))
		default:
			f.DirectionMissing = true
			why = append(why, fmt.Sprintf("the claim says %q and the passage does not", cu.Text))
		}
	}

	// Comparisons: "A is lower than B" needs a passage that compares A
	// with B, in that order.
	if before, after, ok := h.comparisonOf(); ok {
		switch p.compares(before, after, lo, hi) {
		case 1:
		case -1:
			f.ComparisonReversed = true
			why = append(why, "the passage compares the other way round")
		default:
			f.ComparisonMissing = true
			why = append(why, "the passage does not make the claim's comparison")
		}
	}

	// Qualifiers: the claim's must be in the window, and the window's
	// (except "only", which narrows what it supports) in the claim.
	for _, cu := range h.Cues {
		if cu.qualifier() && !p.hasCueKind(cu.Kind, lo, hi) {
			f.QualifierMissing = true
			why = append(why, fmt.Sprintf("the claim's %q is not in the passage", cu.Text))
		}
	}
	for _, cu := range p.Cues {
		if !cu.qualifier() || cu.Kind == cueOnly || cu.First < lo || cu.Last > hi || h.hasCueKind(cu.Kind, 0, len(h.Words)) {
			continue
		}
		if p.reachesRelevant(cu, lo, hi, relevant, par.NegationReach+2) {
			f.QualifierExtra = true
			why = append(why, fmt.Sprintf("the passage qualifies it with %q", cu.Text))
		}
	}

	if len(negFlips) > 0 && dirFlip {
		// "did not decrease" against "increases" is caught above (a
		// negated direction states none); both flipped otherwise is
		// still no contradiction, and not support either.
		negFlips, dirFlip = nil, false
		f.NegationFlip = false
	}
	f.DirectionFlip = dirFlip
	if len(negFlips) > 0 {
		flips = append(flips, "negation flips: "+strings.Join(negFlips, "; "))
	}
	if dirFlip {
		flips = append(flips, "direction flips")
	}
	if f.ComparisonReversed {
		flips = append(flips, "the comparison is reversed")
	}
	f.Rule = len(why) == 0
	c.Reasons = why
	c.flips = flips
	return c
}

// explain renders a check for test failure messages.
func (c supportCheck) explain() string {
	return fmt.Sprintf("%s (coverage %.2f; %s)", c.Label, c.Coverage, strings.Join(c.Reasons, "; "))
}
