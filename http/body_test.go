package http

import (
	"net/http"
	"strings"
	"testing"
)

// TestFormBodyRefused: the API's bodies are JSON; one sent as a form (what
// curl -d sends unless told otherwise) is refused with 415 and a message
// that says what to send, and JSON with or without its Content-Type is
// taken.
func TestFormBodyRefused(t *testing.T) {
	f := build(t)
	e := f.start(t, false, Options{})
	body := `{"question":"How many vacation days carry over?"}`
	r := e.do(t, "alice", "POST", "/api/v1/ask", body, "Content-Type", "application/x-www-form-urlencoded")
	if r.status != http.StatusUnsupportedMediaType || !strings.Contains(r.body, `"code":"unsupported_media_type"`) || !strings.Contains(r.body, "application/json") {
		t.Errorf("a form body = %d %s, want 415 saying to send JSON", r.status, r.body)
	}
	for _, ct := range []string{"", "application/json", "application/json; charset=utf-8"} {
		var hdr []string
		if ct != "" {
			hdr = []string{"Content-Type", ct}
		}
		if r := e.do(t, "alice", "POST", "/api/v1/ask", body, hdr...); r.status != http.StatusOK {
			t.Errorf("a JSON body with Content-Type %q = %d %s, want 200", ct, r.status, r.body)
		}
	}
}
