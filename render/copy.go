package render

import (
	"fmt"
	"io"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/printable"
)

// Copy prints what copying a store from one place to another did, table by
// table, and whether both sides were verified alike.
func Copy(w io.Writer, rep *verity.CopyReport, from, to string) {
	fmt.Fprintf(w, "copied %s to %s: %d rows now, %d there before\n", printable.Text(from), printable.Text(to), rep.Copied, rep.Before)
	width := len("table")
	for _, t := range rep.Tables {
		width = max(width, len(t.Table))
	}
	fmt.Fprintf(w, "  %-*s %10s %10s %10s  %s\n", width, "table", "copied", "before", "rows", "sha-256")
	differ := 0
	for _, t := range rep.Tables {
		check := t.Checksum[:12] + "  ok"
		if !t.Match {
			differ++
			check = fmt.Sprintf("%.12s  DIFFERS: the destination has %d rows, sha-256 %.12s", t.Checksum, t.DestRows, t.DestChecksum)
		}
		fmt.Fprintf(w, "  %-*s %10d %10d %10d  %s\n", width, printable.Text(t.Table), t.Copied, t.Before, t.Rows, check)
	}
	if differ > 0 {
		fmt.Fprintf(w, "NOT verified: %d of %d tables differ between the two sides\n", differ, len(rep.Tables))
		return
	}
	fmt.Fprintf(w, "verified: all %d tables have the same row counts and SHA-256 on both sides\n", len(rep.Tables))
}
