package main

import (
	"context"
	"database/sql"
	"fmt"
	neturl "net/url"
	"os"
	"path/filepath"
	"time"

	"github.com/riverqueue/river/riverdriver"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/eval"
	"github.com/veritykb/verity/eval/searchbench"
	"github.com/veritykb/verity/internal/sqlstore"
	"github.com/veritykb/verity/kb"
	"github.com/veritykb/verity/llm"
	"github.com/veritykb/verity/postgres"
	"github.com/veritykb/verity/queue"
	"github.com/veritykb/verity/rank"
	"github.com/veritykb/verity/sqlite"
)

// This file is the wiring: the only place in the command that names a
// store package. Every command reaches the store through the service layer
// (package kb); the evaluation harnesses get scratch stores of their own
// from here.

var (
	_ kb.Store = (*sqlite.DB)(nil)
	_ kb.Store = (*postgres.DB)(nil)
)

// store is what the command needs of a store beyond the service's view.
type store interface {
	kb.Store
	Close() error
	Cache() sqlstore.Cache
	RiverDriver() riverdriver.Driver[*sql.Tx]
}

// isStoreURL reports whether a store is named by a database URL rather
// than a file.
func isStoreURL(s string) bool { return postgres.IsURL(s) }

// openStore opens the store at path: PostgreSQL for a postgres:// URL, else
// a SQLite file.
func (a *app) openStore(ctx context.Context, path string) (store, error) {
	if isStoreURL(path) {
		db, err := postgres.Open(ctx, path, postgres.Options{Now: a.now, Replicas: a.replicas, ReplicaMaxLag: a.replicaLag})
		if err != nil {
			return nil, err
		}
		return db, nil
	}
	if len(a.replicas) > 0 {
		return nil, verity.Errorf(verity.EINVALID, "--db-replica: replicas are PostgreSQL's; --db names a SQLite file")
	}
	db, err := sqlite.Open(ctx, path, sqlite.Options{Now: a.now})
	if err != nil {
		return nil, err
	}
	return db, nil
}

// service opens the store once per run and returns the service over it.
func (a *app) service(ctx context.Context) (*kb.Service, error) {
	if a.svc != nil {
		return a.svc, nil
	}
	db, err := a.openStore(ctx, a.storePath())
	if err != nil {
		return nil, err
	}
	if a.meter == nil {
		a.meter = llm.NewMeter(llm.DefaultPrices())
	}
	opt := kb.Options{Now: a.now, Log: a.log, Meter: a.meter, PDF: a.uploads.pdf, FileTimeout: a.uploads.timeout, HintBudget: a.hintBudget, Verbatim: a.verbatim,
		Models: kb.Models{Model: a.runModel, Verifier: a.runVerifier, Spec: a.modelSpecOrEmpty()}}
	a.svc, a.closeStore, a.cache, a.db = kb.New(db, opt), db.Close, db.Cache(), db
	return a.svc, nil
}

// startWorker starts a worker on the store's job queue (opening the
// store): each job runs through the service as its caller, with the model
// it names.
func (a *app) startWorker(ctx context.Context, cfg workerConfig, pdf pdfFlags, meter *llm.Meter) (jobWorker, error) {
	if err := cfg.check(); err != nil {
		return nil, err
	}
	opt := queue.Options{Workers: cfg.workers, JobTimeout: cfg.jobTimeout, RescueAfter: cfg.rescueAfter, Poll: cfg.poll, Log: a.log, ID: workerID()}
	svc, err := a.service(ctx)
	if err != nil {
		return nil, err
	}
	models := a.jobModels(meter)
	tools := kb.JobTools{Models: models, PDF: a.pdfReader(pdf), Research: a.jobResearch(models)}
	handlers := svc.Handlers(tools) // the service's own kinds; a kind wired elsewhere is added here
	conns := a.connectors(svc)
	handlers[verity.JobSync] = conns.Handler()
	if app, err := a.slackApp(ctx); err == nil {
		handlers[kb.JobChatReply] = app.Reply // the store's Slack app, when it has one this process can reach
	}
	run := func(ctx context.Context, j *verity.Job) (any, error) { return svc.RunJob(ctx, j, handlers) }
	w, err := queue.Start(ctx, a.db, run, opt)
	if err != nil {
		return nil, err
	}
	sctx, stop := context.WithCancel(ctx)
	go conns.Schedule(sctx, time.Minute, a.log) // queues the connectors' due passes while the worker runs
	return scheduled{w, stop}, nil
}

// scheduled is a worker with the connectors' scheduler beside it.
type scheduled struct {
	*queue.Worker
	stop context.CancelFunc
}

func (s scheduled) Stop(ctx context.Context) error { s.stop(); return s.Worker.Stop(ctx) }

// modelCache returns the store's cache of model answers, opening the store.
func (a *app) modelCache(ctx context.Context) (llm.Cache, error) {
	if _, err := a.service(ctx); err != nil {
		return nil, err
	}
	return a.cache, nil
}

// scratchStore builds a temporary SQLite store holding srcs, chunked as
// ingest chunks, and returns it with its cleanup and how long filling it
// took.
func (a *app) scratchStore(ctx context.Context, name string, srcs []*verity.Source) (*sqlite.DB, func(), time.Duration, error) {
	dir, err := os.MkdirTemp("", "verity-"+name+"-")
	if err != nil {
		return nil, nil, 0, err
	}
	cleanup := func() { os.RemoveAll(dir) }
	db, err := sqlite.Open(ctx, filepath.Join(dir, name+".db"), sqlite.Options{Now: a.now})
	if err != nil {
		cleanup()
		return nil, nil, 0, err
	}
	took, err := eval.Fill(ctx, db, srcs, a.evalProgress)
	if err != nil {
		db.Close()
		cleanup()
		return nil, nil, 0, err
	}
	return db, func() { db.Close(); cleanup() }, took, nil
}

// scratch is a temporary store an evaluation searches.
type scratch interface {
	verity.Searcher
	PutSources(ctx context.Context, puts []*verity.SourcePut) error
	SetSearchOptions(sqlstore.SearchOptions)
	Close() error
}

// scratchStoreAt builds the temporary store in a new schema of the
// PostgreSQL database at url, dropped by the cleanup, or as scratchStore
// does when url is empty.
func (a *app) scratchStoreAt(ctx context.Context, url, name string, srcs []*verity.Source) (scratch, func(), time.Duration, error) {
	if url == "" {
		return a.scratchStore(ctx, name, srcs)
	}
	if !isStoreURL(url) {
		return nil, nil, 0, verity.Errorf(verity.EINVALID, "--store %s: want a postgres:// URL", a.redactURL(url))
	}
	schema := fmt.Sprintf("verity_scratch_%d_%d", os.Getpid(), time.Now().UnixNano()%1e9)
	u, err := neturl.Parse(url)
	if err != nil {
		return nil, nil, 0, verity.Errorf(verity.EINVALID, "--store: %w", err)
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	db, err := postgres.Open(ctx, u.String(), postgres.Options{Now: a.now})
	if err != nil {
		return nil, nil, 0, err
	}
	cleanup := func() {
		db.Close()
		// The run may end on an interrupt: dropping must not use its context.
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		if err := postgres.DropSchema(ctx, url, schema); err != nil {
			fmt.Fprintf(a.stderr, "warning: drop the scratch schema %s: %v\n", schema, err)
		}
	}
	took, err := eval.Fill(ctx, db, srcs, a.evalProgress)
	if err != nil {
		cleanup()
		return nil, nil, 0, err
	}
	return db, cleanup, took, nil
}

// rankWith sets the BM25 parameters of a scratch store's search.
func rankWith(db scratch, p rank.Params) { db.SetSearchOptions(sqlstore.SearchOptions{Params: p}) }

// scratchService is the service layer over a scratch store, with the run's
// models, for the evaluation harnesses: they ask it as the local operator,
// as any caller asks the knowledge base.
func (a *app) scratchService(db any) (*kb.Service, error) {
	st, ok := db.(kb.Store)
	if !ok {
		return nil, fmt.Errorf("a scratch store of type %T is not a whole store", db)
	}
	return kb.New(st, kb.Options{Now: a.now, Log: a.log, Meter: a.meter,
		Models: kb.Models{Model: a.runModel, Verifier: a.runVerifier, Spec: a.modelSpecOrEmpty()}}), nil
}

// benchStore opens (creating) the store at path as the search benchmark's
// Verity engine, which reaches it through the service layer.
func (a *app) benchStore(ctx context.Context, path string) (*searchbench.Verity, error) {
	db, err := sqlite.Open(ctx, path, sqlite.Options{Now: a.now})
	if err != nil {
		return nil, err
	}
	return searchbench.NewVerity(db, path), nil
}

// copyDestination opens (creating) the store verity copy writes into: a
// new SQLite file, or a PostgreSQL database or schema, made and migrated as
// --db makes any store, so that the copy is an ordinary store afterwards.
func (a *app) copyDestination(ctx context.Context, path string) (store, error) {
	return a.openStore(ctx, path)
}

// storeFiles checks the files of a SQLite store for access by other users
// and with fix takes it away (doctor); a PostgreSQL store has no files here.
func (a *app) storeFiles(fix bool) ([]verity.StoreFile, error) {
	if isStoreURL(a.storePath()) {
		return nil, nil
	}
	return sqlite.CheckFiles(a.storePath(), fix)
}
