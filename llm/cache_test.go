package llm_test

import (
	"context"
	"encoding/json"
	"errors"
	"testing"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/llm"
	"github.com/veritykb/verity/llm/llmtest"
)

func supportRequest(sample int) *llm.Request {
	return &llm.Request{Task: "verify.support", PromptVersion: "verify.support@1",
		System: "judge", Messages: []llm.Message{llm.User("premise / hypothesis")},
		Vars: json.RawMessage(`{"premise":"p","hypothesis":"h"}`), Sample: sample, Temperature: llm.Temp(1)}
}

func TestCacheSecondRunMakesNoCalls(t *testing.T) {
	m := llmtest.New(llm.Info{Provider: "openai", Model: "gpt-4o-mini"}).Reply("verify.support", "a", "b", "c")
	cache := llm.NewMemoryCache()
	meter := llm.NewMeter(nil)
	stack := llm.Stack(m, llm.StackConfig{Cache: cache, Meter: meter, Retry: llm.RetryPolicy{Clock: llmtest.NewClock(t0)}})
	run := func() []string {
		var texts []string
		for i := range 3 {
			resp, err := stack.Complete(context.Background(), supportRequest(i))
			if err != nil {
				t.Fatal(err)
			}
			texts = append(texts, resp.Text)
		}
		return texts
	}
	first := run()
	if m.Count("") != 3 || cache.Len() != 3 {
		t.Fatalf("first run: %d calls, %d cache entries; want 3 and 3", m.Count(""), cache.Len())
	}
	second := run()
	if got := m.Count(""); got != 3 {
		t.Errorf("second run made %d provider calls, want 0", got-3)
	}
	for i := range first {
		if first[i] != second[i] {
			t.Errorf("sample %d: second run = %q, want the cached %q", i, second[i], first[i])
		}
	}
	tot := meter.Snapshot().Total
	if tot.Calls != 3 || tot.CacheHits != 3 || tot.SavedInputTokens == 0 {
		t.Errorf("meter = %+v, want 3 calls and 3 cache hits with saved tokens", tot)
	}
}

func TestCacheHitIsMarked(t *testing.T) {
	m := llmtest.New(llm.Info{Provider: "openai", Model: "m"}).Reply("verify.support", "yes")
	c := llm.WithCache(m, llm.NewMemoryCache(), llm.CacheOptions{})
	r1, err := c.Complete(context.Background(), supportRequest(0))
	if err != nil {
		t.Fatal(err)
	}
	r2, err := c.Complete(context.Background(), supportRequest(0))
	if err != nil {
		t.Fatal(err)
	}
	if r1.Cached || !r2.Cached {
		t.Errorf("Cached = %v then %v, want false then true", r1.Cached, r2.Cached)
	}
	if r2.Text != "yes" || r2.Model != r1.Model || r2.PromptVersion != "verify.support@1" || r2.Usage != r1.Usage {
		t.Errorf("cached response = %+v, want the stored %+v", r2, r1)
	}
}

func TestCacheNoReadStillWrites(t *testing.T) {
	m := llmtest.New(llm.Info{Provider: "openai", Model: "m"}).Sequence("verify.support", "old", "new")
	cache := llm.NewMemoryCache()
	if _, err := llm.WithCache(m, cache, llm.CacheOptions{}).Complete(context.Background(), supportRequest(0)); err != nil {
		t.Fatal(err)
	}
	resp, err := llm.WithCache(m, cache, llm.CacheOptions{NoRead: true}).Complete(context.Background(), supportRequest(0))
	if err != nil {
		t.Fatal(err)
	}
	if resp.Cached || resp.Text != "new" || m.Count("") != 2 {
		t.Errorf("NoRead: %q cached=%v after %d calls; want a fresh \"new\" after 2 calls", resp.Text, resp.Cached, m.Count(""))
	}
	resp, err = llm.WithCache(m, cache, llm.CacheOptions{}).Complete(context.Background(), supportRequest(0))
	if err != nil {
		t.Fatal(err)
	}
	if !resp.Cached || resp.Text != "new" {
		t.Errorf("after NoRead: %q cached=%v, want the refreshed \"new\" from the cache", resp.Text, resp.Cached)
	}
}

func TestCacheDoesNotStoreFailures(t *testing.T) {
	m := llmtest.New(llm.Info{Provider: "openai", Model: "m"}).Reply("verify.support", "ok").
		FailNext(llmtest.Unavailable(503, 0))
	cache := llm.NewMemoryCache()
	c := llm.WithCache(m, cache, llm.CacheOptions{})
	if _, err := c.Complete(context.Background(), supportRequest(0)); err == nil {
		t.Fatal("Complete succeeded, want the injected 503")
	}
	if cache.Len() != 0 {
		t.Errorf("cache holds %d entries after a failure, want 0", cache.Len())
	}
	resp, err := c.Complete(context.Background(), supportRequest(0))
	if err != nil || resp.Cached || resp.Text != "ok" {
		t.Errorf("Complete after failure = %+v, %v; want a fresh ok", resp, err)
	}
}

type brokenCache struct{}

func (brokenCache) Get(context.Context, string) ([]byte, bool, error) {
	return nil, false, errors.New("disk on fire")
}
func (brokenCache) Put(context.Context, string, verity.CacheMeta, []byte) error {
	return errors.New("disk on fire")
}

func TestBrokenCacheDegradesToNoCache(t *testing.T) {
	m := llmtest.New(llm.Info{Provider: "openai", Model: "m"}).Reply("verify.support", "ok")
	resp, err := llm.WithCache(m, brokenCache{}, llm.CacheOptions{}).Complete(context.Background(), supportRequest(0))
	if err != nil || resp.Text != "ok" {
		t.Errorf("Complete over a broken cache = %+v, %v; want ok from the model", resp, err)
	}
}

func TestCacheKey(t *testing.T) {
	info := llm.Info{Provider: "openai", Model: "gpt-4o-mini"}
	base := supportRequest(0)
	key := func(info llm.Info, r *llm.Request) string {
		k, err := llm.CacheKey(info, r)
		if err != nil {
			t.Fatal(err)
		}
		return k
	}
	k0 := key(info, base)

	same := supportRequest(0)
	same.Vars = json.RawMessage("{ \"hypothesis\" : \"h\",\n \"premise\":\"p\" }")
	same.Stream = true
	same.OnText = func(string) {}
	if got := key(info, same); got != k0 {
		t.Errorf("key changed with vars key order, spacing or streaming: %s vs %s", got, k0)
	}

	changes := map[string]func(r *llm.Request){
		"sample":         func(r *llm.Request) { r.Sample = 1 },
		"seed":           func(r *llm.Request) { r.Seed = 9 },
		"prompt version": func(r *llm.Request) { r.PromptVersion = "verify.support@2" },
		"vars":           func(r *llm.Request) { r.Vars = json.RawMessage(`{"premise":"p","hypothesis":"H"}`) },
		"system":         func(r *llm.Request) { r.System = "judge!" },
		"message":        func(r *llm.Request) { r.Messages[0].Content += "." },
		"temperature":    func(r *llm.Request) { r.Temperature = llm.Temp(0) },
		"documents":      func(r *llm.Request) { r.Documents = []llm.Document{{Text: "d"}} },
		"schema":         func(r *llm.Request) { r.Schema = &llm.Schema{Name: "s", JSON: json.RawMessage(`{"type":"object"}`)} },
		"tools":          func(r *llm.Request) { r.Tools = []llm.ToolDef{llm.SearchKnowledgeTool} },
	}
	seen := map[string]string{k0: "base"}
	for name, change := range changes {
		r := supportRequest(0)
		change(r)
		k := key(info, r)
		if other, dup := seen[k]; dup {
			t.Errorf("changing %s gives the same key as %s", name, other)
		}
		seen[k] = name
	}
	if key(llm.Info{Provider: "openai", Model: "gpt-4o"}, base) == k0 {
		t.Error("another model gives the same key")
	}
	if key(llm.Info{Provider: "ollama", Model: "gpt-4o-mini"}, base) == k0 {
		t.Error("another provider gives the same key")
	}
	bad := supportRequest(0)
	bad.Vars = json.RawMessage(`{"premise":`)
	if _, err := llm.CacheKey(info, bad); err == nil {
		t.Error("CacheKey accepted malformed vars")
	}
}

func TestMemoryCacheConformance(t *testing.T) {
	llmtest.TestCache(t, func(*testing.T) llm.Cache { return llm.NewMemoryCache() })
}

// ctxCache is a cache that, as a store does, refuses work under a context
// that has ended.
type ctxCache struct{ *llm.MemoryCache }

func (c ctxCache) Put(ctx context.Context, key string, m verity.CacheMeta, val []byte) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	return c.MemoryCache.Put(ctx, key, m, val)
}

// TestCacheKeepsAnAnswerItsCallerGaveUpOn: a call that comes back after
// its caller gave up (an interrupt, a job cancelled or its worker stopping)
// is still cached, so the next run does not pay for it again.
func TestCacheKeepsAnAnswerItsCallerGaveUpOn(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	m := llmtest.New(llm.Info{Provider: "openai", Model: "m"})
	m.On("verify.support", func(ctx context.Context, req *llm.Request) (*llm.Response, error) {
		cancel() // the caller gives up while the provider answers
		return m.Text(req, "yes"), nil
	})
	cache := ctxCache{llm.NewMemoryCache()}
	if _, err := llm.WithCache(m, cache, llm.CacheOptions{}).Complete(ctx, supportRequest(0)); err != nil {
		t.Fatal(err)
	}
	if cache.Len() != 1 {
		t.Errorf("the answer was not cached: %d entries, want 1", cache.Len())
	}
}
