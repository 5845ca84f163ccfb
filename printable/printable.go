package printable

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Text returns s safe to print on a terminal: escape sequences and other
// control characters are shown as visible escapes, never sent raw; newlines
// and tabs stay.
func Text(s string) string {
	ok := true
	for _, r := range s {
		if r != '\n' && r != '\t' && (unicode.IsControl(r) || r == utf8.RuneError || isBidi(r)) {
			ok = false
			break
		}
	}
	if ok {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == '\n' || r == '\t':
			b.WriteRune(r)
		case r == 0x1b:
			b.WriteString(`\e`)
		case unicode.IsControl(r) || isBidi(r):
			b.WriteString(`\u` + strings.ToUpper(hex4(r)))
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// isBidi reports bidirectional overrides, which can make text read
// differently from what it is.
func isBidi(r rune) bool {
	return (r >= 0x202A && r <= 0x202E) || (r >= 0x2066 && r <= 0x2069)
}

func hex4(r rune) string {
	const digits = "0123456789abcdef"
	return string([]byte{digits[r>>12&0xf], digits[r>>8&0xf], digits[r>>4&0xf], digits[r&0xf]})
}

// Line collapses whitespace and cuts s to at most n runes with an
// ellipsis. It does not make s safe: print Text(Line(s, n)).
func Line(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	runes := []rune(s)
	return strings.TrimSpace(string(runes[:n])) + "…"
}

// Indent prefixes every line of s with pad.
func Indent(s, pad string) string {
	return pad + strings.ReplaceAll(s, "\n", "\n"+pad)
}
