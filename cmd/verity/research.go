package main

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/collect"
	"github.com/veritykb/verity/extract"
	"github.com/veritykb/verity/kb"
	"github.com/veritykb/verity/llm"
)

// searchSpecHelp describes --search and its environment, for help texts and
// errors.
const searchSpecHelp = `  searxng:URL   a SearXNG instance's JSON API (a bare http(s) URL means the same);
                "json" must be listed under search.formats in its settings.yml
  brave         the Brave Search API; key in BRAVE_API_KEY (or VERITY_SEARCH_KEY)
  brave:URL     the same at another endpoint`

// searchProvider builds the web-search provider from --search, else
// VERITY_SEARCH. Keys come from the environment only, never from flags, so
// they stay out of shell history and process lists.
func (a *app) searchProvider(flag string) (collect.Searcher, string, error) {
	spec, from := flag, "--search"
	if spec == "" {
		spec, from = a.getenv("VERITY_SEARCH"), "VERITY_SEARCH"
	}
	spec = strings.TrimSpace(spec)
	if spec == "" {
		return nil, "", verity.Errorf(verity.EINVALID, "no web-search provider: give --search or set VERITY_SEARCH to one of\n%s", searchSpecHelp)
	}
	kind, rest, _ := strings.Cut(spec, ":")
	if kind == "http" || kind == "https" {
		kind, rest = "searxng", spec
	}
	http := collect.SearchHTTP{}
	switch kind {
	case "searxng":
		s, err := collect.NewSearXNG(collect.SearXNGConfig{BaseURL: rest, HTTP: http})
		if err != nil {
			return nil, "", fmt.Errorf("%s: %w", from, err)
		}
		return s, "searxng " + rest, nil
	case "brave":
		key := a.getenv("BRAVE_API_KEY")
		if key == "" {
			key = a.getenv("VERITY_SEARCH_KEY")
		}
		if key == "" {
			return nil, "", verity.Errorf(verity.EINVALID, "%s: brave needs a key: set BRAVE_API_KEY", from)
		}
		b, err := collect.NewBrave(collect.BraveConfig{Key: key, BaseURL: rest, HTTP: http})
		if err != nil {
			return nil, "", fmt.Errorf("%s: %w", from, err)
		}
		return b, "brave", nil
	}
	return nil, "", verity.Errorf(verity.EINVALID, "%s: unknown web-search provider %q; use one of\n%s", from, spec, searchSpecHelp)
}

// researchFromSpec sets what a research looks for from an extraction
// spec: the first object is the product; the names of further objects
// count as aliases, since a page naming any of them is worth keeping for
// extraction; the spec's banned domains and vendor domains are kept too.
func researchFromSpec(path string, opt *collect.ResearchOptions) error {
	spec, err := extract.LoadSpec(path)
	if err != nil {
		return err
	}
	if len(spec.Objects) == 0 {
		return verity.Errorf(verity.EINVALID, "spec %s has no objects to research", path)
	}
	opt.Product, opt.Ban, opt.Vendor = spec.Objects[0].Name, spec.Banned, spec.Vendor.Domains
	opt.Aliases = append(opt.Aliases, spec.Objects[0].Aliases...)
	for _, o := range spec.Objects[1:] {
		opt.Aliases = append(opt.Aliases, o.Names()...)
	}
	return nil
}

func (a *app) researchCmd() *cobra.Command {
	var (
		specPath, product, search, planner string
		queued                             bool
		aliases, queries, bans, acl        []string
		searches, reads, perHost           int
		ff                                 fetchFlags
	)
	cmd := &cobra.Command{
		Use:   "research (--spec FILE | --product NAME [--alias NAME]... | --query TEXT...)",
		Short: "Search the web for pages about who uses a product, within a budget, and store them",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			ctx := cmd.Context()
			if searches <= 0 || reads <= 0 || perHost <= 0 {
				return verity.Errorf(verity.EINVALID, "--searches, --reads and --per-host must be positive")
			}
			ropt := collect.ResearchOptions{Searches: searches, Reads: reads, PerHost: perHost}
			switch {
			case specPath != "" && product != "":
				return verity.Errorf(verity.EINVALID, "give --spec or --product, not both")
			case specPath != "":
				if err := researchFromSpec(specPath, &ropt); err != nil {
					return err
				}
			case product != "":
				ropt.Product = product
			case len(queries) == 0:
				return verity.Errorf(verity.EINVALID, "give --spec FILE, --product NAME or at least one --query")
			}
			ropt.Aliases = append(ropt.Aliases, aliases...)
			ropt.Ban = append(ropt.Ban, bans...)
			var err error
			if ropt.ACL, err = parseACL(acl); err != nil {
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
			for _, q := range queries {
				if q = strings.TrimSpace(q); q != "" {
					ropt.Queries = append(ropt.Queries, collect.PlannedQuery{Text: q, Reason: "given on the command line"})
				}
			}
			if queued {
				if search == "" {
					search = a.getenv("VERITY_SEARCH") // the worker is told the provider, never a key
				}
				modelSpec, err := a.modelSpecString()
				if err != nil {
					return err
				}
				q, err := svc.QueueResearch(ctx, caller, search, planner, modelSpec, ropt, fo)
				if err != nil {
					return err
				}
				return a.printQueued(q)
			}
			s, _, err := a.searchProvider(search)
			if err != nil {
				return err
			}
			pl, err := a.researchPlanner(ctx, planner)
			if err != nil {
				return err
			}
			bar := a.newProgress("research", int64(searches+reads), false)
			ropt.Planner, ropt.PDF, ropt.Run = pl, a.pdfReader(ff.pdf), "research-"+a.now().UTC().Format("20060102T150405.000Z")
			ropt.OnCall = func(c collect.Call) {
				if c.Spent {
					bar.Add(1)
				}
			}
			rep, err := svc.Research(ctx, caller, s, collect.NewFetcher(fo), ropt)
			bar.Done()
			if rep == nil {
				return err
			}
			if a.json {
				if perr := a.printJSON(rep); perr != nil {
					return perr
				}
			} else {
				a.printResearch(rep.ResearchReport)
				if s := relocationLine(rep.Relocation); s != "" {
					fmt.Fprintln(a.stdout, s)
				}
			}
			return err
		},
	}
	f := cmd.Flags()
	f.StringVar(&specPath, "spec", "", "extraction spec (YAML): its first object is the product; aliases, banned_domains and vendor.domains are used too")
	f.StringVar(&product, "product", "", "the product whose users are sought")
	f.StringArrayVar(&aliases, "alias", nil, "another name of the product, repeatable")
	f.StringArrayVar(&queries, "query", nil, "a search to make first, repeatable")
	f.StringArrayVar(&bans, "ban", nil, "a domain never to read (and its subdomains), repeatable")
	f.StringVar(&search, "search", "", "web-search provider: searxng:URL, brave, brave:URL (default $VERITY_SEARCH)")
	f.StringVar(&planner, "planner", "auto", "how next searches are chosen: auto (the model when one is configured), template, model")
	f.BoolVar(&queued, "queue", false, "queue the research as a job for a worker (verity worker) instead of running it here")
	f.IntVar(&searches, "searches", collect.DefaultSearches, "searches at most")
	f.IntVar(&reads, "reads", collect.DefaultReads, "page reads at most")
	f.IntVar(&perHost, "per-host", collect.DefaultPerHost, "page reads of one site at most")
	f.StringArrayVar(&acl, "acl", nil, "principal allowed to read the kept pages, repeatable (default public)")
	ff.register(cmd)
	return cmd
}

// researchPlanner picks the query planner: the template plan with the
// offline engine (which has no research task: a fixed plan is what it would
// do anyway), the run's model otherwise.
func (a *app) researchPlanner(ctx context.Context, choice string) (collect.Planner, error) {
	setup, err := a.setupModel()
	if err != nil {
		return nil, err
	}
	return planner(choice, setup, func() (llm.Model, error) {
		m, _, err := a.model(ctx)
		return m, err
	})
}

// planner picks the query planner by choice (auto, template or model) for
// the model setup names, built by model when it is used.
func planner(choice string, setup modelSetup, model func() (llm.Model, error)) (collect.Planner, error) {
	switch choice {
	case "template":
		return collect.TemplatePlanner{}, nil
	case "auto", "model":
	default:
		return nil, verity.Errorf(verity.EINVALID, "--planner must be auto, template or model, not %q", choice)
	}
	if setup.Spec.Provider == llm.ProviderOffline {
		if choice == "model" {
			return nil, verity.Errorf(verity.EINVALID, "--planner model needs a model: give --model or set VERITY_MODEL")
		}
		return collect.TemplatePlanner{}, nil
	}
	m, err := model()
	if err != nil {
		return nil, err
	}
	return &collect.ModelPlanner{Model: m}, nil
}

// jobResearch builds a research job's search provider (with this
// process's keys) and planner (with the job's model, by models).
func (a *app) jobResearch(models kb.JobModels) func(ctx context.Context, search, choice, model string) (collect.Searcher, collect.Planner, error) {
	return func(ctx context.Context, search, choice, model string) (collect.Searcher, collect.Planner, error) {
		s, _, err := a.searchProvider(search)
		if err != nil {
			return nil, nil, err
		}
		setup, err := a.setupModelSpec(model, "the job's model")
		if err != nil {
			return nil, nil, err
		}
		p, err := planner(choice, setup, func() (llm.Model, error) { return models(ctx, model) })
		if err != nil {
			return nil, nil, err
		}
		return s, p, nil
	}
}

// bannedHelp lists the built-in banned domains by category, one category a
// line, for research's help.
func bannedHelp() string {
	byCat := map[string][]string{}
	var cats []string
	for _, d := range collect.BannedDomains() {
		if _, ok := byCat[d.Category]; !ok {
			cats = append(cats, d.Category)
		}
		byCat[d.Category] = append(byCat[d.Category], d.Domain)
	}
	var b strings.Builder
	for _, c := range cats {
		fmt.Fprintf(&b, "  %s: %s\n", c, strings.Join(byCat[c], ", "))
	}
	return strings.TrimRight(b.String(), "\n")
}

func (a *app) printResearch(rep *collect.ResearchReport) {
	w := a.stdout
	fmt.Fprintf(w, "research %s for %s (%s, %s plan): %d of %d searches, %d of %d reads; kept %d pages (%d new, %d new versions, %d unchanged)\n",
		rep.Run, clean(rep.Product), rep.Search, clean(rep.Planner), rep.Used.Searches, rep.Budget.Searches, rep.Used.Reads, rep.Budget.Reads,
		len(rep.Kept), rep.Stored.Created, rep.Stored.NewVersion, rep.Stored.Unchanged+rep.Stored.Metadata)
	if len(rep.Kept) > 0 {
		fmt.Fprintln(w, "kept:")
		for _, k := range rep.Kept {
			fmt.Fprintf(w, "  %s  %s\n    why: %s\n", clean(k.URL), clean(oneLine(k.Title, 80)), clean(k.Reason))
		}
	}
	fmt.Fprintln(w, "searches:")
	for _, c := range rep.Calls {
		if c.Kind != collect.CallSearch {
			continue
		}
		res := fmt.Sprintf("%d results", c.Hits)
		if c.Outcome != collect.OutcomeOK {
			res = "failed: " + oneLine(c.Detail, 120)
		}
		fmt.Fprintf(w, "  %2d. «%s» — %s: %s\n", c.Seq, clean(c.Query), clean(c.Reason), clean(res))
	}
	var notKept []collect.Call
	for _, c := range rep.Calls {
		if c.Kind == collect.CallRead && c.SourceID == "" {
			notKept = append(notKept, c)
		}
	}
	if len(notKept) > 0 {
		fmt.Fprintln(w, "read, not kept:")
		for _, c := range notKept {
			fmt.Fprintf(w, "  %s  %s: %s\n", clean(c.URL), c.Outcome, clean(oneLine(c.Detail, 120)))
		}
	}
	if len(rep.Banned) > 0 {
		counts := map[string]int{}
		for _, b := range rep.Banned {
			counts[b.Category]++
		}
		var parts []string
		for c, n := range counts {
			parts = append(parts, fmt.Sprintf("%s %d", c, n))
		}
		slices.Sort(parts)
		fmt.Fprintf(w, "not read, banned: %d results (%s)\n", len(rep.Banned), strings.Join(parts, ", "))
	}
	if rep.Unread > 0 {
		fmt.Fprintf(w, "%d results left unread: the read budget is spent\n", rep.Unread)
	}
	for _, n := range rep.Notes {
		fmt.Fprintf(w, "note: %s\n", clean(n))
	}
}
