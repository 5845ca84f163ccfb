package offline

import (
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

// substantialClause is the share of the best clause's coverage a clause
// needs for its polarity to count too: a negation in a clause that holds a
// good part of the claim bears on the claim even when another clause
// holds more of it ("Among adults, current use of ADHD medications, compared
// with nonuse, was not associated with an increased risk").
const substantialClause = 0.5

// clausePolarity reads whether the passage words [lo, hi) negate the claim.
// Each clause is negated when a negation in it reaches a relevant word.
// bestNeg says whether the clause that best covers the query is negated;
// anyNeg whether any clause covering at least substantialClause of the
// best one's coverage is.
func (d *doc) clausePolarity(lo, hi int, query []string, x idf, relevant []bool, par SupportParams) (bestNeg, anyNeg bool) {
	cls := d.clauses(lo, hi)
	scores := make([]float64, len(cls))
	best := -1
	for k, c := range cls {
		scores[k], _ = coverage(query, d.stemSet(c.First, c.Last), x, par.NearStem)
		if best < 0 || scores[k] > scores[best] {
			best = k
		}
	}
	for k, c := range cls {
		if scores[k] < substantialClause*scores[best] || scores[k] == 0 {
			continue
		}
		neg := false
		for _, cu := range d.Cues {
			if cu.Kind == cueNegation && cu.First >= c.First && cu.Last <= c.Last &&
				d.reachesRelevant(cu, lo, hi, relevant, par.NegationReach) {
				neg = true
			}
		}
		if neg {
			anyNeg = true
			if k == best {
				bestNeg = true
			}
		}
	}
	return bestNeg, anyNeg
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
// else, and guessing that it is costs precision.
func (d *doc) directionOf(stems []string, lo, hi int) int {
	up, down := false, false
	for j := lo; j < hi; j++ {
		w := d.Words[j]
		if !w.Content || !hasStem(stems, w.Stem) {
			continue
		}
		bestDist, bestDir := directionReach+1, 0
		for _, cu := range d.Cues {
			dir := cu.direction()
			if dir == 0 || cu.First < lo || cu.Last > hi {
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
func (d *doc) antonymOf(h *doc, lo, hi int) (string, bool) {
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
				opposite = true // the passage negates the claim's word
			case hPrefixed && hs == pw.Stem && !has[hw.Stem]:
				opposite = true // the claim negates the passage's word
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
