package quote

import (
	"strings"

	verity "github.com/veritykb/verity"
)

// Bounds on the pieces of a repaired quote. A piece must be long enough that
// finding it is evidence, not coincidence: three words and a dozen bytes.
const (
	minPieceTokens = 3
	minPieceBytes  = 12
	maxPieces      = 8
	// maxFirstTries bounds how many occurrences of the first piece are
	// tried as the start of a chain.
	maxFirstTries = 64
	// A skipped stretch this short (in words) that holds a negation (or,
	// when unmarked, a number) rejects the repair: an ellipsis standing for
	// "not", or "10% to" silently left out, changes what the page says.
	// An unmarked stitch with a short gap reads like a quote with words
	// dropped, so it gets the fuzzy path's stricter limit.
	markedShortGap   = 3
	unmarkedShortGap = 7
)

// repairMarked finds a quote stitched from pieces that the quote itself
// separates with ellipses.
func (p *Page) repairMarked(nq string, opts Options) (Match, bool) {
	pieces, marked := splitPieces(nq)
	if !marked || len(pieces) > maxPieces {
		return Match{}, false
	}
	for _, pc := range pieces {
		if !bigEnough(pc) {
			return Match{}, false
		}
	}
	return p.chain(pieces, len(tokenize(nil, nq)), markedShortGap, tNegation, opts)
}

// repairUnmarked finds a quote stitched from two pieces with nothing in the
// quote to show where: it splits where the longest prefix or suffix that
// occurs in the page ends.
func (p *Page) repairUnmarked(nq string, opts Options) (Match, bool) {
	if strings.Contains(nq, "...") {
		return Match{}, false
	}
	qt := tokenize(nil, nq)
	m := len(qt)
	if m < 2*minPieceTokens {
		return Match{}, false
	}
	splits := []int{p.longestPrefix(nq, qt), m - p.longestSuffix(nq, qt)}
	for i, k := range splits {
		if k < minPieceTokens || k > m-minPieceTokens || (i == 1 && k == splits[0]) {
			continue
		}
		a, b := nq[:qt[k-1].end], nq[qt[k].start:]
		if !bigEnough(a) || !bigEnough(b) {
			continue
		}
		if mt, ok := p.chain([]string{a, b}, m, unmarkedShortGap, tNegation|tNumber, opts); ok {
			return mt, true
		}
	}
	return Match{}, false
}

// splitPieces splits a quote in matching form at its ellipses ("...", "[...]",
// "(...)"), dropping empty pieces (a leading or trailing ellipsis only marks
// truncation). marked reports whether there was an ellipsis between two
// non-empty pieces.
func splitPieces(nq string) (pieces []string, marked bool) {
	if !strings.Contains(nq, "...") {
		return []string{nq}, false
	}
	for _, pc := range strings.Split(nq, "...") {
		pc = strings.Trim(pc, ` .[](){}"`)
		if pc != "" {
			pieces = append(pieces, pc)
		}
	}
	return pieces, len(pieces) > 1
}

func bigEnough(piece string) bool {
	return len(piece) >= minPieceBytes && len(tokenize(nil, piece)) >= minPieceTokens
}

// longestPrefix returns the largest k such that the quote's first k tokens
// (with what lies between them) occur in the page at a word boundary, or 0
// when not even minPieceTokens do. Occurrence is monotonic in k, so a binary
// search over k suffices.
func (p *Page) longestPrefix(nq string, qt []token) int {
	// The page's words bound the answer from above (a prefix that occurs
	// as text occurs as words), and cheaply: most quotes that reach this
	// point are not on the page at all.
	lo, hi := 0, p.tokenRun(qt, false)
	if hi < minPieceTokens || !p.occursWord(nq[:qt[minPieceTokens-1].end]) {
		return 0
	}
	lo = minPieceTokens
	for lo < hi {
		k := (lo + hi + 1) / 2
		if p.occursWord(nq[:qt[k-1].end]) {
			lo = k
		} else {
			hi = k - 1
		}
	}
	return lo
}

// longestSuffix is longestPrefix from the other end: the number of the
// quote's last tokens that occur together.
func (p *Page) longestSuffix(nq string, qt []token) int {
	m := len(qt)
	hi := p.tokenRun(qt, true)
	if hi < minPieceTokens || !p.occursWord(nq[qt[m-minPieceTokens].start:]) {
		return 0
	}
	lo := minPieceTokens
	for lo < hi {
		k := (lo + hi + 1) / 2
		if p.occursWord(nq[qt[m-k].start:]) {
			lo = k
		} else {
			hi = k - 1
		}
	}
	return lo
}

// tokenRun returns the longest run of the quote's first tokens (or, with
// fromEnd, its last tokens) that the page has in a row, looking at up to
// maxRunStarts occurrences of the first (last) token; past that it gives
// up and returns len(qt), which bounds nothing.
func (p *Page) tokenRun(qt []token, fromEnd bool) int {
	const maxRunStarts = 4096
	x := p.index()
	m := len(qt)
	anchor := qt[0]
	if fromEnd {
		anchor = qt[m-1]
	}
	best, seen := 0, 0
	for pos := x.slot(anchor.hash).last; pos >= 0 && x.slot(anchor.hash).count > 0; pos = x.prev[pos] {
		if seen++; seen > maxRunStarts {
			return m
		}
		n := 0
		if fromEnd {
			for n < m && int(pos)-n >= 0 && x.toks[int(pos)-n].hash == qt[m-1-n].hash {
				n++
			}
		} else {
			for n < m && int(pos)+n < len(x.toks) && x.toks[int(pos)+n].hash == qt[n].hash {
				n++
			}
		}
		best = max(best, n)
	}
	return best
}

// occursWord reports whether s occurs in the normalized page starting and
// ending at word boundaries.
func (p *Page) occursWord(s string) bool {
	return p.findWord(s, 0, len(p.norm.Text)) >= 0
}

// findWord returns the first offset in [from, to) of the normalized page
// where s occurs at word boundaries and ends by to, or -1.
func (p *Page) findWord(s string, from, to int) int {
	t := p.norm.Text
	for i := p.normIndex(s, from, to); i >= 0; i = p.normIndex(s, i+1, to) {
		if wordBoundary(t, i) && wordBoundary(t, i+len(s)) {
			return i
		}
	}
	return -1
}

// chain finds the pieces in order, each after the previous within the gap
// limit, trying several occurrences of the first piece, and returns the
// span from the first piece's start to the last piece's end.
//
// A gap of at most short words must hold no token with a flag in ban: no
// negation, and for an unmarked stitch, which reads like a quote with words
// left out, no number either.
func (p *Page) chain(pieces []string, quoteTokens, short int, ban uint8, opts Options) (Match, bool) {
	x := p.index()
	t := p.norm.Text
	maxGap := opts.maxGap()
	type cand struct {
		m   Match
		gap int
	}
	var cands []cand
	from := 0
	for try := 0; try < maxFirstTries; try++ {
		i := p.findWord(pieces[0], from, len(t))
		if i < 0 {
			break
		}
		from = i + 1
		norms := []verity.Span{{Start: i, End: i + len(pieces[0])}}
		totalGap, ok := 0, true
		for _, pc := range pieces[1:] {
			prevEnd := norms[len(norms)-1].End
			// No piece can start beyond maxGap words past the previous one.
			limit := len(t)
			if k := x.tokenAt(prevEnd) + maxGap + len(tokenize(nil, pc)) + 1; k < len(x.toks) {
				limit = int(x.toks[k].start)
			}
			j := p.findWord(pc, prevEnd, limit)
			if j < 0 {
				ok = false
				break
			}
			gap := x.tokensBetween(prevEnd, j)
			if gap > maxGap || (gap <= short && p.flagIn(prevEnd, j, ban)) {
				ok = false
				break
			}
			totalGap += gap
			norms = append(norms, verity.Span{Start: j, End: j + len(pc)})
		}
		if !ok {
			continue
		}
		m, ok := p.repairedMatch(pieces, norms, quoteTokens)
		if ok {
			cands = append(cands, cand{m, totalGap})
		}
	}
	if len(cands) == 0 {
		return Match{}, false
	}
	// The nearest to the hint, and among equally near ones (or without a
	// hint) the one that skips least.
	spans := make([]verity.Span, len(cands))
	best := 0
	for i, c := range cands {
		spans[i] = c.m.Span()
		di, db := 0, 0
		if opts.Hint != nil {
			di, db = distance(spans[i], *opts.Hint), distance(cands[best].m.Span(), *opts.Hint)
		}
		if di < db || (di == db && c.gap < cands[best].gap) {
			best = i
		}
	}
	m := cands[best].m
	if len(cands) > 1 {
		m.Occurrences = spans
	}
	return m, true
}

// repairedMatch maps found pieces back to the original, checking each.
func (p *Page) repairedMatch(pieces []string, norms []verity.Span, quoteTokens int) (Match, bool) {
	m := Match{Found: true, Kind: Repaired}
	for k, ns := range norms {
		s, ok := p.verified(ns.Start, ns.End, pieces[k])
		if !ok {
			return Match{}, false
		}
		if k > 0 {
			m.Gaps = append(m.Gaps, verity.Span{Start: m.Pieces[k-1].End, End: s.Start})
		}
		m.Pieces = append(m.Pieces, s)
	}
	m.Start, m.End = m.Pieces[0].Start, m.Pieces[len(m.Pieces)-1].End
	spanTokens := p.index().tokensBetween(norms[0].Start, norms[len(norms)-1].End)
	m.Score = min(0.95, float64(quoteTokens)/float64(max(spanTokens, 1)))
	return m, true
}

// flagIn reports whether the normalized page holds a token with any of
// flags in [from, to).
func (p *Page) flagIn(from, to int, flags uint8) bool {
	x := p.index()
	for k := x.tokenAt(from); k < len(x.toks) && int(x.toks[k].start) < to; k++ {
		if x.toks[k].flags&flags != 0 {
			return true
		}
	}
	return false
}
