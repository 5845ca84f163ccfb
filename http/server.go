package http

import (
	"context"
	"io"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"golang.org/x/time/rate"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/kb"
)

// Defaults of [Options].
const (
	DefaultMaxBody        = 1 << 20  // JSON request bodies
	DefaultMaxUpload      = 32 << 20 // ingest uploads
	DefaultRequestTimeout = 5 * time.Minute
	DefaultRate           = 10 // requests per second per caller
	DefaultBurst          = 40
)

// Options configure a [Server]. cmd/verity fills them from flags and the
// environment; nothing here reads either.
type Options struct {
	// Service is the one door every request goes through: it holds the
	// models, reads uploads and decides every right.
	Service *kb.Service
	Log     *slog.Logger // JSON request logs; discarded when nil

	// Anonymous lets requests without credentials act as the public caller
	// (verity.NewCaller()): they read what is public and kb refuses them
	// anything that needs a role. Off, they are refused with 401.
	Anonymous bool
	// UnauthenticatedPerAddress caps the requests without credentials
	// (anonymous readers, self-authenticating routes) one client address
	// may have in flight (0: DefaultUnauthenticatedPerAddress). Behind a
	// trusted proxy the client address is the one the proxy appends to
	// X-Forwarded-For.
	UnauthenticatedPerAddress int
	// Proxy trusts an authenticating proxy's user and group headers from
	// its addresses only.
	Proxy Proxy
	// CORSOrigin, when set, is the one browser origin allowed to call the
	// API cross-site; no CORS header is sent otherwise.
	CORSOrigin string

	// Rate and Burst bound the requests of one caller: per token, per
	// proxied user, per remote address for anonymous callers and failed
	// authentications. Rate 0 means DefaultRate; negative turns limits off.
	Rate  rate.Limit
	Burst int
	// MaxBody bounds JSON request bodies, MaxUpload ingest uploads.
	MaxBody, MaxUpload int64
	// RequestTimeout bounds the work of one request (its context).
	RequestTimeout time.Duration

	// Mounts are further handlers served behind the same authentication,
	// rate limits and bounds as the API — the MCP endpoint, wired by
	// cmd/verity (a transport never imports another).
	Mounts []Mount
	// UI serves the GET and HEAD requests outside /api/ that no route or
	// mount matches: the web UI, wired by cmd/verity. It is served without
	// authentication, so it must hold nothing that a caller's rights
	// restrict — its pages get every datum from this API, as their caller.
	// Nil answers those requests with the API's 404.
	UI http.Handler

	// MetricsSamples, when set, receives one JSON line for every checked
	// answer path C injected quotes into: the time, the metric
	// (verbatim_injected), the count and each claim with its quote and
	// document — the seed's metrics_*.jsonl. It holds quoted text, so it
	// is the operator's to keep private.
	MetricsSamples io.Writer

	Now func() time.Time
}

// Mount is another transport served at Pattern (a ServeMux pattern) behind
// the server's bounds, logging and metrics, wired by cmd/verity (a
// transport never imports another). Exactly one of Handler and Raw is set.
// A request that carries an Origin header other than Options.CORSOrigin is
// refused before it reaches either: browsers send one, other clients do
// not, so a page on another site — or a name rebound to this address —
// cannot call it.
type Mount struct {
	Pattern string
	// Handler serves the caller each request authenticates as, as the
	// API's endpoints do (the MCP endpoint); the caller is
	// verity.Anonymous() for a request without credentials under
	// --anonymous read.
	Handler func(c verity.Caller) http.Handler
	// Raw serves requests that authenticate themselves (a signed webhook,
	// a provisioning protocol with its own credentials): the server
	// establishes no caller, but bounds the request's time and body, limits
	// the route's rate as a whole, logs and counts it.
	Raw http.Handler
	// MaxBody caps a Raw route's body (0: DefaultWebhookBody): it is read
	// before the route knows who sent it.
	MaxBody int64
	// Refuse, when set, writes the server's own refusals of a Raw route's
	// request (rate limited, too many in flight) in the route's protocol
	// (SCIM's error format, say); nil writes the API's JSON error.
	Refuse func(w http.ResponseWriter, status int, message string)
}

// Server is the API's handler. It is safe for concurrent use.
type Server struct {
	opt    Options
	svc    *kb.Service
	log    *slog.Logger
	limits *limits
	// failures counts failed signatures of self-authenticating routes per
	// client address; anonymous caps requests without credentials in
	// flight per client address.
	failures    *limits
	routeLimits *limits // self-authenticating routes' own, one bucket per route
	anonymous   *inflight
	metrics     *metrics
	now         func() time.Time
	routes      []route
	api         http.Handler
}

// route is one registered endpoint: method and ServeMux path pattern,
// the request body it decodes (for the OpenAPI check), and its handler.
type route struct {
	method, path string
	body         any
	handle       http.Handler
}

// New returns a server over opt.Service.
func New(opt Options) *Server {
	if opt.Log == nil {
		opt.Log = slog.New(slog.DiscardHandler)
	}
	if opt.Rate == 0 {
		opt.Rate = DefaultRate
	}
	if opt.Burst <= 0 {
		opt.Burst = DefaultBurst
	}
	if opt.MaxBody <= 0 {
		opt.MaxBody = DefaultMaxBody
	}
	if opt.MaxUpload <= 0 {
		opt.MaxUpload = DefaultMaxUpload
	}
	if opt.RequestTimeout <= 0 {
		opt.RequestTimeout = DefaultRequestTimeout
	}
	if opt.Now == nil {
		opt.Now = time.Now
	}
	s := &Server{opt: opt, svc: opt.Service, log: opt.Log, now: opt.Now}
	s.limits = newLimits(opt.Rate, opt.Burst, opt.Now)
	s.failures = newLimits(opt.Rate, opt.Burst, opt.Now)
	s.routeLimits = newLimits(opt.Rate*routeShare, opt.Burst*routeShare, opt.Now)
	s.anonymous = newInflight(opt.UnauthenticatedPerAddress)
	s.metrics = newMetrics(opt.Service)
	s.metrics.samples, s.metrics.now = opt.MetricsSamples, opt.Now
	s.routes = s.table()
	mux := http.NewServeMux()
	for _, rt := range s.routes {
		mux.Handle(rt.method+" "+rt.path, rt.handle)
	}
	for _, m := range opt.Mounts {
		mux.Handle(m.Pattern, s.mounted(m))
	}
	notFound := s.endpoint(func(w http.ResponseWriter, r *http.Request, c verity.Caller) (any, error) {
		return nil, verity.Errorf(verity.ENOTFOUND, "no such endpoint: %s %s (see /api/v1/openapi.json)", r.Method, r.URL.Path)
	})
	mux.Handle("/", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if opt.UI != nil && (r.Method == http.MethodGet || r.Method == http.MethodHead) && !strings.HasPrefix(r.URL.Path, "/api/") {
			if info := infoOf(r); info != nil {
				info.route = "ui"
			}
			opt.UI.ServeHTTP(w, r)
			return
		}
		notFound.ServeHTTP(w, r)
	}))
	s.api = s.observe(s.crossOrigin(mux))
	return s
}

// mounted serves a Mount through the API's door: bounded, authenticated
// (unless it authenticates itself), rate-limited, and refused for a
// foreign Origin.
func (s *Server) mounted(m Mount) http.Handler {
	foreign := func(r *http.Request) error {
		if o := r.Header.Get("Origin"); o != "" && o != s.opt.CORSOrigin {
			return verity.Errorf(verity.EFORBIDDEN, "requests from another origin are refused")
		}
		return nil
	}
	if m.Raw != nil {
		return s.boundedAs("route:"+m.Pattern, m.Refuse, func(w http.ResponseWriter, r *http.Request) error {
			if err := foreign(r); err != nil {
				return err
			}
			max := m.MaxBody
			if max <= 0 {
				max = DefaultWebhookBody
			}
			r.Body = http.MaxBytesReader(w, r.Body, max)
			m.Raw.ServeHTTP(w, r)
			return nil
		})
	}
	return s.endpoint(func(w http.ResponseWriter, r *http.Request, c verity.Caller) (any, error) {
		if err := foreign(r); err != nil {
			return nil, err
		}
		r.Body = http.MaxBytesReader(w, r.Body, s.opt.MaxBody)
		m.Handler(c).ServeHTTP(w, r)
		return nil, nil
	})
}

// ServeHTTP serves the API, /healthz, /readyz and /metrics (admins only).
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) { s.api.ServeHTTP(w, r) }

// Registry is the server's metrics registry, for a separate metrics
// listener ([Server.MetricsHandler]).
func (s *Server) Registry() *prometheus.Registry { return s.metrics.reg }

// HTTPServer returns a net/http server for s on addr with every size and
// time bounded: headers, reading a request, writing a response, idle
// connections. base is the context requests derive from; it should not be
// cancelled by a shutdown signal, so that draining lets requests finish.
func (s *Server) HTTPServer(base context.Context, addr string) *http.Server {
	return &http.Server{
		Addr:              addr,
		Handler:           s,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       s.opt.RequestTimeout,
		WriteTimeout:      s.opt.RequestTimeout + 30*time.Second,
		IdleTimeout:       2 * time.Minute,
		MaxHeaderBytes:    64 << 10,
		BaseContext:       func(net.Listener) context.Context { return base },
		ErrorLog:          slog.NewLogLogger(s.log.Handler(), slog.LevelWarn),
	}
}

// crossOrigin refuses state-changing requests that a browser sends from
// another origin (net/http's CrossOriginProtection reads Sec-Fetch-Site and
// Origin), and answers CORS for the one origin configured, if any.
func (s *Server) crossOrigin(next http.Handler) http.Handler {
	cop := http.NewCrossOriginProtection()
	origin := s.opt.CORSOrigin
	if origin != "" {
		cop.AddTrustedOrigin(origin)
	}
	cop.SetDenyHandler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.fail(w, r, verity.Errorf(verity.EFORBIDDEN, "cross-origin request refused"))
	}))
	protected := cop.Handler(next)
	if origin == "" {
		return protected
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Origin") == origin {
			h := w.Header()
			h.Set("Access-Control-Allow-Origin", origin)
			h.Set("Access-Control-Allow-Headers", "Authorization, Content-Type, Accept")
			h.Set("Access-Control-Allow-Methods", "GET, POST, PUT")
			h.Set("Access-Control-Max-Age", "600")
			h.Add("Vary", "Origin")
			if r.Method == http.MethodOptions {
				w.WriteHeader(http.StatusNoContent)
				return
			}
		}
		protected.ServeHTTP(w, r)
	})
}
