package audit

import (
	"strings"

	"github.com/veritykb/verity/analysis"
	"github.com/veritykb/verity/quote"
	"github.com/veritykb/verity/verify"
)

// BlindCoverage is the share of a record's content words one conclusion
// of a blind probe must use, with the same polarity, for the probe to count
// as reaching the record.
const BlindCoverage = 0.8

// Reaches is the blind variant's comparison by code: some conclusion
// contains the record's text (quote.Locate finds it, at most a few
// word-level edits away), or uses at least BlindCoverage of its content
// words and agrees with it on negation. It is deliberately literal: a
// paraphrase that shares few words does not count, so a blind audit by code
// errs towards dead; pass a verifier-backed comparison to judge meaning.
func Reaches(conclusions []string, text string) bool {
	neg := negated(text)
	for _, c := range conclusions {
		if m := quote.Locate(c, text, quote.Options{NoRepair: true}); m.Found && m.Score >= 0.9 {
			return true
		}
		if negated(c) == neg && verify.Coverage(c, text) >= BlindCoverage {
			return true
		}
	}
	return false
}

// negated reports whether s holds a negation word, in English or Russian.
func negated(s string) bool {
	for _, t := range analysis.Tokens(s) {
		w := analysis.Fold(t.Text)
		if negations[w] || strings.HasSuffix(w, "n't") {
			return true
		}
	}
	return false
}

var negations = map[string]bool{
	"not": true, "no": true, "never": true, "none": true, "nor": true, "without": true, "cannot": true,
	"не": true, "нет": true, "ни": true, "никогда": true, "без": true,
}
