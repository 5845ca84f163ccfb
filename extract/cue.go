package extract

import (
	"strings"

	"github.com/veritykb/verity/analysis"
)

// Cue is one cue of a spec (a relation's or a does-not-count entry's) as
// code reads it. Each word of a cue stands for its word family
// ([analysis.Family]): "использует" matches "используют", "использование"
// and "используемый"; "adopted" matches "adopt" and "adoption"; near misses
// of another family ("useful", "manager", "пользователь") do not match.
// Several words match consecutive words, each by its family ("moved to").
// A word ending in * also matches every word it begins, as cues were read
// before word families: keep it for a root the family rule does not reach
// ("партн*" for "партнёрский"), since a literal prefix also matches words of
// other families ("переве*" matches "перевернул"). A word starting with =
// matches only itself, for a word whose family holds a noun or a gerund of
// another sense ("=built" without "building", "=authored" without
// "author").
type Cue struct {
	Text  string
	words []cueWord
}

type cueWord struct {
	family string // the family of the word, without the star
	prefix string // the folded word before a trailing *, or ""
	exact  string // the folded word after a leading =, or ""
}

// ParseCue reads one cue.
func ParseCue(s string) Cue {
	c := Cue{Text: s}
	for _, w := range strings.Fields(analysis.Fold(s)) {
		cw := cueWord{}
		if x, ok := strings.CutPrefix(w, "="); ok {
			if x != "" {
				cw.exact = x
				c.words = append(c.words, cw)
			}
			continue
		}
		if p, ok := strings.CutSuffix(w, "*"); ok {
			w, cw.prefix = p, p
		}
		if w == "" {
			continue
		}
		cw.family = analysis.Family(w)
		c.words = append(c.words, cw)
	}
	return c
}

// ParseCues reads a list of cues.
func ParseCues(ss []string) []Cue {
	out := make([]Cue, 0, len(ss))
	for _, s := range ss {
		if c := ParseCue(s); len(c.words) > 0 {
			out = append(out, c)
		}
	}
	return out
}

// Len returns how many words the cue spans.
func (c Cue) Len() int { return len(c.words) }

// MatchAt reports whether the cue matches the folded words starting at
// words[i].
func (c Cue) MatchAt(words []string, i int) bool {
	if len(c.words) == 0 || i < 0 || i+len(c.words) > len(words) {
		return false
	}
	for k, cw := range c.words {
		if !cw.match(words[i+k]) {
			return false
		}
	}
	return true
}

func (cw cueWord) match(w string) bool {
	if cw.exact != "" {
		return w == cw.exact
	}
	if cw.prefix != "" && strings.HasPrefix(w, cw.prefix) {
		return true
	}
	return analysis.Family(w) == cw.family
}
