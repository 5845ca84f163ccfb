package openai_test

import (
	"context"
	"fmt"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/veritykb/verity/llm"
	"github.com/veritykb/verity/llm/llmtest"
	"github.com/veritykb/verity/llm/openai"
)

// providerLatency is the fake provider's time to answer, the figure the
// issue asks to measure against.
const providerLatency = 300 * time.Millisecond

// stack returns the production middleware stack (meter, cache, retry,
// limiter) around the real HTTP client pointed at srv.
func stack(srv *httptest.Server, conc int, cache llm.Cache, meter *llm.Meter) llm.Model {
	c := openai.New(openai.Config{Provider: "openai-compatible", BaseURL: srv.URL + "/v1", Model: "fake"})
	return llm.Stack(c, llm.StackConfig{
		Limiter: llm.NewLimiter(llm.Limits{Concurrency: conc}, nil),
		Cache:   cache, Meter: meter,
	})
}

func request(i int) *llm.Request {
	return &llm.Request{Task: "bench", PromptVersion: "bench@1", Messages: []llm.Message{llm.User(fmt.Sprintf("claim %d", i))}}
}

// run sends n distinct requests through m with conc workers.
func run(b *testing.B, m llm.Model, n, conc int) {
	var next atomic.Int64
	var wg sync.WaitGroup
	for range conc {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1)) - 1
				if i >= n {
					return
				}
				if _, err := m.Complete(context.Background(), request(i)); err != nil {
					b.Error(err)
					return
				}
			}
		}()
	}
	wg.Wait()
}

// BenchmarkThroughput measures calls per second through the whole stack
// against a loopback provider that takes 300 ms per call, at concurrency 1,
// 8 and 64, against a baseline measured in the same process: the same
// workers calling an in-process model with the same latency and no HTTP or
// middleware. "ratio" is calls/s over baseline-calls/s.
//
//	go test -run=^$ -bench=Throughput -benchtime=3s ./llm/openai/
func BenchmarkThroughput(b *testing.B) {
	for _, conc := range []int{1, 8, 64} {
		b.Run(fmt.Sprintf("conc=%d", conc), func(b *testing.B) {
			fake := &llmtest.ChatServer{Latency: providerLatency, Reply: `{"label":"entailed"}`}
			srv := httptest.NewServer(fake)
			defer srv.Close()
			m := stack(srv, conc, nil, llm.NewMeter(nil))
			b.ResetTimer()
			run(b, m, b.N, conc)
			b.StopTimer()
			perSec := float64(b.N) / b.Elapsed().Seconds()

			// The baseline: the same calls by the same workers to an
			// in-process model with the same latency, no HTTP and no
			// middleware, measured in this process right after.
			start := time.Now()
			run(b, &llmtest.Slow{Latency: providerLatency}, b.N, conc)
			baseline := float64(b.N) / time.Since(start).Seconds()
			b.ReportMetric(perSec, "calls/s")
			b.ReportMetric(baseline, "baseline-calls/s")
			b.ReportMetric(perSec/baseline, "ratio")
			b.ReportMetric(float64(fake.Peak()), "peak-in-flight")
		})
	}
}

// BenchmarkCacheSecondRun runs 64 distinct requests twice at concurrency 8
// through the stack with a cache: the second run must make no provider
// calls. It reports the provider calls of each run, the calls the cache
// saved and the speed-up of the second run over the first.
//
//	go test -run=^$ -bench=CacheSecondRun -benchtime=1x ./llm/openai/
func BenchmarkCacheSecondRun(b *testing.B) {
	const n, conc = 64, 8
	for range b.N {
		fake := &llmtest.ChatServer{Latency: providerLatency, Reply: `{"label":"entailed"}`}
		srv := httptest.NewServer(fake)
		meter := llm.NewMeter(nil)
		m := stack(srv, conc, llm.NewMemoryCache(), meter)

		start := time.Now()
		run(b, m, n, conc)
		first := time.Since(start)
		firstCalls := fake.Requests()

		start = time.Now()
		run(b, m, n, conc)
		second := time.Since(start)
		secondCalls := fake.Requests() - firstCalls
		srv.Close()

		tot := meter.Snapshot().Total
		b.ReportMetric(float64(firstCalls), "run1-calls")
		b.ReportMetric(float64(secondCalls), "run2-calls")
		b.ReportMetric(float64(tot.CacheHits), "calls-saved")
		b.ReportMetric(first.Seconds()/second.Seconds(), "speedup")
		if secondCalls != 0 {
			b.Errorf("second run made %d provider calls, want 0", secondCalls)
		}
	}
}
