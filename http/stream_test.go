package http

import (
	"bufio"
	"encoding/json"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/veritykb/verity/kb"
	"github.com/veritykb/verity/llm"
	"github.com/veritykb/verity/llm/llmtest"
)

// sse is one server-sent event.
type sse struct{ name, data string }

func readEvents(t *testing.T, body string) []sse {
	t.Helper()
	var out []sse
	var cur sse
	sc := bufio.NewScanner(strings.NewReader(body))
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case line == "":
			if cur.name != "" {
				out = append(out, cur)
			}
			cur = sse{}
		case strings.HasPrefix(line, "event: "):
			cur.name = strings.TrimPrefix(line, "event: ")
		case strings.HasPrefix(line, "data: "):
			cur.data = strings.TrimPrefix(line, "data: ")
		}
	}
	return out
}

var answerID = regexp.MustCompile(`"answer_id":"[A-Za-z0-9_-]+",`)

func withoutID(s string) string { return answerID.ReplaceAllString(s, "") }

// TestAskStream asks with Accept: text/event-stream: the stages come as
// events, the last event holds the same answer as a plain request, and
// nothing of HR's plan is in the stream for those who may not read it.
func TestAskStream(t *testing.T) {
	f := build(t)
	e := f.start(t, false, Options{Anonymous: true})
	body := `{"question":"Что будет с сокращениями в 2027 году?","fresh":true,"no_record":true}`
	for _, caller := range []string{"alice", "eve", "", "hr"} {
		plain := e.do(t, caller, "POST", "/api/v1/ask", body)
		r := e.do(t, caller, "POST", "/api/v1/ask", body, "Accept", "text/event-stream")
		if r.status != http.StatusOK || !strings.HasPrefix(r.header.Get("Content-Type"), "text/event-stream") {
			t.Fatalf("stream as %q = %d %s %s", caller, r.status, r.header.Get("Content-Type"), r.body)
		}
		evs := readEvents(t, r.body)
		if len(evs) < 3 {
			t.Fatalf("stream as %q has %d events, want stages and an answer:\n%s", caller, len(evs), r.body)
		}
		stages := 0
		for _, ev := range evs[:len(evs)-1] {
			var st kb.Stage
			if ev.name != "stage" || json.Unmarshal([]byte(ev.data), &st) != nil || st.Stage == "" {
				t.Errorf("event %s %s, want a stage", ev.name, ev.data)
			}
			stages++
		}
		last := evs[len(evs)-1]
		// Each answer gets an id of its own; the rest is the same.
		if last.name != "answer" || withoutID(last.data)+"\n" != withoutID(plain.body) {
			t.Errorf("last event as %q = %s %s, want the plain answer %s", caller, last.name, last.data, plain.body)
		}
		if caller != "hr" {
			if leaks := f.leaks(r.all(), body); len(leaks) > 0 {
				t.Errorf("stream as %q shows %q", caller, leaks)
			}
		}
	}
	// The control: HR reads its plan, so the checks above can see it.
	if r := e.do(t, "hr", "GET", "/api/v1/search?q=%D0%BA%D0%B2%D0%B0%D0%B7%D0%B8%D0%BF%D0%B0%D1%80%D0%B0%D0%B1%D0%BE%D0%BB%D0%B0", ""); len(f.leaks(r.body, "")) == 0 {
		t.Errorf("search as hr = %s, want the plan", r.body)
	}
	// An error before the stream began has its real status, as JSON.
	r := e.do(t, "alice", "POST", "/api/v1/ask", `{"question":"x","k":99}`, "Accept", "text/event-stream")
	if r.status != http.StatusBadRequest || !strings.HasPrefix(r.header.Get("Content-Type"), "application/json") || !strings.Contains(r.body, `"code":"invalid"`) {
		t.Errorf("a bad ask streamed = %d %s %s, want 400 with a JSON error", r.status, r.header.Get("Content-Type"), r.body)
	}
	// An error after the stream began is an error event: a model that
	// is down fails the draft after the search stage went out.
	down := llmtest.New(llm.Info{Provider: "test", Model: "down"}).FailNext(llmtest.Unavailable(503, 0), llmtest.Unavailable(503, 0), llmtest.Unavailable(503, 0), llmtest.Unavailable(503, 0))
	broken := f.startModels(t, kb.Fixed(down, judge))
	r = broken.do(t, "alice", "POST", "/api/v1/ask", `{"question":"How many vacation days carry over?"}`, "Accept", "text/event-stream")
	evs := readEvents(t, r.body)
	if r.status != http.StatusOK || len(evs) < 2 || evs[0].name != "stage" || evs[len(evs)-1].name != "error" {
		t.Errorf("an ask whose model fails after the first stage = %d %+v, want stages then one error event", r.status, evs)
	}
}
