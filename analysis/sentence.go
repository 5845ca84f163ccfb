package analysis

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Sentences splits text into sentence spans (byte offsets, whitespace trimmed).
// A sentence ends at . ! ? or … (with any closing quotes and brackets) when
// what follows starts a new sentence, and never after a known abbreviation or an
// initial. Blank lines, Markdown headings and list items always end a sentence,
// so a heading is a sentence of its own.
func Sentences(text string) []Span {
	var out []Span
	for _, b := range Blocks(text) {
		out = appendSentences(out, text, b)
	}
	return out
}

// Span is a half-open byte range [Start, End).
type Span struct {
	Start, End int
}

// Blocks splits text into paragraph-like blocks: runs of lines separated by
// blank lines, where a Markdown heading or a list item also starts a block of
// its own. Spans are trimmed of surrounding whitespace; empty blocks are dropped.
func Blocks(text string) []Span {
	var out []Span
	blockStart := -1
	flush := func(end int) {
		if blockStart >= 0 {
			if s, ok := trimSpan(text, blockStart, end); ok {
				out = append(out, s)
			}
			blockStart = -1
		}
	}
	for lineStart := 0; lineStart < len(text); {
		lineEnd := strings.IndexByte(text[lineStart:], '\n')
		if lineEnd < 0 {
			lineEnd = len(text)
		} else {
			lineEnd += lineStart
		}
		line := text[lineStart:lineEnd]
		trimmed := strings.TrimSpace(line)
		switch {
		case trimmed == "":
			flush(lineStart)
		case IsHeadingLine(trimmed):
			flush(lineStart)
			blockStart = lineStart
			flush(lineEnd)
		case isListItem(trimmed):
			flush(lineStart)
			blockStart = lineStart
		default:
			if blockStart < 0 {
				blockStart = lineStart
			}
		}
		lineStart = lineEnd + 1
	}
	flush(len(text))
	return out
}

// IsHeadingLine reports whether a trimmed line is a Markdown ATX heading
// ("# Title" to "###### Title").
func IsHeadingLine(line string) bool {
	n := 0
	for n < len(line) && line[n] == '#' {
		n++
	}
	return n >= 1 && n <= 6 && len(line) > n && (line[n] == ' ' || line[n] == '\t')
}

// HeadingLevel returns the level and text of a trimmed Markdown heading line,
// or 0 when it is not one.
func HeadingLevel(line string) (int, string) {
	if !IsHeadingLine(line) {
		return 0, ""
	}
	n := strings.IndexFunc(line, func(r rune) bool { return r != '#' })
	return n, strings.TrimSpace(strings.TrimRight(strings.TrimSpace(line[n:]), "#"))
}

func isListItem(line string) bool {
	if len(line) >= 2 && (line[0] == '-' || line[0] == '*' || line[0] == '+') && line[1] == ' ' {
		return true
	}
	if strings.HasPrefix(line, "• ") {
		return true
	}
	i := 0
	for i < len(line) && i < 3 && line[i] >= '0' && line[i] <= '9' {
		i++
	}
	return i > 0 && i+1 < len(line) && (line[i] == '.' || line[i] == ')') && line[i+1] == ' '
}

func trimSpan(text string, start, end int) (Span, bool) {
	for start < end {
		r, size := utf8.DecodeRuneInString(text[start:end])
		if !unicode.IsSpace(r) {
			break
		}
		start += size
	}
	for end > start {
		r, size := utf8.DecodeLastRuneInString(text[start:end])
		if !unicode.IsSpace(r) {
			break
		}
		end -= size
	}
	return Span{start, end}, end > start
}

// appendSentences splits one block into sentences.
func appendSentences(out []Span, text string, b Span) []Span {
	start := b.Start
	i := b.Start
	for i < b.End {
		r, size := utf8.DecodeRuneInString(text[i:b.End])
		if r != '.' && r != '!' && r != '?' && r != '…' {
			i += size
			continue
		}
		// Take the whole run of terminators and closing punctuation: "?!", "...", ".»", ".)".
		j := i + size
		for j < b.End {
			r2, s2 := utf8.DecodeRuneInString(text[j:b.End])
			if r2 == '.' || r2 == '!' || r2 == '?' || r2 == '…' || isCloser(r2) {
				j += s2
				continue
			}
			break
		}
		if j < b.End && isSentenceBreak(text, start, i, j, b.End) {
			if s, ok := trimSpan(text, start, j); ok {
				out = append(out, s)
			}
			start = j
		}
		i = j
	}
	if s, ok := trimSpan(text, start, b.End); ok {
		out = append(out, s)
	}
	return out
}

func isCloser(r rune) bool {
	switch r {
	case '"', '\'', '»', '”', '’', ')', ']', '“':
		return true
	}
	return false
}

// isSentenceBreak decides whether the terminator run text[term:after] ends the
// sentence that began at start.
func isSentenceBreak(text string, start, term, after, end int) bool {
	// A break needs whitespace after the terminators...
	r, size := utf8.DecodeRuneInString(text[after:end])
	if !unicode.IsSpace(r) {
		return false
	}
	k := after + size
	for k < end {
		r2, s2 := utf8.DecodeRuneInString(text[k:end])
		if !unicode.IsSpace(r2) {
			break
		}
		k += s2
	}
	if k >= end {
		return true
	}
	// ...and a sentence-like start after it: a capital, a digit or an opening mark.
	next, _ := utf8.DecodeRuneInString(text[k:end])
	if !(unicode.IsUpper(next) || unicode.IsDigit(next) || strings.ContainsRune("«\"“„'‘([—–-", next)) {
		return false
	}
	if text[term] != '.' {
		return true
	}
	// A full stop after an abbreviation or an initial does not end a sentence.
	w := lastWord(text[start:term])
	if w == "" {
		return true
	}
	if utf8.RuneCountInString(w) == 1 {
		r0, _ := utf8.DecodeRuneInString(w)
		if unicode.IsUpper(r0) {
			return false // an initial: "J. Smith", "А. С. Пушкин"
		}
	}
	_, abbr := abbreviations[Fold(w)]
	return !abbr
}

// lastWord returns the letters (and inner dots) just before a terminator.
func lastWord(s string) string {
	end := len(s)
	i := end
	for i > 0 {
		r, size := utf8.DecodeLastRuneInString(s[:i])
		if !unicode.IsLetter(r) && r != '.' {
			break
		}
		i -= size
	}
	return strings.TrimLeft(s[i:end], ".")
}

var abbreviations = map[string]struct{}{
	// English
	"e.g": {}, "i.e": {}, "al": {}, "etc": {}, "vs": {}, "fig": {}, "figs": {}, "eq": {}, "no": {},
	"dr": {}, "mr": {}, "mrs": {}, "ms": {}, "prof": {}, "st": {}, "jr": {}, "sr": {}, "inc": {},
	"ltd": {}, "co": {}, "corp": {}, "approx": {}, "ca": {}, "cf": {}, "vol": {}, "pp": {},
	"ref": {}, "refs": {}, "resp": {}, "u.s": {}, "dept": {}, "est": {}, "min": {}, "max": {},
	// Russian
	"т.е": {}, "т.д": {}, "т.п": {}, "т.к": {}, "т.н": {}, "др": {}, "пр": {}, "г": {}, "гг": {},
	"см": {}, "рис": {}, "табл": {}, "стр": {}, "ул": {}, "д": {}, "им": {}, "proc": {}, "тыс": {},
	"млн": {}, "млрд": {}, "руб": {}, "коп": {}, "напр": {}, "в.т.ч": {}, "т": {}, "п": {}, "ст": {},
}
