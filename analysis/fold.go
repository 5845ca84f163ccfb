package analysis

import (
	"strings"
	"unicode"
)

// FoldRune returns the form of r used for matching and indexing: lowercase,
// with ё folded to е (Russian texts write both for the same letter, and the
// Snowball Russian stemmer mishandles ё).
func FoldRune(r rune) rune {
	switch r {
	case 'ё', 'Ё':
		return 'е'
	case 'й', 'Й':
		// й is a letter of its own in Russian, not и with a mark; keep it.
		return 'й'
	}
	if r < 0x80 {
		if 'A' <= r && r <= 'Z' {
			return r + ('a' - 'A')
		}
		return r
	}
	return unicode.ToLower(r)
}

// Fold returns s with every rune passed through FoldRune. A string that is
// already folded (most words of running text) is returned without copying.
func Fold(s string) string {
	for i, r := range s {
		if r < 0x80 {
			if 'A' <= r && r <= 'Z' {
				return foldSlow(s, i)
			}
			continue
		}
		if FoldRune(r) != r {
			return foldSlow(s, i)
		}
	}
	return s
}

// foldSlow folds s from byte i on; s[:i] is already folded.
func foldSlow(s string, i int) string {
	var b strings.Builder
	b.Grow(len(s))
	b.WriteString(s[:i])
	for _, r := range s[i:] {
		b.WriteRune(FoldRune(r))
	}
	return b.String()
}
