package offline

import (
	"math"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"

	"github.com/veritykb/verity/analysis"
)

// word is one token of an analysed text.
type word struct {
	Start, End int    // byte span in the text
	Fold       string // NFKC, case-folded (analysis.Fold)
	Stem       string // Snowball stem of Fold (analysis.Stem)
	// Content is true for words that carry the text's meaning for overlap:
	// not stop words, not numbers, not cue words (negations, qualifiers,
	// directions), which are compared by their own rules.
	Content bool
}

// sentence is one sentence of an analysed text.
type sentence struct {
	Span        analysis.Span
	First, Last int // its words are doc.Words[First:Last]
}

// doc is a text analysed once for every rule that reads it: words with
// stems, sentences, quantities, cues and names. Every offset is a byte
// offset into Text.
type doc struct {
	Text   string
	Words  []word
	Sents  []sentence
	Quants []quantity
	Cues   []cue
	Names  []name
}

// analyze reads text into a doc.
func analyze(text string) *doc {
	d := &doc{Text: text}
	for _, t := range analysis.Tokens(text) {
		f := t.Text
		if !isASCII(f) {
			f = norm.NFKC.String(f)
		}
		f = analysis.Fold(f)
		w := word{Start: t.Start, End: t.End, Fold: f}
		w.Stem = analysis.Stem(f)
		w.Content = len(f) <= 64 && !analysis.IsStopWord(f) && !isFunctionWord(f) &&
			!isNumeric(f) && utf8.RuneCountInString(f) > 1
		d.Words = append(d.Words, w)
	}
	wi := 0
	for _, s := range analysis.Sentences(text) {
		for wi < len(d.Words) && d.Words[wi].Start < s.Start {
			wi++
		}
		first := wi
		for wi < len(d.Words) && d.Words[wi].End <= s.End {
			wi++
		}
		d.Sents = append(d.Sents, sentence{Span: s, First: first, Last: wi})
	}
	d.Cues = findCues(d)
	for _, c := range d.Cues {
		for i := c.First; i < c.Last; i++ {
			d.Words[i].Content = false
		}
	}
	d.Quants = findQuantities(d)
	for _, q := range d.Quants {
		// Amounts are compared as values by their own rule; their words
		// ("12 months", "9,6 млн") would only blur the overlap of content.
		for i := q.First; i < q.Last; i++ {
			d.Words[i].Content = false
		}
	}
	d.Names = findNames(d)
	return d
}

// sentenceOf returns the index of the sentence holding word i, or -1.
func (d *doc) sentenceOf(i int) int {
	k, found := slices.BinarySearchFunc(d.Sents, i, func(s sentence, i int) int {
		switch {
		case i < s.First:
			return 1
		case i >= s.Last:
			return -1
		}
		return 0
	})
	if !found {
		return -1
	}
	return k
}

// clauseBreak reports whether a clause ends between words i and j (i < j):
// a sentence boundary, or ; : , — or a parenthesis in the text between them.
// Negations and qualifiers reach no further than their clause.
func (d *doc) clauseBreak(i, j int) bool {
	if d.sentenceOf(i) != d.sentenceOf(j) {
		return true
	}
	for k := i; k < j; k++ {
		gap := d.Text[d.Words[k].End:d.Words[k+1].Start]
		if strings.ContainsAny(gap, ";:,()[]—–") || strings.Contains(gap, " - ") {
			return true
		}
	}
	return false
}

// stems returns the distinct stems of d's content words, in order of first
// use.
func (d *doc) stems() []string {
	var out []string
	seen := map[string]bool{}
	for _, w := range d.Words {
		if w.Content && !seen[w.Stem] {
			seen[w.Stem] = true
			out = append(out, w.Stem)
		}
	}
	return out
}

// stemSet returns the set of content stems of words[first:last].
func (d *doc) stemSet(first, last int) map[string]bool {
	set := map[string]bool{}
	for _, w := range d.Words[first:last] {
		if w.Content {
			set[w.Stem] = true
		}
	}
	return set
}

// idf weighs terms by how rare they are in a set of documents: a term in
// every document says little about which one a claim is about, a term in
// none of them says the most (a claim using it is about something the
// documents do not mention).
type idf struct {
	n  int
	df map[string]int
}

// newIDF counts document frequencies over docs, each a list of stems
// (repeats within a document count once).
func newIDF(docs [][]string) idf {
	x := idf{n: len(docs), df: map[string]int{}}
	for _, d := range docs {
		seen := map[string]bool{}
		for _, s := range d {
			if !seen[s] {
				seen[s] = true
				x.df[s]++
			}
		}
	}
	return x
}

// idfOf returns the IDF of the document set a request carries. With one
// document there is no collection to count over, so its sentences stand in
// for documents: the smoothing that lets a single passage still tell its
// topic words (in every sentence) from its specific ones.
func idfOf(docs ...*doc) idf {
	var sets [][]string
	if len(docs) == 1 {
		d := docs[0]
		for _, s := range d.Sents {
			var stems []string
			for _, w := range d.Words[s.First:s.Last] {
				if w.Content {
					stems = append(stems, w.Stem)
				}
			}
			sets = append(sets, stems)
		}
	} else {
		for _, d := range docs {
			sets = append(sets, d.stems())
		}
	}
	return newIDF(sets)
}

// weight returns the IDF of stem, ln(1 + (N+1)/(df+0.5)): always positive,
// highest for a stem no document has. The +1 and +0.5 keep a one-sentence
// passage and unseen stems finite.
func (x idf) weight(stem string) float64 {
	return math.Log(1 + float64(x.n+1)/(float64(x.df[stem])+0.5))
}

// nearStem reports whether two different stems are forms of one word the
// stemmer left apart ("reduct" and "reduc", "migrat" and "migrant",
// "увелич" and "увеличива"): they share a prefix of at least five letters
// that is all but at most one letter of the shorter stem.
func nearStem(a, b string) bool {
	ra, rb := []rune(a), []rune(b)
	n := min(len(ra), len(rb))
	cp := 0
	for cp < n && ra[cp] == rb[cp] {
		cp++
	}
	return cp >= 5 && cp >= n-1
}

// coverage scores how much of a query (distinct stems) a set of stems
// holds: the IDF-weighted share of query stems present, a near stem
// counting near of a full match. It returns the score and each query stem's
// credit (1, near or 0).
func coverage(query []string, have map[string]bool, w idf, near float64) (float64, []float64) {
	credit := make([]float64, len(query))
	var got, total float64
	var haveSorted []string // built lazily: most stems match exactly or not at all
	for i, q := range query {
		wt := w.weight(q)
		if lightStem(q) {
			wt *= lightWeight
		}
		total += wt
		if have[q] {
			credit[i] = 1
		} else if near > 0 {
			if haveSorted == nil {
				haveSorted = sortedKeys(have)
			}
			for _, h := range haveSorted {
				if nearStem(q, h) {
					credit[i] = near
					break
				}
			}
		}
		got += wt * credit[i]
	}
	if total == 0 {
		return 0, credit
	}
	return got / total, credit
}

// lightWeight scales the weight of light words: verbs and nouns of
// relation that a paraphrase swaps freely ("leads to" for "causes", "plays
// a role in" for "is involved in"), so that missing one costs a claim less
// than missing what it is about.
const lightWeight = 0.3

var lightStems = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`involve involves involved cause causes caused lead leads
		led result results resulting give gives given occur occurs occurred play plays role
		effect effects associate associated association relate related relation show shows
		shown make makes made use used using contribute contributes contributed mediate
		mediates mediated impact affect affects affected factor factors level levels
		является являются приводит приводят вызывает вызывают играет играют роль связан
		связана связаны связь влияет влияют влияние использует используют уровень`) {
		m[analysis.Stem(w)] = true
	}
	return m
}()

// lightStem reports whether stem is the stem of a light word.
func lightStem(stem string) bool {
	return lightStems[stem]
}

// window is a run of consecutive sentences of a passage aligned with a
// query: the passage's best evidence for a claim, or its best answer to a
// question.
type window struct {
	First, Last int           // sentences d.Sents[First:Last]
	Span        analysis.Span // from the first sentence's start to the last one's end
	Score       float64       // coverage of the query
	Credit      []float64     // per query stem
}

// align scores every run of 1 to size consecutive sentences of d against
// the query stems and returns them best first. Ties go to the shorter run,
// then the earlier one, so the order never depends on anything but the
// input.
func align(d *doc, query []string, w idf, size int, near float64) []window {
	var out []window
	for i := range d.Sents {
		for n := 1; n <= size && i+n <= len(d.Sents); n++ {
			first, last := d.Sents[i], d.Sents[i+n-1]
			score, credit := coverage(query, d.stemSet(first.First, last.Last), w, near)
			out = append(out, window{First: i, Last: i + n,
				Span:  analysis.Span{Start: first.Span.Start, End: last.Span.End},
				Score: score, Credit: credit})
		}
	}
	slices.SortStableFunc(out, func(a, b window) int {
		switch {
		case a.Score != b.Score:
			if a.Score > b.Score {
				return -1
			}
			return 1
		case a.Last-a.First != b.Last-b.First:
			return (a.Last - a.First) - (b.Last - b.First)
		}
		return a.First - b.First
	})
	return out
}

// rankSentences scores each sentence of text against query by weighted
// stem coverage (IDF over text's own sentences) and returns them best
// first: the primitive of extractive answers and summaries.
func rankSentences(text, query string) []window {
	d := analyze(text)
	q := analyze(query).stems()
	return align(d, q, idfOf(d), 1, DefaultSupport.NearStem)
}

// words returns the word indexes of d in the window's sentences.
func (d *doc) wordRange(w window) (int, int) {
	return d.Sents[w.First].First, d.Sents[w.Last-1].Last
}

func sortedKeys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

func isNumeric(s string) bool {
	for _, r := range s {
		if !unicode.IsDigit(r) {
			return false
		}
	}
	return s != ""
}

// isFunctionWord reports whether a folded word is a function word that
// analysis's short stop list keeps (it is tuned for search, where such words
// rarely matter) but that says nothing about a claim's content.
func isFunctionWord(w string) bool {
	_, ok := functionWords[w]
	return ok
}

var functionWords = func() map[string]struct{} {
	m := map[string]struct{}{}
	for _, w := range strings.Fields(`about above after again against all also am any
		because been before being below between both can could did do does doing done down
		during each few from further had has have having he her here hers herself him himself
		his how i its itself just may me might must my myself nor now off once other our ours
		ourselves out over own same she should so some than that's them themselves those
		through too under until very we were what when where which while who whom whose why
		would you your yours yourself yourselves via per among whether thus however therefore
		within upon onto whereas although though either one ones another shall it's every
		doesn don didn isn aren wasn weren hasn haven hadn won wouldn couldn shouldn ca
		этот эта это эти того той тех тому тем том также еще который которая которое
		которые которого которой которых которым свой своя свое свои своего`) {
		m[w] = struct{}{}
	}
	return m
}()
