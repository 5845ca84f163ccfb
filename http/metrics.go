package http

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/kb"
)

// metrics are the server's Prometheus metrics, in a registry of its own.
// Labels are route patterns, status codes, actions and reasons: never an
// id, a title, a query or a caller, and never a count of what a caller
// could not read (hints are not counted at all).
type metrics struct {
	reg       *prometheus.Registry
	requests  *prometheus.CounterVec
	latency   *prometheus.HistogramVec
	quotes    prometheus.Counter
	injected  prometheus.Counter
	distorted prometheus.Counter
	// samples receives the injected quotes as JSON lines (nil: none are
	// written); mu keeps the lines whole.
	samples  io.Writer
	now      func() time.Time
	mu       sync.Mutex
	notFound *prometheus.CounterVec
	revoked  *prometheus.CounterVec
}

func newMetrics(svc *kb.Service) *metrics {
	m := &metrics{reg: prometheus.NewRegistry()}
	m.requests = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "verity_http_requests_total", Help: "HTTP requests by route pattern, method-free, and status code.",
	}, []string{"route", "code"})
	m.latency = prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Name: "verity_http_request_duration_seconds", Help: "Time to serve a request, by route pattern.",
		Buckets: []float64{.001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10, 30, 60},
	}, []string{"route"})
	m.quotes = prometheus.NewCounter(prometheus.CounterOpts{
		Name: "verity_answer_verbatim_quotes_total", Help: "Verbatim quotes injected into answers and checked answers (claims with a quote found by code).",
	})
	m.injected = prometheus.NewCounter(prometheus.CounterOpts{
		Name: "verity_answer_verbatim_injected_total", Help: "Verbatim quotes injected into checked answers from citation metadata: a provider's cited text located by code in the document (seed 003, path C; the seed's verbatim_injected).",
	})
	m.distorted = prometheus.NewCounter(prometheus.CounterOpts{
		Name: "verity_answer_distortions_flagged_total", Help: "Claims of answers and checked answers flagged with a low or high distortion risk.",
	})
	m.notFound = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "verity_answer_not_found_total", Help: "Answers that said not found, by reason.",
	}, []string{"reason"})
	m.revoked = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "verity_revocation_events_total", Help: "Revocation log events written through the API, by action.",
	}, []string{"action"})
	m.reg.MustRegister(m.requests, m.latency, m.quotes, m.injected, m.distorted, m.notFound, m.revoked,
		prometheus.NewCounterFunc(prometheus.CounterOpts{Name: "verity_hints_withheld_total",
			Help: "Searches and questions answered without permission hints because their principal was past its hourly hint budget (or the budget could not be read)."},
			func() float64 { return float64(svc.HintsWithheld()) }),
		feedbackCollector{svc}, collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	if _, ok := svc.ModelUsage(); ok {
		total := func(f func(kb.ModelUsage) int64) func() float64 {
			return func() float64 { u, _ := svc.ModelUsage(); return float64(f(u)) }
		}
		m.reg.MustRegister(
			prometheus.NewCounterFunc(prometheus.CounterOpts{Name: "verity_model_requests_total", Help: "Requests to the model stack."}, total(func(u kb.ModelUsage) int64 { return u.Requests })),
			prometheus.NewCounterFunc(prometheus.CounterOpts{Name: "verity_model_calls_total", Help: "Model requests answered by the provider."}, total(func(u kb.ModelUsage) int64 { return u.Calls })),
			prometheus.NewCounterFunc(prometheus.CounterOpts{Name: "verity_model_cache_hits_total", Help: "Model requests answered by the cache."}, total(func(u kb.ModelUsage) int64 { return u.CacheHits })),
			prometheus.NewCounterFunc(prometheus.CounterOpts{Name: "verity_model_errors_total", Help: "Model requests that failed."}, total(func(u kb.ModelUsage) int64 { return u.Errors })),
			prometheus.NewCounterFunc(prometheus.CounterOpts{Name: "verity_model_retries_total", Help: "Extra attempts made by retries."}, total(func(u kb.ModelUsage) int64 { return u.Retries })),
			prometheus.NewCounterFunc(prometheus.CounterOpts{Name: "verity_model_input_tokens_total", Help: "Input tokens of provider calls."}, total(func(u kb.ModelUsage) int64 { return u.InputTokens })),
			prometheus.NewCounterFunc(prometheus.CounterOpts{Name: "verity_model_output_tokens_total", Help: "Output tokens of provider calls."}, total(func(u kb.ModelUsage) int64 { return u.OutputTokens })),
		)
	}
	return m
}

// feedbackDesc is verity_answer_feedback_total: the ratings the store
// holds, counted at each scrape, so that every process on the store (a
// Telegram bot's, say) is counted once. A caller who changes a rating
// moves its count from one label to the other.
var feedbackDesc = prometheus.NewDesc("verity_answer_feedback_total",
	"Ratings of answers (👍 up, 👎 down) stored, by rating, the transport they were given in, and whether the answer had verbatim quotes (seed 003's comparison).",
	[]string{"rating", "transport", "verbatim"}, nil)

// feedbackCollector reads the feedback counts from the store.
type feedbackCollector struct{ svc *kb.Service }

func (f feedbackCollector) Describe(ch chan<- *prometheus.Desc) { ch <- feedbackDesc }

func (f feedbackCollector) Collect(ch chan<- prometheus.Metric) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	counts, err := f.svc.FeedbackCounts(ctx)
	if err != nil {
		ch <- prometheus.NewInvalidMetric(feedbackDesc, err)
		return
	}
	for _, c := range counts {
		ch <- prometheus.MustNewConstMetric(feedbackDesc, prometheus.CounterValue, float64(c.N), c.Rating, c.Transport, strconv.FormatBool(c.Verbatim))
	}
}

func (m *metrics) request(route string, status int, d time.Duration) {
	m.requests.WithLabelValues(route, strconv.Itoa(status)).Inc()
	m.latency.WithLabelValues(route).Observe(d.Seconds())
}

// answered counts an answer's verbatim quotes, the quotes path C injected,
// flagged distortions and its not-found reason, and writes the injected
// quotes to the samples file.
func (m *metrics) answered(a *kb.Answer) {
	n := kb.Counts(a)
	m.quotes.Add(float64(n.Quotes))
	m.injected.Add(float64(len(n.Injected)))
	if m.samples != nil && len(n.Injected) > 0 {
		line, err := json.Marshal(struct {
			At      time.Time          `json:"at"`
			Metric  string             `json:"metric"`
			Count   int                `json:"count"`
			Samples []kb.InjectedQuote `json:"samples"`
		}{m.now().UTC(), "verbatim_injected", len(n.Injected), n.Injected})
		if err == nil {
			m.mu.Lock()
			m.samples.Write(append(line, '\n'))
			m.mu.Unlock()
		}
	}
	m.distorted.Add(float64(n.Distorted))
	if n.NotFound != "" {
		m.notFound.WithLabelValues(n.NotFound).Inc()
	}
}

// revocation counts the event a revocation report logged, if it did.
func (m *metrics) revocation(rep *kb.RevocationReport) {
	if rep != nil && rep.Event != nil {
		m.revoked.WithLabelValues(string(rep.Event.Action)).Inc()
	}
}

// MetricsHandler serves the metrics without a token, for a listener of its
// own (--metrics-addr) that only the monitoring system can reach.
func (s *Server) MetricsHandler() http.Handler {
	return promhttp.HandlerFor(s.metrics.reg, promhttp.HandlerOpts{})
}

// metricsEndpoint serves the metrics on the API address to admins.
func (s *Server) metricsEndpoint() http.Handler {
	prom := s.MetricsHandler()
	return s.endpoint(func(w http.ResponseWriter, r *http.Request, c verity.Caller) (any, error) {
		if err := s.svc.Metrics(r.Context(), c); err != nil {
			return nil, err
		}
		prom.ServeHTTP(w, r)
		return nil, nil
	})
}
