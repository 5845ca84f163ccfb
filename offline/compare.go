package offline

// comparison markers: the word that introduces what something is compared
// with.
var comparisonMarkers = map[string]bool{
	"than": true, "compared": true, "versus": true, "vs": true, "relative": true, "чем": true,
	"сравнению": true, "сравнении": true, "относительно": true,
}

// compareReach is how far from a comparison marker its two sides may be.
const compareReach = 10

// comparisonOf returns the two sides of the claim's comparison ("A is
// lower than B": the content stems before "than" in its clause, and up to
// three after it) and whether the claim compares at all.
func (d *doc) comparisonOf() (before, after []string, ok bool) {
	for i, w := range d.Words {
		if w.Fold != "than" && w.Fold != "чем" {
			continue
		}
		for j := i + 1; j < len(d.Words) && len(after) < 3; j++ {
			if d.clauseBreak(j-1, j) {
				break
			}
			if d.Words[j].Content {
				after = append(after, d.Words[j].Stem)
			}
		}
		for j := i - 1; j >= 0 && len(before) < 6; j-- {
			if d.Words[j].Content {
				before = append(before, d.Words[j].Stem)
			}
		}
		return before, after, len(after) > 0 && len(before) > 0
	}
	return nil, nil, false
}

// compares reports how the passage words [lo, hi) compare the claim's two
// sides: +1 when a comparison marker has what the claim compares with after
// it and the other side before it, -1 when a marker has them the other way
// round, 0 when the passage makes no such comparison.
func (d *doc) compares(before, after []string, lo, hi int) int {
	found := 0
	for m := lo; m < hi; m++ {
		if !comparisonMarkers[d.Words[m].Fold] {
			continue
		}
		side := func(stems []string, from, to int) bool {
			for j := max(from, lo); j < min(to, hi); j++ {
				if d.Words[j].Content && hasStem(stems, d.Words[j].Stem) && !d.listBreak(min(j, m), max(j, m)) {
					return true
				}
			}
			return false
		}
		afterAfter := side(after, m+1, m+1+compareReach)
		beforeBefore := side(before, m-compareReach, m)
		afterBefore := side(after, m-compareReach, m)
		beforeAfter := side(before, m+1, m+1+compareReach)
		switch {
		case afterAfter && beforeBefore:
			return 1
		case afterBefore && beforeAfter && !afterAfter:
			found = -1
		}
	}
	return found
}
