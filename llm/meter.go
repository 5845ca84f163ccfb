package llm

import (
	"context"
	"fmt"
	"maps"
	"strings"
	"sync"
)

// Price is what a model charges, in US dollars per million tokens.
type Price struct {
	Input  float64 `json:"input" yaml:"input"`
	Output float64 `json:"output" yaml:"output"`
}

// Prices maps a model to its price. Keys are tried in order: the full name
// "provider:model", the bare model name, then "provider:*" for a whole
// provider (local servers cost nothing).
type Prices map[string]Price

// DefaultPrices returns list prices as published when this table was written
// (standard tier, no batch or prompt-cache discounts). Prices change:
// cmd/verity lets the configuration override or extend them, and a model not
// in the table is counted as unpriced rather than free.
func DefaultPrices() Prices {
	return Prices{
		"openai:gpt-4o-mini":            {Input: 0.15, Output: 0.60},
		"openai:gpt-4o":                 {Input: 2.50, Output: 10.00},
		"openai:gpt-4.1-mini":           {Input: 0.40, Output: 1.60},
		"openai:gpt-4.1":                {Input: 2.00, Output: 8.00},
		"anthropic:claude-haiku-4-5":    {Input: 1.00, Output: 5.00},
		"anthropic:claude-sonnet-4-5":   {Input: 3.00, Output: 15.00},
		"anthropic:claude-opus-4-1":     {Input: 15.00, Output: 75.00},
		ProviderOllama + ":*":           {},
		ProviderOpenAICompatible + ":*": {},
		ProviderOffline + ":*":          {},
	}
}

// lookup returns the price of info's model and whether there is one.
func (p Prices) lookup(info Info) (Price, bool) {
	for _, k := range []string{info.Provider + ":" + info.Model, info.Model, info.Provider + ":*"} {
		if price, ok := p[k]; ok {
			return price, true
		}
	}
	return Price{}, false
}

// Totals are the counters of a Meter, for the whole run or one model.
type Totals struct {
	Requests     int64 `json:"requests"`   // calls asked of the model stack
	Calls        int64 `json:"calls"`      // of those, answered by the provider
	CacheHits    int64 `json:"cache_hits"` // of those, answered by the cache
	Errors       int64 `json:"errors"`     // requests that failed
	Retries      int64 `json:"retries"`    // extra attempts made by the Retrier
	InputTokens  int64 `json:"input_tokens"`
	OutputTokens int64 `json:"output_tokens"`
	// SavedInputTokens and SavedOutputTokens are the tokens of cached
	// answers: what the cache hits would have cost.
	SavedInputTokens  int64 `json:"saved_input_tokens"`
	SavedOutputTokens int64 `json:"saved_output_tokens"`
	// Cost is in US dollars, over the calls of priced models only.
	Cost float64 `json:"cost_usd"`
	// Unpriced counts calls of models missing from the price table, so that
	// a cost of 0 is never mistaken for "free" when it means "unknown".
	Unpriced int64 `json:"unpriced_calls"`
}

func (t *Totals) add(o Totals) {
	t.Requests += o.Requests
	t.Calls += o.Calls
	t.CacheHits += o.CacheHits
	t.Errors += o.Errors
	t.Retries += o.Retries
	t.InputTokens += o.InputTokens
	t.OutputTokens += o.OutputTokens
	t.SavedInputTokens += o.SavedInputTokens
	t.SavedOutputTokens += o.SavedOutputTokens
	t.Cost += o.Cost
	t.Unpriced += o.Unpriced
}

// String renders the totals on one line for logs and CLI summaries.
func (t Totals) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d requests: %d calls, %d cache hits, %d errors, %d retries; tokens in %d out %d",
		t.Requests, t.Calls, t.CacheHits, t.Errors, t.Retries, t.InputTokens, t.OutputTokens)
	fmt.Fprintf(&b, "; cost $%.4f", t.Cost)
	if t.Unpriced > 0 {
		fmt.Fprintf(&b, " (+%d unpriced calls)", t.Unpriced)
	}
	return b.String()
}

// MeterSnapshot is a copy of a Meter's counters.
type MeterSnapshot struct {
	Total   Totals            `json:"total"`
	ByModel map[string]Totals `json:"by_model"` // keyed by Info.Name()
}

// Meter counts calls, cache hits, tokens and cost for one run. It is safe
// for concurrent use; one Meter is shared by every model of a run.
type Meter struct {
	prices Prices

	mu      sync.Mutex
	byModel map[string]*Totals
}

// NewMeter returns a Meter that prices calls by prices (nil: all unpriced).
func NewMeter(prices Prices) *Meter {
	return &Meter{prices: prices, byModel: map[string]*Totals{}}
}

// Record counts one request's outcome.
func (m *Meter) Record(info Info, resp *Response, err error) {
	var t Totals
	t.Requests = 1
	switch {
	case err != nil || resp == nil:
		t.Errors = 1
	case resp.Cached:
		t.CacheHits = 1
		t.SavedInputTokens = int64(resp.Usage.InputTokens)
		t.SavedOutputTokens = int64(resp.Usage.OutputTokens)
	default:
		t.Calls = 1
		t.InputTokens = int64(resp.Usage.InputTokens)
		t.OutputTokens = int64(resp.Usage.OutputTokens)
		if price, ok := m.prices.lookup(info); ok {
			t.Cost = (float64(t.InputTokens)*price.Input + float64(t.OutputTokens)*price.Output) / 1e6
		} else {
			t.Unpriced = 1
		}
	}
	m.add(info, t)
}

func (m *Meter) retried(info Info) { m.add(info, Totals{Retries: 1}) }

func (m *Meter) add(info Info, t Totals) {
	m.mu.Lock()
	defer m.mu.Unlock()
	k := info.Name()
	cur := m.byModel[k]
	if cur == nil {
		cur = &Totals{}
		m.byModel[k] = cur
	}
	cur.add(t)
}

// Snapshot returns a copy of the counters.
func (m *Meter) Snapshot() MeterSnapshot {
	m.mu.Lock()
	defer m.mu.Unlock()
	s := MeterSnapshot{ByModel: make(map[string]Totals, len(m.byModel))}
	for k, t := range m.byModel {
		s.ByModel[k] = *t
		s.Total.add(*t)
	}
	return s
}

// Prices returns a copy of the meter's price table.
func (m *Meter) Prices() Prices { return maps.Clone(m.prices) }

// Metered is a model whose requests are counted by a Meter. Put it
// outermost, around the cache, so that it sees hits as well as calls.
type Metered struct {
	next  Model
	meter *Meter
}

var _ Model = (*Metered)(nil)

// WithMeter wraps m so that meter counts its requests.
func WithMeter(m Model, meter *Meter) *Metered { return &Metered{next: m, meter: meter} }

// Info returns the wrapped model's Info.
func (m *Metered) Info() Info { return m.next.Info() }

// Complete calls the wrapped model and counts the outcome.
func (m *Metered) Complete(ctx context.Context, req *Request) (*Response, error) {
	resp, err := m.next.Complete(ctx, req)
	m.meter.Record(m.next.Info(), resp, err)
	return resp, err
}
