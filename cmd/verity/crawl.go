package main

import (
	"cmp"
	"context"
	"errors"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/collect"
	"github.com/veritykb/verity/kb"
	"github.com/veritykb/verity/printable"
	"github.com/veritykb/verity/render"
)

// fetchFlags are the flags crawl and research share: politeness, limits, a PDF's budget, --acl.
type fetchFlags struct {
	collect.FetchFlags
	pdf pdfFlags
	acl []string
}

func (ff *fetchFlags) register(cmd *cobra.Command) {
	ff.FetchFlags.Register(cmd.Flags())
	ff.pdf.register(cmd, "pdf-timeout", "give up on extracting a PDF's text after this long; the parse runs in a child process that is killed")
	cmd.Flags().StringArrayVar(&ff.acl, "acl", nil, "principal allowed to read the pages kept, repeatable (default public)")
}

// options checks the flags: the fetcher's options and the pages' ACL.
func (ff *fetchFlags) options() (collect.FetchOptions, []verity.Principal, error) {
	acl, aerr := parseACL(ff.acl)
	fo, ferr := ff.FetchFlags.Options()
	return fo, acl, cmp.Or(ff.pdf.check("pdf-timeout"), aerr, ferr)
}

// queued prints what queuing did, or returns its error.
func (a *app) queued(q *kb.Queued, err error) error {
	if err != nil {
		return err
	}
	return a.printQueued(q)
}

// parseACL reads --acl flags; none means public.
var parseACL = collect.ACL

func (a *app) crawlCmd() *cobra.Command {
	var (
		opt    collect.CrawlOptions
		queued bool
		ff     fetchFlags
	)
	cmd := &cobra.Command{
		Use:   "crawl URL",
		Short: "Fetch one web site into the store within a page budget, politely",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			ctx := cmd.Context()
			if opt.Budget <= 0 {
				return verity.Errorf(verity.EINVALID, "--budget must be positive, got %d", opt.Budget)
			}
			fo, acl, err := ff.options()
			if err != nil {
				return err
			}
			caller, svc, err := a.callerService(ctx)
			if err != nil {
				return err
			}
			if opt.ACL = acl; queued {
				return a.queued(svc.QueueCrawl(ctx, caller, args[0], opt, fo))
			}
			bar := a.newProgress("crawl", int64(opt.Budget), false)
			opt.PDF = a.pdfReader(ff.pdf)
			opt.OnPage = func(r collect.PageResult) {
				if r.Fetched {
					bar.Add(1)
				}
				if !a.json && !r.Stored() && !a.interactive() && r.Outcome != collect.ReasonRobots && !(&collect.FetchError{Reason: r.Outcome}).Skip() {
					fmt.Fprintf(a.stderr, "error: %s: %s\n", printable.Text(r.URL), printable.Text(r.Detail))
				}
			}
			rep, err := svc.Crawl(ctx, caller, collect.NewFetcher(fo), args[0], opt)
			bar.Done()
			if rep == nil {
				return err
			}
			if errors.Is(err, context.Canceled) && !a.json {
				defer fmt.Fprintf(a.stderr, "run \"verity crawl %s\" again to resume the crawl\n", printable.Text(rep.Start))
			}
			return a.report(rep, err, func() { render.Crawl(a.stdout, rep.CrawlReport, a.storeName()) }, render.RelocationLine(rep.Relocation))
		},
	}
	f := cmd.Flags()
	collect.RegisterCrawl(f, &opt)
	f.BoolVar(&queued, "queue", false, "queue the crawl as a job for a worker (verity worker) instead of running it here")
	ff.register(cmd)
	return cmd
}

// report prints a run's report (JSON, or text and its relocation line) and returns the run's error.
func (a *app) report(rep any, err error, text func(), relocation string) error {
	if a.json {
		return cmp.Or(a.printJSON(rep), err)
	}
	if text(); relocation != "" {
		fmt.Fprintln(a.stdout, relocation)
	}
	return err
}
