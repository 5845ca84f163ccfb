package verify

import (
	"golang.org/x/text/unicode/norm"

	"github.com/veritykb/verity/analysis"
)

// PartialCoverage is the share of a claim's content words that must occur in
// the premise for a neutral verdict to count as partial support.
const PartialCoverage = 0.5

// Verbatim reports whether the hypothesis is, word for word, one or more
// whole sentences of the premise, ignoring case, punctuation, spacing and
// compatibility forms (ligatures, full-width letters). Such a claim needs no
// model: it is grade 1.
//
// The match must start and end at sentence boundaries of the premise. A
// claim that matches the middle of a sentence is left to the judge, because
// what surrounds it may negate or qualify it: "water boils at 50 °C" is in
// "It is false that water boils at 50 °C", and is not supported by it.
func Verbatim(premise, hypothesis string) bool {
	h := words(hypothesis)
	if len(h) == 0 {
		return false
	}
	var p []string
	var starts, ends []bool // per premise word: begins or ends a sentence
	for _, s := range analysis.Sentences(premise) {
		ws := words(premise[s.Start:s.End])
		for i, w := range ws {
			p = append(p, w)
			starts = append(starts, i == 0)
			ends = append(ends, i == len(ws)-1)
		}
	}
	for i := 0; i+len(h) <= len(p); i++ {
		if !starts[i] || !ends[i+len(h)-1] {
			continue
		}
		match := true
		for j := range h {
			if p[i+j] != h[j] {
				match = false
				break
			}
		}
		if match {
			return true
		}
	}
	return false
}

// Coverage returns the share of the hypothesis's content words (stems, stop
// words left out) that occur anywhere in the premise: 1 when the premise uses
// every one of them, 0 when it uses none or the hypothesis has none.
func Coverage(premise, hypothesis string) float64 {
	h := analysis.Terms(norm.NFKC.String(hypothesis))
	if len(h) == 0 {
		return 0
	}
	have := map[string]bool{}
	for _, t := range analysis.Terms(norm.NFKC.String(premise)) {
		have[t] = true
	}
	n := 0
	for _, t := range h {
		if have[t] {
			n++
		}
	}
	return float64(n) / float64(len(h))
}

// Adds returns the content words of hypothesis (as index terms: stemmed,
// stop words left out) that premise does not hold, in the claim's order,
// each once: what the claim says beyond the text. A claim that adds
// nothing is at most a narrower or vaguer reading of the premise.
func Adds(premise, hypothesis string) []string {
	have := map[string]bool{}
	for _, t := range analysis.Terms(norm.NFKC.String(premise)) {
		have[t] = true
	}
	var out []string
	for _, t := range analysis.Terms(norm.NFKC.String(hypothesis)) {
		if !have[t] {
			have[t] = true
			out = append(out, t)
		}
	}
	return out
}

// words returns the folded word tokens of s after NFKC normalization.
func words(s string) []string {
	s = norm.NFKC.String(s)
	toks := analysis.Tokens(s)
	out := make([]string, len(toks))
	for i, t := range toks {
		out[i] = analysis.Fold(t.Text)
	}
	return out
}
