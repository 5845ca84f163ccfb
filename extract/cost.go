package extract

import (
	"context"
	"slices"
	"sync"

	"github.com/veritykb/verity/llm"
)

// Cost counts what each step of a run did: candidates checked, model calls,
// cache hits and tokens. The seed's method is many calls per page; this is
// where a run says how many.
type Cost struct {
	mu    sync.Mutex
	steps map[string]*StepCost
}

// StepCost is one step's counters.
type StepCost struct {
	Items        int64 `json:"items"`      // candidates (or pages) the step handled
	Calls        int64 `json:"calls"`      // model calls answered by the provider
	CacheHits    int64 `json:"cache_hits"` // model calls answered by the cache
	Errors       int64 `json:"errors"`
	InputTokens  int64 `json:"input_tokens"`
	OutputTokens int64 `json:"output_tokens"`
}

// CostReport is a copy of a Cost, by step, with totals.
type CostReport struct {
	Steps map[string]StepCost `json:"steps"`
	Total StepCost            `json:"total"`
}

func newCost() *Cost { return &Cost{steps: map[string]*StepCost{}} }

func (c *Cost) at(step string) *StepCost {
	s := c.steps[step]
	if s == nil {
		s = &StepCost{}
		c.steps[step] = s
	}
	return s
}

// item counts one candidate or page handled by a step.
func (c *Cost) item(step string) {
	c.mu.Lock()
	c.at(step).Items++
	c.mu.Unlock()
}

func (c *Cost) call(step string, resp *llm.Response, err error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	s := c.at(step)
	switch {
	case err != nil || resp == nil:
		s.Errors++
	case resp.Cached:
		s.CacheHits++
	default:
		s.Calls++
		s.InputTokens += int64(resp.Usage.InputTokens)
		s.OutputTokens += int64(resp.Usage.OutputTokens)
	}
}

func (c *Cost) report() CostReport {
	c.mu.Lock()
	defer c.mu.Unlock()
	r := CostReport{Steps: map[string]StepCost{}}
	for k, s := range c.steps {
		r.Steps[k] = *s
		r.Total.Items += s.Items
		r.Total.Calls += s.Calls
		r.Total.CacheHits += s.CacheHits
		r.Total.Errors += s.Errors
		r.Total.InputTokens += s.InputTokens
		r.Total.OutputTokens += s.OutputTokens
	}
	return r
}

// Add adds o's counters to r.
func (r *CostReport) Add(o CostReport) {
	if r.Steps == nil {
		r.Steps = map[string]StepCost{}
	}
	for k, s := range o.Steps {
		t := r.Steps[k]
		t.Items += s.Items
		t.Calls += s.Calls
		t.CacheHits += s.CacheHits
		t.Errors += s.Errors
		t.InputTokens += s.InputTokens
		t.OutputTokens += s.OutputTokens
		r.Steps[k] = t
	}
	r.Total.Items += o.Total.Items
	r.Total.Calls += o.Total.Calls
	r.Total.CacheHits += o.Total.CacheHits
	r.Total.Errors += o.Total.Errors
	r.Total.InputTokens += o.Total.InputTokens
	r.Total.OutputTokens += o.Total.OutputTokens
}

// StepNames returns the steps counted, in pipeline order.
func (r CostReport) StepNames() []string {
	order := []string{StepCandidates, StepQuote, StepShape, StepReferent, StepPanel}
	var out []string
	for _, s := range order {
		if _, ok := r.Steps[s]; ok {
			out = append(out, s)
		}
	}
	for s := range r.Steps {
		if !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	return out
}

// counted is the extractor's model: every call is counted under the step
// its task belongs to.
type counted struct {
	next llm.Model
	cost *Cost
}

func (m counted) Info() llm.Info { return m.next.Info() }

func (m counted) Complete(ctx context.Context, req *llm.Request) (*llm.Response, error) {
	resp, err := m.next.Complete(ctx, req)
	m.cost.call(taskStep(req.Task), resp, err)
	return resp, err
}

func taskStep(task string) string {
	switch task {
	case TaskCandidates:
		return StepCandidates
	case TaskReferent:
		return StepReferent
	case TaskJudge:
		return StepPanel
	}
	return task
}
