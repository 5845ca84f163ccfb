package kb

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/audit"
	"github.com/veritykb/verity/collect"
	"github.com/veritykb/verity/extract"
	"github.com/veritykb/verity/ingest"
	"github.com/veritykb/verity/llm"
)

// A JobHandler runs one kind of job: as c, the caller who queued it, with
// that caller's rights as they stand now, reporting progress after each
// unit of work, and returning the operation's report. A handler does its
// work through the service (or through what the worker gave it at wiring:
// a connector's client, a chat API), so it decides nothing about rights
// that the operation itself does not.
type JobHandler func(ctx context.Context, c verity.Caller, j *verity.Job, progress func(done, total int)) (any, error)

// JobHandlers are the handlers a worker runs jobs with, by kind. A worker
// takes the service's own ([Service.Handlers]) and adds any kind wired
// beside them, so that a new kind of job needs no change here.
type JobHandlers map[string]JobHandler

// JobModels builds the model a job names by its spec.
type JobModels func(ctx context.Context, spec string) (llm.Model, error)

// JobTools are what a worker gives the service's own jobs: models by spec,
// how to read a PDF a crawl fetches (nil: in the worker's own process), and
// the web search and query planner a research job names (built with the
// worker's keys, as models are).
type JobTools struct {
	Models   JobModels
	PDF      ingest.PDFReader
	Research func(ctx context.Context, search, planner, model string) (collect.Searcher, collect.Planner, error)
}

// Handlers returns the handlers of the jobs the service itself queues —
// extraction, audits, crawls and web research — run with tools.
func (s *Service) Handlers(tools JobTools) JobHandlers {
	return JobHandlers{
		verity.JobExtract:  s.extractJob(tools),
		verity.JobAudit:    s.auditJob(tools),
		verity.JobCrawl:    s.crawlJob(tools),
		verity.JobResearch: s.researchJob(tools),
	}
}

// RunJob runs job j with the handler registered for its kind, as the
// caller who queued it, recording its progress in the store and stopping
// it when it is cancelled; it returns the handler's report. It is what a
// worker calls. A kind with no handler is refused.
func (s *Service) RunJob(ctx context.Context, j *verity.Job, handlers JobHandlers) (any, error) {
	h := handlers[j.Kind]
	if h == nil {
		return nil, verity.Errorf(verity.EINVALID, "job %d: unknown kind %q", j.ID, j.Kind)
	}
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	progress := func(done, total int) {
		cancelled, err := s.store.SetJobProgress(ctx, j.ID, verity.JobProgress{Done: done, Total: total})
		if err == nil && cancelled {
			cancel(verity.ErrJobCancelled)
		}
	}
	res, err := h(ctx, jobCaller(j.Request), j, progress)
	if cause := context.Cause(ctx); cause == verity.ErrJobCancelled {
		return res, verity.ErrJobCancelled
	}
	return res, err
}

// jobModel builds the model job j names with tools.
func jobModel(ctx context.Context, j *verity.Job, tools JobTools) (llm.Model, error) {
	if tools.Models == nil {
		return nil, verity.Errorf(verity.EINVALID, "job %d: this worker has no models", j.ID)
	}
	return tools.Models(ctx, j.Request.Model)
}

// extractJob runs an extraction job: its pages of the run it belongs to.
func (s *Service) extractJob(tools JobTools) JobHandler {
	return func(ctx context.Context, c verity.Caller, j *verity.Job, progress func(done, total int)) (any, error) {
		var a extractArgs
		if err := json.Unmarshal(j.Request.Args, &a); err != nil || a.Spec == nil {
			return nil, verity.Errorf(verity.EINVALID, "job %d: extraction arguments: %v", j.ID, err)
		}
		if err := a.Spec.Check(); err != nil {
			return nil, fmt.Errorf("job %d: %w", j.ID, err)
		}
		m, err := jobModel(ctx, j, tools)
		if err != nil {
			return nil, err
		}
		progress(0, len(a.IDs))
		return s.extract(ctx, c, m, &extraction{spec: a.Spec, ids: a.IDs, language: extract.MessageLanguage(a.Language, a.Spec),
			pages: a.Pages, concurrency: a.Concurrency, progress: progress})
	}
}

// auditJob runs an audit job.
func (s *Service) auditJob(tools JobTools) JobHandler {
	return func(ctx context.Context, c verity.Caller, j *verity.Job, progress func(done, total int)) (any, error) {
		var a auditArgs
		if err := json.Unmarshal(j.Request.Args, &a); err != nil {
			return nil, verity.Errorf(verity.EINVALID, "job %d: audit arguments: %v", j.ID, err)
		}
		m, err := jobModel(ctx, j, tools)
		if err != nil {
			return nil, err
		}
		progress(0, 1)
		res, err := s.audit(ctx, c, m, a.Scope, audit.Options{Probes: a.Probes, AliveAt: a.AliveAt, DeadAt: a.DeadAt, Blind: a.Blind,
			EarlyStop: a.EarlyStop, Concurrency: a.Concurrency}, a.Apply)
		if err == nil {
			progress(1, 1)
		}
		return res, err
	}
}

// crawlJob runs a crawl job, its progress the pages fetched.
func (s *Service) crawlJob(tools JobTools) JobHandler {
	return func(ctx context.Context, c verity.Caller, j *verity.Job, progress func(done, total int)) (any, error) {
		var a crawlArgs
		if err := json.Unmarshal(j.Request.Args, &a); err != nil {
			return nil, verity.Errorf(verity.EINVALID, "job %d: crawl arguments: %v", j.ID, err)
		}
		fetched := 0
		progress(0, a.Budget)
		opt := collect.CrawlOptions{Budget: a.Budget, ACL: a.ACL, MaxDepth: a.MaxDepth, NoSitemap: a.NoSitemap, Restart: a.Restart, PDF: tools.PDF,
			OnPage: func(p collect.PageResult) {
				if p.Fetched {
					fetched++
					progress(fetched, a.Budget)
				}
			}}
		return s.Crawl(ctx, c, collect.NewFetcher(a.Fetch), a.Start, opt)
	}
}

// researchJob runs a research job, its progress the searches and reads
// spent of its budget.
func (s *Service) researchJob(tools JobTools) JobHandler {
	return func(ctx context.Context, c verity.Caller, j *verity.Job, progress func(done, total int)) (any, error) {
		var a researchArgs
		if err := json.Unmarshal(j.Request.Args, &a); err != nil {
			return nil, verity.Errorf(verity.EINVALID, "job %d: research arguments: %v", j.ID, err)
		}
		if tools.Research == nil {
			return nil, verity.Errorf(verity.EINVALID, "job %d: this worker cannot search the web", j.ID)
		}
		search, planner, err := tools.Research(ctx, a.Search, a.Planner, j.Request.Model)
		if err != nil {
			return nil, err
		}
		spent, budget := 0, a.Searches+a.Reads
		progress(0, budget)
		opt := a.options()
		opt.Planner, opt.PDF = planner, tools.PDF
		opt.OnCall = func(call collect.Call) {
			if call.Spent {
				spent++
				progress(spent, budget)
			}
		}
		return s.Research(ctx, c, search, collect.NewFetcher(a.Fetch), opt)
	}
}
