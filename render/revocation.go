package render

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/kb"
	"github.com/veritykb/verity/printable"
	"github.com/veritykb/verity/receipt"
)

// Revocation prints a report for a terminal: of an impact (a dry run)
// when action is "", else of the revocation or unrevocation asked for, which
// has no event when it changed nothing.
func Revocation(w io.Writer, out *kb.RevocationReport, action receipt.Action) {
	ev := out.Event
	leave := "left"
	switch {
	case action == "":
		fmt.Fprintf(w, "impact of revoking %s (dry run: nothing changed)\n", printable.Text(Refs(out.Refs)))
		leave = "would leave"
	case ev == nil && action == receipt.ActionRevoke:
		fmt.Fprintf(w, "already revoked: %s: nothing changed, nothing logged\n", printable.Text(Refs(out.Already)))
		return
	case ev == nil:
		fmt.Fprintf(w, "already live: %s: nothing changed, nothing logged\n", printable.Text(Refs(out.Already)))
		return
	case ev.Action == receipt.ActionRevoke:
		fmt.Fprintf(w, "event %d: revoked %s by %s: %q\n", ev.ID, printable.Text(Refs(ev.Changed)), printable.Text(string(ev.Who)), printable.Text(printable.Line(ev.Why, 200)))
	default:
		fmt.Fprintf(w, "event %d: restored %s by %s\n", ev.ID, printable.Text(Refs(ev.Changed)), printable.Text(string(ev.Who)))
		leave = "returned to"
	}
	if len(out.Already) > 0 {
		fmt.Fprintf(w, "  already so, unchanged: %s\n", printable.Text(Refs(out.Already)))
	}
	if out.Search.Sources > 0 {
		fmt.Fprintf(w, "  search: %d chunk%s of %d source%s %s search\n", out.Search.Chunks, plural(out.Search.Chunks), out.Search.Sources, plural(out.Search.Sources), leave)
	}
	dieVerb, surviveVerb := "died", "survived on another set"
	if action == "" {
		dieVerb, surviveVerb = "would die", "would survive on another set"
	}
	if action == "" || ev.Action == receipt.ActionRevoke || out.Died.Count+out.Survived.Count > 0 {
		Group(w, dieVerb, "✗", out.Died)
		Group(w, surviveVerb, "✓", out.Survived)
	}
	if out.Revived.Count > 0 {
		Group(w, "revived", "↺", out.Revived)
	}
	if ev != nil {
		fmt.Fprintf(w, "undo with: verity undo %d\n", ev.ID)
	}
}

func Group(w io.Writer, verb, mark string, g kb.RecordGroup) {
	fmt.Fprintf(w, "  %s: %d record%s", verb, g.Count, plural(g.Count))
	if g.Count > 0 {
		fmt.Fprintf(w, " (%s)", byKind(g.ByKind))
	}
	fmt.Fprintln(w)
	// Quote records are the plumbing between a sentence or statement and
	// a source: counted above, shown as one line per source they quote.
	quotes := map[string]int{}
	var sources []string
	for _, r := range g.Records {
		if r.Kind == verity.KindQuote {
			if quotes[r.Source] == 0 {
				sources = append(sources, r.Source)
			}
			quotes[r.Source]++
			continue
		}
		fmt.Fprintf(w, "    %s %s  %s  %s\n", mark, printable.Text(r.ID), r.Kind, printable.Text(printable.Line(r.Text, 120)))
	}
	for _, src := range sources {
		n := quotes[src]
		fmt.Fprintf(w, "    %s %d quote%s of %s\n", mark, n, plural(n), printable.Text(src))
	}
}

func byKind(m map[string]int) string {
	kinds := make([]string, 0, len(m))
	for k := range m {
		kinds = append(kinds, k)
	}
	slices.Sort(kinds)
	parts := make([]string, len(kinds))
	for i, k := range kinds {
		parts[i] = fmt.Sprintf("%s %d", k, m[k])
	}
	return strings.Join(parts, ", ")
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

func Refs(refs []verity.Ref) string {
	parts := make([]string, len(refs))
	for i, r := range refs {
		parts[i] = string(r)
	}
	return strings.Join(parts, " ")
}

// Log prints the revocation log as a caller sees it, an event a line with
// its reason below when the caller may read it.
func Log(w io.Writer, list *kb.EventList) {
	if len(list.Events) == 0 {
		fmt.Fprintln(w, "no revocation events you can see")
	}
	for _, e := range list.Events {
		fmt.Fprintf(w, "%d  %s  %-8s %s  %s", e.ID, e.At.UTC().Format("2006-01-02 15:04:05"), e.Action, printable.Text(string(e.Who)), printable.Text(Refs(e.Changed)))
		if e.Undoes != 0 {
			fmt.Fprintf(w, "  (undoes %d)", e.Undoes)
		}
		if e.Died != nil && e.Revived != nil {
			fmt.Fprintf(w, "  died %d, revived %d", *e.Died, *e.Revived)
		}
		if e.UndoneBy != 0 {
			fmt.Fprintf(w, "  [undone by %d]", e.UndoneBy)
		}
		fmt.Fprintln(w)
		switch {
		case e.Why != "":
			fmt.Fprintf(w, "    why: %s\n", printable.Text(printable.Line(e.Why, 200)))
		case e.WhyHidden:
			fmt.Fprintln(w, "    why: (another's reason, not shown)")
		}
	}
}
