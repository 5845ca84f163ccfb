package main

import (
	"context"
	"fmt"
	"sync"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/kb"
	"github.com/veritykb/verity/llm"
	"github.com/veritykb/verity/llm/anthropic"
	"github.com/veritykb/verity/llm/openai"
	"github.com/veritykb/verity/offline"
	"github.com/veritykb/verity/render"
)

// modelSetup is the model configuration of a run, resolved once from flags
// and the environment: what `verity doctor` shows, and what every command
// that calls a model builds its provider from.
type modelSetup struct {
	Spec     llm.ProviderSpec `json:"spec"`
	SpecFrom string           `json:"spec_from"` // "--model", "VERITY_MODEL" or "default"
	KeyVar   string           `json:"key_var,omitempty"`
	KeySet   bool             `json:"key_set"`
	NoCache  bool             `json:"no_cache"`

	key string
}

// keyVars names the environment variable holding each provider's key.
// Local servers (Ollama, most openai-compatible ones) need none; a key in
// VERITY_API_KEY is sent to an openai-compatible server when set.
var keyVars = map[string]string{
	llm.ProviderOpenAI:           "OPENAI_API_KEY",
	llm.ProviderOpenRouter:       "OPENROUTER_API_KEY",
	llm.ProviderAnthropic:        "ANTHROPIC_API_KEY",
	llm.ProviderOpenAICompatible: "VERITY_API_KEY",
}

// setupModel resolves the model spec from --model, VERITY_MODEL or the
// offline default, and the provider's key from its environment variable.
func (a *app) setupModel() (modelSetup, error) {
	raw, from := a.modelSpec, "--model"
	if raw == "" {
		raw, from = a.getenv("VERITY_MODEL"), "VERITY_MODEL"
	}
	if raw == "" {
		from = "default"
	}
	return a.setupModelSpec(raw, from)
}

// modelSpecString is the run's model spec as a job records it.
func (a *app) modelSpecString() (string, error) {
	setup, err := a.setupModel()
	if err != nil {
		return "", err
	}
	return setup.Spec.String(), nil
}

// setupModelSpec resolves the model spec raw, named from in errors, and
// the provider's key from its environment variable.
func (a *app) setupModelSpec(raw, from string) (modelSetup, error) {
	spec, err := llm.ParseSpec(raw)
	if err != nil {
		return modelSetup{}, fmt.Errorf("%s: %w", from, err)
	}
	s := modelSetup{Spec: spec, SpecFrom: from, NoCache: a.noCache, KeyVar: keyVars[spec.Provider]}
	if s.KeyVar != "" {
		s.key = a.getenv(s.KeyVar)
		s.KeySet = s.key != ""
	}
	return s, nil
}

// provider returns the adapter for the setup, without middleware: a
// provider client, or the offline engine.
func (s modelSetup) provider() (llm.Model, error) {
	needsKey := s.Spec.Provider == llm.ProviderOpenAI || s.Spec.Provider == llm.ProviderOpenRouter ||
		s.Spec.Provider == llm.ProviderAnthropic
	if needsKey && !s.KeySet {
		return nil, verity.Errorf(verity.EINVALID, "model %s needs a key: set %s", s.Spec, s.KeyVar)
	}
	switch s.Spec.Provider {
	case llm.ProviderAnthropic:
		return anthropic.New(anthropic.Config{APIKey: s.key, Model: s.Spec.Model}), nil
	case llm.ProviderOpenAI, llm.ProviderOpenRouter, llm.ProviderOllama, llm.ProviderOpenAICompatible:
		cfg := openai.Config{Provider: s.Spec.Provider, BaseURL: s.Spec.BaseURL, APIKey: s.key, Model: s.Spec.Model}
		if s.Spec.Provider == llm.ProviderOpenRouter {
			cfg.Headers = map[string]string{"X-Title": "Verity"}
		}
		return openai.New(cfg), nil
	case llm.ProviderOffline:
		return offline.New(offline.Options{}), nil
	}
	return nil, verity.Errorf(verity.EINVALID, "unknown model provider %q", s.Spec.Provider)
}

// runModel is the run's model, as the service asks for it.
func (a *app) runModel(ctx context.Context) (llm.Model, error) {
	m, _, err := a.model(ctx)
	return m, err
}

// modelSpecOrEmpty is the run's model spec, or "" when the flags name none
// that parses (the operation that needs the model then says why).
func (a *app) modelSpecOrEmpty() string {
	spec, err := a.modelSpecString()
	if err != nil {
		return ""
	}
	return spec
}

// model returns the model of this run wrapped in the standard middleware —
// meter, cache in the store (read unless --no-cache), retries, a per-provider
// limiter — and the meter, so commands can report calls, cache hits, tokens
// and cost at the end. It is built once per run.
func (a *app) model(ctx context.Context) (llm.Model, *llm.Meter, error) {
	if a.llm != nil {
		return a.llm, a.meter, nil
	}
	setup, err := a.setupModel()
	if err != nil {
		return nil, nil, err
	}
	if a.meter == nil {
		a.meter = llm.NewMeter(llm.DefaultPrices())
	}
	m, err := a.stack(ctx, setup, a.meter)
	if err != nil {
		return nil, nil, err
	}
	a.llm = m
	return a.llm, a.meter, nil
}

// stack builds setup's provider wrapped in the standard middleware,
// metered by meter.
func (a *app) stack(ctx context.Context, setup modelSetup, meter *llm.Meter) (llm.Model, error) {
	p, err := setup.provider()
	if err != nil {
		return nil, err
	}
	cfg := llm.StackConfig{Meter: meter}
	if setup.Spec.Provider == llm.ProviderOffline {
		// The offline engine is deterministic, local and never fails
		// transiently: caching or retrying it would only cost.
		cfg.NoRetry = true
	} else {
		cache, err := a.modelCache(ctx)
		if err != nil {
			return nil, err
		}
		cfg.Cache = cache
		cfg.CacheOptions = llm.CacheOptions{NoRead: a.noCache}
		cfg.Limiter = llm.NewLimiter(llm.Limits{Concurrency: a.concurrency}, nil)
	}
	return llm.Stack(p, cfg), nil
}

// jobModels builds the model each job names, once per spec, with the keys
// of this process's environment (a job records its model's spec, never a
// key), metered by meter.
func (a *app) jobModels(meter *llm.Meter) kb.JobModels {
	var (
		mu    sync.Mutex
		built = map[string]llm.Model{}
	)
	return func(ctx context.Context, raw string) (llm.Model, error) {
		mu.Lock()
		defer mu.Unlock()
		if m, ok := built[raw]; ok {
			return m, nil
		}
		setup, err := a.setupModelSpec(raw, "the job's model")
		if err != nil {
			return nil, err
		}
		m, err := a.stack(ctx, setup, meter)
		if err != nil {
			return nil, err
		}
		built[raw] = m
		return m, nil
	}
}

// printUsage reports what the run's model calls cost, on stderr so that
// --json output stays one document.
func (a *app) printUsage() {
	if a.meter == nil {
		return
	}
	t := a.meter.Snapshot().Total
	if t.Calls == 0 && t.CacheHits == 0 {
		return
	}
	fmt.Fprint(a.stderr, render.Label(a.lang, "usage", t.Calls, t.CacheHits, t.InputTokens, t.OutputTokens))
	if t.Cost > 0 {
		fmt.Fprintf(a.stderr, ", $%.4f", t.Cost)
	}
	fmt.Fprintln(a.stderr)
}
