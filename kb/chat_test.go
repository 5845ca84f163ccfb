package kb_test

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/kb"
	"github.com/veritykb/verity/kb/kbtest"
)

// chatService is a store with the staff page and a public page, a
// directory that lists alice in staff, and a service whose clock moves.
func chatService(t *testing.T, opt kb.Options) (*kb.Service, *clock) {
	t.Helper()
	ctx := context.Background()
	clk := &clock{t: t0}
	opt.Now, opt.Models = clk.now, kb.Fixed(engine, judge)
	_, db, err := kbtest.Open(filepath.Join(t.TempDir(), "chat.db"), t0, opt.Models)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	svc := kb.New(db, opt)
	pages := []*verity.Source{
		{ID: "STAFF-1", URI: "https://wiki.corp.example/staff", System: verity.SystemConfluence, Title: "Staff parking",
			ACL: []verity.Principal{"group:staff"}, Text: "Parking for staff is in the north lot behind building nine."},
		{ID: "PUB-1", URI: "https://corp.example/visit", System: verity.SystemWeb, Title: "Visitors",
			ACL: []verity.Principal{verity.Public}, Text: "Visitors park in the south lot by the main gate."},
	}
	if err := kbtest.Seed(ctx, svc, nil, pages, t0); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.AddToGroup(ctx, local, kb.GroupChange{Group: "staff", Users: []string{"alice@corp.example"}, Create: true}); err != nil {
		t.Fatal(err)
	}
	return svc, clk
}

// TestChatLinking follows a Telegram user through linking: a code made
// for alice works once, in a private chat, for 15 minutes; wrong codes
// are rate-limited per account; the link reads as alice with the
// directory's groups, stops at once when she is deactivated, and is gone
// when unlinked.
func TestChatLinking(t *testing.T) {
	ctx := context.Background()
	svc, clk := chatService(t, kb.Options{})
	acct := kb.Account{Platform: "telegram", ID: "1001", Chat: "1001", Private: true}
	if _, err := svc.ChatCaller(ctx, acct, false); !kb.NotLinked(err) {
		t.Fatalf("ChatCaller(unlinked) = %v, want not linked", err)
	}
	if c, err := svc.ChatCaller(ctx, acct, true); err != nil || !c.Anonymous() {
		t.Fatalf("ChatCaller(unlinked, anonymous read) = %v, %v; want the anonymous caller", c, err)
	}
	// Only an admin links someone else; a user links itself.
	if _, err := svc.CreateLinkCode(ctx, reader, kb.LinkRequest{Platform: "telegram", Principal: "user:alice@corp.example"}); verity.ErrorCode(err) != verity.EFORBIDDEN {
		t.Fatalf("CreateLinkCode(reader for alice) = %v, want EFORBIDDEN", err)
	}
	if _, err := svc.CreateLinkCode(ctx, verity.NewCaller("user:alice@corp.example"), kb.LinkRequest{Platform: "telegram", Principal: "user:alice@corp.example"}); err != nil {
		t.Fatalf("CreateLinkCode(alice for herself) = %v", err)
	}
	code, err := svc.CreateLinkCode(ctx, local, kb.LinkRequest{Platform: "telegram", Principal: "user:alice@corp.example"})
	if err != nil {
		t.Fatal(err)
	}
	if len(code.Code) < 22 || !code.ExpiresAt.Equal(t0.Add(15*time.Minute)) {
		t.Fatalf("code = %+v: want at least 128 bits, valid 15 minutes", code)
	}
	// In a group chat the code is void: taken and refused.
	group := kb.Account{Platform: "telegram", ID: "1001", Chat: "-500", Private: false}
	if _, err := svc.Link(ctx, group, code.Code); verity.ErrorCode(err) != verity.EUNAUTHORIZED {
		t.Fatalf("Link(in a group) = %v, want EUNAUTHORIZED", err)
	}
	if _, err := svc.Link(ctx, acct, code.Code); verity.ErrorCode(err) != verity.EUNAUTHORIZED {
		t.Fatalf("Link(a code shown in a group, then in private) = %v, want EUNAUTHORIZED", err)
	}
	// Expired.
	code, _ = svc.CreateLinkCode(ctx, local, kb.LinkRequest{Platform: "telegram", Principal: "user:alice@corp.example"})
	clk.add(15 * time.Minute)
	if _, err := svc.Link(ctx, acct, code.Code); verity.ErrorCode(err) != verity.EUNAUTHORIZED {
		t.Fatalf("Link(expired) = %v, want EUNAUTHORIZED", err)
	}
	// Used once.
	code, _ = svc.CreateLinkCode(ctx, local, kb.LinkRequest{Platform: "telegram", Principal: "user:alice@corp.example"})
	linked, err := svc.Link(ctx, acct, code.Code)
	if err != nil || linked.Principal != "user:alice@corp.example" || !linked.ExpiresAt.Equal(clk.now().Add(kb.DefaultLinkTTL)) {
		t.Fatalf("Link = %+v, %v", linked, err)
	}
	other := kb.Account{Platform: "telegram", ID: "2002", Chat: "2002", Private: true}
	if _, err := svc.Link(ctx, other, code.Code); verity.ErrorCode(err) != verity.EUNAUTHORIZED {
		t.Fatalf("Link(the same code again) = %v, want EUNAUTHORIZED", err)
	}
	c, err := svc.ChatCaller(ctx, acct, false)
	if err != nil || c.Actor() != "user:alice@corp.example" || !c.CanRead([]verity.Principal{"group:staff"}) {
		t.Fatalf("ChatCaller(linked) = %v (%v), %v; want alice with staff", c.Actor(), c.Principals(), err)
	}
	// Rate limit: the other account sent one wrong code above; four more
	// are refused as wrong, then even a right one is refused unread.
	for range kb.MaxLinkFailures - 1 {
		svc.Link(ctx, other, "wrong-code")
	}
	code, _ = svc.CreateLinkCode(ctx, local, kb.LinkRequest{Platform: "telegram", Principal: "user:bob@corp.example"})
	if _, err := svc.Link(ctx, other, code.Code); err == nil || !strings.Contains(err.Error(), "too many") {
		t.Fatalf("Link(after %d wrong codes) = %v, want refused as too many", kb.MaxLinkFailures, err)
	}
	clk.add(kb.LinkCodeTTL)
	code, _ = svc.CreateLinkCode(ctx, local, kb.LinkRequest{Platform: "telegram", Principal: "user:bob@corp.example"})
	if _, err := svc.Link(ctx, other, code.Code); err != nil {
		t.Fatalf("Link(after the window) = %v", err)
	}
	// Deactivated: the link stops at the next call.
	if _, err := svc.SetUserActive(ctx, local, "alice@corp.example", false); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.ChatCaller(ctx, acct, true); verity.ErrorCode(err) != verity.EUNAUTHORIZED || kb.NotLinked(err) {
		t.Fatalf("ChatCaller(deactivated alice) = %v, want refused (not read as anonymous)", err)
	}
	if _, err := svc.SetUserActive(ctx, local, "alice@corp.example", true); err != nil {
		t.Fatal(err)
	}
	// Listed, with who created each link; unlinked by alice herself.
	list, err := svc.ChatLinks(ctx, local, "telegram")
	if err != nil || len(list.Links) != 2 || list.Links[0].CreatedBy != local.Actor() {
		t.Fatalf("ChatLinks = %+v, %v", list, err)
	}
	if _, err := svc.ChatLinks(ctx, reader, "telegram"); verity.ErrorCode(err) != verity.EFORBIDDEN {
		t.Fatalf("ChatLinks(reader) = %v, want EFORBIDDEN", err)
	}
	if _, err := svc.Unlink(ctx, reader, "telegram", "1001"); verity.ErrorCode(err) != verity.EFORBIDDEN {
		t.Fatalf("Unlink(reader, alice's account) = %v, want EFORBIDDEN", err)
	}
	if u, err := svc.Unlink(ctx, verity.NewCaller("user:alice@corp.example"), "telegram", "1001"); err != nil || !u.Changed {
		t.Fatalf("Unlink(alice's own) = %+v, %v", u, err)
	}
	if _, err := svc.ChatCaller(ctx, acct, false); !kb.NotLinked(err) {
		t.Fatalf("ChatCaller(unlinked again) = %v, want not linked", err)
	}
	// Links expire.
	clk.add(kb.DefaultLinkTTL)
	if _, err := svc.ChatCaller(ctx, other, false); !kb.NotLinked(err) {
		t.Fatalf("ChatCaller(link past its lifetime) = %v, want not linked", err)
	}
}

// TestChatAnswerAndShowSource: alice asks in private and gets an answer
// with an id; "show source" gives her the staff page's quote, and gives
// eve (linked, not in staff) nothing she may not read; a group chat reads
// as public unless an admin maps it; feedback is stored and counted.
func TestChatAnswerAndShowSource(t *testing.T) {
	ctx := context.Background()
	svc, _ := chatService(t, kb.Options{})
	alice, err := svc.Resolve(ctx, verity.NewCaller("user:alice@corp.example"))
	if err != nil {
		t.Fatal(err)
	}
	eve := verity.NewCaller("user:eve@corp.example")
	a, err := svc.Ask(ctx, alice, kb.AskRequest{Question: "Where is parking for staff?", Transport: "telegram"})
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, s := range a.Sources {
		if s.SourceID == "STAFF-1" {
			n = s.N
		}
	}
	if a.ID == "" || n == 0 {
		t.Fatalf("alice's answer: id %q, sources %+v (%s %s); want an id and the staff page", a.ID, a.Sources, a.Outcome, a.NotFoundReason)
	}
	shown, err := svc.ShowSource(ctx, alice, kb.ShowSourceRequest{Answer: a.ID, N: n})
	if err != nil || len(shown.Quotes) == 0 || !strings.Contains(shown.Quotes[0].Quote, "north lot") || shown.Title != "Staff parking" {
		t.Fatalf("ShowSource(alice) = %+v, %v; want the staff page's quote", shown, err)
	}
	_, missing := svc.ShowSource(ctx, eve, kb.ShowSourceRequest{Answer: "no-such-answer", N: 1})
	_, err = svc.ShowSource(ctx, eve, kb.ShowSourceRequest{Answer: a.ID, N: n})
	if verity.ErrorCode(err) != verity.ENOTFOUND || err.Error() != missing.Error() {
		t.Fatalf("ShowSource(eve) = %v, want %v (as for an answer that does not exist)", err, missing)
	}
	if _, err := svc.ShowSource(ctx, verity.Audience("group:staff"), kb.ShowSourceRequest{Answer: a.ID, N: n}); verity.ErrorCode(err) != verity.ENOTFOUND {
		t.Fatalf("ShowSource(an audience) = %v, want ENOTFOUND", err)
	}
	// A group chat reads as public until an admin maps it.
	room := kb.Account{Platform: "telegram", ID: "1001", Chat: "-77", Private: false}
	c, err := svc.ChatCaller(ctx, room, false)
	if err != nil || !c.Audience() || c.CanRead([]verity.Principal{"group:staff"}) {
		t.Fatalf("ChatCaller(group) = %v, %v; want a public audience", c.Principals(), err)
	}
	ga, err := svc.Ask(ctx, c, kb.AskRequest{Question: "Where is parking for staff?", Transport: "telegram"})
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range ga.Sources {
		if s.SourceID == "STAFF-1" {
			t.Fatalf("a public group chat's answer cites the staff page: %+v", ga.Sources)
		}
	}
	if _, err := svc.SetChatAudience(ctx, reader, kb.AudienceRequest{Platform: "telegram", Chat: "-77", Principals: []string{"group:staff"}}); verity.ErrorCode(err) != verity.EFORBIDDEN {
		t.Fatalf("SetChatAudience(reader) = %v, want EFORBIDDEN", err)
	}
	if _, err := svc.SetChatAudience(ctx, local, kb.AudienceRequest{Platform: "telegram", Chat: "-77", Principals: []string{"group:staff"}}); err != nil {
		t.Fatal(err)
	}
	if c, err = svc.ChatCaller(ctx, room, false); err != nil || !c.CanRead([]verity.Principal{"group:staff"}) {
		t.Fatalf("ChatCaller(mapped group) = %v, %v; want staff", c.Principals(), err)
	}
	if r, err := svc.Rights(ctx, c); err != nil || r.Curator || r.Admin {
		t.Fatalf("Rights(audience) = %+v, %v; want none", r, err)
	}
	// Feedback: a write, by a person, stored once per person.
	if _, err := svc.Rate(ctx, verity.Anonymous(), kb.FeedbackRequest{Answer: a.ID, Rating: "up"}); verity.ErrorCode(err) != verity.EUNAUTHORIZED {
		t.Fatalf("Rate(anonymous) = %v, want EUNAUTHORIZED", err)
	}
	if _, err := svc.Rate(ctx, alice, kb.FeedbackRequest{Answer: a.ID, Rating: "meh"}); verity.ErrorCode(err) != verity.EINVALID {
		t.Fatalf("Rate(meh) = %v, want EINVALID", err)
	}
	for _, r := range []string{"down", "up", "up"} {
		if _, err := svc.Rate(ctx, alice, kb.FeedbackRequest{Answer: a.ID, Rating: r, Transport: "telegram"}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := svc.Rate(ctx, eve, kb.FeedbackRequest{Answer: a.ID, Rating: "down", Transport: "telegram"}); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.Feedback(ctx, reader); verity.ErrorCode(err) != verity.EFORBIDDEN {
		t.Fatalf("Feedback(reader) = %v, want EFORBIDDEN", err)
	}
	fb, err := svc.Feedback(ctx, local)
	if err != nil || len(fb.Feedback) != 2 || fb.Feedback[0].Question != "Where is parking for staff?" || !fb.Feedback[0].Verbatim {
		t.Fatalf("Feedback = %+v, %v", fb, err)
	}
	want := map[string]int64{"up": 1, "down": 1}
	for _, c := range fb.Counts {
		if c.Transport != "telegram" || !c.Verbatim || want[c.Rating] != c.N {
			t.Errorf("count %+v, want up 1 and down 1 from telegram with verbatim quotes", c)
		}
	}
	// A follow-up asks the previous question again; only its asker may.
	if _, err := svc.Ask(ctx, eve, kb.AskRequest{Question: "and on weekends?", FollowUp: a.ID}); verity.ErrorCode(err) != verity.ENOTFOUND {
		t.Fatalf("Ask(eve follows up alice's answer) = %v, want ENOTFOUND", err)
	}
	f, err := svc.Ask(ctx, alice, kb.AskRequest{Question: "and on weekends?", FollowUp: a.ID})
	if err != nil || !strings.HasPrefix(f.Question, "Where is parking for staff?") {
		t.Fatalf("Ask(follow-up) = %+v, %v", f, err)
	}
}

// TestVerbatimRollout: --verbatim N% turns quotes on for a stable share of
// callers, decided in kb; the answer log says which mode each answer had.
func TestVerbatimRollout(t *testing.T) {
	for _, bad := range []string{"50", "101%", "-1%", "half"} {
		if _, err := kb.ParseRollout(bad); verity.ErrorCode(err) != verity.EINVALID {
			t.Errorf("ParseRollout(%q) = %v, want EINVALID", bad, err)
		}
	}
	half, err := kb.ParseRollout("50%")
	if err != nil {
		t.Fatal(err)
	}
	on := 0
	for i := range 1000 {
		p := verity.Principal("user:u" + strings.Repeat("x", i%7) + string(rune('a'+i%26)) + string(rune('a'+i/26%26)) + "@corp.example")
		if half.On(p) != half.On(p) {
			t.Fatalf("Rollout.On(%s) is not stable", p)
		}
		if half.On(p) {
			on++
		}
	}
	if on < 400 || on > 600 {
		t.Errorf("50%% rollout turned quotes on for %d of 1000 callers", on)
	}
	off, _ := kb.ParseRollout("off")
	ctx := context.Background()
	svc, _ := chatService(t, kb.Options{Verbatim: off})
	a, err := svc.Ask(ctx, verity.NewCaller("user:alice@corp.example"), kb.AskRequest{Question: "Where do visitors park?"})
	if err != nil {
		t.Fatal(err)
	}
	if a.Verbatim {
		t.Fatal("--verbatim off: the answer has verbatim quotes on")
	}
	if _, err := svc.Rate(ctx, verity.NewCaller("user:alice@corp.example"), kb.FeedbackRequest{Answer: a.ID, Rating: "up"}); err != nil {
		t.Fatal(err)
	}
	fb, _ := svc.Feedback(ctx, local)
	if len(fb.Counts) != 1 || fb.Counts[0].Verbatim || fb.Counts[0].Transport != "api" {
		t.Fatalf("counts with verbatim off = %+v", fb.Counts)
	}
}
