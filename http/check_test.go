package http

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/veritykb/verity/kb"
)

// boundedCheck is a check of n claims against one inline document of about
// size bytes.
func boundedCheck(n, size int) string {
	var doc strings.Builder
	for i := 0; doc.Len() < size; i++ {
		fmt.Fprintf(&doc, "The report number %d says that the plant in city %d produced %d tons of steel in year %d. ", i, i%97, i*7, 1990+i%30)
	}
	var ans strings.Builder
	for i := range n {
		fmt.Fprintf(&ans, "The plant in city %d produced %d tons of steel [1]. ", i%97, i*13)
	}
	body, _ := json.Marshal(kb.CheckRequest{Answer: ans.String(), Documents: []kb.Document{{Title: "report", Text: doc.String()}}})
	return string(body)
}

// TestCheckBounded: a check past its documented bounds is refused with 413
// before any work, and one within them stops when the request's time runs
// out, answering 503 rather than running on (issue 29, finding 2).
func TestCheckBounded(t *testing.T) {
	f := build(t)
	e := f.start(t, false, Options{MaxBody: 8 << 20})
	for _, c := range []struct {
		name string
		body string
	}{
		{"too many claims", boundedCheck(kb.MaxCheckClaims+1, 1000)},
		{"too large a document", boundedCheck(3, kb.MaxCheckBytes+1000)},
	} {
		r := e.do(t, "alice", "POST", "/api/v1/check", c.body)
		if r.status != http.StatusRequestEntityTooLarge || !strings.Contains(r.body, `"code":"too_large"`) {
			t.Errorf("check with %s = %d %s, want 413 too_large", c.name, r.status, r.body)
		}
	}
	// A body over the server's limit is a caller's mistake, logged at INFO
	// with its code, never as an internal error (finding 5g).
	small := f.start(t, false, Options{MaxBody: 1 << 10})
	if r := small.do(t, "alice", "POST", "/api/v1/check", boundedCheck(3, 4000)); r.status != http.StatusRequestEntityTooLarge {
		t.Fatalf("check over the body limit = %d %s, want 413", r.status, r.body)
	}
	logged := false
	for line := range strings.SplitSeq(small.logs.String(), "\n") {
		if strings.Contains(line, `"status":413`) {
			logged = true
			if !strings.Contains(line, `"level":"INFO"`) || !strings.Contains(line, `"error_code":"too_large"`) {
				t.Errorf("a 413 is logged as %s, want INFO with error_code too_large", line)
			}
		}
	}
	if !logged {
		t.Errorf("no log line for the 413:\n%s", small.logs.String())
	}
	slow := f.start(t, false, Options{MaxBody: 8 << 20, RequestTimeout: 200 * time.Millisecond})
	r := slow.do(t, "alice", "POST", "/api/v1/check", boundedCheck(kb.MaxCheckClaims, kb.MaxCheckBytes-1000))
	if r.status != http.StatusServiceUnavailable || !strings.Contains(r.body, "time ran out") {
		t.Errorf("a check past the request timeout = %d %s, want 503 saying the time ran out", r.status, r.body)
	}
}

// TestEmptyUpload: an ingest with an empty body is invalid input (400), not
// a run that stored nothing.
func TestEmptyUpload(t *testing.T) {
	e := build(t).start(t, true, Options{})
	for _, ct := range []string{"application/x-ndjson", "text/markdown"} {
		path := "/api/v1/ingest"
		if ct == "text/markdown" {
			path += "?format=md&id=empty.md"
		}
		if r := e.do(t, "curator", "POST", path, "", "Content-Type", ct); r.status != http.StatusBadRequest || !strings.Contains(r.body, "empty") {
			t.Errorf("empty %s upload = %d %s, want 400 saying it is empty", ct, r.status, r.body)
		}
	}
}

// TestVerbatimInjectedMetric: a checked answer whose quotes came from the
// provider's citation metadata (seed 003, path C) counts them in
// verity_answer_verbatim_injected_total, and --metrics-samples gets one
// JSON line with each injected quote; a check without citation metadata
// counts none.
func TestVerbatimInjectedMetric(t *testing.T) {
	f := build(t)
	samples := &syncBuffer{}
	e := f.start(t, false, Options{MetricsSamples: samples})
	text := "Backups are kept for at least 30 days [1]. The VPN certificate renews itself [2]."
	end := strings.Index(text, " The VPN")
	body, _ := json.Marshal(kb.CheckRequest{Answer: text,
		Documents: []kb.Document{
			{Title: "Backup policy", Text: "Database backups run every night. Backups are kept for at least 30 days."},
			{Title: "VPN", Text: "The certificate now renews automatically 30 days before it expires."}},
		Citations: []kb.ProviderCitation{{Document: 0, CitedText: "Backups are kept for at least 30 days", AnswerStart: 0, AnswerEnd: end}}})
	r := e.do(t, "alice", "POST", "/api/v1/check", string(body))
	if r.status != http.StatusOK {
		t.Fatalf("check = %d %s", r.status, r.body)
	}
	// Without citation metadata nothing counts as injected from it.
	plain, _ := json.Marshal(kb.CheckRequest{Answer: "Backups are kept for at least 30 days [1].",
		Documents: []kb.Document{{Title: "Backup policy", Text: "Backups are kept for at least 30 days."}}})
	if r := e.do(t, "alice", "POST", "/api/v1/check", string(plain)); r.status != http.StatusOK {
		t.Fatalf("check = %d %s", r.status, r.body)
	}
	m := e.do(t, "admin", "GET", "/metrics", "")
	if !strings.Contains(m.body, "\nverity_answer_verbatim_injected_total 1\n") {
		t.Errorf("metrics = %s, want verity_answer_verbatim_injected_total 1", grepLines(m.body, "verbatim"))
	}
	lines := strings.Split(strings.TrimSpace(samples.String()), "\n")
	var got struct {
		Metric  string             `json:"metric"`
		Count   int                `json:"count"`
		Samples []kb.InjectedQuote `json:"samples"`
	}
	if len(lines) != 1 || json.Unmarshal([]byte(lines[0]), &got) != nil || got.Metric != "verbatim_injected" || got.Count != 1 ||
		len(got.Samples) != 1 || got.Samples[0].Quote != "Backups are kept for at least 30 days" || got.Samples[0].Document != 1 {
		t.Errorf("samples = %q, want one line with the injected backup quote", samples.String())
	}
}

func grepLines(s, word string) string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if strings.Contains(l, word) {
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n")
}
