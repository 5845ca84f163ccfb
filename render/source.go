package render

import (
	"fmt"
	"io"
	"strings"

	"github.com/veritykb/verity/kb"
	"github.com/veritykb/verity/printable"
)

// Source prints a source as verity show does: its metadata, its canonical
// text, and its chunks with their byte spans when they were asked for.
func Source(w io.Writer, view *kb.SourceView) {
	src := view.Source
	acl := make([]string, len(src.ACL))
	for i, p := range src.ACL {
		acl[i] = string(p)
	}
	fmt.Fprintf(w, "id:      %s\nuri:     %s\nsystem:  %s\ntitle:   %s\nauthor:  %s\nacl:     %s\nversion: %d\nupdated: %s\nstatus:  %s\nhash:    %s\n\n",
		printable.Text(src.ID), printable.Text(src.URI), printable.Text(src.System), printable.Text(src.Title), printable.Text(string(src.Author)), printable.Text(strings.Join(acl, ", ")),
		src.Version, src.UpdatedAt.Format("2006-01-02 15:04:05Z07:00"), src.Status, src.Hash)
	fmt.Fprintln(w, printable.Text(src.Text))
	for _, c := range view.Chunks {
		fmt.Fprintf(w, "\n--- chunk %d, bytes %d–%d %s\n%s\n", c.Ordinal, c.Start, c.End, printable.Text(strings.Join(c.Heading, " › ")), printable.Text(c.Text))
	}
}

// Sources prints a listing of sources a line each on out, and a warning on
// errw for each uri duplicate kept from an older store; asPublic says the
// caller is the local operator reading as public, whom the empty listing
// points to --as and --all.
func Sources(out, errw io.Writer, list *kb.SourceList, asPublic bool) {
	for _, d := range list.URIDuplicates {
		holder := "an older source you cannot read"
		if d.Holder != "" {
			holder = "older source " + d.Holder
		}
		fmt.Fprintf(errw, "warning: %s shares uri %s (system %s) with %s: kept from a store made before one uri, one source per system; no new id may take it\n",
			printable.Text(d.ID), printable.Text(d.URI), printable.Text(d.System), printable.Text(holder))
	}
	if len(list.Sources) == 0 {
		if asPublic {
			fmt.Fprintln(out, "no sources readable by public: add --as PRINCIPAL to list what someone may read, or --all for every source")
		} else {
			fmt.Fprintln(out, "no sources you can read (try verity ingest, or --as)")
		}
	}
	for _, s := range list.Sources {
		fmt.Fprintf(out, "%s\t%s\tv%d\t%s\t%s\n", printable.Text(s.ID), printable.Text(s.System), s.Version, s.Status, printable.Text(printable.Line(s.Title, 80)))
	}
}
