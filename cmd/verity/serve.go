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
	http                        httpapi.Flags
	metricsAddr, metricsSamples string
	shutdownTimeout             time.Duration
	pdf                         pdfFlags // the budget of parsing one uploaded PDF
	telegram, slack             bool
	tg                          telegram.Flags
	work                        workerConfig
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
	cfg.http.Register(f)
	f.StringVar(&cfg.metricsAddr, "metrics-addr", "", "also serve /metrics without a token on this address (keep it private)")
	f.StringVar(&cfg.metricsSamples, "metrics-samples", "", "append the quotes checked answers had injected from citation metadata to this JSONL file\n(verbatim_injected, as the seed's metrics_*.jsonl; it holds quoted text: keep it private)")
	f.DurationVar(&cfg.shutdownTimeout, "shutdown-timeout", 30*time.Second, "how long to drain requests in flight after SIGTERM")
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
	if cfg.shutdownTimeout < 0 {
		return httpapi.Options{}, verity.Errorf(verity.EINVALID, "--shutdown-timeout must not be negative")
	}
	return cfg.http.Options()
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
	ln, err := net.Listen("tcp", cfg.http.Addr)
	if err != nil {
		return verity.Errorf(verity.EINVALID, "listen on %s: %w", cfg.http.Addr, err)
	}
	base := context.WithoutCancel(ctx) // draining lets requests finish: a signal must not cancel them
	srv := api.HTTPServer(base, cfg.http.Addr)
	scheme := "http"
	if cfg.http.TLSCert != "" {
		scheme = "https"
		srv.TLSConfig = &tls.Config{MinVersion: tls.VersionTLS12}
	}
	fmt.Fprintf(a.stdout, "listening on %s://%s\n", scheme, ln.Addr())
	servers := []*http.Server{srv}
	errs := make(chan error, 2)
	go func() {
		if cfg.http.TLSCert != "" {
			errs <- srv.ServeTLS(ln, cfg.http.TLSCert, cfg.http.TLSKey)
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
	a.log.Info("serving", "addr", ln.Addr().String(), "tls", cfg.http.TLSCert != "", "anonymous", opt.Anonymous, "trusted_proxies", len(opt.Proxy.Trusted),
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
