package offline

import (
	"strings"
)

// Kinds of cue.
const (
	cueNegation  = "negation"  // not, no, never, without, fails to, refuses; не, нет, без, ни, отказался
	cueLower     = "lower"     // a lower bound: at least, not less than, more than; не менее, не реже
	cueUpper     = "upper"     // an upper bound: at most, no more than, up to; не более, не чаще
	cueOnly      = "only"      // only, solely; только, лишь
	cueExcept    = "except"    // except, other than; кроме, за исключением
	cueCondition = "condition" // if, unless, provided that; если, при, в случае
	cueUp        = "up"        // a change upwards: increases, higher, improves; увеличивает, выше
	cueDown      = "down"      // a change downwards: reduces, lower, inhibits; снижает, ниже
	cueHedge     = "hedge"     // a statement not asserted: whether, may, might; ли, возможно
	// cueInert marks phrases that contain a cue word but are no cue ("not
	// only", "whether or not"), so the word is not read as one.
	cueInert = "inert"
)

// cue is a word or phrase that changes what the words around it assert.
type cue struct {
	Kind        string
	Text        string // the folded words of the phrase, space-separated
	First, Last int    // words d.Words[First:Last]
}

// qualifier reports whether the cue bounds, restricts or conditions a
// statement, so that a claim without it says something else.
func (c cue) qualifier() bool {
	switch c.Kind {
	case cueLower, cueUpper, cueOnly, cueExcept, cueCondition:
		return true
	}
	return false
}

// direction returns +1 for an upward cue, -1 for a downward one, else 0.
func (c cue) direction() int {
	switch c.Kind {
	case cueUp:
		return 1
	case cueDown:
		return -1
	}
	return 0
}

// cuePhrase is one entry of the cue table: folded words, where a word
// ending in * matches any word it begins (Russian inflects, English
// conjugates).
type cuePhrase struct {
	kind  string
	words []string
}

// cueTable holds the cues, longest phrases first so that "not less than"
// is a bound and not a negation, and "не реже" is a bound and not "не".
var cueTable = func() []cuePhrase {
	var t []cuePhrase
	add := func(kind string, phrases ...string) {
		for _, p := range phrases {
			t = append(t, cuePhrase{kind: kind, words: strings.Fields(p)})
		}
	}
	add(cueInert, "not only", "whether or not", "or not", "не только", "no doubt")
	add(cueLower, "at least", "not less than", "no less than", "not fewer than", "no fewer than",
		"more than", "greater than", "or more", "not earlier than", "no earlier than",
		"more often", "more frequently", "as often as", "a minimum of", "minimum of",
		"не менее", "не меньше", "не реже", "не ранее", "не ниже", "как минимум", "по крайней мере",
		"по меньшей мере", "более", "свыше", "чаще", "минимум")
	add(cueUpper, "at most", "not more than", "no more than", "not greater than", "less than",
		"fewer than", "up to", "or less", "or fewer", "not later than", "no later than",
		"less often", "less frequently", "a maximum of", "maximum of",
		"does not exceed", "do not exceed", "did not exceed", "not exceeding", "not exceed*",
		"не более", "не больше", "не чаще", "не позднее", "не позже", "не свыше", "не выше",
		"не превыша*", "не превосход*", "менее",
		"реже", "максимум", "вплоть до")
	add(cueHedge, "whether", "may", "might", "could", "possibly", "perhaps", "hypothes*",
		"to examine", "to investigate", "to determine", "to assess", "to evaluate", "to test",
		"ли", "возможно", "может", "могут", "предполож*")
	add(cueOnly, "only", "solely", "exclusively", "только", "лишь", "исключительно")
	add(cueExcept, "except", "excluding", "other than", "apart from", "кроме", "за исключением",
		"исключая")
	add(cueCondition, "if", "unless", "provided that", "in case of", "in the event of",
		"only if", "если", "при", "в случае", "при условии", "в том случае")
	add(cueNegation, "not", "no", "never", "without", "none", "neither", "nor", "cannot",
		"fail* to", "nothing", "nobody",
		"не", "нет", "без", "ни", "никогда", "ничего", "ничто", "никто", "нельзя", "отсутств*",
		// Verbs that negate what they govern: "refused to take part" is
		// "did not take part", "отказались участвовать" is "не участвовали".
		"refus*", "declined to", "lack", "lacks", "lacked", "lacking", "absence of", "avoid*",
		"deny", "denies", "denied", "отказ*", "отказыва*", "избега*", "избеж*", "воздерж*", "перестал*")
	add(cueUp, "increas*", "rise", "rises", "rising", "rose", "raise*", "elevat*", "higher",
		"greater", "enhanc*", "promote", "promotes", "promoted", "promoting", "improv*",
		"stimulate", "stimulates", "stimulated", "upregulat*", "up regulat*", "accelerat*",
		"augment*", "boost*", "potentiat*", "gain", "gains", "gained", "larger", "longer", "more",
		"activate", "activates", "activating", "exacerbat*", "amplif*", "encourag*", "positively",
		"увелич*", "повыш*", "повыс*", "рост*", "вырос*", "возрос*", "выше", "больше", "усил*", "ускор*",
		"улучш*", "активирует", "активируют", "стимулирует")
	// Verb forms only where the stem also makes names: a "tumor suppressor"
	// and an "activated" kinase do not go down or up.
	add(cueDown, "decreas*", "reduc*", "lower*", "declin*", "diminish*", "inhibit", "inhibits",
		"inhibited", "inhibiting", "inhibition", "suppress", "suppresses", "suppressed",
		"suppressing", "suppression", "attenuat*", "downregulat*", "down regulat*", "impair*",
		"lessen*", "less", "fewer", "smaller", "shorter", "loss", "lose", "loses", "losing", "lost",
		"slow", "slows", "slowed", "slowing", "prevent", "prevents", "prevented", "preventing",
		"block", "blocks", "blocked", "blocking", "abolish*", "weaker", "drop", "drops", "dropped",
		"negatively", "inversely", "уменьш*", "сниж*", "сниз*", "пониж*", "пониз*", "ниже", "меньше",
		"ослаб*", "замедл*", "подавл*", "сократ*", "сокращ*", "паден*", "упал*")
	// Longest first; among equals, table order (bounds before negations).
	for i := 1; i < len(t); i++ {
		for j := i; j > 0 && len(t[j].words) > len(t[j-1].words); j-- {
			t[j], t[j-1] = t[j-1], t[j]
		}
	}
	return t
}()

// findCues finds the cues of d, left to right, each word in at most one
// cue. An English contraction's n't ("doesn't", "can't") is a negation.
func findCues(d *doc) []cue {
	var out []cue
	for i := 0; i < len(d.Words); {
		if c, ok := d.cueAt(i); ok {
			out = append(out, c)
			i = c.Last
			continue
		}
		i++
	}
	return out
}

func (d *doc) cueAt(i int) (cue, bool) {
	w := d.Words[i]
	if w.Fold == "t" && i > 0 && strings.HasSuffix(d.Words[i-1].Fold, "n") &&
		d.Words[i-1].End < w.Start && strings.ContainsAny(d.Text[d.Words[i-1].End:w.Start], "'’") &&
		w.Start-d.Words[i-1].End <= 3 {
		return cue{Kind: cueNegation, Text: "n't", First: i, Last: i + 1}, true
	}
	for _, p := range cueTable {
		if i+len(p.words) > len(d.Words) {
			continue
		}
		ok := true
		for k, pw := range p.words {
			if !cueWordMatch(pw, d.Words[i+k].Fold) || (k > 0 && d.clauseBreak(i+k-1, i+k)) {
				ok = false
				break
			}
		}
		if ok {
			folds := make([]string, len(p.words))
			for k := range p.words {
				folds[k] = d.Words[i+k].Fold
			}
			return cue{Kind: p.kind, Text: strings.Join(folds, " "), First: i, Last: i + len(p.words)}, true
		}
	}
	return cue{}, false
}

func cueWordMatch(pattern, w string) bool {
	if p, ok := strings.CutSuffix(pattern, "*"); ok {
		return strings.HasPrefix(w, p)
	}
	return pattern == w
}

// inScope reports whether word j is within the scope of cue c: after it in
// the same clause and at most reach words on (a negation reaches the verb
// phrase it precedes), or right before it in the same clause for the
// postposed cues English has ("or more", "at all").
func (d *doc) inScope(c cue, j, reach int) bool {
	switch {
	case j >= c.Last:
		return j-c.Last < reach && !d.clauseBreak(c.Last-1, j)
	case j < c.First:
		return c.First-j <= 2 && !d.clauseBreak(j, c.First)
	}
	return false
}
