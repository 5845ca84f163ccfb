package analysis

import "unicode"

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

// Fold returns s with every rune passed through FoldRune.
func Fold(s string) string {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 0x80 || ('A' <= c && c <= 'Z') {
			return foldSlow(s)
		}
	}
	return s
}

func foldSlow(s string) string {
	out := make([]rune, 0, len(s))
	for _, r := range s {
		out = append(out, FoldRune(r))
	}
	return string(out)
}
