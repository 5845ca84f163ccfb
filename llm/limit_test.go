package llm_test

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/veritykb/verity/llm"
	"github.com/veritykb/verity/llm/llmtest"
)

func TestLimiterRate(t *testing.T) {
	tests := []struct {
		name   string
		limits llm.Limits
		calls  int
		want   []time.Duration
	}{
		{"one per second", llm.Limits{PerSecond: 1}, 4, []time.Duration{time.Second, time.Second, time.Second}},
		{"burst of three", llm.Limits{PerSecond: 2, Burst: 3}, 5, []time.Duration{500 * time.Millisecond, 500 * time.Millisecond}},
		{"no rate bound", llm.Limits{Concurrency: 2}, 5, nil},
	}
	for _, tt := range tests {
		clock := llmtest.NewClock(t0)
		lim := llm.NewLimiter(tt.limits, clock)
		for range tt.calls {
			release, err := lim.Acquire(context.Background())
			if err != nil {
				t.Fatalf("%s: Acquire error %v", tt.name, err)
			}
			release()
		}
		if diff := cmp.Diff(tt.want, clock.Sleeps()); diff != "" {
			t.Errorf("%s: sleeps (-want +got):\n%s", tt.name, diff)
		}
	}
}

func TestLimiterRefillsWhileIdle(t *testing.T) {
	clock := llmtest.NewClock(t0)
	lim := llm.NewLimiter(llm.Limits{PerSecond: 1, Burst: 2}, clock)
	acquire := func() {
		release, err := lim.Acquire(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		release()
	}
	acquire()
	acquire()
	clock.Advance(10 * time.Second) // the bucket refills to its burst, no further
	acquire()
	acquire()
	acquire()
	if diff := cmp.Diff([]time.Duration{time.Second}, clock.Sleeps()); diff != "" {
		t.Errorf("sleeps (-want +got):\n%s", diff)
	}
}

func TestLimiterConcurrency(t *testing.T) {
	const limit = 3
	var inFlight, peak atomic.Int32
	gate := make(chan struct{})
	m := llmtest.New(llm.Info{}).On("t", func(ctx context.Context, req *llm.Request) (*llm.Response, error) {
		n := inFlight.Add(1)
		for {
			p := peak.Load()
			if n <= p || peak.CompareAndSwap(p, n) {
				break
			}
		}
		<-gate
		inFlight.Add(-1)
		return &llm.Response{Text: "ok"}, nil
	})
	lm := llm.WithLimiter(m, llm.NewLimiter(llm.Limits{Concurrency: limit}, nil))
	var wg sync.WaitGroup
	for range 10 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, err := lm.Complete(context.Background(), &llm.Request{Task: "t"}); err != nil {
				t.Error(err)
			}
		}()
	}
	// Let the calls pile up behind the limiter, then release them one by one.
	for range 10 {
		gate <- struct{}{}
	}
	wg.Wait()
	if got := peak.Load(); got > limit {
		t.Errorf("peak calls in flight = %d, want at most %d", got, limit)
	}
}

func TestLimiterCancelWhileWaiting(t *testing.T) {
	lim := llm.NewLimiter(llm.Limits{Concurrency: 1}, nil)
	release, err := lim.Acquire(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := lim.Acquire(ctx); err != context.Canceled {
		t.Errorf("Acquire with a full limiter and a cancelled context = %v, want context.Canceled", err)
	}
	release()
	r2, err := lim.Acquire(context.Background())
	if err != nil {
		t.Errorf("Acquire after release = %v, want ok", err)
	} else {
		r2()
	}
}
