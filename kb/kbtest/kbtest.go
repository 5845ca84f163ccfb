// Package kbtest builds real SQLite stores behind the service layer for
// tests of kb and of the transports over it: one way to open a store with a
// fixed clock, seed it as the local operator, and copy it for a test that
// changes it. It is for tests only.
package kbtest

import (
	"context"
	"io"
	"os"
	"time"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/kb"
	"github.com/veritykb/verity/sqlite"
)

// Operator is the local operator the helpers act as.
var Operator = verity.LocalOperator("tester")

// Open opens (creating) the store at path with a clock fixed at now and
// returns the service over it, with models (the zero Models for a test
// that calls none); the caller closes db.
func Open(path string, now time.Time, models kb.Models) (*kb.Service, *sqlite.DB, error) {
	clock := func() time.Time { return now }
	db, err := sqlite.Open(context.Background(), path, sqlite.Options{Now: clock})
	if err != nil {
		return nil, nil, err
	}
	return kb.New(db, kb.Options{Now: clock, Models: models}), db, nil
}

// Seed grants roles and ingests copies of corpus, stamped with now, as the
// local operator; a source the store refuses is an error.
func Seed(ctx context.Context, svc *kb.Service, grants []verity.RoleGrant, corpus []*verity.Source, now time.Time) error {
	for _, g := range grants {
		if _, err := svc.GrantRole(ctx, Operator, g.Role, g.Principal); err != nil {
			return err
		}
	}
	run, err := svc.BeginIngest(ctx, Operator)
	if err != nil {
		return err
	}
	items := make([]kb.Item, len(corpus))
	for i, src := range corpus {
		c := *src
		if c.UpdatedAt.IsZero() {
			c.UpdatedAt = now
		}
		items[i] = kb.Item{Where: c.ID, Source: &c}
	}
	failed, err := run.Put(ctx, items)
	if err == nil && len(failed) > 0 {
		err = verity.Errorf(verity.EINTERNAL, "seed %s: %s", failed[0].Where, failed[0].Error)
	}
	return err
}

// Copy copies a closed store's file, for a test that changes it.
func Copy(from, to string) error {
	in, err := os.Open(from)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.Create(to)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}
