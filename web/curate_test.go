package web_test

import (
	"encoding/json"
	"net/url"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// logEvents reads the revocation log as caller.
func logEvents(t *testing.T, s *server, caller string) []struct {
	ID     int64    `json:"id"`
	Action string   `json:"action"`
	Refs   []string `json:"refs"`
	Who    string   `json:"who"`
	Undoes int64    `json:"undoes"`
} {
	t.Helper()
	st, body := s.api(t, caller, "GET", "/api/v1/log", "")
	var l struct {
		Events []struct {
			ID     int64    `json:"id"`
			Action string   `json:"action"`
			Refs   []string `json:"refs"`
			Who    string   `json:"who"`
			Undoes int64    `json:"undoes"`
		} `json:"events"`
	}
	if st != 200 || json.Unmarshal([]byte(body), &l) != nil {
		t.Fatalf("log as %s = %d %s", caller, st, body)
	}
	return l.Events
}

// TestRevokeAndUndo is a curator's round trip from the UI: from the source
// view to the impact preview of revoking it (what would die, what
// survives), the revocation with a reason, the graph without its edges,
// and the undo that brings them back — each step checked against the API.
func TestRevokeAndUndo(t *testing.T) {
	f := build(t)
	s := f.start(t, serverOptions{})
	tb := newTab(t, 1280, 800)
	tb.signIn(s, f.tokens["curator"], "/sources/"+url.PathEscape(romashkaID))
	tb.wait("#revoke-source")
	tb.click("#revoke-source")
	tb.wait(`#impact-result [data-group="died"]`)
	if got := eval[string](tb, `document.getElementById('impact-refs').value`); got != romashkaID {
		t.Errorf("impact refs = %q, want the source", got)
	}
	died := tb.textOf(`#impact-result [data-group="died"]`)
	for _, want := range []string{"edge", "ООО «Ромашка» uses Битрикс24"} {
		if !strings.Contains(died, want) {
			t.Errorf("the preview of what would die %q lacks %q", died, want)
		}
	}
	if n := len(logEvents(t, s, "curator")); n != 0 {
		t.Fatalf("the preview logged %d events", n)
	}
	// A revocation needs a reason.
	tb.click("#revoke")
	tb.wait("#revoke-status .error")
	tb.do(chromedp.SendKeys(chromedp.ID("revoke-reason"), "the vendor withdrew the case"))
	tb.click("#revoke")
	tb.wait("#revoked")
	evs := logEvents(t, s, "curator")
	if len(evs) != 1 || evs[0].Action != "revoke" || evs[0].Who != "user:cur@corp.example" {
		t.Fatalf("after revoking, the log = %+v, want one revoke by the curator", evs)
	}
	if got := eval[string](tb, `document.getElementById('revoked').dataset.event`); got != itoa(int(evs[0].ID)) {
		t.Errorf("the UI reports event %s, the log has %d", got, evs[0].ID)
	}
	tb.wait(`.eventlist [data-action="revoke"]`)
	if got := tb.textOf(`.eventlist [data-action="revoke"] .why`); got != "the vendor withdrew the case" {
		t.Errorf("the log shows the reason %q", got)
	}
	if _, body := s.api(t, "alice", "GET", "/api/v1/graph", ""); strings.Contains(body, "Ромашка") {
		t.Errorf("after the revocation the graph still has «Ромашка»: %s", body)
	}
	tb.click("#undo-last")
	tb.wait("#undone")
	evs = logEvents(t, s, "curator")
	if len(evs) != 2 || evs[1].Undoes != evs[0].ID {
		t.Fatalf("after undoing, the log = %+v, want the revoke and its undo", evs)
	}
	if _, body := s.api(t, "alice", "GET", "/api/v1/graph", ""); !strings.Contains(body, "Ромашка") {
		t.Errorf("after the undo the graph lacks «Ромашка»: %s", body)
	}
	tb.wait(`.eventlist [data-undoes="` + itoa(int(evs[0].ID)) + `"]`)
}

// TestRightsShapeTheUI checks that what a caller is offered follows
// GET /api/v1/rights: alice (a reader) gets no undo, no revoke and no
// review votes, only the dry run and the queue to look at; the curator
// gets them. The server refuses alice anyway.
func TestRightsShapeTheUI(t *testing.T) {
	f := build(t)
	s := f.start(t, serverOptions{})
	alice := newTab(t, 1280, 800)
	alice.signIn(s, f.tokens["alice"], "/?view=log&ref="+url.QueryEscape(romashkaID))
	alice.wait(`#impact-result [data-group="died"]`)
	if eval[bool](alice, `!!document.getElementById('revoke') || !!document.querySelector('button.undo')`) {
		t.Errorf("alice is offered revoke or undo")
	}
	if got := alice.textOf("#impact-result"); !strings.Contains(got, "needs the curator role") {
		t.Errorf("alice's dry run does not say revoking needs a curator: %q", got)
	}
	alice.open(s.URL + "/sources/" + url.PathEscape(romashkaID))
	alice.wait("#source-title")
	if eval[bool](alice, `!!document.getElementById('revoke-source')`) {
		t.Errorf("alice is offered to revoke a source")
	}
	// The review queue: alice sees it, with no buttons to vote.
	alice.open(s.URL + "/?view=review")
	alice.wait(".queue .item")
	alice.wait("#curator-only")
	if eval[bool](alice, `!!document.querySelector('.queue button')`) {
		t.Errorf("alice is offered to vote on the review queue")
	}
	if st, _ := s.api(t, "alice", "POST", "/api/v1/review/decisions", `{"id":"x","vote":"approve"}`); st != 403 {
		t.Errorf("alice voting over the API = %d, want 403", st)
	}
	if st, _ := s.api(t, "alice", "POST", "/api/v1/revoke", `{"refs":["`+romashkaID+`"],"reason":"x"}`); st != 403 {
		t.Errorf("alice revoking over the API = %d, want 403", st)
	}

	cur := newTab(t, 1280, 800)
	cur.signIn(s, f.tokens["curator"], "/")
	cur.wait("#actor")
	if got := cur.textOf("#who .role"); got != "curator" {
		t.Errorf("the curator's role shows as %q", got)
	}
}

// TestGraphAndReview opens an entity's edges with their quotes, explains
// one (the panel's steps and votes), and, as the curator, approves the
// candidate waiting in the review queue.
func TestGraphAndReview(t *testing.T) {
	f := build(t)
	s := f.start(t, serverOptions{})
	tb := newTab(t, 1280, 800)
	tb.signIn(s, f.tokens["alice"], "/?view=graph")
	tb.wait(".entities a")
	tb.click(`.entities a[data-entity]:not([aria-current])`)
	tb.waitJS(`document.querySelectorAll('.edges .edge').length > 0`)
	// Choose «Ромашка» by name.
	tb.do(chromedp.Evaluate[chromedp.Void](`[...document.querySelectorAll('.entities a')].find(a => a.textContent.includes('Ромашка')).click()`))
	tb.waitJS(`(document.getElementById('edges-title')||{}).textContent?.includes('Ромашка')`)
	edge := tb.textOf(".edges .edge .triple")
	if edge != "ООО «Ромашка» uses Битрикс24" {
		t.Errorf("edge = %q", edge)
	}
	if got := tb.textOf(".edges .edge .quote-link"); got != "Кейс: ООО «Ромашка» перешла на Битрикс24." {
		t.Errorf("edge quote = %q", got)
	}
	// The offline engine votes once: no confidence estimate, never 100%.
	if got := tb.textOf(".edges .edge .meta"); strings.Contains(got, "%") ||
		!strings.Contains(got, "1 deterministic vote — no confidence estimate") && !strings.Contains(got, "1 детерминированный голос — без оценки уверенности") {
		t.Errorf("edge confidence %q, want one deterministic vote and no estimate", got)
	}
	tb.click(".edges .edge .explain-button")
	tb.wait(`.explain .step[data-step="panel"] table.criteria`)
	if got := tb.textOf(`.explain .step[data-step="panel"]`); !strings.Contains(got, "presents_user") || !strings.Contains(got, "answered 1") {
		t.Errorf("the panel step shows %q, want its criteria and votes", got)
	}
	if eval[string](tb, `document.querySelector('.edges .edge .explain-button').getAttribute('aria-expanded')`) != "true" {
		t.Errorf("the explain button does not say it is expanded")
	}
	// The quote opens the source at its span.
	tb.click(".edges .edge .quote-link")
	tb.wait("mark#highlight")
	if got := tb.textOf("mark#highlight"); got != "Кейс: ООО «Ромашка» перешла на Битрикс24." {
		t.Errorf("the edge's quote highlights %q", got)
	}

	cur := newTab(t, 1280, 800)
	cur.signIn(s, f.tokens["curator"], "/?view=review")
	cur.wait(".queue .item")
	if got := cur.textOf(".queue .item .triple"); got != "Globex uses Битрикс24" {
		t.Errorf("review item = %q", got)
	}
	cur.do(chromedp.SendKeys(chromedp.CSS(".queue .item input"), "named on the partners page"))
	cur.click(`.queue .item button[data-vote="approve"]`)
	cur.waitJS(`document.querySelector('.queue .item .status').textContent.length > 0`)
	if got := cur.textOf(".queue .item .status"); !strings.Contains(got, "Approve") {
		t.Errorf("after approving: %q", got)
	}
	if _, body := s.api(t, "curator", "GET", "/api/v1/review", ""); strings.Contains(body, "Globex") {
		t.Errorf("the approved item is still waiting: %s", body)
	}
}
