package quotebench

import (
	"fmt"
	"io"

	"github.com/veritykb/verity/printable"
)

// PrintFailures writes the cases a locator got wrong, each with the quote,
// the span wanted and the span found.
func PrintFailures(w io.Writer, cs []Case, rs []Result) {
	for i, c := range cs {
		if Correct(c, rs[i]) {
			continue
		}
		want, got := "", ""
		if c.Want {
			want = c.Text[c.Start:c.End]
		}
		if rs[i].Found {
			got = c.Text[rs[i].Start:rs[i].End]
		}
		fmt.Fprintf(w, "FAIL %s %s/%s %s\n  quote: %q\n  want:  %q\n  got %s: %q\n", c.ID, c.Kind, c.Variant, c.Lang,
			printable.Text(c.Quote), printable.Text(want), rs[i].Kind, printable.Text(got))
	}
}
