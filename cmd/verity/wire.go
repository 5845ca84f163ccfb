package main

import (
	"context"
	"os"
	"path/filepath"
	"time"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/analysis"
	"github.com/veritykb/verity/answer"
	"github.com/veritykb/verity/eval"
	"github.com/veritykb/verity/eval/searchbench"
	"github.com/veritykb/verity/ingest"
	"github.com/veritykb/verity/kb"
	"github.com/veritykb/verity/llm"
	"github.com/veritykb/verity/postgres"
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
	Cache() llm.Cache
}

// isStoreURL reports whether a store is named by a database URL rather
// than a file.
func isStoreURL(s string) bool { return postgres.IsURL(s) }

// openStore opens the store at path: PostgreSQL for a postgres:// URL, else
// a SQLite file.
func (a *app) openStore(ctx context.Context, path string) (store, error) {
	if isStoreURL(path) {
		db, err := postgres.Open(ctx, path, postgres.Options{Now: a.now})
		if err != nil {
			return nil, err
		}
		return db, nil
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
	a.svc, a.closeStore, a.cache = kb.New(db, kb.Options{Now: a.now, Log: a.log}), db.Close, db.Cache()
	return a.svc, nil
}

// modelCache returns the store's cache of model answers, opening the store.
func (a *app) modelCache(ctx context.Context) (llm.Cache, error) {
	if _, err := a.service(ctx); err != nil {
		return nil, err
	}
	return a.cache, nil
}

// sciFactStore builds a temporary store holding SciFact's abstracts.
func (a *app) sciFactStore(ctx context.Context, sf *eval.SciFact) (*sqlite.DB, func(), time.Duration, error) {
	return a.scratchStore(ctx, "scifact", sciFactSources(sf))
}

// sciFactSources are SciFact's abstracts as public sources under their doc
// ids, with [eval.SciDoc.Text] as their text.
func sciFactSources(sf *eval.SciFact) []*verity.Source {
	out := make([]*verity.Source, len(sf.Docs))
	for i, d := range sf.Docs {
		out[i] = &verity.Source{
			ID: d.ID, URI: "https://doi.org/scifact/" + d.ID, System: "scifact", Title: d.Title,
			ACL: []verity.Principal{verity.Public}, Text: d.Text(),
		}
	}
	return out
}

// scratchStore builds a temporary store holding srcs, chunked as ingest
// chunks, and returns it with its cleanup and how long filling it took.
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
	start := time.Now()
	bar := a.newProgress("index", int64(len(srcs)), false)
	for _, src := range srcs {
		if _, err := db.PutSource(ctx, src, ingest.Chunks(src, analysis.DefaultChunkOptions)); err != nil {
			db.Close()
			cleanup()
			return nil, nil, 0, err
		}
		bar.Add(1)
	}
	bar.Done()
	return db, func() { db.Close(); cleanup() }, time.Since(start), nil
}

// rankWith sets the BM25 parameters of a scratch store's search.
func rankWith(db *sqlite.DB, p rank.Params) { db.SetSearchOptions(sqlite.SearchOptions{Params: p}) }

// answerService builds the answer pipeline directly over a scratch store,
// for the evaluation harnesses (the knowledge base itself is only asked
// through kb.Service.Ask).
func (a *app) answerService(ctx context.Context, db *sqlite.DB, opt answer.Options) (*answer.Service, error) {
	m, judge, err := a.answerModels(ctx)
	if err != nil {
		return nil, err
	}
	return answer.New(db, m, judge, opt), nil
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
