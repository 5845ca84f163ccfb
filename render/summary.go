package render

import (
	"fmt"
	"io"
	"strings"

	"github.com/veritykb/verity/kb"
	"github.com/veritykb/verity/printable"
	"github.com/veritykb/verity/summary"
)

func Summary(w io.Writer, sum *summary.Summary, local bool) {
	switch sum.Empty {
	case summary.EmptyNoSources:
		fmt.Fprintf(w, "nothing you can read matches %q; no summary written\n", printable.Text(sum.Topic))
		Hints(w, sum.Hints, local)
		return
	case summary.EmptyNoSentences:
		fmt.Fprintf(w, "the model (%s) wrote no sentence about %q from %d passages; nothing stored\n", printable.Text(sum.Model), printable.Text(sum.Topic), len(sum.Inputs))
		return
	}
	fmt.Fprintf(w, "summary %s — %q\nmodel %s, prompt %s; %d sentences from %d passages, each with its own receipt\n\n",
		sum.ID, printable.Text(sum.Topic), printable.Text(sum.Model), sum.PromptVersion, len(sum.Sentences), len(sum.Inputs))
	for _, s := range sum.Sentences {
		Sentence(w, s, "")
	}
	for _, r := range sum.Rejected {
		fmt.Fprintf(w, "refused sentence %d (%s): %s\n", r.Position, r.Reason, printable.Text(printable.Line(r.Text, 120)))
	}
	fmt.Fprintln(w, "\npassages:")
	for _, in := range sum.Inputs {
		fmt.Fprintf(w, "  [%d] %s  %s (bytes %d–%d of v%d)\n", in.N, printable.Text(in.SourceID), printable.Text(printable.Line(in.Title, 80)), in.Start, in.End, in.Version)
	}
	Hints(w, sum.Hints, local)
	if sum.Private {
		fmt.Fprintf(w, "\nthis summary is yours alone until a curator publishes it (verity summarize --publish %s)\n", sum.ID)
	}
	fmt.Fprintf(w, "\nlater: verity summarize --show %s\n", sum.ID)
}

func Sentence(w io.Writer, s summary.Sentence, mark string) {
	fmt.Fprintf(w, "%s%d. %s\n", mark, s.Position, printable.Text(s.Text))
	var sets []string
	for _, set := range s.Receipt.Sets {
		ids := make([]string, len(set))
		for i, r := range set {
			ids[i] = printable.Text(r.ID())
		}
		sets = append(sets, "{"+strings.Join(ids, ", ")+"}")
	}
	fmt.Fprintf(w, "   receipt: %s", strings.Join(sets, " OR "))
	if s.Withheld {
		if len(sets) > 0 {
			fmt.Fprint(w, " OR ")
		}
		fmt.Fprint(w, "sources you cannot read")
	}
	if s.Capped > 0 {
		fmt.Fprintf(w, " (+%d sets dropped by the cap)", s.Capped)
	}
	fmt.Fprintln(w)
	for _, q := range s.Quotes {
		fmt.Fprintf(w, "   quote: %s v%d bytes %d–%d (%s)", printable.Text(q.SourceID), q.Version, q.Start, q.End, q.Kind)
		if q.Gone > 0 {
			fmt.Fprintf(w, " — gone from v%d: this source no longer supports it", q.Gone)
		}
		fmt.Fprintln(w)
	}
}

// SummaryView prints a summary as a caller sees it now; with all, every
// sentence with its receipt and quotes, the dead ones too.
func SummaryView(w io.Writer, v *summary.View, all bool) {
	fmt.Fprintf(w, "summary %s — %q (%s)\n%d of %d sentences live; model %s, prompt %s\n\n", v.ID, printable.Text(v.Topic), v.State, len(v.Live), v.Written, printable.Text(v.Model), v.Prompt)
	if len(v.Live) == 0 {
		fmt.Fprintln(w, "(nothing of it is live: every sentence lost its last live set)")
	}
	fmt.Fprintln(w, printable.Indent(printable.Text(v.Text), ""))
	if all {
		fmt.Fprintln(w)
		for _, s := range v.Live {
			Sentence(w, s, "✓ ")
		}
		for _, s := range v.Dead {
			Sentence(w, s, "✗ ")
		}
	}
}

// Summaries prints the summaries a caller sees, a line each.
func Summaries(w io.Writer, list *kb.SummaryList) {
	if len(list.Summaries) == 0 {
		fmt.Fprintln(w, "no summaries you can see (write one with verity summarize TOPIC)")
	}
	for _, r := range list.Summaries {
		fmt.Fprintf(w, "%s  %d/%d live  %s", r.ID, r.Live, r.Written, printable.Text(printable.Line(r.Topic, 100)))
		if r.RequestedBy != "" {
			fmt.Fprintf(w, "  (asked by %s", printable.Text(r.RequestedBy))
			if r.Private {
				fmt.Fprint(w, "; not published")
			}
			fmt.Fprint(w, ")")
		}
		fmt.Fprintln(w)
	}
}
