package llm

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"log/slog"
	"sync"

	"github.com/veritykb/verity"
)

// Cache stores model responses by content-addressed key. The store
// implements it (sqlite); [MemoryCache] is the in-memory one for tests and
// one-off runs. Implementations must be safe for concurrent use.
type Cache interface {
	// Get returns the value stored under key and whether there was one.
	Get(ctx context.Context, key string) ([]byte, bool, error)
	// Put stores val under key, replacing what was there. meta is for
	// people and housekeeping (what a row is, when it was made); it is
	// never part of the lookup.
	Put(ctx context.Context, key string, meta verity.CacheMeta, val []byte) error
}

// cacheKeyVersion changes whenever the key's recipe or the stored value's
// encoding changes, so that old rows are never misread.
const cacheKeyVersion = "verity-llm-cache/1"

// CacheKey returns the content address of req sent to the model info names:
// the hex SHA-256 of the provider, the model and the canonical JSON of the
// whole request (prompt version, system, messages, documents, schema, vars,
// tools, sampling parameters and sample index). JSON inside the request
// (vars, schemas, tool arguments) is canonicalized first, so two requests
// that differ only in key order or spacing share a key.
func CacheKey(info Info, req *Request) (string, error) {
	c, err := canonicalRequest(req)
	if err != nil {
		return "", verity.Errorf(verity.EINVALID, "cache key of %s request: %w", req.Task, err)
	}
	body, err := json.Marshal(struct {
		V        string   `json:"v"`
		Provider string   `json:"provider"`
		Model    string   `json:"model"`
		Request  *Request `json:"request"`
	}{cacheKeyVersion, info.Provider, info.Model, c})
	if err != nil {
		return "", verity.Errorf(verity.EINVALID, "cache key of %s request: %w", req.Task, err)
	}
	sum := sha256.Sum256(body)
	return hex.EncodeToString(sum[:]), nil
}

func canonicalRequest(req *Request) (*Request, error) {
	c := req.Clone()
	var err error
	if c.Vars, err = canonicalJSON(c.Vars); err != nil {
		return nil, err
	}
	if c.Schema != nil {
		s := *c.Schema
		if s.JSON, err = canonicalJSON(s.JSON); err != nil {
			return nil, err
		}
		c.Schema = &s
	}
	for i := range c.Tools {
		if c.Tools[i].Parameters, err = canonicalJSON(c.Tools[i].Parameters); err != nil {
			return nil, err
		}
	}
	for i := range c.Messages {
		if len(c.Messages[i].ToolCalls) == 0 {
			continue
		}
		calls := append([]ToolCall(nil), c.Messages[i].ToolCalls...)
		for j := range calls {
			if calls[j].Args, err = canonicalJSON(calls[j].Args); err != nil {
				return nil, err
			}
		}
		c.Messages[i].ToolCalls = calls
	}
	return c, nil
}

// canonicalJSON re-encodes raw with object keys sorted and no insignificant
// space. Numbers keep their literal text.
func canonicalJSON(raw json.RawMessage) (json.RawMessage, error) {
	if len(bytes.TrimSpace(raw)) == 0 {
		return nil, nil
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	return json.Marshal(v)
}

// CacheOptions configure [Cached].
type CacheOptions struct {
	// NoRead bypasses lookups (the --no-cache flag): every request reaches
	// the provider, and its fresh answer still replaces the stored one.
	NoRead bool
	Clock  Clock        // stamps the meta's CreatedAt; nil means SystemClock
	Logger *slog.Logger // cache faults are logged here and the call goes on; nil discards
}

// Cached answers requests from a Cache when it can and stores what the
// wrapped model answers. A hit makes no call to the wrapped model and comes
// back with Cached set. Failures are never stored. A broken cache degrades
// to no cache: the run goes on and the fault is logged.
type Cached struct {
	next  Model
	cache Cache
	opt   CacheOptions
}

var _ Model = (*Cached)(nil)

// WithCache wraps m with cache.
func WithCache(m Model, cache Cache, opt CacheOptions) *Cached {
	if opt.Clock == nil {
		opt.Clock = SystemClock
	}
	if opt.Logger == nil {
		opt.Logger = slog.New(slog.DiscardHandler)
	}
	return &Cached{next: m, cache: cache, opt: opt}
}

// Info returns the wrapped model's Info.
func (c *Cached) Info() Info { return c.next.Info() }

// Complete returns the cached response for req, or calls the wrapped model
// and caches its response.
func (c *Cached) Complete(ctx context.Context, req *Request) (*Response, error) {
	info := c.next.Info()
	key, err := CacheKey(info, req)
	if err != nil {
		return nil, err
	}
	if !c.opt.NoRead {
		start := c.opt.Clock.Now()
		val, ok, err := c.cache.Get(ctx, key)
		switch {
		case err != nil:
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
			c.opt.Logger.Warn("model cache lookup failed; calling the model", "task", req.Task, "err", err)
		case ok:
			var resp Response
			if err := json.Unmarshal(val, &resp); err != nil {
				c.opt.Logger.Warn("model cache entry unreadable; calling the model", "task", req.Task, "err", err)
				break
			}
			resp.Cached = true
			resp.Latency = c.opt.Clock.Now().Sub(start)
			return &resp, nil
		}
	}
	resp, err := c.next.Complete(ctx, req)
	if err != nil {
		return nil, err
	}
	stored := *resp
	stored.Cached = false
	val, err := json.Marshal(&stored)
	if err != nil {
		return nil, verity.Errorf(verity.EINTERNAL, "encode %s response for the cache: %w", req.Task, err)
	}
	meta := verity.CacheMeta{Provider: info.Provider, Model: info.Model, Task: req.Task,
		PromptVersion: req.PromptVersion, Sample: req.Sample,
		InputTokens: resp.Usage.InputTokens, OutputTokens: resp.Usage.OutputTokens,
		CreatedAt: c.opt.Clock.Now().UTC()}
	// An answer paid for is kept even when the caller has given up
	// meanwhile (an interrupt, a cancelled job): the next run asks again,
	// and finds it here.
	if err := c.cache.Put(context.WithoutCancel(ctx), key, meta, val); err != nil {
		c.opt.Logger.Warn("model cache store failed", "task", req.Task, "err", err)
	}
	return resp, nil
}

// MemoryCache is a Cache in a map, for tests and runs without a store.
type MemoryCache struct {
	mu   sync.Mutex
	vals map[string][]byte
	meta map[string]verity.CacheMeta
}

var _ Cache = (*MemoryCache)(nil)

// NewMemoryCache returns an empty MemoryCache.
func NewMemoryCache() *MemoryCache {
	return &MemoryCache{vals: map[string][]byte{}, meta: map[string]verity.CacheMeta{}}
}

// Get implements Cache.
func (m *MemoryCache) Get(ctx context.Context, key string) ([]byte, bool, error) {
	if err := ctx.Err(); err != nil {
		return nil, false, err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	v, ok := m.vals[key]
	return bytes.Clone(v), ok, nil
}

// Put implements Cache.
func (m *MemoryCache) Put(ctx context.Context, key string, meta verity.CacheMeta, val []byte) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	m.vals[key] = bytes.Clone(val)
	m.meta[key] = meta
	return nil
}

// Len returns the number of entries.
func (m *MemoryCache) Len() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return len(m.vals)
}

// Meta returns the metadata stored with key.
func (m *MemoryCache) Meta(key string) (verity.CacheMeta, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	meta, ok := m.meta[key]
	return meta, ok
}
