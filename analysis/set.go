package analysis

import "strings"

// WordSet is the set of the space-separated words of a word list, as
// written: a list of cue words kept in source as one string.
func WordSet(words string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(words) {
		m[w] = true
	}
	return m
}

// StemSet is the set of the stems (see [Stem]) of the space-separated
// words of a word list, so that any inflected form matches.
func StemSet(words string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(words) {
		m[Stem(w)] = true
	}
	return m
}
