package quote

import (
	"slices"
	"strings"
	"unicode/utf8"

	verity "github.com/veritykb/verity"
)

// Limits of the fuzzy path. The acceptance rule is deliberately strict: a
// fuzzy match must be the page's own sentence copied with a few slips, never
// a sentence that says something else.
const (
	// minExactTokens is the shortest quote accepted when its words equal the
	// page's word for word but punctuation or number formatting differ.
	minExactTokens = 3
	// minFuzzyTokens is the shortest quote that may differ by edits at all.
	minFuzzyTokens = 6
	// maxFuzzyTokens bounds the alignment's cost; longer quotes must match
	// in one of the stricter ways.
	maxFuzzyTokens = 400
	// maxRunEdits bounds each stretch of consecutive edits: longer
	// stretches are skipped or added clauses, not slips.
	maxRunEdits = 3
	// Anchor selection: rare words of the quote vote for where it lies.
	maxAnchors    = 24
	voteBudget    = 4096
	maxCandidates = 8
)

// maxEdits is how many word-level edits a quote of m words may carry.
func maxEdits(m int) int { return min(1+m/8, 6) }

// fuzzy finds a quote whose words differ from a span of the page by a few
// edits (dropped, added or slightly changed words) or only by punctuation
// and number formatting.
func (p *Page) fuzzy(nq string, opts Options) (Match, bool) {
	qt := tokenize(nil, nq)
	m := len(qt)
	if m < minExactTokens || m > maxFuzzyTokens {
		return Match{}, false
	}
	x := p.index()
	type anchor struct{ qi, count int32 }
	anchors := make([]anchor, 0, m)
	for i, t := range qt {
		if post, ok := x.lookup(t.hash); ok {
			anchors = append(anchors, anchor{int32(i), post.count})
		}
	}
	if len(anchors) < m-maxEdits(m) || len(anchors) == 0 {
		return Match{}, false // too many of the quote's words are not on the page at all
	}
	slices.SortFunc(anchors, func(a, b anchor) int { return int(a.count - b.count) })

	// Word for word equal: every token matches from the rarest anchor's
	// occurrences on.
	var exact []fuzzyCand
	rare := anchors[0]
	for pos := x.slot(qt[rare.qi].hash).last; pos >= 0; pos = x.prev[pos] {
		start := int(pos) - int(rare.qi)
		if start < 0 || start+m > len(x.toks) {
			continue
		}
		if sameTokens(qt, x.toks[start:start+m]) {
			exact = append(exact, fuzzyCand{start: start, end: start + m, score: 0.98})
		}
	}
	if len(exact) > 0 {
		slices.Reverse(exact) // the chain runs backwards
		return p.fuzzyMatch(nq, qt, exact, opts), true
	}
	if m < minFuzzyTokens {
		return Match{}, false
	}

	// Diagonal votes: an occurrence of quote word i at page word j says the
	// quote starts near j-i.
	edits := maxEdits(m)
	diags := make([]int32, 0, 256)
	used := 0
	for _, a := range anchors {
		if used >= maxAnchors || (len(diags)+int(a.count) > voteBudget && used >= 3) {
			break
		}
		for pos := x.slot(qt[a.qi].hash).last; pos >= 0 && len(diags) < voteBudget; pos = x.prev[pos] {
			diags = append(diags, pos-a.qi)
		}
		used++
	}
	slices.Sort(diags)
	type cluster struct{ lo, hi, votes int }
	var clusters []cluster
	for i, j := 0, 0; i < len(diags); i++ {
		for j < len(diags) && diags[j]-diags[i] <= int32(2*edits) {
			j++
		}
		clusters = append(clusters, cluster{int(diags[i]), int(diags[j-1]), j - i})
	}
	slices.SortStableFunc(clusters, func(a, b cluster) int { return b.votes - a.votes })
	minVotes := max(2, used/2)
	var chosen []cluster
	var cands []fuzzyCand
	al := aligner{}
	for _, c := range clusters {
		if c.votes < minVotes || len(chosen) >= maxCandidates {
			break
		}
		overlaps := false
		for _, o := range chosen {
			if c.lo <= o.hi+2*edits && o.lo <= c.hi+2*edits {
				overlaps = true
				break
			}
		}
		if overlaps {
			continue
		}
		chosen = append(chosen, c)
		lo := max(0, c.lo-edits)
		hi := min(len(x.toks), c.hi+m+edits)
		if hi-lo < m-edits {
			continue
		}
		if fc, ok := al.align(p.norm.Text, nq, qt, x.toks, lo, hi, edits); ok {
			cands = append(cands, fc)
		}
	}
	if len(cands) == 0 {
		return Match{}, false
	}
	slices.SortFunc(cands, func(a, b fuzzyCand) int { return a.start - b.start })
	return p.fuzzyMatch(nq, qt, cands, opts), true
}

// fuzzyCand is an accepted alignment: page tokens [start, end) and a score.
type fuzzyCand struct {
	start, end int
	score      float64
}

func sameTokens(a, b []token) bool {
	for i := range a {
		if a[i].hash != b[i].hash {
			return false
		}
	}
	return true
}

// fuzzyMatch turns accepted candidates (in page order) into the match: the
// one nearest the hint, else the best scored.
func (p *Page) fuzzyMatch(nq string, qt []token, cands []fuzzyCand, opts Options) Match {
	x := p.index()
	t := p.norm.Text
	lead := nq[:qt[0].start]
	trail := nq[qt[len(qt)-1].end:]
	spans := make([]verity.Span, len(cands))
	best := 0
	for i, c := range cands {
		ns, ne := int(x.toks[c.start].start), int(x.toks[c.end-1].end)
		// Take the quote's own punctuation at its edges (a closing period,
		// an opening quotation mark) when the page has it too.
		if lead != "" && strings.HasSuffix(t[:ns], lead) {
			ns -= len(lead)
		}
		if trail != "" && strings.HasPrefix(t[ne:], trail) {
			ne += len(trail)
		}
		s, e := p.norm.ToOriginal(ns, ne)
		spans[i] = verity.Span{Start: s, End: e}
		if c.score > cands[best].score {
			best = i
		}
	}
	if opts.Hint != nil {
		best = nearest(spans, opts.Hint)
	}
	m := Match{Found: true, Start: spans[best].Start, End: spans[best].End, Kind: Fuzzy, Score: cands[best].score}
	if len(spans) > 1 {
		m.Occurrences = spans
	}
	return m
}

// Alignment operations.
const (
	opMatch = iota
	opNear  // a slightly different form of the same word
	opIns   // a quote word the page does not have
	opDel   // a page word the quote leaves out
)

// aligner holds the dynamic-programming table between alignments.
type aligner struct {
	cost []int32
	ops  []uint8
}

const inf = 1 << 28

// align computes the edit-minimal alignment of the quote's tokens qt against
// page tokens toks[lo:hi], free to start and end anywhere in that window,
// and applies the acceptance rule.
func (al *aligner) align(text, nq string, qt, toks []token, lo, hi, maxE int) (fuzzyCand, bool) {
	m, n := len(qt), hi-lo
	w := n + 1
	if cap(al.cost) < (m+1)*w {
		al.cost = make([]int32, (m+1)*w)
	}
	d := al.cost[:(m+1)*w]
	for j := 0; j <= n; j++ {
		d[j] = 0 // the quote may start at any page word
	}
	for i := 1; i <= m; i++ {
		row, prev := d[i*w:(i+1)*w], d[(i-1)*w:i*w]
		row[0] = int32(i)
		qi := qt[i-1]
		for j := 1; j <= n; j++ {
			best := min(prev[j], row[j-1]) + 1
			pj := toks[lo+j-1]
			if pj.hash == qi.hash {
				best = min(best, prev[j-1])
			} else if prev[j-1]+1 < best && near(text, nq, qi, pj) {
				best = prev[j-1] + 1
			}
			row[j] = best
		}
	}
	last := d[m*w : (m+1)*w]
	// The last of the cheapest ends: equal cost means the quote's final
	// words matched rather than were counted as added.
	end := 0
	for j := 1; j <= n; j++ {
		if last[j] <= last[end] {
			end = j
		}
	}
	if int(last[end]) > maxE {
		return fuzzyCand{}, false
	}
	// Trace back, preferring matches, so the operations come out in reverse.
	ops := al.ops[:0]
	i, j := m, end
	for i > 0 {
		c := d[i*w+j]
		switch {
		case j > 0 && qt[i-1].hash == toks[lo+j-1].hash && d[(i-1)*w+j-1] == c:
			ops = append(ops, opMatch)
			i, j = i-1, j-1
		case j > 0 && d[(i-1)*w+j-1]+1 == c && near(text, nq, qt[i-1], toks[lo+j-1]):
			ops = append(ops, opNear)
			i, j = i-1, j-1
		case j > 0 && d[i*w+j-1]+1 == c:
			// Between an added quote word and a left-out page word of
			// equal cost, leave the page word out: the quote's word then
			// stays matched, and the span keeps the sentence's start.
			ops = append(ops, opDel)
			j--
		default:
			ops = append(ops, opIns)
			i--
		}
	}
	al.ops = ops
	start := j
	if start == end {
		return fuzzyCand{}, false
	}
	slices.Reverse(ops)
	if replacesEdge(text, ops, qt, toks, lo+start, lo+end) {
		return fuzzyCand{}, false
	}
	if score, ok := accept(ops, qt, toks[lo+start:lo+end], maxE); ok {
		return fuzzyCand{start: lo + start, end: lo + end, score: score}, true
	}
	return fuzzyCand{}, false
}

// replacesEdge reports whether content words the quote adds at its start
// (or end) stand where the page has another content word of the same
// sentence just outside the span: a first or last word swapped for another,
// which the free ends of the alignment would otherwise hide.
func replacesEdge(text string, ops []uint8, qt, toks []token, start, end int) bool {
	lead, trail := 0, 0
	for lead < len(ops) && ops[lead] == opIns {
		lead++
	}
	for trail < len(ops)-lead && ops[len(ops)-1-trail] == opIns {
		trail++
	}
	content := func(ts []token) bool {
		for _, t := range ts {
			if t.flags&tFunction == 0 {
				return true
			}
		}
		return false
	}
	if lead > 0 && start > 0 && content(qt[:lead]) && content(toks[start-1:start]) &&
		!strings.ContainsAny(text[toks[start-1].end:toks[start].start], ".!?;:") {
		return true
	}
	return trail > 0 && end < len(toks) && content(qt[len(qt)-trail:]) && content(toks[end:end+1]) &&
		!strings.ContainsAny(text[toks[end-1].end:toks[end].start], ".!?;:")
}

// accept applies the fuzzy acceptance rule to an alignment of quote tokens
// qt with page tokens pt: few edits in short stretches, a long run of
// identical words, no number or negation touched, and no word replaced by an
// unrelated word unless both are function words (articles, prepositions,
// conjunctions: "a" for "the", "в" for "на").
func accept(ops []uint8, qt, pt []token, maxE int) (float64, bool) {
	m := len(qt)
	matches, edits, run, longest := 0, 0, 0, 0
	stretch, ins, del := 0, 0, 0
	insContent, delContent := false, false
	qi, pj := 0, 0
	endStretch := func() bool {
		ok := stretch <= maxRunEdits && !(ins > 0 && del > 0 && (insContent || delContent))
		stretch, ins, del, insContent, delContent = 0, 0, 0, false, false
		return ok
	}
	for _, op := range ops {
		switch op {
		case opMatch:
			matches++
			run++
			longest = max(longest, run)
			if !endStretch() {
				return 0, false
			}
			qi++
			pj++
			continue
		case opNear:
			qi++
			pj++
		case opIns:
			t := qt[qi]
			if t.flags&(tNumber|tNegation) != 0 {
				return 0, false
			}
			ins++
			insContent = insContent || t.flags&tFunction == 0
			qi++
		case opDel:
			t := pt[pj]
			if t.flags&(tNumber|tNegation) != 0 {
				return 0, false
			}
			del++
			delContent = delContent || t.flags&tFunction == 0
			pj++
		}
		run = 0
		edits++
		stretch++
	}
	if !endStretch() {
		return 0, false
	}
	if edits > maxE || matches*4 < m*3 || longest < min(4, (m+1)/2) {
		return 0, false
	}
	score := float64(matches) / float64(matches+edits)
	return min(score, 0.97), score >= 0.8
}

// near reports whether page token b is a slightly different form of quote
// token a: an inflection or spelling variant sharing a long prefix, or a
// one-character typo. Numbers and negations are never near anything else.
func near(text, nq string, a, b token) bool {
	if (a.flags|b.flags)&(tNumber|tNegation) != 0 {
		return false
	}
	x, y := nq[a.start:a.end], text[b.start:b.end]
	lx, ly := utf8.RuneCountInString(x), utf8.RuneCountInString(y)
	shorter, longer := min(lx, ly), max(lx, ly)
	if shorter < 4 {
		return false
	}
	cp := 0
	for x != "" && y != "" {
		rx, wx := utf8.DecodeRuneInString(x)
		ry, wy := utf8.DecodeRuneInString(y)
		if rx != ry {
			break
		}
		cp++
		x, y = x[wx:], y[wy:]
	}
	if cp >= 4 && cp*10 >= shorter*6 && longer-cp <= 3 {
		return true
	}
	// One typo (substitution, insertion, deletion or transposition) past
	// the first letter, in a word of five letters or more.
	return cp >= 1 && shorter >= 5 && oneEdit(x, y)
}

// oneEdit reports whether a and b differ by exactly one substitution,
// insertion, deletion or transposition of adjacent runes.
func oneEdit(a, b string) bool {
	ra, rb := []rune(a), []rune(b)
	if len(ra) < len(rb) {
		ra, rb = rb, ra
	}
	switch len(ra) - len(rb) {
	case 0:
		diff := -1
		for i := range ra {
			if ra[i] != rb[i] {
				if diff >= 0 {
					// A transposition: exactly two adjacent swapped runes.
					return i == diff+1 && ra[diff] == rb[i] && ra[i] == rb[diff] && string(ra[i+1:]) == string(rb[i+1:])
				}
				diff = i
			}
		}
		return diff >= 0
	case 1:
		for i := range rb {
			if ra[i] != rb[i] {
				return string(ra[i+1:]) == string(rb[i:])
			}
		}
		return true
	}
	return false
}
