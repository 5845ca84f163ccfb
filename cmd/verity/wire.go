package main

import (
	"context"
	"path/filepath"

	"github.com/veritykb/verity/answer"
	"github.com/veritykb/verity/kb"
	"github.com/veritykb/verity/llm"
	"github.com/veritykb/verity/sqlite"
)

// This file is the wiring: the only place in the command that names a
// store package. Every command reaches the store through the service layer
// (package kb); the evaluation harnesses get scratch stores of their own
// from here.

var _ kb.Store = (*sqlite.DB)(nil)

// service opens the store once per run and returns the service over it.
func (a *app) service(ctx context.Context) (*kb.Service, error) {
	if a.svc != nil {
		return a.svc, nil
	}
	db, err := sqlite.Open(ctx, a.storePath(), sqlite.Options{Now: a.now})
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

// scratchStore opens a new store in dir, for an evaluation that builds its
// own corpus; the caller closes it.
func (a *app) scratchStore(ctx context.Context, dir string) (*sqlite.DB, error) {
	return sqlite.Open(ctx, filepath.Join(dir, "scratch.db"), sqlite.Options{Now: a.now})
}

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
