package main

import (
	"cmp"
	"context"
	"fmt"
	"log/slog"
	"os"
	"time"

	"github.com/spf13/cobra"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/llm"
)

// workerConfig is how a process works the job queue: verity worker's
// flags, and verity serve's --workers.
type workerConfig struct {
	workers         int
	jobTimeout      time.Duration
	rescueAfter     time.Duration
	poll            time.Duration
	shutdownTimeout time.Duration
	pdf             pdfFlags // the budget of parsing one PDF a crawl job fetches (verity worker's own)
}

// check refuses a configuration no worker could run with.
func (c workerConfig) check() error {
	if c.workers < 0 || c.workers > 256 {
		return verity.Errorf(verity.EINVALID, "--workers must be between 0 and 256, got %d", c.workers)
	}
	return nil
}

// workerID names this process's worker among others.
func workerID() string {
	host, _ := os.Hostname()
	return fmt.Sprintf("%s-%d-%d", host, os.Getpid(), time.Now().UnixNano()%1e6)
}

// jobWorker is a running worker (package queue's, wired in wire.go).
type jobWorker interface {
	Stop(ctx context.Context) error
}

// addFlags adds the flags of working the queue to a command's flag set.
func (c *workerConfig) addFlags(cmd *cobra.Command, workersDefault int, workersUsage string) {
	f := cmd.Flags()
	f.IntVar(&c.workers, "workers", workersDefault, workersUsage)
	f.DurationVar(&c.jobTimeout, "job-timeout", 30*time.Minute, "how long one attempt of a job may run before it is stopped and retried")
	f.DurationVar(&c.rescueAfter, "rescue-after", 0, "how long a job may stay running before its worker is taken for dead\nand the job queued again (default: --job-timeout plus a minute)")
	f.DurationVar(&c.poll, "poll", time.Second, "how often an idle worker looks for jobs")
}

func (a *app) workerCmd() *cobra.Command {
	var cfg workerConfig
	cmd := &cobra.Command{
		Use:   "worker",
		Short: "Work the store's job queue: extractions, audits, crawls and research queued with --queue",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			ctx := cmd.Context()
			a.log = slog.New(slog.NewJSONHandler(a.stderr, &slog.HandlerOptions{Level: slog.LevelInfo}))
			if len(a.as) > 0 {
				return verity.Errorf(verity.EINVALID, "--as: a worker runs each job as the caller who queued it; it acts as no one of its own")
			}
			if err := cmp.Or(cfg.check(), cfg.pdf.check("pdf-timeout")); err != nil {
				return err
			}
			if cfg.workers == 0 {
				return verity.Errorf(verity.EINVALID, "--workers must be at least 1")
			}
			meter := llm.NewMeter(llm.DefaultPrices())
			// The jobs' context outlives the signal: draining lets them finish.
			w, err := a.startWorker(context.WithoutCancel(ctx), cfg, cfg.pdf, meter)
			if err != nil {
				return err
			}
			fmt.Fprintf(a.stdout, "working the jobs of %s, %d at a time\n", a.storeName(), cfg.workers)
			a.log.Info("working", "workers", cfg.workers, "job_timeout", cfg.jobTimeout.String())
			a.drainFor(cfg.shutdownTimeout + 2*time.Second)
			<-ctx.Done()
			return a.stopWorker(w, cfg.shutdownTimeout)
		},
	}
	cfg.addFlags(cmd, 2, "jobs run at once")
	cmd.Flags().DurationVar(&cfg.shutdownTimeout, "shutdown-timeout", 30*time.Second, "how long the running jobs may finish after SIGTERM")
	cfg.pdf.register(cmd, "pdf-timeout", "give up on extracting the text of a PDF a crawl job fetches after this long (a child process, killed)")
	return cmd
}

// stopWorker stops w after a signal: running jobs finish for up to
// timeout, then are cancelled to run again later.
func (a *app) stopWorker(w jobWorker, timeout time.Duration) error {
	a.log.Info("stopping: letting the running jobs finish", "timeout", timeout.String())
	sctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	if err := w.Stop(sctx); err != nil {
		a.log.Warn("jobs still running at the timeout were cancelled: they run again later", "error", err.Error())
	}
	a.log.Info("stopped")
	return nil
}
