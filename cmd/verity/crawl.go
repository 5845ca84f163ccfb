package main

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/collect"
)

// fetchFlags are the politeness and limit flags crawl and research share.
type fetchFlags struct {
	delay    time.Duration
	timeout  time.Duration
	maxBytes int64
	contact  string
	pdf      pdfFlags
}

func (ff *fetchFlags) register(cmd *cobra.Command) {
	f := cmd.Flags()
	f.DurationVar(&ff.delay, "delay", collect.DefaultDelay, "least time between two requests to one host (a longer robots.txt Crawl-delay wins)")
	f.DurationVar(&ff.timeout, "timeout", collect.DefaultTimeout, "give up on a page that has not fully arrived after this long")
	f.Int64Var(&ff.maxBytes, "max-bytes", collect.DefaultMaxBytes, "refuse pages larger than this many bytes")
	f.StringVar(&ff.contact, "contact", "", "an email or URL added to the User-Agent, so site owners can reach you")
	ff.pdf.register(cmd, "pdf-timeout", "give up on extracting a PDF's text after this long; the parse runs in a child process that is killed")
}

func (ff *fetchFlags) options() (collect.FetchOptions, error) {
	if ff.delay < 0 || ff.timeout <= 0 || ff.maxBytes <= 0 {
		return collect.FetchOptions{}, verity.Errorf(verity.EINVALID, "--delay must be ≥ 0, --timeout and --max-bytes > 0")
	}
	if err := ff.pdf.check("pdf-timeout"); err != nil {
		return collect.FetchOptions{}, err
	}
	ua := collect.DefaultUserAgent
	if c := strings.TrimSpace(ff.contact); c != "" {
		if strings.ContainsAny(c, "()\r\n") {
			return collect.FetchOptions{}, verity.Errorf(verity.EINVALID, "--contact must not contain parentheses or line breaks")
		}
		ua = strings.TrimSuffix(ua, ")") + "; contact: " + c + ")"
	}
	delay := ff.delay
	if delay == 0 {
		delay = -1 // FetchOptions reads 0 as the default; -1 is "no delay"
	}
	return collect.FetchOptions{UserAgent: ua, Delay: delay, Timeout: ff.timeout, MaxBytes: ff.maxBytes}, nil
}

// parseACL reads --acl flags; none means public.
func parseACL(flags []string) ([]verity.Principal, error) {
	var acl []verity.Principal
	for _, s := range flags {
		p, err := verity.ParsePrincipal(s)
		if err != nil {
			return nil, verity.Errorf(verity.EINVALID, "--acl: %w", err)
		}
		acl = append(acl, p)
	}
	if len(acl) == 0 {
		acl = []verity.Principal{verity.Public}
	}
	return acl, nil
}

func (a *app) crawlCmd() *cobra.Command {
	var (
		budget, maxDepth int
		acl              []string
		noSitemap        bool
		restart          bool
		queued           bool
		ff               fetchFlags
	)
	cmd := &cobra.Command{
		Use:   "crawl URL",
		Short: "Fetch one web site into the store within a page budget, politely",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			ctx := cmd.Context()
			if budget <= 0 {
				return verity.Errorf(verity.EINVALID, "--budget must be positive, got %d", budget)
			}
			principals, err := parseACL(acl)
			if err != nil {
				return err
			}
			fo, err := ff.options()
			if err != nil {
				return err
			}
			caller, svc, err := a.callerService(ctx)
			if err != nil {
				return err
			}
			opt := collect.CrawlOptions{Budget: budget, ACL: principals, MaxDepth: maxDepth, NoSitemap: noSitemap, Restart: restart}
			if queued {
				q, err := svc.QueueCrawl(ctx, caller, args[0], opt, fo)
				if err != nil {
					return err
				}
				return a.printQueued(q)
			}
			bar := a.newProgress("crawl", int64(budget), false)
			opt.PDF = a.pdfReader(ff.pdf)
			opt.OnPage = func(r collect.PageResult) {
				if r.Fetched {
					bar.Add(1)
				}
				if !a.json && !r.Stored() && !a.interactive() && r.Outcome != collect.ReasonRobots && !(&collect.FetchError{Reason: r.Outcome}).Skip() {
					fmt.Fprintf(a.stderr, "error: %s: %s\n", clean(r.URL), clean(r.Detail))
				}
			}
			rep, err := svc.Crawl(ctx, caller, collect.NewFetcher(fo), args[0], opt)
			bar.Done()
			if rep == nil {
				return err
			}
			if a.json {
				if perr := a.printJSON(rep); perr != nil {
					return perr
				}
			} else {
				a.printCrawl(rep.CrawlReport)
				if s := relocationLine(rep.Relocation); s != "" {
					fmt.Fprintln(a.stdout, s)
				}
			}
			if errors.Is(err, context.Canceled) && !a.json {
				fmt.Fprintf(a.stderr, "run \"verity crawl %s\" again to resume the crawl\n", clean(rep.Start))
			}
			return err
		},
	}
	f := cmd.Flags()
	f.IntVar(&budget, "budget", collect.DefaultBudget, "pages fetched at most, over all runs of one crawl")
	f.IntVar(&maxDepth, "max-depth", 0, "links followed from URL at most (0: no limit; sitemap pages count as depth 1)")
	f.StringArrayVar(&acl, "acl", nil, "principal allowed to read the stored pages, repeatable (default public)")
	f.BoolVar(&noSitemap, "no-sitemap", false, "do not read sitemaps")
	f.BoolVar(&restart, "restart", false, "start over instead of resuming an interrupted crawl of URL")
	f.BoolVar(&queued, "queue", false, "queue the crawl as a job for a worker (verity worker) instead of running it here")
	ff.register(cmd)
	return cmd
}

func (a *app) printCrawl(rep *collect.CrawlReport) {
	w := a.stdout
	fmt.Fprintf(w, "crawled %s into %s: %d pages fetched of a budget of %d", clean(rep.Start), a.storeName(), rep.Fetched, rep.Budget)
	if rep.Resumed {
		fmt.Fprint(w, " (resumed)")
	}
	fmt.Fprintln(w)
	s := rep.Stored
	fmt.Fprintf(w, "stored: %d new, %d new versions, %d metadata updates, %d unchanged; %d skipped, %d disallowed by robots.txt, %d errors\n",
		s.Created, s.NewVersion, s.Metadata, s.Unchanged, len(rep.Skipped), len(rep.SkippedRobots), len(rep.Errors))
	fmt.Fprintf(w, "robots.txt: %s; %s between requests; sitemaps: %d read, %d pages listed\n",
		clean(rep.Robots), time.Duration(rep.DelayMS)*time.Millisecond, len(rep.Sitemaps), rep.SitemapURLs)
	list := func(title string, rs []collect.PageResult) {
		if len(rs) == 0 {
			return
		}
		fmt.Fprintf(w, "%s:\n", title)
		for _, r := range rs {
			fmt.Fprintf(w, "  %s  %s\n", clean(r.URL), clean(oneLine(r.Detail, 160)))
		}
	}
	list("errors", rep.Errors)
	list("skipped", rep.Skipped)
	if len(rep.SkippedRobots) > 0 {
		fmt.Fprintln(w, "disallowed by robots.txt:")
		for _, u := range rep.SkippedRobots {
			fmt.Fprintf(w, "  %s\n", clean(u))
		}
	}
	for _, n := range rep.Notes {
		fmt.Fprintf(w, "note: %s\n", clean(n))
	}
	if rep.Pending > 0 {
		fmt.Fprintf(w, "%d URLs found but not fetched: the budget is spent (a larger --budget reaches them)\n", rep.Pending)
	}
}
