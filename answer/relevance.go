package answer

import (
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/veritykb/verity/analysis"
)

// Relevance is the relevance gate's verdict on a claim: whether it answers
// the question, and the evidence for that verdict. A claim that fails the
// gate is not wrong — it passed the verifier — it is beside the question.
type Relevance struct {
	Type    QuestionType `json:"type"`
	TypeMet bool         `json:"type_met"`
	// Values are the claim's words that state a value of the kind asked
	// for ("2015", "Hamburg", "not allowed"), for a question that asks for
	// one.
	Values []string `json:"values,omitempty"`
	// Focus are the question's focus terms (index terms, as search
	// analyses them); Matched those the claim holds, Context those only
	// its immediate context holds (the sentences beside it, the record's
	// title), Missing the rest.
	Focus    []string `json:"focus"`
	Matched  []string `json:"matched"`
	Context  []string `json:"context"`
	Missing  []string `json:"missing"`
	Coverage float64  `json:"coverage"` // share of the focus in the claim or its context
	// Predicate is the question's predicate as written, and whether the
	// claim (or its context) holds it.
	Predicate    string `json:"predicate,omitempty"`
	PredicateMet bool   `json:"predicate_met"`
	OnTopic      bool   `json:"on_topic"`
	// Reason says why a claim is off topic, "" when it is on topic.
	Reason string `json:"reason,omitempty"`
}

// Gate thresholds.
const (
	// minFocus is the share of the question's focus terms a claim and its
	// immediate context must hold.
	minFocus = 0.5
	// ownFocus is the share of the focus a claim must hold by itself to
	// stand without the question's predicate: a question often names its
	// predicate in other words than its answer does ("surrender" for "gave
	// up"), and a claim that holds most of what the question is about is
	// about it even then.
	ownFocus = 0.5
)

// ReasonOffTopic is the reason of an unverified claim that the verifier
// supported but the relevance gate turned away: it does not answer the
// question.
const ReasonOffTopic = "off_topic"

// Judge decides whether claim answers q. context is the text around the
// claim in its source — the sentences beside it, the record's title —
// where the question's focus may be named instead of in the claim
// ("It was founded in 1990" after a sentence naming the company).
//
// A claim answers the question when (1) it states a value of the kind the
// question asks for (see [Question.TypeMet]); (2) it or its context holds
// at least half of the question's focus terms, matched by index term as
// search matches them, by word family, or by a shared prefix of five
// letters; and (3) it or its context holds the predicate, unless the claim
// by itself holds more than half of the focus — and some focus term other
// than the predicate is among those found. A question without focus
// terms ("What is it?") has nothing to match, and no claim answers it.
func (q Question) Judge(claim string, context ...string) Relevance {
	r := Relevance{Type: q.Type, Focus: q.Focus, Matched: []string{}, Context: []string{}, Missing: []string{},
		Predicate: q.Predicate}
	r.TypeMet = true
	if q.typed() {
		for _, sp := range q.Values(claim) {
			r.Values = append(r.Values, claim[sp.Start:sp.End])
		}
		r.TypeMet = len(r.Values) > 0
	}
	own := newTermBag(claim)
	ctx := newTermBag(strings.Join(context, "\n"))
	fam := q.families()
	for _, f := range q.Focus {
		switch {
		case own.has(f, fam[f]):
			r.Matched = append(r.Matched, f)
		case ctx.has(f, fam[f]):
			r.Context = append(r.Context, f)
		default:
			r.Missing = append(r.Missing, f)
		}
	}
	if len(q.Focus) > 0 {
		r.Coverage = float64(len(r.Matched)+len(r.Context)) / float64(len(q.Focus))
	}
	ownShare := 0.0
	if len(q.Focus) > 0 {
		ownShare = float64(len(r.Matched)) / float64(len(q.Focus))
	}
	if len(q.PredicateTerms) == 0 {
		r.PredicateMet = true
	}
	for _, p := range q.PredicateTerms {
		if own.has(p, fam[p]) || ctx.has(p, fam[p]) {
			r.PredicateMet = true
		}
	}
	switch {
	case len(q.Focus) == 0:
		r.Reason = "the question names nothing to look for"
	case !r.TypeMet:
		r.Reason = "it states no " + typeNoun(q.Type)
	case r.Coverage < minFocus || !q.beyondPredicate(r):
		r.Reason = "it is about something else: " + strings.Join(r.Missing, ", ") + " not found"
	case !r.PredicateMet && ownShare <= ownFocus:
		r.Reason = "it does not say " + strconvQuote(q.Predicate)
	default:
		r.OnTopic = true
	}
	return r
}

// beyondPredicate reports whether a verdict found some focus term other
// than the predicate: "a tested rollback plan" says "plan", but nothing of
// "what is the layoff plan?" besides.
func (q Question) beyondPredicate(r Relevance) bool {
	pred := map[string]bool{}
	for _, p := range q.PredicateTerms {
		pred[p] = true
	}
	others := 0
	for _, f := range q.Focus {
		if !pred[f] {
			others++
		}
	}
	if others == 0 {
		return true
	}
	for _, f := range append(r.Matched, r.Context...) {
		if !pred[f] {
			return true
		}
	}
	return false
}

// typeNoun names what a question type asks for, for a reason.
func typeNoun(t QuestionType) string {
	switch t {
	case AskWho:
		return "person or organization"
	case AskWhen:
		return "date or time"
	case AskWhere:
		return "place"
	case AskHowMany:
		return "number or amount"
	case AskHowOften:
		return "frequency"
	case AskHowLong:
		return "duration or length"
	case AskWhy:
		return "reason"
	case AskYesNo:
		return "permission or prohibition"
	}
	return "answer"
}

func strconvQuote(s string) string { return "“" + s + "”" }

// families returns the word family of each focus and predicate term, read
// from the question's words.
func (q Question) families() map[string]string {
	m := map[string]string{}
	for _, w := range q.words {
		if w.term != "" {
			m[w.term] = w.family
		}
	}
	return m
}

// termBag is a text's index terms and word families, for matching a
// question's terms.
type termBag struct {
	terms, families map[string]bool
	sorted          []string
}

func newTermBag(text string) termBag {
	b := termBag{terms: map[string]bool{}, families: map[string]bool{}}
	for _, w := range readWords(text) {
		if w.term == "" {
			continue
		}
		b.terms[w.term] = true
		b.families[w.family] = true
	}
	for t := range b.terms {
		b.sorted = append(b.sorted, t)
	}
	slices.Sort(b.sorted)
	return b
}

// has reports whether the bag holds term: the same index term, the same
// word family, or a term sharing a prefix of at least five letters that is
// all but one letter of the shorter ("reduct" and "reduc", "migrat" and
// "migrant").
func (b termBag) has(term, family string) bool {
	if b.terms[term] || family != "" && b.families[family] {
		return true
	}
	for _, t := range b.sorted {
		if nearTerm(term, t) {
			return true
		}
	}
	return false
}

func nearTerm(a, b string) bool {
	if utf8.RuneCountInString(a) < 5 || utf8.RuneCountInString(b) < 5 {
		return false
	}
	ra, rb := []rune(a), []rune(b)
	n := min(len(ra), len(rb))
	cp := 0
	for cp < n && ra[cp] == rb[cp] {
		cp++
	}
	return cp >= 5 && cp >= n-1
}

// termsOf returns the index terms of text (as search analyses it).
func termsOf(text string) []string { return analysis.Terms(text) }
