package llm

// StackConfig says which middleware [Stack] puts around a provider. Nil
// parts are left out.
type StackConfig struct {
	Retry        RetryPolicy
	NoRetry      bool     // leave the Retrier out (the offline engine never fails transiently)
	Limiter      *Limiter // shared by every model of one provider
	Cache        Cache
	CacheOptions CacheOptions
	Meter        *Meter
}

// Stack wraps a provider adapter in the standard middleware, outermost
// first: Metered (sees every request, hits included), Cached (a hit goes no
// further), Retrier (backoff sleeps hold no limiter slot), Limited, then the
// provider. cmd/verity builds one stack per configured model.
func Stack(provider Model, cfg StackConfig) Model {
	m := provider
	if cfg.Limiter != nil {
		m = WithLimiter(m, cfg.Limiter)
	}
	if !cfg.NoRetry {
		if cfg.Retry.Meter == nil {
			cfg.Retry.Meter = cfg.Meter
		}
		m = WithRetry(m, cfg.Retry)
	}
	if cfg.Cache != nil {
		m = WithCache(m, cfg.Cache, cfg.CacheOptions)
	}
	if cfg.Meter != nil {
		m = WithMeter(m, cfg.Meter)
	}
	return m
}
