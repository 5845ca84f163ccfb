package quotebench

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"

	verity "github.com/veritykb/verity"
)

// Case is one labelled quote-location problem.
type Case struct {
	ID      string `json:"id"`
	Split   Split  `json:"split"`
	Kind    string `json:"kind"`
	Variant string `json:"variant,omitempty"`
	Lang    string `json:"lang"`
	Text    string `json:"text"`
	Quote   string `json:"quote"`
	// Want says whether a correct locator finds the quote, at [Start, End).
	Want  bool `json:"want"`
	Start int  `json:"start"`
	End   int  `json:"end"`
	// Hint, when set, is the span of the document the quote was taken
	// from, as a pipeline would pass the chunk it cited.
	Hint *verity.Span `json:"hint,omitempty"`
}

// Kinds are the kinds of case, in the order Generate cycles through them.
var Kinds = []string{"exact", "drift", "noise", "stitched", "fuzzy", "fabricated", "paraphrased"}

// Seeds of the published runs. The test split is generated with TestSeed
// and never used for tuning.
const (
	DevSeed  = 20261101
	TestSeed = 20261102
)

// Page sizes in bytes: log-uniform between these.
const (
	minPage = 1_000
	maxPage = 100_000
)

// gapWords bounds the words a stitched case skips; locators are expected to
// join pieces that far apart (quote.DefaultMaxGap is 120). Fabricated
// splices join pieces at least farWords apart, or out of order.
//
// A stitch never skips a short stretch (shortGapWords or fewer) that holds
// a negation or a number: leaving out "not" or "10% to" changes what the
// page says, so whether a gate should accept such a quote is not a question
// of locating it. The fabricated kind holds the clear-cut version, an
// ellipsis standing for a negation.
const (
	gapWords      = 90
	farWords      = 400
	shortGapWords = 7
)

// meaningful reports whether s holds a negation or a digit.
func meaningful(s string) bool {
	if strings.ContainsAny(s, "0123456789") {
		return true
	}
	for _, w := range words(s) {
		if negationWords[core(s[w.Start:w.End])] {
			return true
		}
	}
	return false
}

// Generate builds n cases from the documents of corpus that belong to split,
// cycling through Kinds. The same seed, corpus and split give the same cases.
func Generate(seed uint64, n int, corpus Corpus, split Split) []Case {
	g := &gen{rng: rand.New(rand.NewPCG(seed, uint64(len(split))*0x9e3779b97f4a7c15))}
	for i := range corpus.Docs {
		d := &corpus.Docs[i]
		if SplitOf(d.ID) != split {
			continue
		}
		if d.Lang == "ru" {
			g.ru = append(g.ru, d)
		} else {
			g.en = append(g.en, d)
		}
	}
	if len(g.en) < 3 {
		return nil
	}
	cases := make([]Case, 0, n)
	for i := 0; i < n; i++ {
		kind := Kinds[i%len(Kinds)]
		for try := 0; try < 200; try++ {
			c, ok := g.build(kind)
			if !ok {
				continue
			}
			c.ID = fmt.Sprintf("%s-%05d", split, i)
			c.Split = split
			c.Kind = kind
			cases = append(cases, c)
			break
		}
	}
	return cases
}

type gen struct {
	rng *rand.Rand
	en  []*Doc
	ru  []*Doc
}

// page is a generated page: its text and where each document and sentence
// of it lies.
type page struct {
	text  string
	docs  []*Doc
	spans []verity.Span   // per document
	sents [][]verity.Span // per document, per sentence
}

func (g *gen) pool(lang string) []*Doc {
	if lang == "ru" {
		return g.ru
	}
	return g.en
}

// pickLang picks Russian for about three cases in ten when there are
// Russian documents enough to vary.
func (g *gen) pickLang() string {
	if len(g.ru) >= 4 && g.rng.IntN(10) < 3 {
		return "ru"
	}
	return "en"
}

func (g *gen) pick(docs []*Doc) *Doc { return docs[g.rng.IntN(len(docs))] }

// buildPage lays out target among other documents up to a random size. With
// noisy set, sentences get page-side noise (NBSP, soft hyphens, line breaks,
// hyphenation); forced names a sentence of the target that always does.
func (g *gen) buildPage(target *Doc, noisy bool, forced int) (page, int) {
	size := int(float64(minPage) * math.Pow(float64(maxPage)/minPage, g.rng.Float64()))
	docs := []*Doc{target}
	used := map[*Doc]bool{target: true}
	total := docLen(target)
	pools := [][]*Doc{g.pool(target.Lang), g.en}
	for _, pool := range pools {
		for tries := 0; total < size && tries < 4*len(pool)+20; tries++ {
			d := g.pick(pool)
			if used[d] {
				continue
			}
			used[d] = true
			docs = append(docs, d)
			total += docLen(d) + 2
		}
	}
	// Put the target at a random place.
	ti := g.rng.IntN(len(docs))
	docs[0], docs[ti] = docs[ti], docs[0]

	var b strings.Builder
	p := page{docs: docs}
	for di, d := range docs {
		if di > 0 {
			b.WriteString("\n\n")
		}
		start := b.Len()
		b.WriteString(d.Title)
		b.WriteString("\n")
		var ss []verity.Span
		for si, s := range d.Sentences {
			if si > 0 {
				b.WriteString(g.separator(noisy))
			}
			if noisy && ((di == ti && si == forced) || g.rng.IntN(10) < 4) {
				s = g.noisify(s, di == ti && si == forced)
			}
			ss = append(ss, verity.Span{Start: b.Len(), End: b.Len() + len(s)})
			b.WriteString(s)
		}
		p.spans = append(p.spans, verity.Span{Start: start, End: b.Len()})
		p.sents = append(p.sents, ss)
	}
	p.text = b.String()
	return p, ti
}

func docLen(d *Doc) int {
	n := len(d.Title) + 1
	for _, s := range d.Sentences {
		n += len(s) + 1
	}
	return n
}

// separator is what goes between two sentences of a document.
func (g *gen) separator(noisy bool) string {
	if !noisy {
		return " "
	}
	return []string{" ", " ", "\n", "  ", " \n", "\u00a0 "}[g.rng.IntN(6)]
}

// hint returns the span of document di half of the time, and always when
// the quote's text occurs more than once on the page, so the label names
// the one occurrence a locator can tell apart.
func (g *gen) hint(p page, di int, quote string, noisy bool) *verity.Span {
	dup := false
	if quote != "" {
		n := strings.Count(simple(p.text), simple(quote))
		// On a noisy page the labelled copy may not read the same, so any
		// clean copy elsewhere is a second occurrence.
		dup = n >= 2 || (noisy && n >= 1)
	}
	if g.rng.IntN(2) == 0 && !dup {
		return nil
	}
	s := p.spans[di]
	return &s
}

// unique reports whether each of texts occurs at most once in document di
// of the page: otherwise no label could say which copy a quote means.
func unique(p page, di int, texts ...string) bool {
	doc := simple(p.text[p.spans[di].Start:p.spans[di].End])
	for _, t := range texts {
		if strings.Count(doc, simple(t)) > 1 {
			return false
		}
	}
	return true
}

// build makes one case of the kind, or reports that the documents it drew
// do not suit that kind (the caller draws again).
func (g *gen) build(kind string) (Case, bool) {
	lang := g.pickLang()
	target := g.pick(g.pool(lang))
	switch kind {
	case "exact", "drift":
		return g.verbatim(target, kind == "drift")
	case "noise":
		return g.noise(target)
	case "stitched":
		return g.stitched(target)
	case "fuzzy":
		return g.fuzzy(target)
	case "fabricated":
		return g.fabricated(target)
	case "paraphrased":
		return g.paraphrased(target)
	}
	return Case{}, false
}

// sentence picks a sentence of d with at least minWords words that hold a
// letter or digit.
func (g *gen) sentence(d *Doc, minWords int) (int, bool) {
	var ok []int
	for i, s := range d.Sentences {
		if len(strings.Fields(simple(s))) >= minWords {
			ok = append(ok, i)
		}
	}
	if len(ok) == 0 {
		return 0, false
	}
	return ok[g.rng.IntN(len(ok))], true
}

// verbatim makes an exact case (a sentence or a run of at least six of its
// words) or, with drift, the same quote with typographic changes on the
// quote's side.
func (g *gen) verbatim(d *Doc, drift bool) (Case, bool) {
	si, ok := g.sentence(d, 6)
	if !ok {
		return Case{}, false
	}
	p, di := g.buildPage(d, false, -1)
	span := p.sents[di][si]
	q := p.text[span.Start:span.End]
	if ws := words(q); len(ws) >= 12 && g.rng.IntN(3) == 0 {
		a := g.rng.IntN(len(ws) - 6)
		b := a + 6 + g.rng.IntN(len(ws)-a-6+1)
		span = verity.Span{Start: span.Start + ws[a].Start, End: span.Start + ws[b-1].End}
		q = p.text[span.Start:span.End]
	}
	if !unique(p, di, q) {
		return Case{}, false
	}
	c := Case{Lang: d.Lang, Text: p.text, Quote: q, Want: true, Start: span.Start, End: span.End, Hint: g.hint(p, di, q, false)}
	if drift {
		c.Quote, c.Variant = g.drift(q)
		if c.Quote == q {
			return Case{}, false
		}
	}
	return c, true
}

// noise makes a case whose quote is a clean sentence while the page's copy
// carries noise.
func (g *gen) noise(d *Doc) (Case, bool) {
	si, ok := g.sentence(d, 6)
	if !ok {
		return Case{}, false
	}
	p, di := g.buildPage(d, true, si)
	span := p.sents[di][si]
	q := d.Sentences[si]
	if p.text[span.Start:span.End] == q || !unique(p, di, q) {
		return Case{}, false
	}
	return Case{Lang: d.Lang, Text: p.text, Quote: q, Want: true, Start: span.Start, End: span.End, Hint: g.hint(p, di, q, true), Variant: "page-noise"}, true
}

// stitched makes a quote from two pieces of one document with text skipped
// between them: across sentences or inside a long one, joined by nothing,
// a space or an ellipsis.
func (g *gen) stitched(d *Doc) (Case, bool) {
	p, di := g.buildPage(d, false, -1)
	sents := p.sents[di]
	text := p.text
	var a, b verity.Span // the pieces
	variant := "across"
	if g.rng.IntN(3) == 0 {
		variant = "inside"
		si, ok := g.sentence(d, 16)
		if !ok {
			return Case{}, false
		}
		s := sents[si]
		ws := words(text[s.Start:s.End])
		if len(ws) < 16 {
			return Case{}, false
		}
		i := 5 + g.rng.IntN(len(ws)-15+1)            // piece a: words [0, i)
		j := i + 3 + g.rng.IntN(min(6, len(ws)-i-8)) // skipped: [i, j); piece b: [j, n) with >= 5 words
		a = verity.Span{Start: s.Start, End: s.Start + ws[i-1].End}
		b = verity.Span{Start: s.Start + ws[j].Start, End: s.End}
	} else {
		if len(sents) < 3 {
			return Case{}, false
		}
		i := g.rng.IntN(len(sents) - 1)
		j := i + 1 + g.rng.IntN(min(3, len(sents)-i-1))
		a, b = sents[i], sents[j]
		wa, wb := words(text[a.Start:a.End]), words(text[b.Start:b.End])
		if j == i+1 {
			// Adjacent sentences: skip the end of the first.
			if len(wa) < 8 {
				return Case{}, false
			}
			k := 5 + g.rng.IntN(len(wa)-7)
			a.End = a.Start + wa[k-1].End
		} else if len(wa) >= 10 && g.rng.IntN(3) == 0 {
			// Only the tail of the first sentence.
			k := len(wa) - 5 - g.rng.IntN(len(wa)-9)
			a.Start += wa[k].Start
		}
		if len(wb) >= 10 && g.rng.IntN(3) == 0 {
			// Only the head of the last sentence.
			k := 5 + g.rng.IntN(len(wb)-9)
			b.End = b.Start + wb[k-1].End
		}
	}
	gap := text[a.End:b.Start]
	if n := len(words(gap)); n < 1 || n > gapWords || (n <= shortGapWords && meaningful(gap)) {
		return Case{}, false
	}
	// Each piece is at least five words (shorter ones are no evidence), and
	// occurs once in its document.
	if len(words(text[a.Start:a.End])) < 5 || len(words(text[b.Start:b.End])) < 5 ||
		!unique(p, di, text[a.Start:a.End], text[b.Start:b.End]) {
		return Case{}, false
	}
	joiners := []string{" ", " ... ", "... ", " … ", " […] ", "…", " (...) "}
	j := joiners[g.rng.IntN(len(joiners))]
	if j == " " {
		variant += "-unmarked"
	}
	q := text[a.Start:a.End] + j + text[b.Start:b.End]
	return Case{Lang: d.Lang, Text: text, Quote: q, Want: true, Start: a.Start, End: b.End, Hint: g.hint(p, di, text[a.Start:b.End], false), Variant: variant}, true
}

// fuzzy makes a quote of a sentence with one or two slips: a dropped or
// added word, an inflection, a typo, number formatting or punctuation.
func (g *gen) fuzzy(d *Doc) (Case, bool) {
	si, ok := g.sentence(d, 10)
	if !ok {
		return Case{}, false
	}
	p, di := g.buildPage(d, false, -1)
	span := p.sents[di][si]
	orig := p.text[span.Start:span.End]
	edits := 1
	if len(words(orig)) >= 16 && g.rng.IntN(2) == 0 {
		edits = 2
	}
	q, variant := g.slips(orig, d.Lang, edits)
	if q == orig || variant == "" || !unique(p, di, orig) {
		return Case{}, false
	}
	return Case{Lang: d.Lang, Text: p.text, Quote: q, Want: true, Start: span.Start, End: span.End, Hint: g.hint(p, di, orig, false), Variant: variant}, true
}

// fabricated makes a quote that is not on the page: a sentence of another
// document, or a real sentence with a number changed, a negation added or
// removed, a content word swapped, pieces of far-apart or reversed
// sentences spliced, or an ellipsis standing in for a negation.
func (g *gen) fabricated(d *Doc) (Case, bool) {
	p, di := g.buildPage(d, false, -1)
	c := Case{Lang: d.Lang, Text: p.text, Hint: g.hint(p, di, "", false)}
	variants := []string{"foreign", "number", "negation", "swap", "splice", "ellipsis-negation"}
	c.Variant = variants[g.rng.IntN(len(variants))]
	si, ok := g.sentence(d, 8)
	if !ok {
		return Case{}, false
	}
	s := d.Sentences[si]
	switch c.Variant {
	case "foreign":
		var other *Doc
		for try := 0; try < 20; try++ {
			o := g.pick(g.pool(d.Lang))
			if !onPage(p, o) {
				other = o
				break
			}
		}
		if other == nil {
			return Case{}, false
		}
		oi, ok := g.sentence(other, 8)
		if !ok {
			return Case{}, false
		}
		c.Quote = other.Sentences[oi]
	case "number":
		c.Quote = g.changeNumber(s)
	case "negation":
		c.Quote = g.flipNegation(s, d.Lang)
	case "swap":
		c.Quote = g.swapWord(s, d)
	case "splice":
		c.Quote = g.splice(p, di, si)
	case "ellipsis-negation":
		c.Quote = ellipsisOverNegation(s, d.Lang)
	}
	if c.Quote == "" || strings.Contains(simple(p.text), simple(c.Quote)) {
		return Case{}, false
	}
	return c, true
}

func onPage(p page, d *Doc) bool {
	for _, o := range p.docs {
		if o == d {
			return true
		}
	}
	return false
}

// splice joins the head of sentence si of document di with the tail of a
// sentence that is either in a document far away on the page or earlier in
// the same document (so the pieces are out of order).
func (g *gen) splice(p page, di, si int) string {
	head := p.sents[di][si]
	var tail verity.Span
	if g.rng.IntN(2) == 0 {
		// Far away: farWords or more between the pieces.
		var far []verity.Span
		for dj, ss := range p.sents {
			for _, s := range ss {
				lo, hi := min(s.Start, head.Start), max(s.End, head.End)
				if dj != di && len(words(p.text[lo:hi])) > farWords {
					far = append(far, s)
				}
			}
		}
		if len(far) == 0 {
			return ""
		}
		tail = far[g.rng.IntN(len(far))]
	} else {
		if si == 0 {
			return ""
		}
		tail = p.sents[di][g.rng.IntN(si)]
	}
	hw, tw := words(p.text[head.Start:head.End]), words(p.text[tail.Start:tail.End])
	if len(hw) < 8 || len(tw) < 8 {
		return ""
	}
	h := p.text[head.Start : head.Start+hw[len(hw)/2].End]
	t := p.text[tail.Start+tw[len(tw)/2].Start : tail.End]
	return h + " " + t
}

// paraphrased rewrites a sentence in other words: a hand-written
// paraphrase when the document has one, else synonyms for at least two
// words, sometimes with its clauses swapped.
func (g *gen) paraphrased(d *Doc) (Case, bool) {
	p, di := g.buildPage(d, false, -1)
	c := Case{Lang: d.Lang, Text: p.text, Hint: g.hint(p, di, "", false)}
	if len(d.Paraphrases) > 0 && g.rng.IntN(4) > 0 {
		keys := make([]int, 0, len(d.Paraphrases))
		for i := range d.Sentences {
			if _, ok := d.Paraphrases[i]; ok {
				keys = append(keys, i)
			}
		}
		c.Quote, c.Variant = d.Paraphrases[keys[g.rng.IntN(len(keys))]], "written"
	} else {
		si, ok := g.sentence(d, 8)
		if !ok {
			return Case{}, false
		}
		c.Quote, c.Variant = g.synonyms(d.Sentences[si], d.Lang)
	}
	if c.Quote == "" || strings.Contains(simple(p.text), simple(c.Quote)) {
		return Case{}, false
	}
	return c, true
}
