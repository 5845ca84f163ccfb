package llm_test

import (
	"context"
	"testing"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/llm"
	"github.com/veritykb/verity/llm/llmtest"
)

// TestStackRerunOfAVoteIsFree: a panel re-run over unchanged input is
// answered by the cache sample for sample, with the same outcome and zero
// provider calls, and the meter shows the hits.
func TestStackRerunOfAVoteIsFree(t *testing.T) {
	provider := llmtest.New(llm.Info{Provider: "openai", Model: "gpt-4o-mini"}).
		Reply("judge", votes("yes", "no", "yes", "yes", "no")...)
	meter := llm.NewMeter(llm.DefaultPrices())
	cache := llm.NewMemoryCache()
	m := llm.Stack(provider, llm.StackConfig{Cache: cache, Meter: meter,
		Limiter: llm.NewLimiter(llm.Limits{Concurrency: 2}, nil), Retry: llm.RetryPolicy{Clock: llmtest.NewClock(t0)}})
	vote := func() *verity.Tally {
		tally, err := llm.Vote(context.Background(), m, judgeRequest(), llm.VoteOptions{N: 5, Stop: llm.AtLeast{Label: "yes", K: 3, N: 5}}, llm.JSONLabel(m, "label"))
		if err != nil {
			t.Fatal(err)
		}
		return tally
	}
	first := vote()
	calls := provider.Count("")
	second := vote()
	if provider.Count("") != calls {
		t.Errorf("re-run made %d provider calls, want 0", provider.Count("")-calls)
	}
	if first.Passed("yes", 3) != second.Passed("yes", 3) || first.Cast() != second.Cast() {
		t.Errorf("re-run outcome %v in %d votes, first run %v in %d", second.Passed("yes", 3), second.Cast(), first.Passed("yes", 3), first.Cast())
	}
	for _, b := range second.Ballots {
		if !b.Cached {
			t.Errorf("re-run ballot %+v not marked cached", b)
		}
	}
	tot := meter.Snapshot().Total
	if tot.Calls != int64(calls) || tot.CacheHits != int64(second.Cast()) || tot.Cost <= 0 {
		t.Errorf("meter = %+v, want %d calls, %d hits and a cost", tot, calls, second.Cast())
	}
}

// TestStackRetriesAreNotCached: a failed attempt is retried below the cache,
// and only the final answer is stored.
func TestStackRetriesAreNotCached(t *testing.T) {
	provider := llmtest.New(llm.Info{Provider: "openai", Model: "m"}).Reply("t", "ok").
		FailNext(llmtest.Unavailable(503, 0), llmtest.Unavailable(429, 0))
	cache := llm.NewMemoryCache()
	meter := llm.NewMeter(nil)
	m := llm.Stack(provider, llm.StackConfig{Cache: cache, Meter: meter, Retry: llm.RetryPolicy{Clock: llmtest.NewClock(t0)}})
	resp, err := m.Complete(context.Background(), &llm.Request{Task: "t"})
	if err != nil || resp.Text != "ok" {
		t.Fatalf("Complete = %+v, %v", resp, err)
	}
	tot := meter.Snapshot().Total
	if cache.Len() != 1 || tot.Retries != 2 || tot.Requests != 1 || tot.Errors != 0 {
		t.Errorf("cache %d entries, meter %+v; want 1 entry, 2 retries, 1 request, no error", cache.Len(), tot)
	}
}
