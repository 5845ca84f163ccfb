package render

import (
	"fmt"
	"io"
	"strings"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/printable"
)

// Results prints search results; local says the caller is the local
// operator, whom a hint then reminds that it reads as public.
func Results(w io.Writer, res *verity.SearchResults, local bool) {
	if len(res.Results) == 0 {
		fmt.Fprintln(w, "no matching records you can read")
	}
	for i, r := range res.Results {
		title := r.Title
		if title == "" {
			title = r.SourceID
		}
		fmt.Fprintf(w, "%d. %s  [%s] %s  (score %.2f)\n", i+1, printable.Text(printable.Line(title, 100)), printable.Text(r.System), printable.Text(r.URI), r.Score)
		if len(r.Chunk.Heading) > 0 {
			fmt.Fprintf(w, "   § %s\n", printable.Text(printable.Line(strings.Join(r.Chunk.Heading, " › "), 100)))
		}
		fmt.Fprintf(w, "%s\n", printable.Indent(printable.Text(printable.Line(r.Chunk.Text, 300)), "   "))
		fmt.Fprintf(w, "   bytes %d–%d of %s v%d\n", r.Chunk.Start, r.Chunk.End, printable.Text(r.SourceID), r.Version)
	}
	Hints(w, res.Hints, local)
}

func Hints(w io.Writer, hints []verity.Hint, local bool) {
	if len(hints) > 0 && local {
		fmt.Fprintln(w, "note: without --as you read as public; add --as PRINCIPAL to read as someone the records below are shared with")
	}
	for _, h := range hints {
		if h.Author != "" {
			fmt.Fprintf(w, "hint: a record in %s that you cannot read would also match; ask %s for access\n", printable.Text(h.System), printable.Text(h.Author))
		} else {
			fmt.Fprintf(w, "hint: a record in %s that you cannot read would also match\n", printable.Text(h.System))
		}
	}
}
