package analysis

import (
	"unicode"
	"unicode/utf8"
)

// Token is a word or number in a text: a maximal run of letters, digits and
// combining marks. Start and End are byte offsets into the text it came from.
type Token struct {
	Start int
	End   int
	Text  string // the original bytes text[Start:End]
}

// Tokens splits text into tokens. Everything that is not a letter, digit or
// mark separates tokens, so "COVID-19" gives "COVID" and "19", and "3.5" gives
// "3" and "5"; the index and the query see the same split.
func Tokens(text string) []Token {
	var toks []Token
	eachToken(text, func(start, end int) {
		toks = append(toks, Token{Start: start, End: end, Text: text[start:end]})
	})
	return toks
}

// eachToken calls fn with the byte span of every token of text, in order,
// without building a slice: index-term extraction runs on every chunk.
func eachToken(text string, fn func(start, end int)) {
	start := -1
	for i := 0; i < len(text); {
		c := text[i]
		var r rune
		size := 1
		if c < utf8.RuneSelf {
			r = rune(c)
		} else {
			r, size = utf8.DecodeRuneInString(text[i:])
		}
		if isWordRune(r) {
			if start < 0 {
				start = i
			}
		} else if start >= 0 {
			fn(start, i)
			start = -1
		}
		i += size
	}
	if start >= 0 {
		fn(start, len(text))
	}
}

func isWordRune(r rune) bool {
	if r < utf8.RuneSelf {
		return ('a' <= r && r <= 'z') || ('A' <= r && r <= 'Z') || ('0' <= r && r <= '9')
	}
	if r == utf8.RuneError || r == 0xAD { // soft hyphen is invisible, not part of a word
		return false
	}
	return unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r)
}
