package eval

import (
	"math"
	"slices"
	"strings"
	"unicode"

	"github.com/kljensen/snowball/english"
	"github.com/kljensen/snowball/russian"
)

// Baseline is the plain BM25 that Verity's search is measured against, run
// on the same documents and queries in the same process: whole documents as
// one bag of words, lowercased, ё read as е, split on everything that is not
// a letter or a digit, Snowball stems (Russian for words in Cyrillic,
// English otherwise), no stop words, no titles unless the dataset puts them
// in the document, no chunks; Lucene's IDF, which never goes negative.
//
// It deliberately shares no code with packages analysis and rank: a change
// to Verity's tokenizer or ranking must move Verity's figure, never the
// baseline it is compared with.
type Baseline struct {
	k1, b float64
	ids   []string
	tf    []map[string]int
	lens  []int
	df    map[string]int
	avg   float64
}

// BaselineDoc is a document as the baseline indexes it.
type BaselineDoc struct {
	ID   string
	Text string
}

// NewBaseline indexes docs for BM25 with parameters k1 and b.
func NewBaseline(docs []BaselineDoc, k1, b float64) *Baseline {
	x := &Baseline{k1: k1, b: b, df: map[string]int{}}
	total := 0
	for _, d := range docs {
		tf := map[string]int{}
		terms := BaselineTerms(d.Text)
		for _, t := range terms {
			if tf[t] == 0 {
				x.df[t]++
			}
			tf[t]++
		}
		x.ids = append(x.ids, d.ID)
		x.tf = append(x.tf, tf)
		x.lens = append(x.lens, len(terms))
		total += len(terms)
	}
	if len(docs) > 0 {
		x.avg = float64(total) / float64(len(docs))
	}
	return x
}

// Search returns the ids of the k best documents for query, best first;
// ties go to the document indexed first. A query term counts as often as
// it occurs in the query.
func (x *Baseline) Search(query string, k int) []string {
	type hit struct {
		i     int
		score float64
	}
	q := BaselineTerms(query)
	var hits []hit
	n := float64(len(x.ids))
	for i, tf := range x.tf {
		norm := x.k1 * (1 - x.b + x.b*float64(x.lens[i])/x.avg)
		s := 0.0
		for _, t := range q {
			if f := float64(tf[t]); f > 0 {
				df := float64(x.df[t])
				s += math.Log(1+(n-df+0.5)/(df+0.5)) * f * (x.k1 + 1) / (f + norm)
			}
		}
		if s > 0 {
			hits = append(hits, hit{i, s})
		}
	}
	slices.SortStableFunc(hits, func(a, b hit) int {
		switch {
		case a.score > b.score:
			return -1
		case a.score < b.score:
			return 1
		}
		return 0
	})
	out := make([]string, 0, min(k, len(hits)))
	for _, h := range hits[:min(k, len(hits))] {
		out = append(out, x.ids[h.i])
	}
	return out
}

// BaselineTerms is the baseline's analysis of a text: lowercase, ё as е,
// split on non-letters and non-digits, Snowball stems.
func BaselineTerms(text string) []string {
	words := strings.FieldsFunc(text, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
	out := make([]string, 0, len(words))
	for _, w := range words {
		w = strings.ReplaceAll(strings.ToLower(w), "ё", "е")
		if strings.IndexFunc(w, func(r rune) bool { return unicode.Is(unicode.Cyrillic, r) }) >= 0 {
			out = append(out, russian.Stem(w, true))
		} else {
			out = append(out, english.Stem(w, true))
		}
	}
	return out
}
