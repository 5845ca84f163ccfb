package kb

import (
	"context"
	"sync"
	"sync/atomic"
	"time"

	"github.com/veritykb/verity"
)

// DefaultHintBudget is how many searches a principal may make in an hour
// before its answers come without hints ([Options.HintBudget]).
const DefaultHintBudget = 120

// hintFlush is how often a server adds its counts to the store at most, and
// how long it trusts a principal's count read from there.
const hintFlush = time.Second

// hintBudget counts every search a principal makes, whatever it finds, so
// that neither negative probes nor the moment hints stop tell anything, and
// says whether the principal is still within its hourly budget. Counts are
// kept in the store, where every server sharing it adds its own, batched:
// at most once per hintFlush, so a search does not write each time. A
// principal is the caller's actor, the user behind every token it holds.
type hintBudget struct {
	limit    int64 // < 0: no budget
	withheld atomic.Int64

	mu      sync.Mutex
	hour    int64
	pending map[string]int64  // counted here, not yet in the store
	known   map[string]stored // the store's count, as last read
	flushed time.Time
	busy    bool // a flush is writing
}

type stored struct {
	n  int64
	at time.Time
}

func newHintBudget(limit int) *hintBudget {
	if limit == 0 {
		limit = DefaultHintBudget
	}
	return &hintBudget{limit: int64(limit), pending: map[string]int64{}, known: map[string]stored{}}
}

// allowHints counts one search by c and says whether its answer may carry
// hints. A caller that gets none anyway (the local operator, who reads
// everything; the anonymous caller, who may not be told whom to ask; a
// chat's audience, which is no one to tell) is not counted. A store that cannot be read or written withholds the hints:
// the budget fails closed.
func (s *Service) allowHints(ctx context.Context, c verity.Caller) bool {
	b := s.hints
	if b.limit < 0 || c.Local() || c.Anonymous() || c.Audience() {
		return true
	}
	p, now := string(c.Actor()), s.now()
	hour := now.Unix() / 3600
	b.mu.Lock()
	var last map[string]int64
	lastHour := b.hour
	if hour != b.hour {
		// A new hour starts every count at zero; what the last hour left
		// pending is still written, to its own hour.
		last, b.hour, b.known = b.take(), hour, map[string]stored{}
	}
	b.pending[p]++
	var flush map[string]int64
	if !b.busy && now.Sub(b.flushed) >= hintFlush {
		flush, b.busy, b.flushed = b.take(), true, now
	}
	k, fresh := b.known[p]
	fresh = fresh && now.Sub(k.at) < hintFlush
	b.mu.Unlock()

	s.flushHints(ctx, lastHour, last)
	var err error
	if flush != nil {
		err = s.flushHints(ctx, hour, flush)
		b.mu.Lock()
		b.busy = false
		if err == nil {
			// What was flushed is the store's count now.
			for q, n := range flush {
				if kq, seen := b.known[q]; seen {
					kq.n += n
					b.known[q] = kq
				}
			}
		}
		b.mu.Unlock()
	}
	if !fresh && err == nil {
		var counts map[string]int64
		if counts, err = s.store.HintQueries(ctx, []string{p}, hour); err == nil {
			b.mu.Lock()
			b.known[p] = stored{n: counts[p], at: now}
			b.mu.Unlock()
		}
	}
	b.mu.Lock()
	used := b.known[p].n + b.pending[p]
	b.mu.Unlock()
	if err != nil {
		s.log.Warn("hint budget unavailable: hints withheld", "err", err)
	}
	if err != nil || used > b.limit {
		b.withheld.Add(1)
		return false
	}
	return true
}

// take empties the pending counts and returns them; b.mu is held.
func (b *hintBudget) take() map[string]int64 {
	if len(b.pending) == 0 {
		return nil
	}
	out := b.pending
	b.pending = map[string]int64{}
	return out
}

// flushHints adds counts to the store's hour. A failed write is logged and
// its counts lost: the budget undercounts rather than stopping searches.
func (s *Service) flushHints(ctx context.Context, hour int64, counts map[string]int64) error {
	if len(counts) == 0 {
		return nil
	}
	err := s.store.AddHintQueries(context.WithoutCancel(ctx), hour, counts)
	if err != nil {
		s.log.Warn("hint budget: counts not stored", "err", err)
	}
	return err
}

// FlushHints writes the searches counted since the last write, for a server
// that stops.
func (s *Service) FlushHints(ctx context.Context) error {
	b := s.hints
	b.mu.Lock()
	counts, hour := b.take(), b.hour
	b.mu.Unlock()
	return s.flushHints(ctx, hour, counts)
}

// HintsWithheld counts the answers that came without hints because their
// principal was past its budget or the budget could not be read.
func (s *Service) HintsWithheld() int64 { return s.hints.withheld.Load() }
