package offline

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/veritykb/verity/analysis"
)

// name is a named entity of a text as far as code can tell without a
// model: a quoted name («Альфа», "Project Falcon"), or a run of words that
// look like names (capitalized inside a sentence, acronyms, mixed case,
// letters with digits: Alice, PrP, mRNA, BRCA1, Piezo1).
type name struct {
	Text        string   // as written
	Stems       []string // the stems of its words, for matching inflected forms
	Start, End  int
	First, Last int // its words d.Words[First:Last]
	Quoted      bool
}

// maxQuotedName bounds what a pair of quotation marks can hold and still be
// a name rather than a quoted sentence.
const maxQuotedName = 80

var quotePairs = []struct{ open, close string }{
	{"«", "»"}, {"“", "”"}, {"„", "“"}, {"\"", "\""},
}

// findNames finds the names of d in order of position.
func findNames(d *doc) []name {
	var out []name
	inQuote := make([]bool, len(d.Words))
	for _, qp := range quotePairs {
		for from := 0; from < len(d.Text); {
			i := strings.Index(d.Text[from:], qp.open)
			if i < 0 {
				break
			}
			open := from + i + len(qp.open)
			j := strings.Index(d.Text[open:], qp.close)
			if j < 0 {
				break
			}
			end := open + j
			from = end + len(qp.close)
			if end-open > maxQuotedName || end == open {
				continue
			}
			n := name{Text: d.Text[open:end], Start: open, End: end, Quoted: true, First: -1}
			for k, w := range d.Words {
				if w.Start >= open && w.End <= end {
					if n.First < 0 {
						n.First = k
					}
					n.Last = k + 1
					inQuote[k] = true
					if !minorWord(w.Fold) {
						n.Stems = append(n.Stems, w.Stem)
					}
				}
			}
			if len(n.Stems) > 0 {
				out = append(out, n)
			}
		}
	}
	for k := 0; k < len(d.Words); k++ {
		if inQuote[k] || !d.nameLike(k) {
			continue
		}
		n := name{Start: d.Words[k].Start, First: k}
		for k < len(d.Words) && !inQuote[k] && d.nameLike(k) {
			n.Stems = append(n.Stems, d.Words[k].Stem)
			n.End, n.Last = d.Words[k].End, k+1
			if k+1 < len(d.Words) {
				gap := d.Text[d.Words[k].End:d.Words[k+1].Start]
				if gap != " " && gap != "-" {
					break
				}
			}
			k++
		}
		n.Text = d.Text[n.Start:n.End]
		out = append(out, n)
	}
	sortNames(out)
	return out
}

// nameLike reports whether word k looks like (part of) a name.
func (d *doc) nameLike(k int) bool {
	w := d.Words[k]
	raw := d.Text[w.Start:w.End]
	first, size := utf8.DecodeRuneInString(raw)
	if utf8.RuneCountInString(raw) < 2 || minorWord(w.Fold) || isNumeric(w.Fold) {
		return false
	}
	letters, digits, innerUpper := false, false, false
	for i, r := range raw {
		switch {
		case unicode.IsDigit(r):
			digits = true
		case unicode.IsLetter(r):
			letters = true
			if i >= size && unicode.IsUpper(r) {
				innerUpper = true
			}
		}
	}
	if innerUpper || letters && digits && !unicode.IsDigit(first) {
		return true // an acronym or a code: PrP, mRNA, COVID, BRCA1, p53
	}
	if !unicode.IsUpper(first) {
		return false
	}
	// A capital opening a sentence (or a line) is grammar, not a name.
	s := d.sentenceOf(k)
	if s >= 0 && d.Sents[s].First == k {
		return false
	}
	if k > 0 {
		gap := d.Text[d.Words[k-1].End:w.Start]
		if strings.ContainsAny(gap, ".!?:\n•") {
			return false
		}
	}
	return true
}

// minorWord reports whether a folded word is a stop, function or cue
// word, which never makes a name on its own ("The" in a title).
func minorWord(w string) bool {
	if isFunctionWord(w) {
		return true
	}
	for _, p := range cueTable {
		if len(p.words) == 1 && cueWordMatch(p.words[0], w) {
			return true
		}
	}
	return analysis.IsStopWord(w)
}

// hasName reports whether d mentions n: every stem of the name occurs
// among d's words (inflected forms share a stem: Москва, Москве).
func (d *doc) hasName(n name) bool {
	all := map[string]bool{}
	for _, w := range d.Words {
		all[w.Stem] = true
	}
	for _, s := range n.Stems {
		if !all[s] {
			return false
		}
	}
	return true
}

func sortNames(ns []name) {
	slices.SortStableFunc(ns, func(a, b name) int { return a.Start - b.Start })
}
