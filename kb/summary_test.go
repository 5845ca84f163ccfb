package kb_test

import (
	"context"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/kb"
	"github.com/veritykb/verity/kb/kbtest"
)

// TestReaderSummaryIsItsOwn: a summary a reader asks for is listed to that
// reader (and to curators, who decide) and to no one else until a curator
// publishes it; revoking the publication withdraws it, publishing again
// restores it; an anonymous caller may not summarize, and an anonymous
// question stores nothing.
func TestReaderSummaryIsItsOwn(t *testing.T) {
	ctx := context.Background()
	svc, db, err := kbtest.Open(filepath.Join(t.TempDir(), "pub.db"), t0, kb.Fixed(engine, judge))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	page := &verity.Source{ID: "PUB-1", URI: "https://vendor.example/cases/acme", System: verity.SystemWeb, Title: "Acme case",
		ACL: []verity.Principal{verity.Public}, Text: "Acme moved its sales to Bitrix24 in March 2025. Acme's sales team moved to Bitrix24 within six weeks."}
	if err := kbtest.Seed(ctx, svc, []verity.RoleGrant{{Principal: "group:editors", Role: verity.RoleCurator}}, []*verity.Source{page}, t0); err != nil {
		t.Fatal(err)
	}
	ann, bob := verity.NewCaller("user:ann@corp.example"), verity.NewCaller("user:bob@corp.example")
	editor := verity.NewCaller("user:ed@corp.example", "group:editors")
	sum, err := svc.Summarize(ctx, ann, kb.SummarizeRequest{Topic: "FREE GIFT CARD: who moved sales to Bitrix24"})
	if err != nil || !sum.Private || sum.RequestedBy != "user:ann@corp.example" {
		t.Fatalf("Summarize as a reader = %+v, %v; want a private summary requested by ann", sum, err)
	}
	listed := func(c verity.Caller) bool {
		list, err := svc.Summaries(ctx, c)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range list.Summaries {
			if r.ID == sum.ID {
				return true
			}
		}
		return false
	}
	shown := func(c verity.Caller) bool {
		_, err := svc.Summary(ctx, c, sum.ID, false)
		if err != nil && verity.ErrorCode(err) != verity.ENOTFOUND {
			t.Fatal(err)
		}
		return err == nil
	}
	check := func(when string, wantBob bool) {
		t.Helper()
		if !listed(ann) || !shown(ann) || !listed(editor) || !shown(editor) {
			t.Errorf("%s: the requester and a curator must see the summary", when)
		}
		if listed(bob) != wantBob || shown(bob) != wantBob || listed(verity.NewCaller()) != wantBob {
			t.Errorf("%s: another reader sees it = %v, want %v", when, listed(bob), wantBob)
		}
	}
	check("before publication", false)
	if _, err := svc.Publish(ctx, bob, sum.ID); verity.ErrorCode(err) != verity.EFORBIDDEN {
		t.Errorf("Publish as a reader = %v, want forbidden", err)
	}
	pub, err := svc.Publish(ctx, editor, sum.ID)
	if err != nil || pub.Already {
		t.Fatalf("Publish as a curator = %+v, %v", pub, err)
	}
	check("published", true)
	if _, err := svc.Revoke(ctx, editor, kb.RevokeRequest{Refs: []string{"record:" + pub.Record}, Reason: "not for everyone"}); err != nil {
		t.Fatal(err)
	}
	check("publication withdrawn", false)
	if _, err := svc.Publish(ctx, editor, sum.ID); err != nil {
		t.Fatal(err)
	}
	check("published again", true)

	if _, err := svc.Summarize(ctx, verity.Anonymous(), kb.SummarizeRequest{Topic: "Acme"}); verity.ErrorCode(err) != verity.EUNAUTHORIZED {
		t.Errorf("Summarize anonymously = %v, want unauthorized", err)
	}
	before, _ := db.KindRecords(ctx, verity.KindStatement)
	a, err := svc.Ask(ctx, verity.Anonymous(), kb.AskRequest{Question: "When did Acme move its sales to Bitrix24?"})
	if err != nil || a.Outcome != "answered" {
		t.Fatalf("Ask anonymously = %+v, %v; want an answer", a, err)
	}
	after, _ := db.KindRecords(ctx, verity.KindStatement)
	if len(after) != len(before) {
		t.Errorf("an anonymous question stored %d statements, want none", len(after)-len(before))
	}
	if _, err := svc.Ask(ctx, bob, kb.AskRequest{Question: "When did Acme move its sales to Bitrix24?"}); err != nil {
		t.Fatal(err)
	}
	if again, _ := db.KindRecords(ctx, verity.KindStatement); len(again) == len(after) {
		t.Errorf("a reader's question stored no statement: the check above proves nothing")
	}
}

// TestMixedSummaryForOneCaller: a caller who reads some sentences of a
// summary sees them numbered without gaps, under ids that do not count the
// others; and when every sentence it may read would die, impact says the
// summary dies for it, never that it survived (on sentences it cannot see).
func TestMixedSummaryForOneCaller(t *testing.T) {
	ctx := context.Background()
	f := build(t)
	s := f.open(t, true)
	staff := verity.NewCaller("user:sam@corp.example", "group:staff")
	v, err := s.Summary(ctx, staff, f.summary, false)
	if err != nil {
		t.Fatal(err)
	}
	all, err := s.Summary(ctx, local, f.summary, true)
	if err != nil {
		t.Fatal(err)
	}
	if len(v.Live) == 0 || len(v.Live) >= len(all.Live) || v.Written != len(v.Live) {
		t.Fatalf("staff sees %d of %d sentences, written %d: want some, not all, and written counting only those", len(v.Live), len(all.Live), v.Written)
	}
	for i, st := range v.Live {
		if st.Position != i+1 {
			t.Errorf("sentence %d of staff's view has position %d: want no gap", i+1, st.Position)
		}
		if regexp.MustCompile(`\.s\d+$`).MatchString(st.ID) {
			t.Errorf("sentence id %q counts positions", st.ID)
		}
	}
	// Every source staff reads, revoked: every sentence staff may read dies,
	// while the board's keep the summary alive for the board.
	rep, err := s.Impact(ctx, staff, kb.ImpactRequest{Refs: []string{"source:PUB-1", "source:STAFF-1"}})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rep.Survived.Records {
		if r.ID == f.summary {
			t.Errorf("impact as staff says the summary survived: %+v", rep.Survived)
		}
	}
	died := false
	for _, r := range rep.Died.Records {
		if r.ID == f.summary {
			died = r.State == verity.StateDead
		}
	}
	if !died {
		t.Errorf("impact as staff: died = %+v, want the summary, dead for staff", rep.Died)
	}
	// The board, who reads the rest, sees it survive.
	rep, err = s.Impact(ctx, verity.NewCaller("group:staff", "group:board"), kb.ImpactRequest{Refs: []string{"source:PUB-1", "source:STAFF-1"}})
	if err != nil {
		t.Fatal(err)
	}
	survived := false
	for _, r := range rep.Survived.Records {
		survived = survived || r.ID == f.summary
	}
	if !survived {
		t.Errorf("impact as the board: survived = %+v, want the summary", rep.Survived)
	}
}
