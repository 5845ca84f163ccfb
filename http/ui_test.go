package http

import (
	"net/http"
	"strings"
	"testing"

	"github.com/veritykb/verity"
)

// TestUI serves a UI handler beside the API: it answers GET and HEAD
// outside /api/ that no route matches, without credentials; every API
// route, mount and error keeps its own answer.
func TestUI(t *testing.T) {
	f := build(t)
	ui := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		w.Write([]byte("ui " + r.URL.Path))
	})
	mount := Mount{Pattern: "/mcp", Handler: func(c verity.Caller) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.Write([]byte("mcp as " + string(c.Actor()))) })
	}}
	e := f.start(t, false, Options{UI: ui, Mounts: []Mount{mount}})
	for _, c := range []struct {
		caller, method, path string
		status               int
		body                 string // a prefix of the body
	}{
		{"", "GET", "/", 200, "ui /"},
		{"", "HEAD", "/", 200, ""},
		{"", "GET", "/sources/wiki%2Fa", 200, "ui /sources/wiki/a"},
		{"", "GET", "/assets/js/app.js", 200, "ui /assets/js/app.js"},
		{"alice", "GET", "/", 200, "ui /"},
		{"", "GET", "/api/v1/rights", 401, `{"error":{"code":"unauthorized"`},
		{"alice", "GET", "/api/v1/rights", 200, `{"actor":"user:alice@corp.example"`},
		{"alice", "GET", "/api/v1/nope", 404, `{"error":{"code":"not_found"`},
		{"", "GET", "/api/", 401, `{"error":{"code":"unauthorized"`},
		{"alice", "POST", "/", 404, `{"error":{"code":"not_found"`},
		{"", "GET", "/healthz", 200, `{"status":"ok"}`},
		{"alice", "GET", "/mcp", 200, "mcp as user:alice@corp.example"},
		{"", "GET", "/mcp", 401, `{"error":{"code":"unauthorized"`},
	} {
		r := e.do(t, c.caller, c.method, c.path, "")
		if r.status != c.status || !strings.HasPrefix(r.body, c.body) {
			t.Errorf("%s %s as %q = %d %q, want %d %q…", c.method, c.path, c.caller, r.status, r.body, c.status, c.body)
		}
	}
	if !strings.Contains(e.logs.String(), `"route":"ui"`) {
		t.Errorf("UI requests are not logged under route ui:\n%s", e.logs.String())
	}
}
