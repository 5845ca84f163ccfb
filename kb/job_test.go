package kb_test

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"sync"
	"testing"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/collect"
	"github.com/veritykb/verity/extract"
	"github.com/veritykb/verity/kb"
	"github.com/veritykb/verity/kb/kbtest"
	"github.com/veritykb/verity/llm"
	"github.com/veritykb/verity/offline"
)

// countingModel counts the calls that reach a provider (below the cache),
// and after stopAfter of them cancels the run it was given: a worker that
// dies in the middle of a job.
type countingModel struct {
	llm.Model
	mu        sync.Mutex
	calls     int
	stopAfter int
	stop      context.CancelFunc
}

func (m *countingModel) Complete(ctx context.Context, req *llm.Request) (*llm.Response, error) {
	m.mu.Lock()
	if m.stop != nil && m.calls >= m.stopAfter {
		m.stop()
		m.mu.Unlock()
		return nil, context.Canceled
	}
	m.mu.Unlock()
	resp, err := m.Model.Complete(ctx, req)
	if err == nil {
		m.mu.Lock()
		m.calls++
		m.mu.Unlock()
	}
	return resp, err
}

// jobStore is a store seeded with pages that name customers of Bitrix24,
// and one extraction job queued over them.
func jobStore(t *testing.T) (*kb.Service, verity.Caller, *verity.Job, llm.Cache) {
	t.Helper()
	svc, db, err := kbtest.Open(filepath.Join(t.TempDir(), "jobs.db"), t0, kb.Fixed(engine, judge))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	var corpus []*verity.Source
	for i := range 6 {
		c := fmt.Sprintf("ООО «Клиент %d»", i)
		corpus = append(corpus, &verity.Source{ID: fmt.Sprintf("case-%d", i), URI: fmt.Sprintf("https://bitrix-stories.example/case-%d", i),
			System: verity.SystemWeb, Title: "Кейс: " + c, ACL: []verity.Principal{verity.Public},
			Text: "Кейс: " + c + " перешла на Битрикс24. " + c + " автоматизировала продажи в Битрикс24 в 2025 году."})
	}
	if err := kbtest.Seed(context.Background(), svc, nil, corpus, t0); err != nil {
		t.Fatal(err)
	}
	spec, err := extract.BuiltinSpec("bitrix24-ru")
	if err != nil {
		t.Fatal(err)
	}
	q, err := svc.QueueExtract(context.Background(), local, kb.ExtractRequest{Parsed: spec, Pages: 1, JobPages: 10})
	if err != nil || len(q.Jobs) != 1 {
		t.Fatalf("QueueExtract = %+v, %v", q, err)
	}
	return svc, local, q.Jobs[0], db.Cache()
}

// TestJobResumesWithoutRepeatedCalls runs an extraction job whose worker
// dies after some model calls, then runs it again: the second attempt
// skips the pages the first finished and answers the calls the first made
// from the store's cache, so the provider sees each call once — exactly as
// many as one uninterrupted run makes — and the graph is the same.
func TestJobResumesWithoutRepeatedCalls(t *testing.T) {
	ctx := context.Background()
	stack := func(m *countingModel, cache llm.Cache) kb.JobModels {
		s := llm.Stack(m, llm.StackConfig{Cache: cache, NoRetry: true})
		return func(context.Context, string) (llm.Model, error) { return s, nil }
	}

	// One run, start to end.
	svc, _, job, cache := jobStore(t)
	whole := &countingModel{Model: offline.New(offline.Options{})}
	if _, err := svc.RunJob(ctx, job, svc.Handlers(kb.JobTools{Models: stack(whole, cache)})); err != nil {
		t.Fatal(err)
	}
	want := graphLines(t, svc)
	if whole.calls < 6 || len(want) != 6 {
		t.Fatalf("one run made %d calls and %d edges; the corpus should need more", whole.calls, len(want))
	}

	// A run killed after a third of its calls, then the next attempt.
	svc, _, job, cache = jobStore(t)
	runCtx, kill := context.WithCancel(ctx)
	first := &countingModel{Model: offline.New(offline.Options{}), stopAfter: whole.calls / 3, stop: kill}
	if _, err := svc.RunJob(runCtx, job, svc.Handlers(kb.JobTools{Models: stack(first, cache)})); err == nil || !errors.Is(err, context.Canceled) && !errors.Is(runCtx.Err(), context.Canceled) {
		t.Fatalf("the killed attempt = %v, want it cut short", err)
	}
	second := &countingModel{Model: offline.New(offline.Options{})}
	res, err := svc.RunJob(ctx, job, svc.Handlers(kb.JobTools{Models: stack(second, cache)}))
	if err != nil {
		t.Fatal(err)
	}
	rep := res.(*kb.ExtractReport)
	if first.calls+second.calls != whole.calls || rep.Pages.Resumed == 0 {
		t.Errorf("calls: %d before the kill and %d after, want %d in all as one run makes; pages resumed %d, want some",
			first.calls, second.calls, whole.calls, rep.Pages.Resumed)
	}
	if got := graphLines(t, svc); !slices.Equal(got, want) {
		t.Errorf("graph after the retry = %v, want %v", got, want)
	}
}

// graphLines is the graph as comparable lines.
func graphLines(t *testing.T, svc *kb.Service) []string {
	t.Helper()
	edges, err := svc.Graph(context.Background(), local, kb.GraphFilter{})
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range edges.Edges {
		line := e.ID + " " + e.Subject + " " + e.Object
		for _, ev := range e.Evidence {
			line += " | " + ev.SourceID + " " + ev.Quote.Text
		}
		out = append(out, line)
	}
	slices.Sort(out)
	return out
}

// TestCrawlJob queues a crawl and runs it as a worker would: the site's
// pages are stored as the caller's, the job's report is the crawl's, and
// its progress counts the pages fetched.
func TestCrawlJob(t *testing.T) {
	ctx := context.Background()
	svc, db, err := kbtest.Open(filepath.Join(t.TempDir(), "crawl.db"), t0, kb.Fixed(engine, judge))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	site := testSite(t)
	q, err := svc.QueueCrawl(ctx, local, site.URL+"/", collect.CrawlOptions{Budget: 2, NoSitemap: true}, collect.FetchOptions{Delay: -1})
	if err != nil || len(q.Jobs) != 1 || q.Jobs[0].Kind != verity.JobCrawl {
		t.Fatalf("QueueCrawl = %+v, %v", q, err)
	}
	res, err := svc.RunJob(ctx, q.Jobs[0], svc.Handlers(kb.JobTools{}))
	if err != nil {
		t.Fatal(err)
	}
	if rep := res.(*kb.CrawlReport); rep.Fetched != 1 {
		t.Errorf("the crawl job fetched %d pages, want 1: %+v", rep.Fetched, rep)
	}
	srcs, err := svc.Sources(ctx, local, kb.SourceQuery{})
	if err != nil || len(srcs.Sources) != 1 {
		t.Errorf("sources after the crawl job = %+v, %v; want the site's page", srcs, err)
	}
	j, err := svc.Job(ctx, local, q.Jobs[0].ID)
	if err != nil || j.Progress.Done != 1 {
		t.Errorf("job after the run = %+v, %v; want one page fetched", j, err)
	}
}

// TestResearchJob queues web research and runs it as a worker would, with
// the search provider and planner the worker builds from the job's names:
// the run is journaled under the job's run id, as the caller.
func TestResearchJob(t *testing.T) {
	ctx := context.Background()
	svc, db, err := kbtest.Open(filepath.Join(t.TempDir(), "research.db"), t0, kb.Fixed(engine, judge))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	q, err := svc.QueueResearch(ctx, local, "searxng:http://search.example", "template", "offline",
		collect.ResearchOptions{Product: "Битрикс24", Searches: 2, Reads: 1, Run: "research-job"}, collect.FetchOptions{Delay: -1})
	if err != nil || len(q.Jobs) != 1 || q.Jobs[0].Kind != verity.JobResearch {
		t.Fatalf("QueueResearch = %+v, %v", q, err)
	}
	var asked []string
	tools := kb.JobTools{Research: func(ctx context.Context, search, planner, model string) (collect.Searcher, collect.Planner, error) {
		asked = append(asked, search, planner, model)
		return noHits{}, collect.TemplatePlanner{}, nil
	}}
	res, err := svc.RunJob(ctx, q.Jobs[0], svc.Handlers(tools))
	if err != nil {
		t.Fatal(err)
	}
	if rep := res.(*kb.ResearchReport); rep.Run != "research-job" || rep.Used.Searches != 2 {
		t.Errorf("the research job's report = %+v, want run research-job with its 2 searches made", rep.ResearchReport)
	}
	if !slices.Equal(asked, []string{"searxng:http://search.example", "template", "offline"}) {
		t.Errorf("the worker was asked for %v", asked)
	}
}

// TestRunJobDispatchesByKind runs a kind of job registered at wiring beside
// the service's own, as the caller who queued it, with its token; a kind
// no handler is registered for is refused.
func TestRunJobDispatchesByKind(t *testing.T) {
	ctx := context.Background()
	svc, db, err := kbtest.Open(filepath.Join(t.TempDir(), "kinds.db"), t0, kb.Models{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	handlers := svc.Handlers(kb.JobTools{})
	for _, kind := range []string{verity.JobExtract, verity.JobAudit, verity.JobCrawl, verity.JobResearch} {
		if handlers[kind] == nil {
			t.Errorf("Handlers has no handler for the service's own kind %q", kind)
		}
	}
	var ran verity.Caller
	handlers["sync"] = func(ctx context.Context, c verity.Caller, j *verity.Job, progress func(done, total int)) (any, error) {
		ran = c
		return "synced " + string(j.Request.Args), nil
	}
	j := &verity.Job{ID: 1, Kind: "sync", Request: verity.JobRequest{Kind: "sync", Caller: []verity.Principal{"user:ann@corp.example", "group:staff"},
		Token: "tok1", Args: []byte(`"wiki"`)}}
	res, err := svc.RunJob(ctx, j, handlers)
	if err != nil || res != `synced "wiki"` {
		t.Fatalf("RunJob(sync) = %v, %v; want the registered handler's report", res, err)
	}
	if ran.Actor() != "user:ann@corp.example" || ran.Token() != "tok1" || !slices.Contains(ran.Principals(), "group:staff") {
		t.Errorf("the handler ran as %v (token %q), want the caller who queued the job", ran.Principals(), ran.Token())
	}
	j.Kind = "chat-reply"
	if _, err := svc.RunJob(ctx, j, handlers); verity.ErrorCode(err) != verity.EINVALID {
		t.Errorf("RunJob(a kind with no handler) = %v, want invalid", err)
	}
}
