package storetest

import (
	"context"
	"testing"

	"github.com/veritykb/verity"
)

func testRevokedMatch(t *testing.T, open Opener) {
	ctx := context.Background()
	db := open(t, "")
	put(t, db, doc("pub", "Backups are kept for thirty days.", verity.Public))
	put(t, db, doc("hr", "Layoffs are planned for the warehouse.", "group:hr"))
	match := func(q string, c verity.Caller) float64 {
		t.Helper()
		m, err := db.RevokedMatch(ctx, verity.SearchQuery{Text: q, Caller: c})
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	if m := match("backups kept", verity.NewCaller()); m != 0 {
		t.Fatalf("RevokedMatch before any revocation = %v, want 0", m)
	}
	if _, _, err := db.Revoke(ctx, []verity.Ref{src("pub"), src("hr")}, verity.Actor{Who: admin}, "test"); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		q      string
		caller verity.Caller
		want   float64
	}{
		{"backups kept", verity.NewCaller(), 1},
		{"backups kept for ninety years", verity.NewCaller(), 0.5}, // backup and kept of backup, kept, ninety, year
		{"layoffs warehouse", verity.NewCaller(), 0},               // not readable by this caller
		{"layoffs warehouse", verity.NewCaller("group:hr"), 1},
		{"", verity.NewCaller(), 0},
	}
	for _, tt := range tests {
		if got := match(tt.q, tt.caller); got != tt.want {
			t.Errorf("RevokedMatch(%q as %v) = %v, want %v", tt.q, tt.caller.Principals(), got, tt.want)
		}
	}
}

func testAnswerCacheAndStamp(t *testing.T, open Opener) {
	ctx := context.Background()
	db := open(t, "")
	put(t, db, doc("a", "Backups are kept for thirty days.", verity.Public))
	stamp := func() string {
		t.Helper()
		s, err := db.AnswerStamp(ctx)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	s1 := stamp()
	if err := db.PutAnswer(ctx, "k", s1, []byte(`{"answer":"x"}`)); err != nil {
		t.Fatal(err)
	}
	if body, ok, err := db.CachedAnswer(ctx, "k", s1); err != nil || !ok || string(body) != `{"answer":"x"}` {
		t.Fatalf("CachedAnswer = %q %v %v", body, ok, err)
	}
	if s := stamp(); s != s1 {
		t.Fatalf("the stamp changed with nothing done")
	}
	// An ACL change, a new source and a revocation each change the stamp.
	put(t, db, doc("a", "Backups are kept for thirty days.", "group:ops"))
	s2 := stamp()
	put(t, db, doc("b", "Restores are tested quarterly.", verity.Public))
	s3 := stamp()
	if _, _, err := db.Revoke(ctx, []verity.Ref{src("b")}, verity.Actor{Who: admin}, "test"); err != nil {
		t.Fatal(err)
	}
	s4 := stamp()
	seen := map[string]bool{}
	for _, s := range []string{s1, s2, s3, s4} {
		if seen[s] {
			t.Errorf("stamps %q repeat: %q %q %q %q", s, s1, s2, s3, s4)
		}
		seen[s] = true
	}
	if _, ok, _ := db.CachedAnswer(ctx, "k", s4); ok {
		t.Errorf("an answer cached under an old stamp was served")
	}
	if err := db.PutAnswer(ctx, "k", s4, []byte(`{"answer":"y"}`)); err != nil {
		t.Fatal(err)
	}
	if body, ok, _ := db.CachedAnswer(ctx, "k", s4); !ok || string(body) != `{"answer":"y"}` {
		t.Errorf("CachedAnswer after replace = %q %v", body, ok)
	}
}

func testStatementRecords(t *testing.T, open Opener) {
	ctx := context.Background()
	db := open(t, "")
	put(t, db, doc("a", "Backups are kept for thirty days.", verity.Public))
	recs := []*verity.Record{
		{ID: "answer:q1:x", Kind: verity.KindStatement, Receipt: verity.Receipt{Sets: [][]verity.Ref{{src("a")}}}},
		{ID: "answer:q2:y", Kind: verity.KindStatement, Receipt: verity.Receipt{Sets: [][]verity.Ref{{src("a")}}}},
		{ID: "answer:q1:z", Kind: verity.KindSentence, Receipt: verity.Receipt{Sets: [][]verity.Ref{{src("a")}}}},
	}
	if _, err := db.PutRecords(ctx, recs); err != nil {
		t.Fatal(err)
	}
	if _, _, err := db.Revoke(ctx, []verity.Ref{src("a")}, verity.Actor{Who: admin}, "test"); err != nil {
		t.Fatal(err)
	}
	got, err := db.StatementRecords(ctx, "answer:q1:")
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || got[0].ID != "answer:q1:x" || got[0].State != verity.StateDead {
		t.Errorf("StatementRecords(answer:q1:) = %+v, want the dead statement answer:q1:x only", got)
	}
}
