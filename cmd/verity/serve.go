package main

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
	"golang.org/x/time/rate"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/connector"
	httpapi "github.com/veritykb/verity/http"
	"github.com/veritykb/verity/kb"
	"github.com/veritykb/verity/mcp"
	"github.com/veritykb/verity/scim"
	"github.com/veritykb/verity/slack"
	"github.com/veritykb/verity/telegram"
	"github.com/veritykb/verity/web"
	"github.com/veritykb/verity/webhook"
)

// serveConfig is verity serve's configuration, from flags and VERITY_*
// variables (a flag given wins).
type serveConfig struct {
	addr, metricsAddr, metricsSamples string
	tlsCert, tlsKey                   string
	insecureHTTP                      bool
	anonymous                         string
	proxies                           []string
	userHeader, groupsHdr             string
	corsOrigin                        string
	shutdownTimeout                   time.Duration
	requestTimeout                    time.Duration
	rate                              float64
	burst                             int
	maxBody, maxUpload                int64
	pdf                               pdfFlags // the budget of parsing one uploaded PDF
	telegram, slack                   bool
	tg                                telegram.Flags
	work                              workerConfig
}

// serveEnv names the environment variable of each flag.
var serveEnv = map[string]string{
	"addr": "VERITY_ADDR", "metrics-addr": "VERITY_METRICS_ADDR", "metrics-samples": "VERITY_METRICS_SAMPLES", "tls-cert": "VERITY_TLS_CERT", "tls-key": "VERITY_TLS_KEY",
	"insecure-http": "VERITY_INSECURE_HTTP", "anonymous": "VERITY_ANONYMOUS", "trusted-proxy": "VERITY_TRUSTED_PROXY",
	"trusted-proxy-user-header": "VERITY_TRUSTED_PROXY_USER_HEADER", "trusted-proxy-groups-header": "VERITY_TRUSTED_PROXY_GROUPS_HEADER",
	"cors-origin": "VERITY_CORS_ORIGIN", "shutdown-timeout": "VERITY_SHUTDOWN_TIMEOUT", "request-timeout": "VERITY_REQUEST_TIMEOUT",
	"rate": "VERITY_RATE", "burst": "VERITY_BURST", "max-body": "VERITY_MAX_BODY", "max-upload": "VERITY_MAX_UPLOAD",
	"workers": "VERITY_WORKERS", "hint-budget": "VERITY_HINT_BUDGET",
}

func (a *app) serveCmd() *cobra.Command {
	var cfg serveConfig
	cmd := &cobra.Command{
		Use:   "serve [--addr 127.0.0.1:8080]",
		Short: "Serve the HTTP API and the web UI: every operation, as the caller its token names",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := a.flagsFromEnv(cmd.Flags()); err != nil {
				return err
			}
			if err := a.checkHintBudget(); err != nil {
				return err
			}
			return a.serve(cmd.Context(), cfg)
		},
	}
	f := cmd.Flags()
	f.StringVar(&cfg.addr, "addr", "127.0.0.1:8080", "address to listen on (port 0 picks a free one)")
	f.StringVar(&cfg.metricsAddr, "metrics-addr", "", "also serve /metrics without a token on this address (keep it private)")
	f.StringVar(&cfg.metricsSamples, "metrics-samples", "", "append the quotes checked answers had injected from citation metadata to this JSONL file\n(verbatim_injected, as the seed's metrics_*.jsonl; it holds quoted text: keep it private)")
	f.StringVar(&cfg.tlsCert, "tls-cert", "", "TLS certificate file (PEM)")
	f.StringVar(&cfg.tlsKey, "tls-key", "", "TLS key file (PEM)")
	f.BoolVar(&cfg.insecureHTTP, "insecure-http", false, "serve plain HTTP on a non-loopback address (TLS ends at a proxy in front)")
	f.StringVar(&cfg.anonymous, "anonymous", "none", "requests without credentials: none (refused, 401) or read (as public, reading only)")
	f.StringArrayVar(&cfg.proxies, "trusted-proxy", nil, "address or CIDR of an authenticating proxy whose user headers are trusted, repeatable")
	f.StringVar(&cfg.userHeader, "trusted-proxy-user-header", "", "the proxy's header holding the user's email (user:EMAIL)")
	f.StringVar(&cfg.groupsHdr, "trusted-proxy-groups-header", "", "the proxy's header holding comma-separated groups (group:NAME)")
	f.StringVar(&cfg.corsOrigin, "cors-origin", "", "the one browser origin allowed to call the API cross-site (default none)")
	f.DurationVar(&cfg.shutdownTimeout, "shutdown-timeout", 30*time.Second, "how long to drain requests in flight after SIGTERM")
	f.DurationVar(&cfg.requestTimeout, "request-timeout", httpapi.DefaultRequestTimeout, "longest time one request may work")
	f.Float64Var(&cfg.rate, "rate", httpapi.DefaultRate, "requests per second per caller (token, proxied user, or address); 0 for no limit")
	f.IntVar(&cfg.burst, "burst", httpapi.DefaultBurst, "requests a caller may make at once before the rate applies")
	f.Int64Var(&cfg.maxBody, "max-body", httpapi.DefaultMaxBody, "largest JSON request body, in bytes")
	f.Int64Var(&cfg.maxUpload, "max-upload", httpapi.DefaultMaxUpload, "largest ingest upload, in bytes")
	f.StringArrayVar(&a.replicas, "db-replica", nil, "URL of a PostgreSQL streaming replica of --db that searches read when it has\nreplayed every write the primary held as the search began, repeatable")
	f.Int64Var(&a.replicaLag, "replica-max-lag", 0, "bytes of WAL a --db-replica may lag the primary and still serve searches,\nprovided it has replayed the last narrowing (0: only a replica fully caught up)")
	a.hintBudgetFlag(cmd)
	f.Var(&a.verbatim, "verbatim", "verbatim quotes in answers: on, off, or N% of callers (stable per caller), to compare feedback")
	f.BoolVar(&cfg.telegram, "telegram", false, "serve the Telegram bot's webhook at POST /telegram/webhook (secret from --telegram-secret-file or $VERITY_TELEGRAM_SECRET)")
	cfg.tg.Register(f, "telegram-")
	f.BoolVar(&cfg.slack, "slack", false, "serve the store's Slack app at POST /slack/events, /slack/interactions, /slack/commands (verity slack configure)")
	cfg.pdf.register(cmd, "pdf-timeout", "longest time one uploaded file may take to read; PDFs are parsed in a child process killed past it")
	cfg.work.addFlags(cmd, 0, "also work the store's job queue in this process, this many jobs at once\n(0: queue jobs only, for workers elsewhere: verity worker)")
	return cmd
}

// hintBudgetFlag adds --hint-budget to a command that serves callers.
func (a *app) hintBudgetFlag(cmd *cobra.Command) {
	cmd.Flags().IntVar(&a.hintBudget, "hint-budget", kb.DefaultHintBudget, "searches and questions a principal may make in an hour with permission hints;\npast it, answers come without hints (-1: no budget)")
}

// checkHintBudget refuses a --hint-budget that means nothing.
func (a *app) checkHintBudget() error {
	if a.hintBudget == 0 || a.hintBudget < -1 {
		return verity.Errorf(verity.EINVALID, "--hint-budget must be at least 1, or -1 for no budget, got %d (to give no hints at all, make the systems undiscoverable: verity systems undiscoverable SYSTEM)", a.hintBudget)
	}
	return nil
}

// envList lists the variables serve reads, each with the flag it stands
// for, for serve's help.
func envList() string {
	var b strings.Builder
	for _, name := range []string{"addr", "metrics-addr", "metrics-samples", "tls-cert", "tls-key", "insecure-http", "anonymous", "trusted-proxy",
		"trusted-proxy-user-header", "trusted-proxy-groups-header", "cors-origin", "shutdown-timeout", "request-timeout", "rate", "burst", "max-body", "max-upload", "workers", "hint-budget"} {
		fmt.Fprintf(&b, "\n  %-36s --%s", serveEnv[name], name)
	}
	return b.String() + " (comma-separated for VERITY_TRUSTED_PROXY)"
}

// flagsFromEnv sets each flag not given from its VERITY_* variable.
func (a *app) flagsFromEnv(fs *pflag.FlagSet) error {
	var err error
	fs.VisitAll(func(f *pflag.Flag) {
		env, v := serveEnv[f.Name], ""
		if env != "" {
			v = strings.TrimSpace(a.getenv(env))
		}
		if err != nil || f.Changed || v == "" {
			return
		}
		values := []string{v}
		if f.Value.Type() == "stringArray" {
			values = strings.Split(v, ",")
		}
		for _, x := range values {
			if serr := fs.Set(f.Name, strings.TrimSpace(x)); serr != nil {
				err = verity.Errorf(verity.EINVALID, "%s: %w", env, serr)
				return
			}
		}
	})
	return err
}

// options checks the configuration and turns it into the server's.
func (cfg serveConfig) options() (httpapi.Options, error) {
	var opt httpapi.Options
	if (cfg.tlsCert == "") != (cfg.tlsKey == "") {
		return opt, verity.Errorf(verity.EINVALID, "--tls-cert and --tls-key go together")
	}
	if err := httpapi.CheckListen(cfg.addr, cfg.tlsCert != "", cfg.insecureHTTP); err != nil {
		return opt, err
	}
	switch cfg.anonymous {
	case "none", "":
	case "read":
		opt.Anonymous = true
	default:
		return opt, verity.Errorf(verity.EINVALID, "--anonymous must be none or read, got %q", cfg.anonymous)
	}
	trusted, err := httpapi.ParseTrusted(cfg.proxies)
	if err != nil {
		return opt, err
	}
	opt.Proxy.Trusted = trusted
	opt.Proxy.UserHeader, opt.Proxy.GroupsHeader = cfg.userHeader, cfg.groupsHdr
	if (len(opt.Proxy.Trusted) > 0) != (cfg.userHeader != "") || (cfg.groupsHdr != "" && cfg.userHeader == "") {
		return opt, verity.Errorf(verity.EINVALID, "--trusted-proxy and --trusted-proxy-user-header go together (and --trusted-proxy-groups-header needs both)")
	}
	if cfg.rate < 0 || cfg.burst < 1 || cfg.maxBody < 1 || cfg.maxUpload < 1 || cfg.shutdownTimeout < 0 || cfg.requestTimeout <= 0 {
		return opt, verity.Errorf(verity.EINVALID, "--rate must not be negative; --burst, --max-body, --max-upload and --request-timeout must be positive")
	}
	opt.Rate, opt.Burst = rate.Limit(cfg.rate), cfg.burst
	if cfg.rate == 0 {
		opt.Rate = -1
	}
	opt.MaxBody, opt.MaxUpload, opt.RequestTimeout, opt.CORSOrigin = cfg.maxBody, cfg.maxUpload, cfg.requestTimeout, cfg.corsOrigin
	return opt, nil
}

// serve runs the server until ctx ends (the first SIGTERM or Ctrl-C), then
// drains the requests in flight for up to the shutdown timeout.
func (a *app) serve(ctx context.Context, cfg serveConfig) error {
	opt, err := cfg.options()
	if err != nil {
		return err
	}
	if err := cfg.pdf.check("pdf-timeout"); err != nil {
		return err
	}
	a.log = slog.New(slog.NewJSONHandler(a.stderr, &slog.HandlerOptions{Level: slog.LevelInfo}))
	if _, err := a.modelSpecString(); err != nil {
		return err
	}
	a.uploads.pdf, a.uploads.timeout = a.pdfReader(cfg.pdf), cfg.pdf.timeout
	svc, err := a.service(ctx)
	if err != nil {
		return err
	}
	// The models are built once, before requests come: requests share them.
	if _, _, err := a.answerModels(ctx); err != nil {
		return err
	}
	meter := a.meter
	opt.Service, opt.Log, opt.Now = svc, a.log, a.now
	hooks := webhook.Handler(svc, webhook.Options{Secrets: connector.Secrets(a.getenv), Pages: connector.HookPages, Log: a.log})
	opt.Mounts = []httpapi.Mount{{Pattern: "/mcp", Handler: func(c verity.Caller) http.Handler {
		return mcp.Handler(svc, c, mcp.Options{Version: version(), Log: a.log})
	}}, {Pattern: scim.Prefix + "/", Raw: scim.Handler(svc, scim.Options{Log: a.log}), MaxBody: httpapi.DefaultMaxBody, Refuse: scim.Refuse},
		{Pattern: webhook.Prefix, Raw: hooks, Refuse: webhook.Refuse}, {Pattern: "POST " + webhook.APIPrefix + "{name}/webhook", Raw: hooks, Refuse: webhook.Refuse}}
	if cfg.telegram {
		bot, err := a.telegramBot(ctx, cfg.tg, true)
		if err != nil {
			return err
		}
		defer bot.Wait()
		opt.Mounts = append(opt.Mounts, httpapi.Mount{Pattern: "POST /telegram/webhook", Raw: bot.Handler(), MaxBody: 1 << 20, Refuse: telegram.Refuse})
	}
	if cfg.slack {
		app, err := a.slackApp(ctx)
		if err != nil {
			return err
		}
		defer app.Wait()
		opt.Mounts = append(opt.Mounts, httpapi.Mount{Pattern: "POST /slack/", Raw: app.Handler(), MaxBody: 1 << 20, Refuse: slack.Refuse})
	}
	opt.UI = web.New(web.Options{Anonymous: opt.Anonymous, Proxy: len(opt.Proxy.Trusted) > 0}) // the web UI at / and /sources/ID, behind the API's routes
	if cfg.metricsSamples != "" {
		f, err := os.OpenFile(cfg.metricsSamples, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o600)
		if err != nil {
			return verity.Errorf(verity.EINVALID, "--metrics-samples: %w", err)
		}
		defer f.Close()
		opt.MetricsSamples = f
	}
	api := httpapi.New(opt)
	ln, err := net.Listen("tcp", cfg.addr)
	if err != nil {
		return verity.Errorf(verity.EINVALID, "listen on %s: %w", cfg.addr, err)
	}
	base := context.WithoutCancel(ctx) // draining lets requests finish: a signal must not cancel them
	srv := api.HTTPServer(base, cfg.addr)
	scheme := "http"
	if cfg.tlsCert != "" {
		scheme = "https"
		srv.TLSConfig = &tls.Config{MinVersion: tls.VersionTLS12}
	}
	fmt.Fprintf(a.stdout, "listening on %s://%s\n", scheme, ln.Addr())
	servers := []*http.Server{srv}
	errs := make(chan error, 2)
	go func() {
		if cfg.tlsCert != "" {
			errs <- srv.ServeTLS(ln, cfg.tlsCert, cfg.tlsKey)
		} else {
			errs <- srv.Serve(ln)
		}
	}()
	if cfg.metricsAddr != "" {
		mln, err := net.Listen("tcp", cfg.metricsAddr)
		if err != nil {
			srv.Close()
			return verity.Errorf(verity.EINVALID, "listen on %s: %w", cfg.metricsAddr, err)
		}
		msrv := &http.Server{Handler: api.MetricsHandler(), ReadHeaderTimeout: 10 * time.Second, ReadTimeout: 30 * time.Second,
			WriteTimeout: 30 * time.Second, IdleTimeout: 2 * time.Minute, MaxHeaderBytes: 64 << 10}
		servers = append(servers, msrv)
		fmt.Fprintf(a.stdout, "metrics on http://%s/metrics\n", mln.Addr())
		go func() { errs <- msrv.Serve(mln) }()
	}
	var worker jobWorker
	if cfg.work.workers > 0 {
		if worker, err = a.startWorker(base, cfg.work, cfg.pdf, meter); err != nil {
			for _, s := range servers {
				s.Close()
			}
			return err
		}
		fmt.Fprintf(a.stdout, "working the job queue, %d jobs at a time\n", cfg.work.workers)
	}
	a.log.Info("serving", "addr", ln.Addr().String(), "tls", cfg.tlsCert != "", "anonymous", opt.Anonymous, "trusted_proxies", len(opt.Proxy.Trusted),
		"workers", cfg.work.workers)
	// The first signal now drains instead of giving up after two seconds.
	a.drainFor(cfg.shutdownTimeout + 2*time.Second)
	select {
	case err := <-errs:
		for _, s := range servers {
			s.Close()
		}
		if worker != nil {
			a.stopWorker(worker, cfg.shutdownTimeout)
		}
		return fmt.Errorf("serve: %w", err)
	case <-ctx.Done():
	}
	a.log.Info("shutting down: draining requests in flight", "timeout", cfg.shutdownTimeout.String())
	sctx, cancel := context.WithTimeout(base, cfg.shutdownTimeout)
	defer cancel()
	for _, s := range servers {
		if err := s.Shutdown(sctx); err != nil {
			a.log.Warn("shutdown timed out: closing the connections left", "error", err.Error())
			s.Close()
		}
	}
	for range servers {
		if err := <-errs; err != nil && !errors.Is(err, http.ErrServerClosed) {
			return fmt.Errorf("serve: %w", err)
		}
	}
	if err := a.svc.FlushHints(base); err != nil {
		a.log.Warn("hint budget: the last second's searches were not counted", "error", err.Error())
	}
	if worker != nil {
		return a.stopWorker(worker, cfg.shutdownTimeout)
	}
	a.log.Info("stopped")
	return nil
}
