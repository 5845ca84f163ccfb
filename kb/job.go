package kb

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"time"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/collect"
	"github.com/veritykb/verity/extract"
)

// Long operations — extraction, audits, crawls, web research — can be
// queued instead of run in the caller's process: the service checks the caller's rights, stores
// jobs that remember who asked (every principal, the token), and a worker
// (verity worker, or verity serve --workers) runs each as that caller,
// with the rights the caller has when it runs. Only a job's owner — the
// caller's actor, a user or else a group — and admins see a job; to
// anyone else an existing job and a missing one look the same.

// Queued is what queuing a request did: its jobs, in the order they run.
type Queued struct {
	Batch string        `json:"batch"`
	Jobs  []*verity.Job `json:"jobs"`
	// Pages is how many pages the jobs read in all (extraction).
	Pages int      `json:"pages,omitempty"`
	Notes []string `json:"notes,omitempty"`
}

// extractArgs are an extraction job's inputs.
type extractArgs struct {
	Spec        *extract.Spec `json:"spec"`
	IDs         []string      `json:"ids"`
	Language    string        `json:"language,omitempty"`
	Pages       int           `json:"pages,omitempty"`
	Concurrency int           `json:"concurrency,omitempty"`
}

// auditArgs are an audit job's inputs: the request's scope and the levers
// of its options a person sets (the others are the service's own).
type auditArgs struct {
	Scope       verity.AuditScope `json:"scope"`
	Apply       bool              `json:"apply,omitempty"`
	Probes      int               `json:"probes,omitempty"`
	AliveAt     int               `json:"alive_at,omitempty"`
	DeadAt      int               `json:"dead_at,omitempty"`
	Blind       bool              `json:"blind,omitempty"`
	EarlyStop   bool              `json:"early_stop,omitempty"`
	Concurrency int               `json:"concurrency,omitempty"`
}

// DefaultJobPages is how many pages one extraction job reads when the
// caller does not say: small enough that a worker killed mid-job repeats
// little, large enough that the queue's bookkeeping costs nothing.
const DefaultJobPages = 20

// QueueExtract queues an extraction on c's behalf instead of running it:
// the pages Extract would read (checked now with c's rights), split into
// jobs of req.JobPages pages, queued with the run they belong to in one
// transaction. The service's model names the run as Extract would (it is
// not called); its spec is what a worker builds its model from.
func (s *Service) QueueExtract(ctx context.Context, c verity.Caller, req ExtractRequest) (*Queued, error) {
	r, err := s.require(ctx, c, verity.RoleCurator, "extracting")
	if err != nil {
		return nil, err
	}
	if err := canOwnJobs(c); err != nil {
		return nil, err
	}
	perJob := req.JobPages
	if perJob < 0 || perJob > 10000 {
		return nil, verity.Errorf(verity.EINVALID, "job pages must be between 1 and 10000, got %d", perJob)
	}
	if perJob == 0 {
		perJob = DefaultJobPages
	}
	xr, err := req.resolve()
	if err != nil {
		return nil, err
	}
	m, err := s.model(ctx)
	if err != nil {
		return nil, err
	}
	ids, notes, err := s.extractPages(ctx, c, r, xr)
	if err != nil {
		return nil, err
	}
	x := extract.New(m, xr.spec, extract.Options{Now: s.now, Language: xr.language})
	run := verity.ExtractionRun{ID: extract.RunID(xr.spec, m.Info().Name(), xr.language), Spec: xr.spec.Name,
		SpecHash: xr.spec.Hash(), Model: m.Info().Name(), Prompts: extract.PromptVersions(), StartedAt: s.now().UTC(), Language: x.Language()}
	out := &Queued{Batch: batchName(run.ID, s.now()), Jobs: []*verity.Job{}, Pages: len(ids), Notes: notes}
	var reqs []verity.JobRequest
	for lo := 0; lo < len(ids); lo += perJob {
		part := ids[lo:min(lo+perJob, len(ids))]
		args, err := json.Marshal(extractArgs{Spec: xr.spec, IDs: part, Language: xr.language, Pages: xr.pages, Concurrency: xr.concurrency})
		if err != nil {
			return nil, err
		}
		reqs = append(reqs, jobRequest(c, verity.JobExtract, s.models.Spec, args, out.Batch, len(part)))
	}
	if len(reqs) == 0 {
		return out, nil
	}
	return s.enqueue(ctx, out, reqs, &run)
}

// QueueAudit queues an audit on c's behalf instead of running it, with
// the rights Audit checks, checked now and again when it runs.
func (s *Service) QueueAudit(ctx context.Context, c verity.Caller, req AuditRequest) (*Queued, error) {
	if req.Apply {
		if _, err := s.require(ctx, c, verity.RoleCurator, "applying an audit's verdicts (--apply)"); err != nil {
			return nil, err
		}
	}
	if err := canOwnJobs(c); err != nil {
		return nil, err
	}
	o := req.options()
	args, err := json.Marshal(auditArgs{Scope: req.scope(), Apply: req.Apply, Probes: o.Probes, AliveAt: o.AliveAt, DeadAt: o.DeadAt,
		Blind: o.Blind, EarlyStop: o.EarlyStop, Concurrency: o.Concurrency})
	if err != nil {
		return nil, err
	}
	out := &Queued{Batch: batchName("audit", s.now()), Jobs: []*verity.Job{}}
	return s.enqueue(ctx, out, []verity.JobRequest{jobRequest(c, verity.JobAudit, s.models.Spec, args, out.Batch, 0)}, nil)
}

// crawlArgs are a crawl job's inputs: the crawl and the politeness the
// caller asked for (the user agent names whom site owners may reach).
type crawlArgs struct {
	Start     string               `json:"start"`
	Budget    int                  `json:"budget"`
	ACL       []verity.Principal   `json:"acl,omitempty"`
	MaxDepth  int                  `json:"max_depth,omitempty"`
	NoSitemap bool                 `json:"no_sitemap,omitempty"`
	Restart   bool                 `json:"restart,omitempty"`
	Fetch     collect.FetchOptions `json:"fetch"`
}

// QueueCrawl queues a crawl of start's site on c's behalf instead of
// running it, with the curator role Crawl needs (checked now and when it
// runs). fetch's user agent, delay, timeout and size limit travel with the
// job; a worker fetches with them.
func (s *Service) QueueCrawl(ctx context.Context, c verity.Caller, start string, opt collect.CrawlOptions, fetch collect.FetchOptions) (*Queued, error) {
	if _, err := s.require(ctx, c, verity.RoleCurator, "crawling"); err != nil {
		return nil, err
	}
	if err := canOwnJobs(c); err != nil {
		return nil, err
	}
	if _, err := collect.CanonicalURL(start); err != nil {
		return nil, err
	}
	fetch.Client, fetch.Clock = nil, nil
	args, err := json.Marshal(crawlArgs{Start: start, Budget: opt.Budget, ACL: opt.ACL, MaxDepth: opt.MaxDepth, NoSitemap: opt.NoSitemap,
		Restart: opt.Restart, Fetch: fetch})
	if err != nil {
		return nil, err
	}
	out := &Queued{Batch: batchName("crawl", s.now()), Jobs: []*verity.Job{}}
	return s.enqueue(ctx, out, []verity.JobRequest{jobRequest(c, verity.JobCrawl, "", args, out.Batch, opt.Budget)}, nil)
}

// researchArgs are a research job's inputs: the search provider and query
// planner by name (the worker builds them), the run's options without the
// parts a worker supplies, and the politeness of its fetches.
type researchArgs struct {
	Search    string                 `json:"search"`
	Planner   string                 `json:"planner"`
	Product   string                 `json:"product,omitempty"`
	Aliases   []string               `json:"aliases,omitempty"`
	Queries   []collect.PlannedQuery `json:"queries,omitempty"`
	Ban       []string               `json:"ban,omitempty"`
	Vendor    []string               `json:"vendor,omitempty"`
	Searches  int                    `json:"searches"`
	Reads     int                    `json:"reads"`
	PerSearch int                    `json:"per_search,omitempty"`
	PerHost   int                    `json:"per_host,omitempty"`
	ACL       []verity.Principal     `json:"acl,omitempty"`
	Run       string                 `json:"run"`
	Fetch     collect.FetchOptions   `json:"fetch"`
}

// options are the research run's options, the worker's parts left out.
func (a researchArgs) options() collect.ResearchOptions {
	return collect.ResearchOptions{Product: a.Product, Aliases: a.Aliases, Queries: a.Queries, Ban: a.Ban, Vendor: a.Vendor,
		Searches: a.Searches, Reads: a.Reads, PerSearch: a.PerSearch, PerHost: a.PerHost, ACL: a.ACL, Run: a.Run}
}

// QueueResearch queues a research run on c's behalf instead of running it,
// with the curator role Research needs (checked now and when it runs).
// search and planner name the web search provider and the query planner
// as the command's --search and --planner do; modelSpec is the planner's
// model.
func (s *Service) QueueResearch(ctx context.Context, c verity.Caller, search, planner, modelSpec string, opt collect.ResearchOptions, fetch collect.FetchOptions) (*Queued, error) {
	if _, err := s.require(ctx, c, verity.RoleCurator, "researching"); err != nil {
		return nil, err
	}
	if err := canOwnJobs(c); err != nil {
		return nil, err
	}
	if opt.Run == "" {
		opt.Run = "research-" + s.now().UTC().Format("20060102T150405.000Z")
	}
	fetch.Client, fetch.Clock = nil, nil
	args, err := json.Marshal(researchArgs{Search: search, Planner: planner, Product: opt.Product, Aliases: opt.Aliases,
		Queries: opt.Queries, Ban: opt.Ban, Vendor: opt.Vendor, Searches: opt.Searches, Reads: opt.Reads, PerSearch: opt.PerSearch,
		PerHost: opt.PerHost, ACL: opt.ACL, Run: opt.Run, Fetch: fetch})
	if err != nil {
		return nil, err
	}
	out := &Queued{Batch: batchName(opt.Run, s.now()), Jobs: []*verity.Job{}}
	return s.enqueue(ctx, out, []verity.JobRequest{jobRequest(c, verity.JobResearch, modelSpec, args, out.Batch, opt.Searches+opt.Reads)}, nil)
}

func (s *Service) enqueue(ctx context.Context, out *Queued, reqs []verity.JobRequest, run *verity.ExtractionRun) (*Queued, error) {
	js := s.store
	ids, err := js.EnqueueJobs(ctx, reqs, run)
	if err != nil {
		return nil, err
	}
	for _, id := range ids {
		j, err := js.Job(ctx, id)
		if err != nil {
			return nil, err
		}
		out.Jobs = append(out.Jobs, j)
	}
	return out, nil
}

// canOwnJobs refuses a caller who would own a job everyone can see: one
// acting as no user and no group (the public, an anonymous request).
func canOwnJobs(c verity.Caller) error {
	if c.Actor() == verity.Public {
		return verity.Errorf(verity.EFORBIDDEN, "a queued job needs an owner: act as a user or a group (--as, or an API token)")
	}
	return nil
}

// batchName names the jobs of one request.
func batchName(what string, at time.Time) string {
	return strings.TrimPrefix(what, "run:") + "-" + at.UTC().Format("20060102T150405.000")
}

// jobRequest is a job acting as c.
func jobRequest(c verity.Caller, kind, modelSpec string, args json.RawMessage, batch string, total int) verity.JobRequest {
	ps := c.Principals()
	if c.Local() {
		ps = []verity.Principal{c.Actor()}
	} else {
		// The actor first: it owns the job.
		ps = append([]verity.Principal{c.Actor()}, slices.DeleteFunc(ps, func(p verity.Principal) bool { return p == c.Actor() })...)
	}
	return verity.JobRequest{Kind: kind, Caller: ps, Token: c.Token(), Local: c.Local(), Model: modelSpec, Args: args, Batch: batch, Total: total}
}

// jobCaller is the caller a job acts as.
func jobCaller(r verity.JobRequest) verity.Caller {
	if r.Local {
		return verity.LocalOperator(strings.TrimPrefix(string(r.Caller[0]), "local:"))
	}
	return verity.NewCaller(r.Caller...).WithToken(r.Token)
}

// JobQuery narrows a listing of jobs: the flags of verity jobs and the
// MaxJobs bounds how many jobs one listing returns.
const MaxJobs = 1000

// query of GET /api/v1/jobs.
type JobQuery struct {
	States []string // queued, running, retrying, done, failed, cancelled; none: any
	Batch  string
	Limit  int // 1-MaxJobs; 0: no limit
}

// filter checks q and returns it as the store's filter.
func (q JobQuery) filter() (verity.JobFilter, error) {
	f := verity.JobFilter{Batch: q.Batch}
	for _, st := range q.States {
		st := verity.JobState(strings.ToLower(st))
		switch st {
		case verity.JobQueued, verity.JobRunning, verity.JobRetrying, verity.JobDone, verity.JobFailed, verity.JobCancelled:
		default:
			return f, verity.Errorf(verity.EINVALID, "state %q: want queued, running, retrying, done, failed or cancelled", st)
		}
		f.States = append(f.States, st)
	}
	if q.Limit < 0 || q.Limit > MaxJobs {
		return f, verity.Errorf(verity.EINVALID, "limit %d: want 1 to %d", q.Limit, MaxJobs)
	}
	f.Limit = q.Limit
	return f, nil
}

// Jobs lists the jobs c may see, newest first: its own, or every job for
// an admin.
func (s *Service) Jobs(ctx context.Context, c verity.Caller, q JobQuery) ([]*verity.Job, error) {
	f, err := q.filter()
	if err != nil {
		return nil, err
	}
	r, err := s.Rights(ctx, c)
	if err != nil {
		return nil, err
	}
	js := s.store
	owner := c.Actor()
	if r.Admin {
		owner = ""
	} else if owner == verity.Public {
		return []*verity.Job{}, nil
	}
	out, err := js.Jobs(ctx, owner, f)
	if out == nil {
		out = []*verity.Job{}
	}
	return out, err
}

// Job returns job id when c may see it: its owner or an admin. Any other
// caller is told there is no such job, as for an id that does not exist.
func (s *Service) Job(ctx context.Context, c verity.Caller, id int64) (*verity.Job, error) {
	r, err := s.Rights(ctx, c)
	if err != nil {
		return nil, err
	}
	js := s.store
	j, err := js.Job(ctx, id)
	if err != nil {
		return nil, noJob(id, err)
	}
	if !r.Admin && (j.Owner != c.Actor() || j.Owner == verity.Public) {
		return nil, noJob(id, nil)
	}
	return j, nil
}

func noJob(id int64, err error) error {
	if err != nil && !notFound(err) {
		return err
	}
	return verity.Errorf(verity.ENOTFOUND, "no job %d", id)
}

// CancelJob cancels job id for its owner or an admin: a queued job never
// runs; a running one stops at its next page and keeps what it committed.
func (s *Service) CancelJob(ctx context.Context, c verity.Caller, id int64) (*verity.Job, error) {
	if _, err := s.Job(ctx, c, id); err != nil {
		return nil, err
	}
	js := s.store
	return js.CancelJob(ctx, id)
}
