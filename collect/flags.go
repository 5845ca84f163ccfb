package collect

import (
	"strings"
	"time"

	"github.com/spf13/pflag"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/llm"
)

// FetchFlags are the politeness and limit flags crawl and research share.
type FetchFlags struct {
	Delay, Timeout time.Duration
	MaxBytes       int64
	Contact        string
}

// Register adds the flags to fs.
func (ff *FetchFlags) Register(fs *pflag.FlagSet) {
	fs.DurationVar(&ff.Delay, "delay", DefaultDelay, "least time between two requests to one host (a longer robots.txt Crawl-delay wins)")
	fs.DurationVar(&ff.Timeout, "timeout", DefaultTimeout, "give up on a page that has not fully arrived after this long")
	fs.Int64Var(&ff.MaxBytes, "max-bytes", DefaultMaxBytes, "refuse pages larger than this many bytes")
	fs.StringVar(&ff.Contact, "contact", "", "an email or URL added to the User-Agent, so site owners can reach you")
}

// Options checks the flags: [PoliteOptions].
func (ff FetchFlags) Options() (FetchOptions, error) {
	return PoliteOptions(ff.Delay, ff.Timeout, ff.MaxBytes, ff.Contact)
}

// PoliteOptions checks the politeness flags crawl and research share and
// turns them into a Fetcher's options: delay 0 means none, contact (an
// email or URL) goes into the User-Agent so that site owners can reach
// whoever runs the fetcher.
func PoliteOptions(delay, timeout time.Duration, maxBytes int64, contact string) (FetchOptions, error) {
	if delay < 0 || timeout <= 0 || maxBytes <= 0 {
		return FetchOptions{}, verity.Errorf(verity.EINVALID, "--delay must be ≥ 0, --timeout and --max-bytes > 0")
	}
	ua := DefaultUserAgent
	if c := strings.TrimSpace(contact); c != "" {
		if strings.ContainsAny(c, "()\r\n") {
			return FetchOptions{}, verity.Errorf(verity.EINVALID, "--contact must not contain parentheses or line breaks")
		}
		ua = strings.TrimSuffix(ua, ")") + "; contact: " + c + ")"
	}
	if delay == 0 {
		delay = -1 // FetchOptions reads 0 as the default; -1 is "no delay"
	}
	return FetchOptions{UserAgent: ua, Delay: delay, Timeout: timeout, MaxBytes: maxBytes}, nil
}

// ResearchPlan is what verity research is asked to look for: a spec file
// or a product with its aliases, searches to make first, banned domains,
// and the budget.
type ResearchPlan struct {
	Spec, Product            string
	Aliases, Queries, Bans   []string
	Searches, Reads, PerHost int
}

// Register adds the plan's flags to fs.
func (p *ResearchPlan) Register(fs *pflag.FlagSet) {
	fs.StringVar(&p.Spec, "spec", "", "extraction spec (YAML): its first object is the product; aliases, banned_domains and vendor.domains are used too")
	fs.StringVar(&p.Product, "product", "", "the product whose users are sought")
	fs.StringArrayVar(&p.Aliases, "alias", nil, "another name of the product, repeatable")
	fs.StringArrayVar(&p.Queries, "query", nil, "a search to make first, repeatable")
	fs.StringArrayVar(&p.Bans, "ban", nil, "a domain never to read (and its subdomains), repeatable")
	fs.IntVar(&p.Searches, "searches", DefaultSearches, "searches at most")
	fs.IntVar(&p.Reads, "reads", DefaultReads, "page reads at most")
	fs.IntVar(&p.PerHost, "per-host", DefaultPerHost, "page reads of one site at most")
}

// RegisterCrawl adds a crawl's flags to fs, into o.
func RegisterCrawl(fs *pflag.FlagSet, o *CrawlOptions) {
	fs.IntVar(&o.Budget, "budget", DefaultBudget, "pages fetched at most, over all runs of one crawl")
	fs.IntVar(&o.MaxDepth, "max-depth", 0, "links followed from URL at most (0: no limit; sitemap pages count as depth 1)")
	fs.BoolVar(&o.NoSitemap, "no-sitemap", false, "do not read sitemaps")
	fs.BoolVar(&o.Restart, "restart", false, "start over instead of resuming an interrupted crawl of URL")
}

// Options checks the plan and turns it into a research's options (without
// its ACL, planner or run, which the caller adds).
func (p ResearchPlan) Options() (ResearchOptions, error) {
	if p.Searches <= 0 || p.Reads <= 0 || p.PerHost <= 0 {
		return ResearchOptions{}, verity.Errorf(verity.EINVALID, "--searches, --reads and --per-host must be positive")
	}
	opt := ResearchOptions{Searches: p.Searches, Reads: p.Reads, PerHost: p.PerHost}
	switch {
	case p.Spec != "" && p.Product != "":
		return opt, verity.Errorf(verity.EINVALID, "give --spec or --product, not both")
	case p.Spec != "":
		if err := FromSpecFile(p.Spec, &opt); err != nil {
			return opt, err
		}
	case p.Product != "":
		opt.Product = p.Product
	case len(p.Queries) == 0:
		return opt, verity.Errorf(verity.EINVALID, "give --spec FILE, --product NAME or at least one --query")
	}
	opt.Aliases = append(opt.Aliases, p.Aliases...)
	opt.Ban = append(opt.Ban, p.Bans...)
	for _, q := range p.Queries {
		if q = strings.TrimSpace(q); q != "" {
			opt.Queries = append(opt.Queries, PlannedQuery{Text: q, Reason: "given on the command line"})
		}
	}
	return opt, nil
}

// ACL reads --acl flags, principals a page may be read by; none means
// public.
func ACL(flags []string) ([]verity.Principal, error) {
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

// Tools builds a research's search provider — search, else the
// VERITY_SEARCH variable (read through getenv, as are the provider's
// keys) — and its query planner: the template plan with the offline
// engine (a fixed plan is what it would do anyway), else model's.
func Tools(search, choice string, getenv func(string) string, offline func() (bool, error), model func() (llm.Model, error)) (Searcher, Planner, error) {
	from := "--search"
	if search == "" {
		search, from = getenv("VERITY_SEARCH"), "VERITY_SEARCH"
	}
	s, _, err := SearchFromSpec(search, from, getenv)
	if err != nil {
		return nil, nil, err
	}
	off, err := offline()
	if err != nil {
		return nil, nil, err
	}
	p, err := ChoosePlanner(choice, off, model)
	return s, p, err
}
