package queue

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/internal/sqlstore"
)

// Store is what a worker needs of the store whose jobs it works.
type Store interface {
	RiverDriver() riverdriver.Driver[*sql.Tx]
	Job(ctx context.Context, id int64) (*verity.Job, error)
}

// Handler runs one job and returns its report, which becomes the job's
// output. An error of code invalid, forbidden or not found ends the job as
// failed at once (no retry can mend it); [verity.ErrJobCancelled] ends it
// as cancelled; any other error is retried, up to the job's attempts.
type Handler func(ctx context.Context, j *verity.Job) (any, error)

// Options configure a worker.
type Options struct {
	// Workers is how many jobs the process runs at once; 0 means 2.
	Workers int
	// JobTimeout bounds one attempt of a job; 0 means 30 minutes.
	JobTimeout time.Duration
	// RescueAfter is how long a job may stay running before River takes
	// its worker for dead and queues it again; 0 means JobTimeout plus a
	// minute. It must exceed JobTimeout, or live jobs would run twice.
	RescueAfter time.Duration
	// Poll is how often an idle worker looks for jobs; 0 means a second.
	Poll time.Duration
	// ID names the worker among others (River's client id); "" lets
	// River choose.
	ID  string
	Log *slog.Logger
}

// Worker is a running worker.
type Worker struct {
	client *river.Client[*sql.Tx]
}

// Start starts a worker on st's queue: it takes jobs until Stop.
func Start(ctx context.Context, st Store, h Handler, opt Options) (*Worker, error) {
	if opt.Workers <= 0 {
		opt.Workers = 2
	}
	if opt.JobTimeout <= 0 {
		opt.JobTimeout = 30 * time.Minute
	}
	if opt.RescueAfter <= 0 {
		opt.RescueAfter = opt.JobTimeout + time.Minute
	}
	if opt.RescueAfter <= opt.JobTimeout {
		return nil, verity.Errorf(verity.EINVALID, "the rescue delay (%s) must exceed the job timeout (%s), or a live job would run twice", opt.RescueAfter, opt.JobTimeout)
	}
	if opt.Poll <= 0 {
		opt.Poll = time.Second
	}
	if opt.Log == nil {
		opt.Log = slog.New(slog.DiscardHandler)
	}
	workers := river.NewWorkers()
	if err := river.AddWorkerSafely(workers, &worker{st: st, h: h, timeout: opt.JobTimeout, log: opt.Log}); err != nil {
		return nil, err
	}
	client, err := river.NewClient(st.RiverDriver(), &river.Config{
		ID:                   opt.ID,
		Queues:               map[string]river.QueueConfig{river.QueueDefault: {MaxWorkers: opt.Workers}},
		Workers:              workers,
		JobTimeout:           opt.JobTimeout,
		RescueStuckJobsAfter: opt.RescueAfter,
		FetchPollInterval:    opt.Poll,
		FetchCooldown:        min(opt.Poll, 100*time.Millisecond),
		Logger:               opt.Log,
	})
	if err != nil {
		return nil, fmt.Errorf("start worker: %w", err)
	}
	if err := client.Start(ctx); err != nil {
		return nil, fmt.Errorf("start worker: %w", err)
	}
	return &Worker{client: client}, nil
}

// Stop stops taking jobs and waits for the running ones to finish; when
// ctx ends first, it cancels them (they keep what they committed, and run
// again later) and waits for them to return.
func (w *Worker) Stop(ctx context.Context) error {
	err := w.client.Stop(ctx)
	if err == nil {
		return nil
	}
	cctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	return errors.Join(err, w.client.StopAndCancel(cctx))
}

// worker is River's worker of every Verity job.
type worker struct {
	river.WorkerDefaults[sqlstore.JobArgs]
	st      Store
	h       Handler
	timeout time.Duration
	log     *slog.Logger
}

func (w *worker) Timeout(*river.Job[sqlstore.JobArgs]) time.Duration { return w.timeout }

func (w *worker) Work(ctx context.Context, rj *river.Job[sqlstore.JobArgs]) error {
	j, err := w.st.Job(ctx, rj.ID)
	if err != nil {
		return err
	}
	w.log.Info("job started", "job", j.ID, "kind", j.Kind, "attempt", rj.Attempt)
	res, err := w.h(ctx, j)
	if res != nil {
		if rerr := river.RecordOutput(ctx, res); rerr != nil {
			w.log.Warn("job report not kept", "job", j.ID, "error", rerr)
		}
	}
	switch {
	case err == nil:
		w.log.Info("job done", "job", j.ID)
		return nil
	case errors.Is(err, verity.ErrJobCancelled):
		w.log.Info("job cancelled", "job", j.ID)
		return river.JobCancel(err)
	case permanent(err):
		w.log.Warn("job failed", "job", j.ID, "code", verity.ErrorCode(err))
		return river.JobCancel(err)
	}
	w.log.Warn("job attempt failed", "job", j.ID, "attempt", rj.Attempt, "code", verity.ErrorCode(err))
	return err
}

// permanent reports whether err is one that no retry can mend.
func permanent(err error) bool {
	switch verity.ErrorCode(err) {
	case verity.EINVALID, verity.EFORBIDDEN, verity.ENOTFOUND, verity.EUNAUTHORIZED:
		return true
	}
	return false
}
