package storetest

import (
	"context"
	"testing"
	"time"

	"github.com/veritykb/verity"
)

// testChat checks the answer log, feedback, link codes, links and chat
// audiences (issue 36).
func testChat(t *testing.T, open Opener) {
	checkChat(t, open(t, ""))
}

// CheckChatRelease checks that a store an earlier release wrote, once
// migrated, keeps answers, feedback and chat links like a new one.
func CheckChatRelease(t *testing.T, db Store) {
	t.Helper()
	checkChat(t, db)
}

func checkChat(t *testing.T, db Store) {
	t.Helper()
	ctx := context.Background()
	alice := verity.Principal("user:alice@corp.example")
	if err := db.PutAnswerEntry(ctx, &verity.AnswerEntry{ID: "A1", Question: "where?", Caller: alice, Transport: "telegram", Verbatim: true,
		Shown: []byte(`{"sources":[]}`), At: Clock}); err != nil {
		t.Fatal(err)
	}
	e, err := db.AnswerEntry(ctx, "A1")
	if err != nil || e.Question != "where?" || e.Caller != alice || !e.Verbatim || e.Audience || string(e.Shown) != `{"sources":[]}` || !e.At.Equal(Clock) {
		t.Fatalf("AnswerEntry = %+v, %v", e, err)
	}
	if _, err := db.AnswerEntry(ctx, "A2"); verity.ErrorCode(err) != verity.ENOTFOUND {
		t.Fatalf("AnswerEntry(missing) = %v, want ENOTFOUND", err)
	}
	for i, r := range []string{"down", "up", "up"} {
		changed, err := db.PutFeedback(ctx, &verity.Feedback{Answer: "A1", By: alice, Rating: r, Transport: "telegram", At: Clock.Add(time.Duration(i) * time.Second)})
		if err != nil || changed != (i < 2) {
			t.Fatalf("PutFeedback(%s) = %v, %v; want changed %v", r, changed, err, i < 2)
		}
	}
	if _, err := db.PutFeedback(ctx, &verity.Feedback{Answer: "A1", By: "user:eve@corp.example", Rating: "down", Transport: "slack", At: Clock}); err != nil {
		t.Fatal(err)
	}
	fs, err := db.Feedback(ctx)
	if err != nil || len(fs) != 2 || fs[0].By != "user:eve@corp.example" || fs[1].Rating != "up" || fs[1].Question != "where?" || !fs[1].Verbatim {
		t.Fatalf("Feedback = %+v, %v", fs, err)
	}
	n, err := db.FeedbackCounts(ctx)
	if err != nil || len(n) != 2 || n[0] != (verity.FeedbackCount{Rating: "down", Transport: "slack", Verbatim: true, N: 1}) ||
		n[1] != (verity.FeedbackCount{Rating: "up", Transport: "telegram", Verbatim: true, N: 1}) {
		t.Fatalf("FeedbackCounts = %+v, %v", n, err)
	}
	code := &verity.LinkCode{Hash: "h1", Platform: "telegram", Principal: alice, CreatedBy: "local:op", CreatedAt: Clock, ExpiresAt: Clock.Add(15 * time.Minute)}
	if err := db.PutLinkCode(ctx, code); err != nil {
		t.Fatal(err)
	}
	if _, err := db.TakeLinkCode(ctx, "slack", "h1"); verity.ErrorCode(err) != verity.ENOTFOUND {
		t.Fatalf("TakeLinkCode(another platform) = %v, want ENOTFOUND", err)
	}
	got, err := db.TakeLinkCode(ctx, "telegram", "h1")
	if err != nil || got.Principal != alice || got.CreatedBy != "local:op" || !got.ExpiresAt.Equal(code.ExpiresAt) {
		t.Fatalf("TakeLinkCode = %+v, %v", got, err)
	}
	if _, err := db.TakeLinkCode(ctx, "telegram", "h1"); verity.ErrorCode(err) != verity.ENOTFOUND {
		t.Fatalf("TakeLinkCode(twice) = %v, want ENOTFOUND", err)
	}
	link := &verity.ChatLink{Platform: "telegram", Account: "42", Principal: alice, CreatedBy: "local:op", CreatedAt: Clock, ExpiresAt: Clock.Add(time.Hour)}
	if err := db.PutChatLink(ctx, link); err != nil {
		t.Fatal(err)
	}
	link.Principal = "user:bob@corp.example"
	if err := db.PutChatLink(ctx, link); err != nil {
		t.Fatal(err)
	}
	if l, err := db.ChatLink(ctx, "telegram", "42"); err != nil || l.Principal != "user:bob@corp.example" || !l.ExpiresAt.Equal(link.ExpiresAt) {
		t.Fatalf("ChatLink = %+v, %v", l, err)
	}
	if ls, err := db.ChatLinks(ctx, "telegram"); err != nil || len(ls) != 1 {
		t.Fatalf("ChatLinks = %+v, %v", ls, err)
	}
	if ok, err := db.DeleteChatLink(ctx, "telegram", "42"); err != nil || !ok {
		t.Fatalf("DeleteChatLink = %v, %v", ok, err)
	}
	if _, err := db.ChatLink(ctx, "telegram", "42"); verity.ErrorCode(err) != verity.ENOTFOUND {
		t.Fatalf("ChatLink(unlinked) = %v, want ENOTFOUND", err)
	}
	au := &verity.ChatAudience{Platform: "telegram", Chat: "-5", Principals: []verity.Principal{"group:staff"}, SetBy: "local:op", SetAt: Clock}
	if err := db.SetChatAudience(ctx, au); err != nil {
		t.Fatal(err)
	}
	if a, err := db.ChatAudience(ctx, "telegram", "-5"); err != nil || len(a.Principals) != 1 || a.Principals[0] != "group:staff" {
		t.Fatalf("ChatAudience = %+v, %v", a, err)
	}
	au.Principals = nil
	if err := db.SetChatAudience(ctx, au); err != nil {
		t.Fatal(err)
	}
	if _, err := db.ChatAudience(ctx, "telegram", "-5"); verity.ErrorCode(err) != verity.ENOTFOUND {
		t.Fatalf("ChatAudience(cleared) = %v, want ENOTFOUND", err)
	}
	if _, err := db.ChatSettings(ctx, "slack"); verity.ErrorCode(err) != verity.ENOTFOUND {
		t.Fatalf("ChatSettings(unset) = %v, want ENOTFOUND", err)
	}
	for _, v := range []string{`{"team_id":"T1"}`, `{"team_id":"T2"}`} {
		if err := db.PutChatSettings(ctx, "slack", []byte(v), "local:op"); err != nil {
			t.Fatal(err)
		}
	}
	if b, err := db.ChatSettings(ctx, "slack"); err != nil || string(b) != `{"team_id":"T2"}` {
		t.Fatalf("ChatSettings = %s, %v", b, err)
	}
	for i, want := range []bool{true, false} {
		if fresh, err := db.TakeDelivery(ctx, "slack", "Ev1", Clock.Add(-time.Hour)); err != nil || fresh != want {
			t.Fatalf("TakeDelivery #%d = %v, %v; want %v", i+1, fresh, err, want)
		}
	}
	// Forgotten once older than the window: taken again.
	if fresh, err := db.TakeDelivery(ctx, "slack", "Ev1", time.Date(2200, 1, 1, 0, 0, 0, 0, time.UTC)); err != nil || !fresh {
		t.Fatalf("TakeDelivery after the window = %v, %v; want new", fresh, err)
	}
}
