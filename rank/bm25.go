package rank

import (
	"math"
	"slices"
	"strings"

	"github.com/veritykb/verity/analysis"
)

// Params are the BM25 free parameters.
type Params struct {
	K1 float64 // term-frequency saturation
	B  float64 // length normalization, 0 (none) to 1 (full)
}

// DefaultParams were chosen on SciFact's 809 training claims, never on its
// test queries, by `verity eval retrieval --tune` (a 4×4 grid over k1 in
// 0.6–1.5 and b in 0.2–0.75; train nDCG@10 0.7009 here against 0.6985 for
// Anserini's k1=0.9, b=0.4): moderate saturation, mild length normalization.
var DefaultParams = Params{K1: 1.2, B: 0.4}

// Stats are the collection statistics BM25 needs, over the chunks that search
// can see (active sources).
type Stats struct {
	N      int            // number of chunks
	AvgLen float64        // mean number of terms per chunk
	DF     map[string]int // chunks containing each query term
}

// Query is an analysed query: its unique terms and how often each occurred.
type Query struct {
	Terms []string
	TF    map[string]int
}

// ParseQuery analyses text into a Query with analysis.Terms, so queries and
// index go through the same tokenizer, folding, stop words and stemmer.
func ParseQuery(text string) Query {
	q := Query{TF: map[string]int{}}
	for _, t := range analysis.Terms(text) {
		if q.TF[t] == 0 {
			q.Terms = append(q.Terms, t)
		}
		q.TF[t]++
	}
	return q
}

// IndexVersion names the analysis behind [IndexTerms] and [ParseQuery]. It
// goes up whenever they would give some text other terms than before
// (another stop list, stemmer or tokenizer), so that a store whose index was
// derived under an older version derives it again before it searches:
// terms of one analysis never meet a query of another.
//
//   - 1: Snowball stems, Lucene's English and Snowball's Russian stop lists.
//   - 2: Cyrillic stems cut to six letters; every form of the Russian
//     pronouns a stop word.
const IndexVersion = 2

// IndexTerms returns the terms a chunk is indexed under: its record's title,
// its heading path and its own text, as one flat field.
func IndexTerms(title string, heading []string, text string) []string {
	terms := analysis.Terms(title)
	for _, h := range heading {
		terms = append(terms, analysis.Terms(h)...)
	}
	return append(terms, analysis.Terms(text)...)
}

// IDF is the BM25 inverse document frequency, the Lucene variant that never
// goes negative.
func IDF(n, df int) float64 {
	return math.Log(1 + (float64(n)-float64(df)+0.5)/(float64(df)+0.5))
}

// Score returns the BM25 score of a chunk, given its terms as stored (the
// space-separated output of IndexTerms), for query q.
func Score(q Query, chunkTerms string, st Stats, p Params) float64 {
	if len(q.Terms) == 0 || st.N == 0 {
		return 0
	}
	tf := make(map[string]int, len(q.Terms))
	for _, t := range q.Terms {
		tf[t] = 0
	}
	n := 0
	for t := range strings.FieldsSeq(chunkTerms) {
		n++
		if c, ok := tf[t]; ok {
			tf[t] = c + 1
		}
	}
	norm := Norm(n, st.AvgLen, p)
	var s float64
	for _, t := range q.Terms {
		f := float64(tf[t])
		if f == 0 {
			continue
		}
		s += TermScore(float64(q.TF[t])*IDF(st.N, st.DF[t]), f, norm, p)
	}
	return s
}

// Norm is BM25's length normalization of a chunk of n terms in a collection
// whose chunks average avg terms: k1·(1 − b + b·n/avg).
func Norm(n int, avg float64, p Params) float64 {
	if avg <= 0 {
		avg = 1
	}
	return p.K1 * (1 - p.B + p.B*float64(n)/avg)
}

// TermScore is one query term's share of a chunk's BM25 score: w is the
// term's weight (its count in the query times its IDF), f its count in the
// chunk and norm the chunk's [Norm]. A chunk's score is the sum of its
// terms' shares in the query's term order; every index computes it with
// this function in that order, so that they agree to the last bit.
func TermScore(w, f, norm float64, p Params) float64 {
	return w * f * (p.K1 + 1) / (f + norm)
}

// Candidate is a chunk a store found for a query, with what ranking needs.
type Candidate struct {
	ChunkID  int64
	SourceID int64
	Terms    string // space-separated index terms
	Score    float64
}

// Records scores the candidates and keeps each record's best chunk, highest
// first, at most k. Ties break on the lower chunk id so ranking is stable.
func Records(q Query, cands []Candidate, st Stats, p Params, k int) []Candidate {
	best := map[int64]int{}
	var out []Candidate
	for _, c := range cands {
		c.Score = Score(q, c.Terms, st, p)
		if c.Score <= 0 {
			continue
		}
		if i, ok := best[c.SourceID]; ok {
			if better(c, out[i]) {
				out[i] = c
			}
			continue
		}
		best[c.SourceID] = len(out)
		out = append(out, c)
	}
	slices.SortFunc(out, func(a, b Candidate) int {
		if better(a, b) {
			return -1
		}
		if better(b, a) {
			return 1
		}
		return 0
	})
	if k > 0 && len(out) > k {
		out = out[:k]
	}
	return out
}

func better(a, b Candidate) bool {
	if a.Score != b.Score {
		return a.Score > b.Score
	}
	return a.ChunkID < b.ChunkID
}
