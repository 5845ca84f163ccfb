package main

import (
	"context"

	"github.com/spf13/cobra"

	"github.com/veritykb/verity/collect"
	"github.com/veritykb/verity/kb"
	"github.com/veritykb/verity/llm"
	"github.com/veritykb/verity/render"
)

// searchProvider builds the web-search provider from --search, else
// VERITY_SEARCH, with keys from the environment only ([collect.SearchFromSpec]).
func (a *app) searchProvider(flag string) (collect.Searcher, string, error) {
	spec, from := flag, "--search"
	if spec == "" {
		spec, from = a.getenv("VERITY_SEARCH"), "VERITY_SEARCH"
	}
	return collect.SearchFromSpec(spec, from, a.getenv)
}

func (a *app) researchCmd() *cobra.Command {
	var (
		plan            collect.ResearchPlan
		search, planner string
		queued          bool
		ff              fetchFlags
	)
	cmd := &cobra.Command{
		Use:   "research (--spec FILE | --product NAME [--alias NAME]... | --query TEXT...)",
		Short: "Search the web for pages about who uses a product, within a budget, and store them",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			ctx := cmd.Context()
			ropt, err := plan.Options()
			if err != nil {
				return err
			}
			fo, acl, err := ff.options()
			if err != nil {
				return err
			}
			caller, svc, err := a.callerService(ctx)
			if err != nil {
				return err
			}
			if ropt.ACL = acl; queued {
				if search == "" {
					search = a.getenv("VERITY_SEARCH") // the worker is told the provider, never a key
				}
				modelSpec, err := a.modelSpecString()
				if err != nil {
					return err
				}
				return a.queued(svc.QueueResearch(ctx, caller, search, planner, modelSpec, ropt, fo))
			}
			s, pl, err := a.researchTools(ctx, search, planner, a.setupModel, func(ctx context.Context, _ string) (llm.Model, error) { return a.runModel(ctx) })
			if err != nil {
				return err
			}
			bar := a.newProgress("research", int64(plan.Searches+plan.Reads), false)
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
			return a.report(rep, err, func() { render.Research(a.stdout, rep.ResearchReport) }, render.RelocationLine(rep.Relocation))
		},
	}
	f := cmd.Flags()
	f.StringVar(&plan.Spec, "spec", "", "extraction spec (YAML): its first object is the product; aliases, banned_domains and vendor.domains are used too")
	f.StringVar(&plan.Product, "product", "", "the product whose users are sought")
	f.StringArrayVar(&plan.Aliases, "alias", nil, "another name of the product, repeatable")
	f.StringArrayVar(&plan.Queries, "query", nil, "a search to make first, repeatable")
	f.StringArrayVar(&plan.Bans, "ban", nil, "a domain never to read (and its subdomains), repeatable")
	f.StringVar(&search, "search", "", "web-search provider: searxng:URL, brave, brave:URL (default $VERITY_SEARCH)")
	f.StringVar(&planner, "planner", "auto", "how next searches are chosen: auto (the model when one is configured), template, model")
	f.BoolVar(&queued, "queue", false, "queue the research as a job for a worker (verity worker) instead of running it here")
	f.IntVar(&plan.Searches, "searches", collect.DefaultSearches, "searches at most")
	f.IntVar(&plan.Reads, "reads", collect.DefaultReads, "page reads at most")
	f.IntVar(&plan.PerHost, "per-host", collect.DefaultPerHost, "page reads of one site at most")
	ff.register(cmd)
	return cmd
}

// researchTools builds a research's search provider (with this process's
// keys) and query planner: the template plan with the offline engine (a
// fixed plan is what it would do anyway), else the model models gives.
func (a *app) researchTools(ctx context.Context, search, choice string, setup func() (modelSetup, error), models kb.JobModels) (collect.Searcher, collect.Planner, error) {
	s, _, err := a.searchProvider(search)
	if err != nil {
		return nil, nil, err
	}
	st, err := setup()
	if err != nil {
		return nil, nil, err
	}
	p, err := collect.ChoosePlanner(choice, st.Spec.Provider == llm.ProviderOffline, func() (llm.Model, error) { return models(ctx, "") })
	return s, p, err
}

// jobResearch builds a research job's search provider and planner, with
// the job's model.
func (a *app) jobResearch(models kb.JobModels) func(ctx context.Context, search, choice, model string) (collect.Searcher, collect.Planner, error) {
	return func(ctx context.Context, search, choice, model string) (collect.Searcher, collect.Planner, error) {
		return a.researchTools(ctx, search, choice, func() (modelSetup, error) { return a.setupModelSpec(model, "the job's model") },
			func(ctx context.Context, _ string) (llm.Model, error) { return models(ctx, model) })
	}
}
