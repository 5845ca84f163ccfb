package llm

import (
	"context"
	"math"
	"sync"
	"time"
)

// Limits bound the calls to one provider: how many may be in flight at
// once, and how many may start per second. Zero values mean no bound.
type Limits struct {
	Concurrency int     // calls in flight at once
	PerSecond   float64 // sustained call starts per second
	Burst       int     // call starts allowed at once after a quiet spell; 0 means 1
}

// Limiter enforces Limits: a semaphore for concurrency and a token bucket
// for the rate. One Limiter is shared by every model of one provider (one
// API key), whatever pipeline calls it. It is safe for concurrent use.
type Limiter struct {
	sem   chan struct{} // nil: no concurrency bound
	clock Clock

	mu     sync.Mutex
	rate   float64 // tokens per second; 0: no rate bound
	burst  float64
	tokens float64
	last   time.Time
}

// NewLimiter returns a Limiter enforcing l on clock (nil means SystemClock).
func NewLimiter(l Limits, clock Clock) *Limiter {
	if clock == nil {
		clock = SystemClock
	}
	lim := &Limiter{clock: clock, rate: l.PerSecond, burst: float64(max(l.Burst, 1))}
	if l.Concurrency > 0 {
		lim.sem = make(chan struct{}, l.Concurrency)
	}
	lim.tokens = lim.burst
	lim.last = clock.Now()
	return lim
}

// Acquire waits for a free slot and a rate token, in that order, so that a
// call waiting for its token already holds its slot and tokens are spent
// only by calls that start right away. It returns the function that frees
// the slot, or ctx's error if ctx ends first.
func (l *Limiter) Acquire(ctx context.Context) (release func(), err error) {
	if l.sem != nil {
		select {
		case l.sem <- struct{}{}:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
	release = func() {
		if l.sem != nil {
			<-l.sem
		}
	}
	if err := l.wait(ctx); err != nil {
		release()
		return nil, err
	}
	return release, nil
}

// wait takes one token, sleeping until it has accrued. The token is reserved
// before sleeping (the bucket may go negative), so concurrent waiters queue
// behind each other instead of all waking at the same instant; a waiter
// whose ctx ends gives its token back.
func (l *Limiter) wait(ctx context.Context) error {
	if l.rate <= 0 {
		return ctx.Err()
	}
	l.mu.Lock()
	now := l.clock.Now()
	if elapsed := now.Sub(l.last).Seconds(); elapsed > 0 {
		l.tokens = math.Min(l.burst, l.tokens+elapsed*l.rate)
	}
	l.last = now
	l.tokens--
	var d time.Duration
	if l.tokens < 0 {
		d = time.Duration(-l.tokens / l.rate * float64(time.Second))
	}
	l.mu.Unlock()
	if d == 0 {
		return nil
	}
	if err := l.clock.Sleep(ctx, d); err != nil {
		l.mu.Lock()
		l.tokens++
		l.mu.Unlock()
		return err
	}
	return nil
}

// Limited is a model whose calls pass through a Limiter.
type Limited struct {
	next Model
	lim  *Limiter
}

var _ Model = (*Limited)(nil)

// WithLimiter wraps m so that every call waits for lim. Put it inside the
// Retrier, so that a call sleeping through its backoff holds no slot.
func WithLimiter(m Model, lim *Limiter) *Limited { return &Limited{next: m, lim: lim} }

// Info returns the wrapped model's Info.
func (l *Limited) Info() Info { return l.next.Info() }

// Complete waits for the limiter, then calls the wrapped model.
func (l *Limited) Complete(ctx context.Context, req *Request) (*Response, error) {
	release, err := l.lim.Acquire(ctx)
	if err != nil {
		return nil, err
	}
	defer release()
	return l.next.Complete(ctx, req)
}
