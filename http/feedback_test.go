package http

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
)

// TestFeedbackMetric: alice asks, gets an answer id, rates it down and
// then up; eve rates it down. The store keeps one rating per caller,
// GET /api/v1/feedback lists both for admins, and /metrics counts them as
// verity_answer_feedback_total by rating, transport and verbatim mode.
func TestFeedbackMetric(t *testing.T) {
	f := build(t)
	e := f.start(t, true, Options{})
	r := e.do(t, "alice", "POST", "/api/v1/ask", `{"question":"How did Acme move its sales to Bitrix24?"}`)
	var a struct {
		ID       string `json:"answer_id"`
		Verbatim bool   `json:"verbatim"`
	}
	if r.status != http.StatusOK || json.Unmarshal([]byte(r.body), &a) != nil || a.ID == "" || !a.Verbatim {
		t.Fatalf("ask = %d %s; want an answer with an id and verbatim quotes", r.status, r.body)
	}
	for _, x := range []struct{ who, rating string }{{"alice", "down"}, {"alice", "up"}, {"eve", "down"}} {
		if r := e.do(t, x.who, "POST", "/api/v1/feedback", `{"answer_id":"`+a.ID+`","rating":"`+x.rating+`"}`); r.status != http.StatusOK {
			t.Fatalf("rate as %s = %d %s", x.who, r.status, r.body)
		}
	}
	if r := e.do(t, "alice", "POST", "/api/v1/feedback", `{"answer_id":"no-such-answer","rating":"up"}`); r.status != http.StatusNotFound {
		t.Errorf("rate a missing answer = %d %s, want 404", r.status, r.body)
	}
	var list struct {
		Feedback []struct {
			By, Rating string
		} `json:"feedback"`
	}
	r = e.do(t, "admin", "GET", "/api/v1/feedback", "")
	if r.status != http.StatusOK || json.Unmarshal([]byte(r.body), &list) != nil || len(list.Feedback) != 2 {
		t.Fatalf("GET /api/v1/feedback = %d %s; want alice's and eve's ratings", r.status, r.body)
	}
	m := e.do(t, "admin", "GET", "/metrics", "")
	for _, want := range []string{`verity_answer_feedback_total{rating="up",transport="api",verbatim="true"} 1`,
		`verity_answer_feedback_total{rating="down",transport="api",verbatim="true"} 1`} {
		if !strings.Contains(m.body, "\n"+want+"\n") {
			t.Errorf("metrics = %s, want %s", grepLines(m.body, "feedback"), want)
		}
	}
}
