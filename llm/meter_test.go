package llm_test

import (
	"errors"
	"math"
	"sync"
	"testing"

	"github.com/veritykb/verity/llm"
)

func TestMeterCounts(t *testing.T) {
	meter := llm.NewMeter(llm.Prices{"openai:gpt-4o-mini": {Input: 0.15, Output: 0.60}})
	mini := llm.Info{Provider: "openai", Model: "gpt-4o-mini"}
	other := llm.Info{Provider: "openai", Model: "gpt-unknown"}
	var wg sync.WaitGroup
	for range 100 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			meter.Record(mini, &llm.Response{Usage: llm.Usage{InputTokens: 1000, OutputTokens: 100}}, nil)
			meter.Record(mini, &llm.Response{Cached: true, Usage: llm.Usage{InputTokens: 1000, OutputTokens: 100}}, nil)
			meter.Record(other, &llm.Response{Usage: llm.Usage{InputTokens: 10, OutputTokens: 1}}, nil)
			meter.Record(other, nil, errors.New("down"))
		}()
	}
	wg.Wait()
	s := meter.Snapshot()
	got := s.ByModel["openai:gpt-4o-mini"]
	if got.Requests != 200 || got.Calls != 100 || got.CacheHits != 100 || got.InputTokens != 100000 ||
		got.OutputTokens != 10000 || got.SavedInputTokens != 100000 || got.Unpriced != 0 {
		t.Errorf("gpt-4o-mini totals = %+v", got)
	}
	// 100 calls × (1000 × 0.15 + 100 × 0.60) / 1e6 = 0.021 dollars.
	if math.Abs(got.Cost-0.021) > 1e-12 {
		t.Errorf("gpt-4o-mini cost = %v, want 0.021", got.Cost)
	}
	o := s.ByModel["openai:gpt-unknown"]
	if o.Calls != 100 || o.Errors != 100 || o.Unpriced != 100 || o.Cost != 0 {
		t.Errorf("unpriced model totals = %+v, want 100 calls, 100 errors, 100 unpriced, no cost", o)
	}
	if s.Total.Requests != 400 || s.Total.Calls != 200 || s.Total.CacheHits != 100 || s.Total.Errors != 100 {
		t.Errorf("total = %+v", s.Total)
	}
}

func TestDefaultPricesMakeLocalModelsFree(t *testing.T) {
	meter := llm.NewMeter(llm.DefaultPrices())
	meter.Record(llm.Info{Provider: "ollama", Model: "qwen2.5:7b"}, &llm.Response{Usage: llm.Usage{InputTokens: 5000}}, nil)
	meter.Record(llm.Info{Provider: "offline"}, &llm.Response{Usage: llm.Usage{InputTokens: 5000}}, nil)
	s := meter.Snapshot().Total
	if s.Cost != 0 || s.Unpriced != 0 {
		t.Errorf("local models: cost %v, unpriced %d; want 0 and 0", s.Cost, s.Unpriced)
	}
}
