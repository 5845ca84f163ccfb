// Package canon builds the canonical text connectors store for a page
// whatever its platform's format: a heading on a line of its own after a
// blank line, paragraphs apart, a line's spaces folded, code lines kept as
// they are.
package canon

import (
	"strings"
	"unicode/utf8"
)

// Text is canonical text being written: the lines so far and the one
// being filled.
type Text struct {
	b, line strings.Builder
}

// Inline adds s to the line being filled.
func (t *Text) Inline(s string) { t.line.WriteString(s) }

// Flush ends the line being filled (its spaces folded); an empty line is
// dropped.
func (t *Text) Flush() {
	s := strings.Join(strings.Fields(t.line.String()), " ")
	t.line.Reset()
	if s == "" {
		return
	}
	t.b.WriteString(s)
	t.b.WriteString("\n")
}

// Block ends the line being filled and leaves one blank line before what
// follows.
func (t *Text) Block() {
	t.Flush()
	if t.b.Len() > 0 && !strings.HasSuffix(t.b.String(), "\n\n") {
		t.b.WriteString("\n")
	}
}

// Line writes s as a line of its own, its spaces kept (code).
func (t *Text) Line(s string) {
	t.b.WriteString(s)
	t.b.WriteString("\n")
}

// Break leaves a blank line after the last (a heading's).
func (t *Text) Break() { t.b.WriteString("\n") }

// String ends the text and returns it, trimmed.
func (t *Text) String() string {
	t.Flush()
	return strings.TrimSpace(t.b.String())
}

// Cut bounds text to max bytes, at a character's start; cut says whether
// anything was left out.
func Cut(text string, max int) (string, bool) {
	if len(text) <= max {
		return text, false
	}
	for max > 0 && !utf8.RuneStart(text[max]) {
		max--
	}
	return text[:max], true
}
