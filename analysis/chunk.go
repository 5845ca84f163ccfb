package analysis

import (
	"strings"
	"unicode/utf8"
)

// ChunkOptions sizes chunks in characters (runes) of canonical text, not
// bytes: a Cyrillic letter takes two bytes in UTF-8 and a Latin one one, and
// a byte budget gave Russian chunks half the words of English ones — a
// paragraph of Russian cut in two where its English translation stays
// whole.
type ChunkOptions struct {
	Target int // a chunk closes once it reaches this many characters
	Max    int // no chunk is longer, except that a single word is never cut
}

// DefaultChunkOptions suits retrieval over documents of a few paragraphs to
// many pages: a chunk is about one or two paragraphs (some 200 words).
var DefaultChunkOptions = ChunkOptions{Target: 1200, Max: 2400}

// ChunkSpan is one chunk: a span of the text and the heading path above it.
type ChunkSpan struct {
	Span
	Heading []string // outermost heading first; empty before the first heading
}

// Chunk splits text into chunks that follow its structure: a chunk never
// crosses a Markdown heading, is packed from whole sentences up to
// opts.Target bytes, and a sentence longer than opts.Max is cut at word
// boundaries. Heading lines are not part of any chunk's span; they are carried
// in Heading. Chunks cover every sentence of the text in order.
func Chunk(text string, opts ChunkOptions) []ChunkSpan {
	if opts.Target <= 0 {
		opts = DefaultChunkOptions
	}
	if opts.Max < opts.Target {
		opts.Max = opts.Target * 2
	}
	var (
		out     []ChunkSpan
		heading []string
		levels  []int
		cur     ChunkSpan
		open    bool
	)
	flush := func() {
		if open {
			out = append(out, cur)
			open = false
		}
	}
	add := func(s Span) {
		if open && utf8.RuneCountInString(text[cur.Start:s.End]) > opts.Max {
			flush()
		}
		if !open {
			cur = ChunkSpan{Span: s, Heading: heading}
			open = true
		} else {
			cur.End = s.End
		}
		if utf8.RuneCountInString(text[cur.Start:cur.End]) >= opts.Target {
			flush()
		}
	}
	for _, b := range Blocks(text) {
		if level, title := HeadingLevel(text[b.Start:b.End]); level > 0 {
			flush()
			for len(levels) > 0 && levels[len(levels)-1] >= level {
				levels = levels[:len(levels)-1]
				heading = heading[:len(heading)-1]
			}
			levels = append(levels, level)
			heading = append(heading[:len(heading):len(heading)], title)
			continue
		}
		for _, s := range appendSentences(nil, text, b) {
			for _, piece := range cutLong(text, s, opts.Max) {
				add(piece)
			}
		}
	}
	flush()
	return out
}

// cutLong splits a span longer than max characters at the last whitespace
// before each limit, so no piece exceeds max unless a single word does.
func cutLong(text string, s Span, max int) []Span {
	var out []Span
	for {
		limit, over := runesAfter(text, s.Start, s.End, max)
		if !over {
			break
		}
		cut := strings.LastIndexAny(text[s.Start:limit], " \t\n")
		if cut <= 0 {
			cut = limit - s.Start // one enormous word: cut on a rune boundary
			if cut == 0 {
				break
			}
		}
		if p, ok := trimSpan(text, s.Start, s.Start+cut); ok {
			out = append(out, p)
		}
		rest, ok := trimSpan(text, s.Start+cut, s.End)
		if !ok {
			return out
		}
		s = rest
	}
	return append(out, s)
}

// runesAfter returns the byte offset n characters after start, and whether
// text[start:end] is longer than that.
func runesAfter(text string, start, end, n int) (int, bool) {
	i := start
	for range n {
		if i >= end {
			return end, false
		}
		_, size := utf8.DecodeRuneInString(text[i:end])
		i += size
	}
	return i, i < end
}
