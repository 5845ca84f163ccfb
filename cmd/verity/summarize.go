package main

import (
	"context"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/kb"
	"github.com/veritykb/verity/render"
	"github.com/veritykb/verity/summary"
)

func (a *app) summarizeCmd() *cobra.Command {
	var (
		opt           kb.SummarizeRequest
		show, publish string
		list, all     bool
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
			case publish != "":
				if len(args) > 0 || list || show != "" {
					return verity.Errorf(verity.EINVALID, "summarize --publish takes no TOPIC")
				}
				return a.publishSummary(ctx, svc, caller, publish)
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
			render.Summary(a.stdout, sum, caller.Local())
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
	f.StringVar(&publish, "publish", "", "list summary ID, which a reader asked for, to everyone who may read it (curators)")
	return cmd
}

func (a *app) showSummary(ctx context.Context, svc *kb.Service, caller verity.Caller, id string, all bool) error {
	v, err := svc.Summary(ctx, caller, id, all)
	if err != nil {
		return err
	}
	if a.json {
		return a.printJSON(v)
	}
	render.SummaryView(a.stdout, v, all)
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
	render.Summaries(a.stdout, list)
	return nil
}

// publishSummary publishes summary id and says what it did.
func (a *app) publishSummary(ctx context.Context, svc *kb.Service, caller verity.Caller, id string) error {
	pub, err := svc.Publish(ctx, caller, id)
	if err != nil {
		return err
	}
	if a.json {
		return a.printJSON(pub)
	}
	if pub.Already {
		fmt.Fprintf(a.stdout, "summary %s was published already: nothing changed\n", pub.Summary)
		return nil
	}
	fmt.Fprintf(a.stdout, "published summary %s to everyone who may read it (withdraw: verity revoke record:%s --reason ...)\n", pub.Summary, pub.Record)
	return nil
}
