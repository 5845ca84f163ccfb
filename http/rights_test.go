package http

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/kb"
	"github.com/veritykb/verity/sqlite"
)

// The rights a call needs, from the table in the README.
const (
	none    = "none" // operations probes and the document: no credentials
	anyone  = "reader"
	curator = "curator"
	admins  = "admin"
)

// call is one request to one route with inputs every allowed caller may
// use, so that "allowed" means 200.
type call struct {
	method, route string // the route as registered
	path, body    string // the request
	need          string
	writes        bool // it changes the store: run on a copy
	opView        bool // admins see everything here, HR's plan included
	want          map[string]int
}

// callers of the table: with a token (alice and eve read as themselves,
// a curator and an admin of staff, HR, which reads the plan), with bad
// tokens, and without any, with anonymous reading off and on.
var (
	readers  = []string{"alice", "eve", "hr", "anonymous-read"}
	refused  = []string{"anonymous", "expired", "revoked", "malformed"}
	everyone = append(append([]string{"curator", "admin"}, readers...), refused...)
)

func calls(f *fixture) []call {
	q := url.QueryEscape
	pub := func(code int, names ...string) map[string]int {
		m := map[string]int{}
		for _, n := range names {
			m[n] = code
		}
		return m
	}
	return []call{
		{"GET", "/healthz", "/healthz", "", none, false, false, nil},
		{"GET", "/readyz", "/readyz", "", none, false, false, nil},
		{"GET", "/api/v1/openapi.json", "/api/v1/openapi.json", "", none, false, false, nil},
		{"GET", "/metrics", "/metrics", "", admins, false, false, nil},
		{"GET", "/api/v1/rights", "/api/v1/rights", "", anyone, false, false, nil},
		{"GET", "/api/v1/search", "/api/v1/search?k=5&q=" + q("сокращения 2027 году"), "", anyone, false, false, nil},
		{"GET", "/api/v1/search", "/api/v1/search?k=5&system=confluence&author=hr-lead%40corp.example&since=2020-01-01&q=" + q("сокращения 2027 году"), "", anyone, false, false, nil},
		{"POST", "/api/v1/ask", "/api/v1/ask", `{"question":"Что будет с сокращениями в 2027 году?","fresh":true,"no_record":true}`, anyone, false, false, nil},
		{"POST", "/api/v1/check", "/api/v1/check", `{"answer":"Acme moved its sales to Bitrix24 [1].","documents":[{"source_id":"PUB-1"}]}`, anyone, false, false, nil},
		{"POST", "/api/v1/feedback", "/api/v1/feedback", fmt.Sprintf(`{"answer_id":%q,"rating":"up"}`, f.answer), anyone, true, false, pub(401, "anonymous-read")},
		{"GET", "/api/v1/feedback", "/api/v1/feedback", "", admins, false, false, nil},
		{"POST", "/api/v1/chat/link-codes", "/api/v1/chat/link-codes", `{"platform":"telegram","principal":"user:alice@corp.example"}`, admins, true, false, map[string]int{"alice": 200, "anonymous-read": 401}},
		{"GET", "/api/v1/sources", "/api/v1/sources", "", anyone, false, false, nil},
		{"GET", "/api/v1/sources", "/api/v1/sources?all=true", "", admins, false, true, nil},
		{"GET", "/api/v1/source", "/api/v1/source?chunks=true&id=PUB-1", "", anyone, false, false, nil},
		{"GET", "/api/v1/source", "/api/v1/source?all=true&id=HR-1", "", admins, false, true, nil},
		{"POST", "/api/v1/ingest", "/api/v1/ingest?format=md&id=notes/new.md", "# New\n\nA new page about Bitrix24.\n", curator, true, false, nil},
		{"POST", "/api/v1/ingest", "/api/v1/ingest?format=md&id=notes/secret.md&undiscoverable=true", "# Secret\n\nA page that gives no hints.\n", curator, true, false, nil},
		{"GET", "/api/v1/graph", "/api/v1/graph", "", anyone, false, false, nil},
		{"GET", "/api/v1/graph/entities", "/api/v1/graph/entities", "", anyone, false, false, nil},
		{"POST", "/api/v1/graph/merge", "/api/v1/graph/merge", fmt.Sprintf(`{"from":%q,"into":%q,"why":"test"}`, f.pubEnt, f.pubObj), curator, true, false, nil},
		{"POST", "/api/v1/graph/alias", "/api/v1/graph/alias", `{"name":"ООО «Ромашка»","alias":"Ромашка Групп"}`, curator, true, false, nil},
		{"GET", "/api/v1/explain", "/api/v1/explain?edge=" + q(f.pubEdge), "", anyone, false, false, nil},
		{"GET", "/api/v1/review", "/api/v1/review", "", anyone, false, false, nil},
		{"POST", "/api/v1/review/decisions", "/api/v1/review/decisions", fmt.Sprintf(`{"id":%q,"vote":"approve","why":"checked"}`, f.pubEdge), curator, true, false, nil},
		{"POST", "/api/v1/extract", "/api/v1/extract", `{"spec":"bitrix24-ru","sources":["PUB-1"]}`, curator, true, false, nil},
		{"POST", "/api/v1/summarize", "/api/v1/summarize", `{"topic":"Acme moved its sales to Bitrix24"}`, anyone, true, false, pub(401, "anonymous-read")},
		{"POST", "/api/v1/summaries/{id}/publish", "/api/v1/summaries/" + f.summary + "/publish", "", curator, true, false, nil},
		{"GET", "/api/v1/summaries", "/api/v1/summaries", "", anyone, false, false, nil},
		{"GET", "/api/v1/summaries/{id}", "/api/v1/summaries/" + f.summary + "?all=true", "", anyone, false, true, nil},
		{"GET", "/api/v1/summaries/{id}", "/api/v1/summaries/" + f.hrSum + "?all=true", "", anyone, false, true, pub(404, "alice", "eve", "anonymous-read", "curator")},
		{"POST", "/api/v1/revoke", "/api/v1/revoke", `{"refs":["PUB-1"],"reason":"wrong"}`, curator, true, true, nil},
		{"POST", "/api/v1/unrevoke", "/api/v1/unrevoke", `{"refs":["PUB-2"],"reason":"right after all"}`, curator, true, true, nil},
		{"POST", "/api/v1/undo", "/api/v1/undo", fmt.Sprintf(`{"event":%d,"reason":"oops"}`, f.pubEv), curator, true, true, nil},
		{"POST", "/api/v1/impact", "/api/v1/impact", `{"refs":["PUB-1"]}`, anyone, false, true, nil},
		{"GET", "/api/v1/log", "/api/v1/log", "", anyone, false, true, nil},
		{"POST", "/api/v1/audit", "/api/v1/audit", `{}`, anyone, true, true, pub(401, "anonymous-read")},
		{"POST", "/api/v1/audit", "/api/v1/audit", `{"apply":true}`, curator, true, true, pub(401, "anonymous-read")},
		{"POST", "/api/v1/audit", "/api/v1/audit", `{"queue":true}`, anyone, true, true, pub(403, "anonymous-read")},
		{"POST", "/api/v1/extract", "/api/v1/extract", `{"spec":"bitrix24-ru","queue":true,"job_pages":1}`, curator, true, true, nil},
		{"GET", "/api/v1/jobs", "/api/v1/jobs", "", anyone, false, true, nil},
		{"GET", "/api/v1/jobs/{id}", fmt.Sprintf("/api/v1/jobs/%d", f.hrJob), "", anyone, false, true, pub(404, "alice", "eve", "anonymous-read", "curator")},
		{"POST", "/api/v1/jobs/{id}/cancel", fmt.Sprintf("/api/v1/jobs/%d/cancel", f.hrJob), "", anyone, true, true, pub(404, "alice", "eve", "anonymous-read", "curator")},
		{"GET", "/api/v1/audit/replay", fmt.Sprintf("/api/v1/audit/replay?run=%d", f.run), "", anyone, false, true, nil},
		{"GET", "/api/v1/audit/undetermined", "/api/v1/audit/undetermined", "", anyone, false, true, nil},
		{"GET", "/api/v1/roles", "/api/v1/roles", "", admins, false, false, nil},
		{"POST", "/api/v1/roles/grant", "/api/v1/roles/grant", `{"role":"curator","principal":"group:staff"}`, admins, true, false, nil},
		{"POST", "/api/v1/roles/revoke", "/api/v1/roles/revoke", `{"role":"curator","principal":"user:cur@corp.example"}`, admins, true, false, nil},
		{"GET", "/api/v1/tokens", "/api/v1/tokens", "", admins, false, false, nil},
		{"POST", "/api/v1/tokens", "/api/v1/tokens", `{"name":"ci","principals":["user:ci@corp.example"],"expires":"24h"}`, admins, true, false, nil},
		{"POST", "/api/v1/tokens/revoke", "/api/v1/tokens/revoke", fmt.Sprintf(`{"id":%q}`, f.ids["revoked"]), admins, true, false, nil},
		{"GET", "/api/v1/systems", "/api/v1/systems", "", admins, false, false, nil},
		{"PUT", "/api/v1/systems/{system}/discoverable", "/api/v1/systems/boardroom/discoverable", `{"discoverable":false}`, admins, true, false, nil},
		{"PUT", "/api/v1/systems/{system}/discoverable", "/api/v1/systems/boardroom/discoverable", `{"discoverable":true}`, admins, true, false, nil},
	}
}

// status is what the rights table says caller gets for a call that needs need.
func status(caller, need string) int {
	switch {
	case need == none:
		return http.StatusOK
	case contains(refused, caller):
		return http.StatusUnauthorized
	case need == curator && caller != "curator" && caller != "admin", need == admins && caller != "admin":
		return http.StatusForbidden
	}
	return http.StatusOK
}

// entitled reports whether caller may see HR's plan in a call's answer.
func entitled(caller string, c call) bool {
	return caller == "hr" || (c.opView && caller == "admin")
}

// TestRights calls every route as every caller: allowed or refused as the
// rights table says, and nothing of HR's plan — id, title, uri, words,
// records built from it — in any status line, header or body for a caller
// who may not read it, nor in any log line or metric.
func TestRights(t *testing.T) {
	f := build(t)
	shared := map[bool]*env{
		false: f.start(t, false, Options{}),
		true:  f.start(t, false, Options{Anonymous: true}),
	}
	covered := map[string]bool{}
	var logs []*syncBuffer
	for _, e := range shared {
		logs = append(logs, e.logs)
	}
	for _, c := range calls(f) {
		covered[c.method+" "+c.route] = true
		for _, caller := range everyone {
			t.Run(c.method+" "+c.path+"/"+caller, func(t *testing.T) {
				want, ok := c.want[caller]
				if !ok {
					want = status(caller, c.need)
				}
				anon := caller == "anonymous-read"
				e := shared[anon]
				if c.writes && want == http.StatusOK {
					e = f.start(t, true, Options{Anonymous: anon})
					logs = append(logs, e.logs)
				}
				r := e.do(t, caller, c.method, c.path, c.body)
				if r.status != want {
					t.Errorf("%s %s as %s = %d %s, want %d (it needs %s)\n%s", c.method, c.path, caller, r.status, r.body, want, c.need, e.logs.String())
				}
				if r.status >= 400 && !strings.Contains(r.body, `"error":{"code":`) {
					t.Errorf("%s %s as %s: error body %s, want {\"error\":{\"code\",\"message\"}}", c.method, c.path, caller, r.body)
				}
				if entitled(caller, c) {
					return
				}
				if leaks := f.leaks(r.all(), c.path+c.body); len(leaks) > 0 {
					t.Errorf("%s %s as %s shows %q:\n%s", c.method, c.path, caller, leaks, r.all())
				}
			})
		}
	}
	s := shared[false]
	for _, rt := range s.api.routes {
		if !covered[rt.method+" "+rt.path] {
			t.Errorf("route %s %s has no call in the rights table", rt.method, rt.path)
		}
	}
	// The metrics, on the API address for the admin and on their own
	// listener, say nothing of the plan either.
	for _, e := range shared {
		r := e.do(t, "admin", "GET", "/metrics", "")
		if r.status != http.StatusOK || !strings.Contains(r.body, "verity_http_requests_total") {
			t.Errorf("metrics as admin = %d, want the request counts:\n%.500s", r.status, r.body)
		}
		if leaks := f.leaks(r.body, ""); len(leaks) > 0 {
			t.Errorf("metrics show %q", leaks)
		}
	}
	for _, l := range logs {
		text := l.String()
		if leaks := f.leaks(text, ""); len(leaks) > 0 {
			t.Errorf("the log shows %q", leaks)
		}
		for name, tok := range f.tokens {
			_, secret, _ := strings.Cut(strings.TrimPrefix(tok, "vty_"), "_")
			if strings.Contains(text, secret) {
				t.Errorf("the log shows %s's token secret", name)
			}
		}
	}
}

// TestRefusalsAlike checks that every bad credential gets one and the same
// answer, and that an id the caller cannot read and an id that does not
// exist give the same status and body once the id is swapped.
func TestRefusalsAlike(t *testing.T) {
	f := build(t)
	e := f.start(t, false, Options{})
	first := e.do(t, "expired", "GET", "/api/v1/sources", "")
	for _, caller := range []string{"revoked", "malformed"} {
		r := e.do(t, caller, "GET", "/api/v1/sources", "")
		if r.status != first.status || r.body != first.body {
			t.Errorf("as %s = %d %s, want the expired token's %d %s", caller, r.status, r.body, first.status, first.body)
		}
	}
	if r := e.do(t, "", "GET", "/api/v1/sources", "", "Authorization", "Basic YWxpY2U6c2VjcmV0"); r.body != first.body {
		t.Errorf("basic auth = %d %s, want the bad token's answer", r.status, r.body)
	}
	q := url.QueryEscape
	probes := []struct {
		caller, method, hidden, missing, body string
	}{
		{"alice", "GET", "/api/v1/source?id=HR-1", "/api/v1/source?id=HR-404", ""},
		{"alice", "GET", "/api/v1/source?version=1&id=HR-1", "/api/v1/source?version=1&id=HR-404", ""},
		{"eve", "GET", "/api/v1/summaries/" + f.hrSum, "/api/v1/summaries/sum-000000000000", ""},
		{"curator", "POST", "/api/v1/revoke", "/api/v1/revoke", `{"refs":["%s"],"reason":"x"}`},
		{"eve", "POST", "/api/v1/impact", "/api/v1/impact", `{"refs":["%s"]}`},
		{"curator", "POST", "/api/v1/undo", "/api/v1/undo", `{"event":%s}`},
		{"alice", "POST", "/api/v1/check", "/api/v1/check", `{"answer":"Something [1].","documents":[{"source_id":"%s"}]}`},
		{"alice", "GET", "/api/v1/explain?edge=" + q("edge:ffffffffffff"), "/api/v1/explain?edge=" + q("edge:000000000000"), ""},
	}
	for _, p := range probes {
		hiddenID, missingID := "HR-1", "HR-404"
		switch {
		case strings.Contains(p.body, "event"):
			hiddenID, missingID = jsonNumber(f.hrEv), "77"
		case strings.Contains(p.hidden, "summaries"):
			hiddenID, missingID = f.hrSum, "sum-000000000000"
		case strings.Contains(p.hidden, "edge"):
			hiddenID, missingID = "edge:ffffffffffff", "edge:000000000000"
		}
		hp, mp, hb, mb := p.hidden, p.missing, "", ""
		if p.body != "" {
			hb, mb = fmt.Sprintf(p.body, hiddenID), fmt.Sprintf(p.body, missingID)
		}
		h, m := e.do(t, p.caller, p.method, hp, hb), e.do(t, p.caller, p.method, mp, mb)
		if h.status != m.status || strings.ReplaceAll(h.body, hiddenID, missingID) != m.body {
			t.Errorf("%s %s as %s: hidden = %d %s, missing = %d %s; want the same", p.method, hp, p.caller, h.status, h.body, m.status, m.body)
		}
		if h.status < 400 {
			t.Errorf("%s %s as %s = %d, want a refusal", p.method, hp, p.caller, h.status)
		}
	}
}

// TestHints checks that permission hints reach callers with a token and
// never an anonymous one.
func TestHints(t *testing.T) {
	f := build(t)
	e := f.start(t, false, Options{Anonymous: true})
	path := "/api/v1/search?q=" + url.QueryEscape("сокращения 2027 году")
	if r := e.do(t, "eve", "GET", path, ""); !strings.Contains(r.body, `"author":"hr-lead@corp.example"`) {
		t.Errorf("search as eve = %s, want a hint naming HR's author", r.body)
	}
	// Filters narrow hints as they narrow results; under a date there are
	// none, since a hint never dates a record.
	if r := e.do(t, "eve", "GET", path+"&author=hr-lead%40corp.example", ""); !strings.Contains(r.body, `"author":"hr-lead@corp.example"`) {
		t.Errorf("search as eve by HR's author = %s, want the hint still", r.body)
	}
	if r := e.do(t, "eve", "GET", path+"&since=2020-01-01", ""); r.status != http.StatusOK || strings.Contains(r.body, "hr-lead") {
		t.Errorf("search as eve since a day = %d %s, want no hint", r.status, r.body)
	}
	for _, c := range []struct{ method, path, body string }{
		{"GET", path, ""},
		{"POST", "/api/v1/ask", `{"question":"Что будет с сокращениями в 2027 году?","fresh":true,"no_record":true}`},
	} {
		r := e.do(t, "", c.method, c.path, c.body)
		if r.status != http.StatusOK || strings.Contains(r.body, "hr-lead") || strings.Contains(r.body, `"hints":[{`) {
			t.Errorf("%s %s anonymously = %d %s, want no hints", c.method, c.path, r.status, r.body)
		}
	}
	// Anonymous reading stores nothing others see: a summary is refused.
	if r := e.do(t, "", "POST", "/api/v1/summarize", `{"topic":"сокращения 2027 году"}`); r.status != http.StatusUnauthorized || strings.Contains(r.body, "hr-lead") {
		t.Errorf("POST /api/v1/summarize anonymously = %d %s, want 401", r.status, r.body)
	}
}

// TestProxy checks the trusted proxy's headers: honoured from its address,
// refused from any other, and never a way around a bad token.
func TestProxy(t *testing.T) {
	f := build(t)
	hdr := []string{"X-Forwarded-Email", "alice@corp.example", "X-Forwarded-Groups", "staff, sales"}
	path := "/api/v1/search?q=" + url.QueryEscape("сокращения 2027 году")
	trusted := f.start(t, false, Options{Proxy: Proxy{Trusted: prefixes(t, "127.0.0.0/8"), UserHeader: "X-Forwarded-Email", GroupsHeader: "X-Forwarded-Groups"}})
	r := trusted.do(t, "", "GET", path, "", hdr...)
	if r.status != http.StatusOK || !strings.Contains(r.body, "STAFF-1") || len(f.leaks(r.body, "")) > 0 {
		t.Errorf("search through the proxy as alice = %d %s, want the staff page", r.status, r.body)
	}
	if r := trusted.do(t, "", "GET", "/api/v1/rights", "", hdr...); !strings.Contains(r.body, `"actor":"user:alice@corp.example"`) || !strings.Contains(r.body, "group:sales") {
		t.Errorf("rights through the proxy = %s, want alice with her groups", r.body)
	}
	for _, bad := range [][]string{{"X-Forwarded-Email", "not an email"}, {"X-Forwarded-Groups", "staff"}} {
		if r := trusted.do(t, "", "GET", path, "", bad...); r.status != http.StatusUnauthorized {
			t.Errorf("proxy headers %v = %d, want 401", bad, r.status)
		}
	}
	if r := trusted.do(t, "malformed", "GET", path, "", hdr...); r.status != http.StatusUnauthorized {
		t.Errorf("a bad token with proxy headers = %d, want 401", r.status)
	}
	untrusted := f.start(t, false, Options{Anonymous: true, Proxy: Proxy{Trusted: prefixes(t, "10.0.0.0/8"), UserHeader: "X-Forwarded-Email"}})
	if r := untrusted.do(t, "", "GET", path, "", hdr...); r.status != http.StatusUnauthorized {
		t.Errorf("proxy headers from an untrusted address = %d %s, want 401", r.status, r.body)
	}
}

// TestProxyDirectory: behind a trusted proxy, a user the directory lists
// reads as the directory's groups, whatever the groups header says, and is
// refused once deactivated; a header cannot name a platform's group.
func TestProxyDirectory(t *testing.T) {
	f := build(t)
	e := f.start(t, true, Options{Proxy: Proxy{Trusted: prefixes(t, "127.0.0.0/8"), UserHeader: "X-Forwarded-Email", GroupsHeader: "X-Forwarded-Groups"}})
	ctx := context.Background()
	op := verity.LocalOperator("test")
	hdr := []string{"X-Forwarded-Email", "Alice@corp.example", "X-Forwarded-Groups", "staff"}
	if _, err := e.api.svc.AddToGroup(ctx, op, kb.GroupChange{Group: "sales", Users: []string{"alice@corp.example"}, Create: true}); err != nil {
		t.Fatal(err)
	}
	if r := e.do(t, "", "GET", "/api/v1/rights", "", hdr...); !strings.Contains(r.body, "group:sales") || strings.Contains(r.body, "group:staff") {
		t.Errorf("rights of a listed user through the proxy = %s, want the directory's group:sales and not the header's group:staff", r.body)
	}
	if _, err := e.api.svc.SetUserActive(ctx, op, "alice@corp.example", false); err != nil {
		t.Fatal(err)
	}
	if r := e.do(t, "", "GET", "/api/v1/rights", "", hdr...); r.status != http.StatusUnauthorized || !strings.Contains(r.body, "invalid or expired token") {
		t.Errorf("a deactivated user through the proxy = %d %s, want a bad token's 401", r.status, r.body)
	}
	if r := e.do(t, "", "GET", "/api/v1/rights", "", "X-Forwarded-Email", "bob@corp.example", "X-Forwarded-Groups", "confluence:wiki/eng"); r.status != http.StatusUnauthorized {
		t.Errorf("a platform's group in the groups header = %d %s, want 401", r.status, r.body)
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// storeOf opens the store at path, for checks after a test's requests.
func storeOf(t *testing.T, path string) *kb.Service {
	t.Helper()
	db, err := sqlite.Open(context.Background(), path, sqlite.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return kb.New(db, kb.Options{})
}

var _ = verity.Public
