package http

import (
	"net/http"
	"strconv"
	"strings"
	"testing"
)

// TestRateLimit: past its burst a caller gets 429 with Retry-After, per
// token, while another token is still served.
func TestRateLimit(t *testing.T) {
	f := build(t)
	e := f.start(t, false, Options{Rate: 0.5, Burst: 2})
	for i := range 2 {
		if r := e.do(t, "alice", "GET", "/api/v1/sources", ""); r.status != http.StatusOK {
			t.Fatalf("request %d = %d", i, r.status)
		}
	}
	r := e.do(t, "alice", "GET", "/api/v1/sources", "")
	if r.status != http.StatusTooManyRequests || !strings.Contains(r.body, `"code":"rate_limited"`) {
		t.Errorf("third request = %d %s, want 429 rate_limited", r.status, r.body)
	}
	if s, err := strconv.Atoi(r.header.Get("Retry-After")); err != nil || s < 1 {
		t.Errorf("Retry-After = %q, want whole seconds", r.header.Get("Retry-After"))
	}
	if r := e.do(t, "eve", "GET", "/api/v1/sources", ""); r.status != http.StatusOK {
		t.Errorf("eve after alice's limit = %d, want 200: limits are per token", r.status)
	}
	// Bad tokens count against their address.
	for range 2 {
		e.do(t, "malformed", "GET", "/api/v1/sources", "")
	}
	if r := e.do(t, "malformed", "GET", "/api/v1/sources", ""); r.status != http.StatusTooManyRequests {
		t.Errorf("third bad token = %d, want 429", r.status)
	}
}

// TestBounds: bodies and uploads over their limits are 413, malformed
// bodies 400, unknown fields refused.
func TestBounds(t *testing.T) {
	f := build(t)
	e := f.start(t, false, Options{MaxBody: 200, MaxUpload: 300})
	big := `{"question":"` + strings.Repeat("a", 300) + `"}`
	tests := []struct {
		caller, method, path, body string
		status                     int
		code                       string
	}{
		{"alice", "POST", "/api/v1/ask", big, 413, "too_large"},
		{"alice", "POST", "/api/v1/ask", `{"question":`, 400, "invalid"},
		{"alice", "POST", "/api/v1/ask", `{"question":"x","caller":"group:hr"}`, 400, "invalid"},
		{"alice", "POST", "/api/v1/ask", `{"question":"x"} {}`, 400, "invalid"},
		{"alice", "POST", "/api/v1/ask", ``, 400, "invalid"},
		{"alice", "GET", "/api/v1/search?q=x&k=zero", "", 400, "invalid"},
		{"curator", "POST", "/api/v1/ingest?id=big.txt", strings.Repeat("word ", 100), 413, "too_large"},
		{"curator", "POST", "/api/v1/ingest", "some text", 400, "invalid"},
		{"alice", "GET", "/api/v1/nothing", "", 404, "not_found"},
	}
	for _, tt := range tests {
		r := e.do(t, tt.caller, tt.method, tt.path, tt.body)
		if r.status != tt.status || !strings.Contains(r.body, `"code":"`+tt.code+`"`) {
			t.Errorf("%s %s %.40q = %d %s, want %d %s", tt.method, tt.path, tt.body, r.status, r.body, tt.status, tt.code)
		}
	}
	if hs := e.api.HTTPServer(t.Context(), "127.0.0.1:0"); hs.MaxHeaderBytes != 64<<10 || hs.ReadHeaderTimeout == 0 || hs.ReadTimeout == 0 || hs.WriteTimeout == 0 || hs.IdleTimeout == 0 {
		t.Errorf("HTTPServer leaves a bound open: %+v", hs)
	}
}

// TestCrossOrigin: no CORS headers unless an origin is configured; a
// browser's cross-site POST is refused; the configured origin is allowed.
func TestCrossOrigin(t *testing.T) {
	f := build(t)
	plain := f.start(t, false, Options{})
	r := plain.do(t, "alice", "GET", "/api/v1/sources", "", "Origin", "https://evil.example")
	if r.header.Get("Access-Control-Allow-Origin") != "" {
		t.Errorf("CORS headers without --cors-origin: %v", r.header)
	}
	r = plain.do(t, "alice", "POST", "/api/v1/impact", `{"refs":["PUB-1"]}`, "Origin", "https://evil.example", "Sec-Fetch-Site", "cross-site")
	if r.status != http.StatusForbidden {
		t.Errorf("cross-site POST = %d %s, want 403", r.status, r.body)
	}
	cors := f.start(t, false, Options{CORSOrigin: "https://app.corp.example"})
	r = cors.do(t, "", "OPTIONS", "/api/v1/ask", "", "Origin", "https://app.corp.example", "Access-Control-Request-Method", "POST")
	if r.status != http.StatusNoContent || r.header.Get("Access-Control-Allow-Origin") != "https://app.corp.example" || !strings.Contains(r.header.Get("Access-Control-Allow-Headers"), "Authorization") {
		t.Errorf("preflight = %d %v, want 204 allowing the origin and Authorization", r.status, r.header)
	}
	r = cors.do(t, "alice", "POST", "/api/v1/impact", `{"refs":["PUB-1"]}`, "Origin", "https://app.corp.example", "Sec-Fetch-Site", "cross-site")
	if r.status != http.StatusOK {
		t.Errorf("POST from the configured origin = %d %s, want 200", r.status, r.body)
	}
}
