package main

import (
	"cmp"
	"context"

	"github.com/spf13/cobra"

	"github.com/veritykb/verity/collect"
	"github.com/veritykb/verity/kb"
	"github.com/veritykb/verity/llm"
	"github.com/veritykb/verity/render"
)

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
				search = cmp.Or(search, a.getenv("VERITY_SEARCH")) // the worker is told the provider, never a key
				modelSpec, err := a.modelSpecString()
				if err != nil {
					return err
				}
				return a.queued(svc.QueueResearch(ctx, caller, search, planner, modelSpec, ropt, fo))
			}
			s, pl, err := collect.Tools(search, planner, a.getenv, a.offline(a.setupModel), func() (llm.Model, error) { return a.runModel(ctx) })
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
	plan.Register(f)
	f.StringVar(&search, "search", "", "web-search provider: searxng:URL, brave, brave:URL (default $VERITY_SEARCH)")
	f.StringVar(&planner, "planner", "auto", "how next searches are chosen: auto (the model when one is configured), template, model")
	f.BoolVar(&queued, "queue", false, "queue the research as a job for a worker (verity worker) instead of running it here")
	ff.register(cmd)
	return cmd
}

// jobResearch builds a research job's search provider and planner with
// the job's model and this process's keys.
func (a *app) jobResearch(models kb.JobModels) func(ctx context.Context, search, choice, model string) (collect.Searcher, collect.Planner, error) {
	return func(ctx context.Context, search, choice, model string) (collect.Searcher, collect.Planner, error) {
		return collect.Tools(search, choice, a.getenv, a.offline(func() (modelSetup, error) { return a.setupModelSpec(model, "the job's model") }),
			func() (llm.Model, error) { return models(ctx, model) })
	}
}

// offline says whether the model a setup names is the offline engine.
func (a *app) offline(setup func() (modelSetup, error)) func() (bool, error) {
	return func() (bool, error) {
		st, err := setup()
		return st.Spec.Provider == llm.ProviderOffline, err
	}
}
