package offline

import (
	"fmt"
	"strings"

	"github.com/veritykb/verity/analysis"
)

// clause is a run of words d.Words[First:Last] with no clause break inside.
type clause struct{ First, Last int }

// clauses splits words [lo, hi) of d at clause breaks.
func (d *doc) clauses(lo, hi int) []clause {
	var out []clause
	start := lo
	for j := lo; j < hi; j++ {
		if j+1 == hi || d.clauseBreak(j, j+1) {
			out = append(out, clause{start, j + 1})
			start = j + 1
		}
	}
	return out
}

// negation is one negated word of a text: the first content word (or
// direction cue) a negation reaches in its clause, or a word with a
// negative prefix. Stem is the stem it negates (the plain form's for a
// prefixed word); Dir the direction when the word is a direction cue.
type negation struct {
	Word int
	Stem string
	Dir  int
	Cue  string // the negation's words, for reasons
}

// negations finds what the words [lo, hi) of d negate. A negation (not, no,
// не, без, refuses, отказался...) negates the first content word or
// direction cue after it in its clause, within reach words: "was not
// tested" negates tested, "не отличалось от Пикардии" negates отличалось,
// not Пикардия, so a claim that repeats the clause's other words without
// the negated one is no flip of polarity. Words with a negative prefix
// (ineffective, нерешённый) negate their plain stem when other mentions
// the plain form (so that interleukin is not "in" + something).
func (d *doc) negations(lo, hi, reach int, other *doc) []negation {
	var out []negation
	for _, cu := range d.Cues {
		if cu.Kind != cueNegation || cu.First < lo || cu.Last > hi {
			continue
		}
		for j := cu.Last; j < hi && j-cu.Last < reach; j++ {
			if d.clauseBreak(j-1, j) {
				break
			}
			if dir := d.directionAt(j); dir != 0 {
				out = append(out, negation{Word: j, Dir: dir, Cue: cu.Text})
				break
			}
			if d.Words[j].Content {
				out = append(out, negation{Word: j, Stem: d.Words[j].Stem, Cue: cu.Text})
				break
			}
		}
	}
	for j := lo; j < hi; j++ {
		w := d.Words[j]
		if !w.Content {
			continue
		}
		if s, ok := unprefixed(w.Fold); ok && other != nil && other.mentions(s) && !other.mentions(w.Stem) {
			out = append(out, negation{Word: j, Stem: s, Cue: w.Fold})
		}
	}
	return out
}

// directionAt returns the direction of the cue word j is in, or 0.
func (d *doc) directionAt(j int) int {
	for _, cu := range d.Cues {
		if j >= cu.First && j < cu.Last {
			return cu.direction()
		}
	}
	return 0
}

// negatedWord reports whether word j is negated in ns.
func negatedWord(ns []negation, j int) bool {
	for _, n := range ns {
		if n.Word == j {
			return true
		}
	}
	return false
}

// sameTarget reports whether a negation and a word (its stem, or its
// direction when it is a direction cue) are about the same thing.
func (n negation) sameTarget(stem string, dir int) bool {
	if n.Dir != 0 || dir != 0 {
		return n.Dir != 0 && n.Dir == dir
	}
	return n.Stem == stem || nearStem(n.Stem, stem)
}

// polarityOf compares what the claim h and the passage words [lo, hi) of
// p negate. A flip is a word both mention that one negates and the other
// asserts ("Statins were not tested" against "Statins were tested");
// the passage asserting and negating the same word in different clauses
// is no flip. Agreements are words both negate ("did not take part"
// against "refused to take part"). Unmatched negations negate something
// the other text does not mention: they keep a claim from being entailed
// but contradict nothing.
func polarityOf(h, p *doc, lo, hi, reach int) (flips, agree []string, unmatched []string) {
	hn := h.negations(0, len(h.Words), reach, p)
	pn := p.negations(lo, hi, reach, h)
	find := func(d *doc, lo, hi int, ns []negation, n negation) (asserted, negated bool) {
		for j := lo; j < hi; j++ {
			w := d.Words[j]
			dir := d.directionAt(j)
			if !w.Content && dir == 0 {
				continue
			}
			stem := w.Stem
			if s, ok := unprefixed(w.Fold); ok && negatedWord(ns, j) {
				stem = s
			}
			if !n.sameTarget(stem, dir) {
				continue
			}
			if negatedWord(ns, j) {
				negated = true
			} else {
				asserted = true
			}
		}
		return asserted, negated
	}
	name := func(d *doc, n negation) string {
		return n.Cue + " " + d.Words[n.Word].Fold
	}
	seen := map[string]bool{}
	for _, n := range pn {
		asserted, negated := find(h, 0, len(h.Words), hn, n)
		pa, _ := find(p, lo, hi, pn, n)
		key := name(p, n)
		switch {
		case negated:
			if !seen[key] {
				agree = append(agree, key)
			}
		case asserted && !pa:
			flips = append(flips, fmt.Sprintf("the passage says %q", key))
		case !asserted:
			unmatched = append(unmatched, fmt.Sprintf("the passage negates %q", key))
		}
		seen[key] = true
	}
	for _, n := range hn {
		asserted, negated := find(p, lo, hi, pn, n)
		switch {
		case negated:
			agree = append(agree, name(h, n))
		case asserted:
			flips = append(flips, fmt.Sprintf("the claim says %q and the passage asserts it", name(h, n)))
		default:
			unmatched = append(unmatched, fmt.Sprintf("the claim is negated (%q) and the passage is not", name(h, n)))
		}
	}
	return flips, agree, unmatched
}

// reachesRelevant reports whether a relevant word of [lo, hi) is within
// reach of cue cu.
func (d *doc) reachesRelevant(cu cue, lo, hi int, relevant []bool, reach int) bool {
	for j := lo; j < hi; j++ {
		if relevant[j-lo] && d.inScope(cu, j, reach) {
			return true
		}
	}
	return false
}

// governed returns the stems a direction cue of a claim is about: the
// content words after it in its clause (up to three: "reduces the risk of
// stroke"), or, when none follow, the two before it ("risk rises").
func (d *doc) governed(cu cue) []string {
	var out []string
	for j := cu.Last; j < len(d.Words) && len(out) < 3; j++ {
		if d.clauseBreak(j-1, j) {
			break
		}
		if d.Words[j].Content {
			out = append(out, d.Words[j].Stem)
		}
	}
	for j := cu.First - 1; j >= 0 && len(out) == 0; j-- {
		if d.clauseBreak(j, cu.First) {
			break
		}
		if d.Words[j].Content {
			out = append(out, d.Words[j].Stem)
			if j > 0 && d.Words[j-1].Content && !d.clauseBreak(j-1, j) {
				out = append(out, d.Words[j-1].Stem)
			}
		}
	}
	return out
}

// directionReach is how far from a word the direction word describing its
// change may be.
const directionReach = 5

// listBreak is clauseBreak without commas: a verb of change reaches every
// item of the list after it ("inhibits growth, metastasis and resistance").
func (d *doc) listBreak(i, j int) bool {
	if d.sentenceOf(i) != d.sentenceOf(j) {
		return true
	}
	for k := i; k < j; k++ {
		if strings.ContainsAny(d.Text[d.Words[k].End:d.Words[k+1].Start], ";:()[]") {
			return true
		}
	}
	return false
}

// directionOf returns the direction the passage words [lo, hi) give the
// stems: for each mention, the nearest direction cue within
// directionReach words. +1 or -1 when the mentions agree, 0 when they
// disagree (which is not a contradiction: "a lower risk of X, whereas juice
// gives a higher risk") or none has a direction. A direction stated only
// elsewhere in the passage does not count: it is usually about something
// else, and guessing that it is costs precision. A negated direction ("did
// not reduce") states none.
func (d *doc) directionOf(stems []string, lo, hi int, negated []negation) int {
	up, down := false, false
	for j := lo; j < hi; j++ {
		w := d.Words[j]
		if !w.Content || !hasStem(stems, w.Stem) {
			continue
		}
		bestDist, bestDir := directionReach+1, 0
		for _, cu := range d.Cues {
			dir := cu.direction()
			if dir == 0 || cu.First < lo || cu.Last > hi || negatedWord(negated, cu.First) {
				continue
			}
			var dist int
			switch {
			case cu.Last <= j:
				dist = j - cu.Last + 1
				if d.listBreak(cu.Last-1, j) {
					continue
				}
			case cu.First > j:
				dist = cu.First - j
				if d.listBreak(j, cu.First) {
					continue
				}
			default:
				continue
			}
			if dist < bestDist {
				bestDist, bestDir = dist, dir
			}
		}
		switch bestDir {
		case 1:
			up = true
		case -1:
			down = true
		}
	}
	switch {
	case up && !down:
		return 1
	case down && !up:
		return -1
	}
	return 0
}

func hasStem(stems []string, s string) bool {
	for _, t := range stems {
		if t == s || nearStem(t, s) {
			return true
		}
	}
	return false
}

// negativePrefixes turn a word into its opposite: independent, unaffected,
// non-toxic, disagree; неэффективный, безопасный is not one (без is a word).
var negativePrefixes = []string{"non", "un", "in", "im", "ir", "il", "dis", "не"}

// antonymOf finds a word in the passage words [lo, hi) that is a claim
// word with a negative prefix, or the claim's prefixed word without it
// ("UCP1-independent" against "UCP1-dependent", "ineffective" against
// "effective"), and returns it. When the passage also has the claim's own
// form, a shared neighbour must show the two are said of the same thing
// ("nondiseased controls" is no antonym of "autoimmune diseases").
//
// A prefixed word matched by a negation of the plain one ("ineffective"
// against "not effective") says the same thing, and is no opposite.
func (d *doc) antonymOf(h *doc, lo, hi int, hNeg, pNeg []negation) (string, bool) {
	has := map[string]bool{}
	for _, w := range d.Words[lo:hi] {
		has[w.Stem] = true
	}
	for k, hw := range h.Words {
		if !hw.Content {
			continue
		}
		hs, hPrefixed := unprefixed(hw.Fold)
		for j := lo; j < hi; j++ {
			pw := d.Words[j]
			ps, pPrefixed := unprefixed(pw.Fold)
			var opposite bool
			switch {
			case pPrefixed && ps == hw.Stem && pw.Stem != hw.Stem:
				opposite = !negatedWord(hNeg, k) // the passage negates the claim's word
			case hPrefixed && hs == pw.Stem && !has[hw.Stem]:
				opposite = !negatedWord(pNeg, j) // the claim negates the passage's word
			}
			if !opposite {
				continue
			}
			if !has[hw.Stem] || sameNeighbour(h, k, d, j) {
				return pw.Fold, true
			}
		}
	}
	return "", false
}

// sameNeighbour reports whether word a of x and word b of y have a word
// with the same stem right before or right after them.
func sameNeighbour(x *doc, a int, y *doc, b int) bool {
	for _, da := range []int{-1, 1} {
		for _, db := range []int{-1, 1} {
			i, j := a+da, b+db
			if i >= 0 && j >= 0 && i < len(x.Words) && j < len(y.Words) &&
				!minorWord(x.Words[i].Fold) && x.Words[i].Stem == y.Words[j].Stem {
				return true
			}
		}
	}
	return false
}

// unprefixed returns the stem of w without a negative prefix, when what
// is left is a word of five letters or more.
func unprefixed(w string) (string, bool) {
	for _, p := range negativePrefixes {
		if rest, ok := strings.CutPrefix(w, p); ok && len([]rune(rest)) >= 5 {
			return stemOf(rest), true
		}
	}
	return "", false
}

func (d *doc) foldOfStem(s string, lo, hi int) string {
	for _, w := range d.Words[lo:hi] {
		if w.Stem == s {
			return w.Fold
		}
	}
	return s
}

func stemOf(fold string) string { return analysis.Stem(fold) }
