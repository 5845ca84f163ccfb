package render

import (
	"fmt"
	"io"
	"strings"

	"github.com/veritykb/verity/quote"
)

// QuoteMatch writes where verity quote found a quote in text: its kind,
// bytes and score, the pieces of a quote found in parts, how many times
// it occurs, and the text found.
func QuoteMatch(w io.Writer, m quote.Match, text string) {
	fmt.Fprintf(w, "%s  bytes %d-%d  score %.2f\n", m.Kind, m.Start, m.End, m.Score)
	if len(m.Pieces) > 0 {
		var ps []string
		for _, p := range m.Pieces {
			ps = append(ps, fmt.Sprintf("%d-%d", p.Start, p.End))
		}
		fmt.Fprintf(w, "pieces  %s\n", strings.Join(ps, ", "))
	}
	if n := len(m.Occurrences); n > 1 {
		fmt.Fprintf(w, "found %d times; showing the first or the one nearest the hint\n", n)
	}
	fmt.Fprintln(w, text[m.Start:m.End])
}
