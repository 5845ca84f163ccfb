package postgres_test

import (
	"context"
	"testing"
	"time"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/kb"
	"github.com/veritykb/verity/kb/kbtest"
	"github.com/veritykb/verity/postgres"
	"github.com/veritykb/verity/postgres/pgtest"
)

// TestTwoInstances opens one PostgreSQL store twice, as two servers behind
// a load balancer do, each with its own connections and caches: a source
// ingested, revoked, restored and narrowed through one is found, hidden,
// found and hidden again by a search through the other (whose caches hold
// the old index and the old readable sets);
// a role granted or taken away through one is what the other checks next;
// a token revoked through one no longer authenticates at the other.
func TestTwoInstances(t *testing.T) {
	ctx := context.Background()
	url := pgtest.NewURL(t)
	open := func() *kb.Service {
		db, err := postgres.Open(ctx, url, postgres.Options{MaxConns: 2})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
		return kb.New(db, kb.Options{})
	}
	a, b := open(), open()
	op := kbtest.Operator
	staff := verity.NewCaller("user:ann@corp.example", "group:staff")
	search := func(s *kb.Service) int {
		t.Helper()
		res, err := s.Search(ctx, staff, kb.SearchRequest{Query: "vacation carry over", K: 10})
		if err != nil {
			t.Fatal(err)
		}
		return len(res.Results)
	}
	if n := search(b); n != 0 {
		t.Fatalf("search an empty store through b = %d results", n)
	}
	src := &verity.Source{ID: "HR-1", URI: "https://wiki.corp.example/hr/vacation", System: verity.SystemConfluence, Title: "Vacation",
		ACL: []verity.Principal{"group:staff"}, Text: "Up to five vacation days carry over to the next year."}
	if err := kbtest.Seed(ctx, a, nil, []*verity.Source{src}, time.Now()); err != nil {
		t.Fatal(err)
	}
	if n := search(b); n != 1 {
		t.Fatalf("after ingest through a, search through b = %d results, want 1", n)
	}
	if _, err := a.Revoke(ctx, op, kb.RevokeRequest{Refs: []string{"HR-1"}, Reason: "outdated"}); err != nil {
		t.Fatal(err)
	}
	if n := search(b); n != 0 {
		t.Fatalf("after revoking through a, search through b = %d results, want 0", n)
	}
	if _, err := a.Unrevoke(ctx, op, kb.RevokeRequest{Refs: []string{"HR-1"}, Reason: "restored"}); err != nil {
		t.Fatal(err)
	}
	if n := search(b); n != 1 {
		t.Fatalf("after restoring through a, search through b = %d results, want 1", n)
	}
	narrowed := *src
	narrowed.ACL = []verity.Principal{"group:hr"}
	if err := kbtest.Seed(ctx, a, nil, []*verity.Source{&narrowed}, time.Now()); err != nil {
		t.Fatal(err)
	}
	if n := search(b); n != 0 {
		t.Fatalf("after narrowing the ACL through a, search through b = %d results, want 0", n)
	}
	if err := kbtest.Seed(ctx, a, nil, []*verity.Source{src}, time.Now()); err != nil {
		t.Fatal(err)
	}

	if r, err := b.Rights(ctx, staff); err != nil || r.Curator {
		t.Fatalf("ann's rights through b = %+v, %v; want none", r, err)
	}
	if _, err := a.GrantRole(ctx, op, verity.RoleCurator, "user:ann@corp.example"); err != nil {
		t.Fatal(err)
	}
	if r, err := b.Rights(ctx, staff); err != nil || !r.Curator {
		t.Fatalf("after a grants curator, ann's rights through b = %+v, %v", r, err)
	}
	if _, err := a.RevokeRole(ctx, op, verity.RoleCurator, "user:ann@corp.example"); err != nil {
		t.Fatal(err)
	}
	if _, err := b.Revoke(ctx, staff, kb.RevokeRequest{Refs: []string{"HR-1"}, Reason: "x"}); verity.ErrorCode(err) != verity.EFORBIDDEN {
		t.Fatalf("after a takes curator away, ann revoking through b = %v, want forbidden", err)
	}

	tok, err := a.CreateToken(ctx, op, kb.TokenRequest{Name: "ann", Principals: []string{"user:ann@corp.example", "group:staff"}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := b.Authenticate(ctx, tok.Token); err != nil {
		t.Fatalf("the new token at b = %v", err)
	}
	if _, err := a.RevokeToken(ctx, op, tok.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := b.Authenticate(ctx, tok.Token); verity.ErrorCode(err) != verity.EUNAUTHORIZED {
		t.Fatalf("the revoked token at b = %v, want unauthorized", err)
	}
}
