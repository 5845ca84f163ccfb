package main

import (
	"context"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/kb"
	"github.com/veritykb/verity/summary"
)

func (a *app) summarizeCmd() *cobra.Command {
	var (
		opt       kb.SummarizeRequest
		show      string
		list, all bool
	)
	cmd := &cobra.Command{
		Use:   "summarize [--as PRINCIPAL]... [--k N] TOPIC",
		Short: "Summarize what search finds on a topic, with a receipt on every sentence",
		RunE: func(cmd *cobra.Command, args []string) error {
			ctx := cmd.Context()
			caller, svc, err := a.callerService(ctx)
			if err != nil {
				return err
			}
			switch {
			case show != "":
				if len(args) > 0 || list {
					return verity.Errorf(verity.EINVALID, "summarize --show takes no TOPIC")
				}
				return a.showSummary(ctx, svc, caller, show, all)
			case list:
				return a.listSummaries(ctx, svc, caller)
			case len(args) == 0:
				return verity.Errorf(verity.EINVALID, "summarize: give a TOPIC (or --show ID, --list)")
			}
			opt.Topic = strings.Join(args, " ")
			sum, err := svc.Summarize(ctx, caller, opt)
			if err != nil {
				return err
			}
			if a.json {
				return a.printJSON(sum)
			}
			a.printSummary(sum, caller.Local())
			return nil
		},
	}
	f := cmd.Flags()
	f.IntVar(&opt.K, "k", summary.DefaultK, "passages to retrieve")
	f.IntVar(&opt.Sentences, "sentences", summary.DefaultSentences, "most sentences to write")
	f.IntVar(&opt.MaxSets, "max-sets", summary.DefaultMaxSets, "most alternative sets kept per sentence's receipt")
	f.StringVar(&show, "show", "", "print summary ID as it stands now")
	f.BoolVar(&all, "all", false, "with --show: also list the dead sentences")
	f.BoolVar(&list, "list", false, "list the summaries you can see")
	return cmd
}

func (a *app) printSummary(sum *summary.Summary, local bool) {
	w := a.stdout
	switch sum.Empty {
	case summary.EmptyNoSources:
		fmt.Fprintf(w, "nothing you can read matches %q; no summary written\n", clean(sum.Topic))
		printHints(a, sum.Hints, local)
		return
	case summary.EmptyNoSentences:
		fmt.Fprintf(w, "the model (%s) wrote no sentence about %q from %d passages; nothing stored\n", clean(sum.Model), clean(sum.Topic), len(sum.Inputs))
		return
	}
	fmt.Fprintf(w, "summary %s — %q\nmodel %s, prompt %s; %d sentences from %d passages, each with its own receipt\n\n",
		sum.ID, clean(sum.Topic), clean(sum.Model), sum.PromptVersion, len(sum.Sentences), len(sum.Inputs))
	for _, s := range sum.Sentences {
		a.printSentence(s, "")
	}
	for _, r := range sum.Rejected {
		fmt.Fprintf(w, "refused sentence %d (%s): %s\n", r.Position, r.Reason, clean(oneLine(r.Text, 120)))
	}
	fmt.Fprintln(w, "\npassages:")
	for _, in := range sum.Inputs {
		fmt.Fprintf(w, "  [%d] %s  %s (bytes %d–%d of v%d)\n", in.N, clean(in.SourceID), clean(oneLine(in.Title, 80)), in.Start, in.End, in.Version)
	}
	printHints(a, sum.Hints, local)
	fmt.Fprintf(w, "\nlater: verity summarize --show %s\n", sum.ID)
}

func (a *app) printSentence(s summary.Sentence, mark string) {
	w := a.stdout
	fmt.Fprintf(w, "%s%d. %s\n", mark, s.Position, clean(s.Text))
	var sets []string
	for _, set := range s.Receipt.Sets {
		ids := make([]string, len(set))
		for i, r := range set {
			ids[i] = clean(r.ID())
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
		fmt.Fprintf(w, "   quote: %s v%d bytes %d–%d (%s)", clean(q.SourceID), q.Version, q.Start, q.End, q.Kind)
		if q.Gone > 0 {
			fmt.Fprintf(w, " — gone from v%d: this source no longer supports it", q.Gone)
		}
		fmt.Fprintln(w)
	}
}

func (a *app) showSummary(ctx context.Context, svc *kb.Service, caller verity.Caller, id string, all bool) error {
	v, err := svc.Summary(ctx, caller, id, all)
	if err != nil {
		return err
	}
	if a.json {
		return a.printJSON(v)
	}
	w := a.stdout
	fmt.Fprintf(w, "summary %s — %q (%s)\n%d of %d sentences live; model %s, prompt %s\n\n", v.ID, clean(v.Topic), v.State, len(v.Live), v.Written, clean(v.Model), v.Prompt)
	if len(v.Live) == 0 {
		fmt.Fprintln(w, "(nothing of it is live: every sentence lost its last live set)")
	}
	fmt.Fprintln(w, indent(clean(v.Text), ""))
	if all {
		fmt.Fprintln(w)
		for _, s := range v.Live {
			a.printSentence(s, "✓ ")
		}
		for _, s := range v.Dead {
			a.printSentence(s, "✗ ")
		}
	}
	return nil
}

func (a *app) listSummaries(ctx context.Context, svc *kb.Service, caller verity.Caller) error {
	list, err := svc.Summaries(ctx, caller)
	if err != nil {
		return err
	}
	if a.json {
		return a.printJSON(list)
	}
	if len(list.Summaries) == 0 {
		fmt.Fprintln(a.stdout, "no summaries you can see (write one with verity summarize TOPIC)")
	}
	for _, r := range list.Summaries {
		fmt.Fprintf(a.stdout, "%s  %d/%d live  %s\n", r.ID, r.Live, r.Written, clean(oneLine(r.Topic, 100)))
	}
	return nil
}
