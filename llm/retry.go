package llm

import (
	"context"
	"errors"
	"math/rand/v2"
	"time"

	"github.com/veritykb/verity"
)

// RetryPolicy says how [Retrier] retries. The zero value is usable: four
// attempts, backoff from one second doubling to thirty, the real clock.
type RetryPolicy struct {
	Attempts  int           // total attempts including the first; 0 means 4
	BaseDelay time.Duration // first backoff; 0 means 1s
	MaxDelay  time.Duration // backoff cap; 0 means 30s
	// MaxRetryAfter caps how long a provider's Retry-After may make us wait
	// before one attempt; 0 means 2 minutes. A longer request is cut to it,
	// not ignored: the next attempt may still meet the limit, and then the
	// caller gets EUNAVAILABLE rather than a run that hangs for an hour.
	MaxRetryAfter time.Duration
	// AttemptTimeout bounds one attempt; a timed-out attempt is retried like
	// a 503. 0 means no bound beyond the caller's context.
	AttemptTimeout time.Duration
	Clock          Clock          // nil means SystemClock
	Jitter         func() float64 // uniform in [0,1); nil means math/rand/v2
	Meter          *Meter         // optional: counts retries
}

// Retrier retries a model's temporary failures (429, 5xx, timeouts, broken
// or garbled responses) with exponential backoff and jitter, waiting at
// least as long as the provider's Retry-After. Permanent failures (400, a
// refused key) and the caller's cancellation return at once.
type Retrier struct {
	next Model
	p    RetryPolicy
}

var _ Model = (*Retrier)(nil)

// WithRetry wraps m in a Retrier.
func WithRetry(m Model, p RetryPolicy) *Retrier {
	if p.Attempts <= 0 {
		p.Attempts = 4
	}
	if p.BaseDelay <= 0 {
		p.BaseDelay = time.Second
	}
	if p.MaxDelay <= 0 {
		p.MaxDelay = 30 * time.Second
	}
	if p.MaxRetryAfter <= 0 {
		p.MaxRetryAfter = 2 * time.Minute
	}
	if p.Clock == nil {
		p.Clock = SystemClock
	}
	if p.Jitter == nil {
		p.Jitter = rand.Float64
	}
	return &Retrier{next: m, p: p}
}

// Info returns the wrapped model's Info.
func (r *Retrier) Info() Info { return r.next.Info() }

// Complete calls the wrapped model until it succeeds, fails permanently, the
// attempts run out or ctx is done.
func (r *Retrier) Complete(ctx context.Context, req *Request) (*Response, error) {
	var last error
	for attempt := 0; attempt < r.p.Attempts; attempt++ {
		if attempt > 0 {
			if r.p.Meter != nil {
				r.p.Meter.retried(r.next.Info())
			}
			if err := r.p.Clock.Sleep(ctx, r.delay(attempt, last)); err != nil {
				return nil, err
			}
		}
		resp, err := r.attempt(ctx, req)
		if err == nil {
			return resp, nil
		}
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		if !temporary(err) {
			return nil, err
		}
		last = err
	}
	return nil, verity.Errorf(verity.EUNAVAILABLE, "%s: gave up after %d attempts: %w",
		r.next.Info().Name(), r.p.Attempts, last)
}

func (r *Retrier) attempt(ctx context.Context, req *Request) (*Response, error) {
	if r.p.AttemptTimeout <= 0 {
		return r.next.Complete(ctx, req)
	}
	actx, cancel := context.WithTimeout(ctx, r.p.AttemptTimeout)
	defer cancel()
	resp, err := r.next.Complete(actx, req)
	if err != nil && ctx.Err() == nil && actx.Err() != nil {
		// The attempt's own deadline fired, not the caller's: a timeout.
		pe := &ProviderError{Provider: r.next.Info().Provider, Message: "attempt timed out",
			Temporary: true, Err: err}
		return nil, &verity.Error{Code: verity.EUNAVAILABLE, Message: "model call timed out", Err: pe}
	}
	return resp, err
}

// delay returns how long to wait before attempt (1-based retries): equal
// jitter over an exponential step, so that a burst of callers rejected at
// once do not all come back at once, and never less than the provider's
// Retry-After.
func (r *Retrier) delay(attempt int, last error) time.Duration {
	step := r.p.BaseDelay << (attempt - 1)
	if step > r.p.MaxDelay || step <= 0 {
		step = r.p.MaxDelay
	}
	d := step/2 + time.Duration(r.p.Jitter()*float64(step/2))
	var pe *ProviderError
	if errors.As(last, &pe) && pe.RetryAfter > d {
		d = max(d, min(pe.RetryAfter, r.p.MaxRetryAfter))
	}
	return d
}

// temporary reports whether err is worth another attempt.
func temporary(err error) bool {
	var pe *ProviderError
	if errors.As(err, &pe) {
		return pe.Temporary
	}
	return false
}
