package http

import (
	"math"
	"net/http"
	"strconv"
	"sync"
	"time"

	"golang.org/x/time/rate"

	"github.com/veritykb/verity"
)

// limits keeps one token bucket per caller key (a token, a proxied user, a
// remote address), forgetting the ones idle for a while.
type limits struct {
	rate  rate.Limit
	burst int
	now   func() time.Time

	mu    sync.Mutex
	byKey map[string]*bucket
	swept time.Time
}

type bucket struct {
	lim  *rate.Limiter
	seen time.Time
}

// idle is how long a bucket is kept after its last request; a full bucket
// is what a new one would be anyway.
const idle = 10 * time.Minute

func newLimits(r rate.Limit, burst int, now func() time.Time) *limits {
	return &limits{rate: r, burst: burst, now: now, byKey: map[string]*bucket{}, swept: now()}
}

// exhausted reports whether key's bucket holds less than one request now,
// taking nothing from it.
func (l *limits) exhausted(key string) bool {
	if l.rate < 0 {
		return false
	}
	l.mu.Lock()
	b := l.byKey[key]
	l.mu.Unlock()
	return b != nil && b.lim.TokensAt(l.now()) < 1
}

// errRateLimited is the answer past a caller's rate.
var errRateLimited = &verity.Error{Code: codeRateLimited, Message: "too many requests: slow down and retry after the time in Retry-After"}

// allow takes one request from key's bucket, or sets Retry-After on w and
// returns errRateLimited when the bucket is empty.
func (l *limits) allow(w http.ResponseWriter, key string) error {
	if l.rate < 0 || key == "" {
		return nil
	}
	now := l.now()
	l.mu.Lock()
	if now.Sub(l.swept) > idle {
		for k, b := range l.byKey {
			if now.Sub(b.seen) > idle {
				delete(l.byKey, k)
			}
		}
		l.swept = now
	}
	b := l.byKey[key]
	if b == nil {
		b = &bucket{lim: rate.NewLimiter(l.rate, l.burst)}
		l.byKey[key] = b
	}
	b.seen = now
	l.mu.Unlock()
	res := b.lim.ReserveN(now, 1)
	if !res.OK() {
		w.Header().Set("Retry-After", "60")
		return errRateLimited
	}
	if d := res.DelayFrom(now); d > 0 {
		res.CancelAt(now)
		w.Header().Set("Retry-After", strconv.Itoa(int(math.Ceil(d.Seconds()))))
		return errRateLimited
	}
	return nil
}
