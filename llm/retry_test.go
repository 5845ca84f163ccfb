package llm_test

import (
	"context"
	"errors"
	"net/http"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/veritykb/verity"
	"github.com/veritykb/verity/llm"
	"github.com/veritykb/verity/llm/llmtest"
)

var t0 = time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)

func TestParseRetryAfter(t *testing.T) {
	tests := []struct {
		name   string
		header map[string]string
		want   time.Duration
	}{
		{"seconds", map[string]string{"Retry-After": "7"}, 7 * time.Second},
		{"fractional seconds", map[string]string{"Retry-After": "1.5"}, 1500 * time.Millisecond},
		{"http date", map[string]string{"Retry-After": t0.Add(90 * time.Second).Format(http.TimeFormat)}, 90 * time.Second},
		{"date in the past", map[string]string{"Retry-After": t0.Add(-time.Minute).Format(http.TimeFormat)}, 0},
		{"milliseconds win", map[string]string{"Retry-After": "7", "Retry-After-Ms": "250"}, 250 * time.Millisecond},
		{"garbage", map[string]string{"Retry-After": "soon"}, 0},
		{"negative", map[string]string{"Retry-After": "-3"}, 0},
		{"absent", nil, 0},
	}
	for _, tt := range tests {
		h := http.Header{}
		for k, v := range tt.header {
			h.Set(k, v)
		}
		if got := llm.ParseRetryAfter(h, t0); got != tt.want {
			t.Errorf("%s: ParseRetryAfter(%v) = %v, want %v", tt.name, tt.header, got, tt.want)
		}
	}
}

func newRetrier(m llm.Model, clock *llmtest.Clock, meter *llm.Meter) *llm.Retrier {
	return llm.WithRetry(m, llm.RetryPolicy{Attempts: 4, BaseDelay: time.Second, MaxDelay: 8 * time.Second,
		Clock: clock, Jitter: func() float64 { return 0.5 }, Meter: meter})
}

func TestRetryRecoversFromTemporaryFailures(t *testing.T) {
	tests := []struct {
		name       string
		fails      []error
		wantSleeps []time.Duration
	}{
		{"no failure", nil, nil},
		{"500 then ok", []error{llmtest.Unavailable(500, 0)}, []time.Duration{750 * time.Millisecond}},
		// Equal jitter at 0.5: step/2 + step/4, the step doubling from 1s.
		{"three 503s", []error{llmtest.Unavailable(503, 0), llmtest.Unavailable(503, 0), llmtest.Unavailable(503, 0)},
			[]time.Duration{750 * time.Millisecond, 1500 * time.Millisecond, 3 * time.Second}},
		{"429 with a long Retry-After", []error{llmtest.Unavailable(429, 20*time.Second)}, []time.Duration{20 * time.Second}},
		{"429 with a short Retry-After keeps the backoff", []error{llmtest.Unavailable(429, 100*time.Millisecond)}, []time.Duration{750 * time.Millisecond}},
		{"transport failure", []error{llm.TransportError(context.Background(), "script", errors.New("connection reset"))}, []time.Duration{750 * time.Millisecond}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := llmtest.New(llm.Info{}).Reply("t", "ok").FailNext(tt.fails...)
			clock := llmtest.NewClock(t0)
			meter := llm.NewMeter(nil)
			resp, err := newRetrier(m, clock, meter).Complete(context.Background(), &llm.Request{Task: "t"})
			if err != nil {
				t.Fatalf("Complete error %v, want ok", err)
			}
			if resp.Text != "ok" {
				t.Errorf("Complete text = %q, want ok", resp.Text)
			}
			if diff := cmp.Diff(tt.wantSleeps, clock.Sleeps()); diff != "" {
				t.Errorf("sleeps (-want +got):\n%s", diff)
			}
			if got, want := m.Count("t"), len(tt.fails)+1; got != want {
				t.Errorf("calls = %d, want %d", got, want)
			}
			if got, want := meter.Snapshot().Total.Retries, int64(len(tt.fails)); got != want {
				t.Errorf("meter retries = %d, want %d", got, want)
			}
		})
	}
}

func TestRetryGivesUp(t *testing.T) {
	m := llmtest.New(llm.Info{}).Reply("t", "ok").
		FailNext(llmtest.Unavailable(503, 0), llmtest.Unavailable(503, 0), llmtest.Unavailable(503, 0), llmtest.Unavailable(503, 0))
	clock := llmtest.NewClock(t0)
	_, err := newRetrier(m, clock, nil).Complete(context.Background(), &llm.Request{Task: "t"})
	if got := verity.ErrorCode(err); got != verity.EUNAVAILABLE {
		t.Fatalf("Complete error code = %q (%v), want %q", got, err, verity.EUNAVAILABLE)
	}
	var pe *llm.ProviderError
	if !errors.As(err, &pe) || pe.Status != 503 {
		t.Errorf("Complete error %v does not carry the provider's 503", err)
	}
	if got := m.Count("t"); got != 4 {
		t.Errorf("calls = %d, want 4", got)
	}
}

func TestRetryDoesNotRetryPermanentFailures(t *testing.T) {
	for _, status := range []int{400, 401, 403, 404, 422} {
		m := llmtest.New(llm.Info{}).Reply("t", "ok").FailNext(llmtest.Unavailable(status, 0))
		clock := llmtest.NewClock(t0)
		_, err := newRetrier(m, clock, nil).Complete(context.Background(), &llm.Request{Task: "t"})
		if err == nil {
			t.Errorf("HTTP %d: Complete succeeded, want the error", status)
		}
		if got := m.Count("t"); got != 1 {
			t.Errorf("HTTP %d: calls = %d, want 1", status, got)
		}
		if len(clock.Sleeps()) != 0 {
			t.Errorf("HTTP %d: slept %v, want no sleep", status, clock.Sleeps())
		}
	}
}

func TestRetryCapsRetryAfter(t *testing.T) {
	m := llmtest.New(llm.Info{}).Reply("t", "ok").FailNext(llmtest.Unavailable(429, time.Hour))
	clock := llmtest.NewClock(t0)
	r := llm.WithRetry(m, llm.RetryPolicy{Clock: clock, MaxRetryAfter: time.Minute, Jitter: func() float64 { return 0 }})
	if _, err := r.Complete(context.Background(), &llm.Request{Task: "t"}); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]time.Duration{time.Minute}, clock.Sleeps()); diff != "" {
		t.Errorf("sleeps (-want +got):\n%s", diff)
	}
}

func TestRetryStopsOnCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	m := llmtest.New(llm.Info{}).On("t", func(ctx context.Context, req *llm.Request) (*llm.Response, error) {
		cancel()
		return nil, llm.TransportError(ctx, "script", errors.New("reset"))
	})
	clock := llmtest.NewClock(t0)
	_, err := newRetrier(m, clock, nil).Complete(ctx, &llm.Request{Task: "t"})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("Complete error = %v, want context.Canceled", err)
	}
	if got := m.Count("t"); got != 1 {
		t.Errorf("calls = %d, want 1 (no retry after cancel)", got)
	}
}

func TestRetryTimesOutHungAttempts(t *testing.T) {
	calls := 0
	m := llmtest.New(llm.Info{}).On("t", func(ctx context.Context, req *llm.Request) (*llm.Response, error) {
		calls++
		if calls == 1 {
			<-ctx.Done() // a provider that never answers
			return nil, llm.TransportError(ctx, "script", ctx.Err())
		}
		return &llm.Response{Text: "ok"}, nil
	})
	clock := llmtest.NewClock(t0)
	r := llm.WithRetry(m, llm.RetryPolicy{Clock: clock, AttemptTimeout: 20 * time.Millisecond})
	resp, err := r.Complete(context.Background(), &llm.Request{Task: "t"})
	if err != nil {
		t.Fatalf("Complete error %v, want the second attempt's answer", err)
	}
	if resp.Text != "ok" || calls != 2 {
		t.Errorf("Complete = %q after %d calls, want ok after 2", resp.Text, calls)
	}
}
