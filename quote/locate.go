package quote

import (
	"strings"
	"sync"
	"unicode/utf8"

	verity "github.com/veritykb/verity"
	"github.com/veritykb/verity/analysis"
)

// Locate finds the quote q in text and returns the verdict as a value. It
// tries, in order, an exact match, a normalized match, a repaired (stitched)
// match and a fuzzy match, and returns the first that holds.
//
// Score says how closely the quote reproduces the span: 1 for exact, 0.99
// for normalized, for repaired the share of the span's words that the quote
// holds (at most 0.95), for fuzzy the share of aligned words that match (at
// most 0.98).
//
// The exact path allocates nothing when the quote occurs once. To check many
// quotes against one text, build a [Page] once and call [Page.Locate].
func Locate(text, q string, opts Options) Match {
	q = strings.TrimSpace(q)
	if q == "" {
		return Match{}
	}
	m, ok := locateExact(text, q, opts)
	if ok && !missesHint(m, opts) {
		return m
	}
	// The page serves this one quote, so its word index goes back to the
	// pool afterwards.
	p := NewPage(text)
	p.pooled = true
	m = p.preferHint(m, q, opts)
	if p.idx != nil {
		indexPool.Put(p.idx)
	}
	return m
}

// Page is a text prepared for locating many quotes: normalized once, with
// its words indexed on first need. A Page is safe for concurrent use.
type Page struct {
	text string
	norm analysis.Normalized

	once   sync.Once
	idx    *index
	pooled bool // the index comes from indexPool and is returned after one Locate
}

// NewPage prepares text for [Page.Locate].
func NewPage(text string) *Page {
	return &Page{text: text, norm: analysis.Normalize(text)}
}

// Text returns the page's original text.
func (p *Page) Text() string { return p.text }

// Locate is [Locate] against the page's text.
func (p *Page) Locate(q string, opts Options) Match {
	q = strings.TrimSpace(q)
	if q == "" {
		return Match{}
	}
	m, ok := locateExact(p.text, q, opts)
	if ok && !missesHint(m, opts) {
		return m
	}
	return p.preferHint(m, q, opts)
}

// missesHint reports whether an exact match lies away from the hint, where
// a copy with different typography may be the one the quote was taken from.
func missesHint(m Match, opts Options) bool {
	return opts.Hint != nil && distance(m.Span(), *opts.Hint) > 0
}

// preferHint returns the inexact match when it lies at the hint and exact
// (which may be Match{}) does not; otherwise exact, or the inexact match when
// there is no exact one.
func (p *Page) preferHint(exact Match, q string, opts Options) Match {
	m := p.locateInexact(q, opts)
	if !exact.Found || (m.Found && distance(m.Span(), *opts.Hint) == 0) {
		return m
	}
	return exact
}

func (p *Page) index() *index {
	p.once.Do(func() {
		if p.pooled {
			p.idx = indexPool.Get().(*index)
			p.idx.build(p.norm.Text)
			return
		}
		p.idx = newIndex(p.norm.Text)
	})
	return p.idx
}

func (p *Page) locateInexact(q string, opts Options) Match {
	nq := analysis.NormalizeString(q)
	if nq == "" {
		return Match{}
	}
	if m, ok := p.locateNormalized(nq, opts); ok {
		return m
	}
	// Models mark truncation with a leading or trailing ellipsis and wrap
	// quotes in quotation marks; what is inside may still be verbatim.
	// Peel as few layers as possible from each end, since the page may
	// have some of them.
	core, m, ok := p.peeled(nq, opts)
	if ok {
		return m
	}
	nq = core
	if !opts.NoRepair {
		if m, ok := p.repairMarked(nq, opts); ok {
			return m
		}
	}
	// A few slips are tried before an unmarked stitch, so a dropped word
	// reads as a fuzzy match rather than a two-piece quote.
	if !opts.NoFuzzy {
		if m, ok := p.fuzzy(nq, opts); ok {
			return m
		}
	}
	if !opts.NoRepair {
		if m, ok := p.repairUnmarked(nq, opts); ok {
			return m
		}
	}
	return Match{}
}

// locateExact finds q byte for byte, at rune boundaries of text.
func locateExact(text, q string, opts Options) (Match, bool) {
	first := indexAt(text, q, 0)
	if first < 0 {
		return Match{}, false
	}
	m := Match{Found: true, Start: first, End: first + len(q), Kind: Exact, Score: 1}
	next := indexAt(text, q, first+1)
	if next < 0 {
		return m, true
	}
	occ := []verity.Span{{Start: first, End: first + len(q)}}
	for next >= 0 {
		occ = append(occ, verity.Span{Start: next, End: next + len(q)})
		next = indexAt(text, q, next+1)
	}
	best := occ[nearest(occ, opts.Hint)]
	m.Start, m.End, m.Occurrences = best.Start, best.End, occ
	return m, true
}

// indexAt returns the first offset at or after from where q occurs in text
// starting and ending on rune boundaries, or -1.
func indexAt(text, q string, from int) int {
	for from <= len(text) {
		i := strings.Index(text[from:], q)
		if i < 0 {
			return -1
		}
		i += from
		if runeBoundary(text, i) && runeBoundary(text, i+len(q)) {
			return i
		}
		from = i + 1
	}
	return -1
}

// runeBoundary reports whether p is where a rune starts (or the text ends)
// when text is decoded from the beginning, invalid bytes counting as runes
// of one byte.
func runeBoundary(text string, p int) bool {
	if p <= 0 || p >= len(text) || utf8.RuneStart(text[p]) {
		return true
	}
	j := p - 1
	for j > 0 && j > p-utf8.UTFMax && !utf8.RuneStart(text[j]) {
		j--
	}
	if !utf8.RuneStart(text[j]) {
		return true
	}
	_, w := utf8.DecodeRuneInString(text[j:])
	return j+w <= p
}

// locateNormalized finds nq, a quote in matching form, in the normalized
// page. Every occurrence is checked by normalizing the original span it maps
// to, so a match never starts or ends inside a ligature or other rewritten
// piece.
func (p *Page) locateNormalized(nq string, opts Options) (Match, bool) {
	var occ []verity.Span
	for i := p.normIndex(nq, 0, len(p.norm.Text)); i >= 0; i = p.normIndex(nq, i+1, len(p.norm.Text)) {
		if s, ok := p.verified(i, i+len(nq), nq); ok {
			occ = append(occ, s)
		}
	}
	if len(occ) == 0 {
		return Match{}, false
	}
	best := occ[nearest(occ, opts.Hint)]
	m := Match{Found: true, Start: best.Start, End: best.End, Kind: Normalized, Score: 0.99}
	if len(occ) > 1 {
		m.Occurrences = occ
	}
	return m, true
}

// normIndex returns the first offset in [from, to) of the normalized page
// where nq occurs wholly before to, or -1.
func (p *Page) normIndex(nq string, from, to int) int {
	t := p.norm.Text
	to = min(to, len(t))
	if from > to {
		return -1
	}
	i := indexLong(t[from:to], nq)
	if i < 0 {
		return -1
	}
	return from + i
}

// indexLong is strings.Index for patterns of any length. For long ones the
// standard library falls back to Rabin-Karp, several times slower than its
// vectorized search for short ones; searching for a 31-byte prefix and
// checking the rest is faster on pages, where prefixes rarely repeat.
func indexLong(s, q string) int {
	const short = 31 // at most bytealg.MaxLen on every amd64, so the vectorized path
	if len(q) <= short {
		return strings.Index(s, q)
	}
	for from := 0; from+len(q) <= len(s); {
		i := strings.Index(s[from:len(s)-len(q)+short], q[:short])
		if i < 0 {
			return -1
		}
		i += from
		if s[i+short:i+len(q)] == q[short:] {
			return i
		}
		from = i + 1
	}
	return -1
}

// verified maps the normalized range [ns, ne) to the original and checks
// that the original span normalizes to want.
func (p *Page) verified(ns, ne int, want string) (verity.Span, bool) {
	s, e := p.norm.ToOriginal(ns, ne)
	if analysis.NormalizeString(p.text[s:e]) != want {
		return verity.Span{}, false
	}
	return verity.Span{Start: s, End: e}, true
}

// peeled tries nq with quotation marks and ellipses peeled from its ends,
// fewest first. It returns the fully peeled quote when nothing matches.
func (p *Page) peeled(nq string, opts Options) (string, Match, bool) {
	lefts, rights := []int{0}, []int{len(nq)}
	for l := 0; ; {
		n := markAt(nq[l:], true)
		if n == 0 {
			break
		}
		l += n
		lefts = append(lefts, l)
	}
	for r := len(nq); ; {
		n := markAt(nq[:r], false)
		if n == 0 {
			break
		}
		r -= n
		rights = append(rights, r)
	}
	for total := 1; total < len(lefts)+len(rights)-1; total++ {
		for li := 0; li < len(lefts) && li <= total; li++ {
			ri := total - li
			if ri >= len(rights) || lefts[li] >= rights[ri] {
				continue
			}
			core := strings.TrimSpace(nq[lefts[li]:rights[ri]])
			if m, ok := p.locateNormalized(core, opts); core != "" && ok {
				return core, m, true
			}
		}
	}
	l, r := lefts[len(lefts)-1], rights[len(rights)-1]
	if l >= r {
		return nq, Match{}, false
	}
	return strings.TrimSpace(nq[l:r]), Match{}, false
}

// markAt returns the length of the quotation mark or ellipsis (with the
// space beside it) at the start of s, or at its end when start is false.
func markAt(s string, start bool) int {
	for _, m := range []string{`" `, `"`, "... ", "..."} {
		if !start {
			m = strings.TrimSpace(m)
			if strings.HasSuffix(s, " "+m) {
				return len(m) + 1
			}
			if strings.HasSuffix(s, m) {
				return len(m)
			}
			continue
		}
		if strings.HasPrefix(s, m) {
			return len(m)
		}
	}
	return 0
}

// wordBoundary reports whether offset i of s is not inside a word.
func wordBoundary(s string, i int) bool {
	if i <= 0 || i >= len(s) {
		return true
	}
	before, _ := utf8.DecodeLastRuneInString(s[:i])
	after, _ := utf8.DecodeRuneInString(s[i:])
	return !(isWordRune(before) && isWordRune(after))
}
