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
// nothing is at most a narrower or vaguer reading of the premise. Words
// of period and frequency ("once a year", «ежегодно») are how a claim
// restates an amount, so against a premise that states one they add
// nothing of their own: "reviewed once a year" against "not less than
// once every 12 months" loses a bound (a distortion to flag), not a fact;
// a number the premise lacks is always added.
func Adds(premise, hypothesis string) []string {
	have := map[string]bool{}
	amount := false
	for _, t := range analysis.Terms(norm.NFKC.String(premise)) {
		have[t] = true
		amount = amount || amountWords[t] || hasDigit(t)
	}
	var out []string
	for _, t := range analysis.Terms(norm.NFKC.String(hypothesis)) {
		if !have[t] && !(amount && amountWords[t]) {
			have[t] = true
			out = append(out, t)
		}
	}
	return out
}

// amountWords are the index terms of words that name a period or a
// frequency, in English and Russian.
var amountWords = func() map[string]bool {
	m := map[string]bool{}
	for _, t := range analysis.Terms("once twice year years yearly annual annually month months monthly week weeks weekly " +
		"day days daily hour hours hourly minute minutes quarter quarterly " +
		"однажды дважды год года году лет ежегодно ежегодный ежегодная месяц месяца месяцев ежемесячно ежемесячный " +
		"неделя недели неделю недель еженедельно день дня дней ежедневно час часа часов минута минуты минут квартал ежеквартально раз раза") {
		m[t] = true
	}
	return m
}()

func hasDigit(s string) bool {
	for _, r := range s {
		if r >= '0' && r <= '9' {
			return true
		}
	}
	return false
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
