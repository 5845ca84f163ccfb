package http

import (
	"encoding/json"
	"fmt"
	"mime"
	"net/http"
	"strings"
	"sync"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/answer"
)

// AskRequest is the body of POST /api/v1/ask, the flags of verity ask.
type AskRequest struct {
	Question   string `json:"question"`
	K          int    `json:"k,omitempty"`           // records per search, 1-50 (default 5)
	Policy     string `json:"policy,omitempty"`      // strict (default) or broad
	NoVerbatim bool   `json:"no_verbatim,omitempty"` // cite without quoting
	Fresh      bool   `json:"fresh,omitempty"`       // neither read nor write the answer cache
	NoRecord   bool   `json:"no_record,omitempty"`   // do not store the statements as records
}

// answerOptions turns the options shared by ask and check into the
// pipeline's.
func answerOptions(policy string, noVerbatim bool) (answer.Options, error) {
	p := answer.Policy(policy)
	if p == "" {
		p = answer.Strict
	}
	if p != answer.Strict && p != answer.Broad {
		return answer.Options{}, verity.Errorf(verity.EINVALID, "policy must be strict or broad, got %q", policy)
	}
	return answer.Options{Policy: p, NoVerbatim: noVerbatim}, nil
}

// ask is POST /api/v1/ask: a grounded answer in the shape of verity ask
// --json, or, for Accept: text/event-stream, its stages as server-sent
// events ending with an "answer" event holding the same JSON.
func (s *Server) ask(w http.ResponseWriter, r *http.Request, c verity.Caller) (any, error) {
	var req AskRequest
	if err := decode(w, r, s.opt.MaxBody, &req); err != nil {
		return nil, err
	}
	opt, err := answerOptions(req.Policy, req.NoVerbatim)
	if err != nil {
		return nil, err
	}
	opt.K, opt.NoCache, opt.NoRecords = req.K, req.Fresh, req.NoRecord
	if opt.K == 0 {
		opt.K = 5
	}
	if !wantsEvents(r) {
		a, err := s.svc.Ask(r.Context(), c, s.opt.Model, s.opt.Verifier, req.Question, opt)
		if err != nil {
			return nil, err
		}
		return s.shownAnswer(r, a), nil
	}
	ev := newEvents(w)
	opt.Progress = func(e answer.Event) { ev.send("stage", stageEvent{Stage: e.Stage, Done: e.Done, Detail: e.Detail}) }
	a, err := s.svc.Ask(r.Context(), c, s.opt.Model, s.opt.Verifier, req.Question, opt)
	if err != nil {
		if info := infoOf(r); info != nil {
			info.err = err
		}
		_, body := errorBody(err)
		ev.send("error", body)
		return nil, nil
	}
	ev.send("answer", s.shownAnswer(r, a))
	return nil, nil
}

// shownAnswer counts a's quotes and flags for the metrics and leaves out
// permission hints for an anonymous caller.
func (s *Server) shownAnswer(r *http.Request, a *answer.Answer) *answer.Answer {
	s.metrics.answered(a)
	if anonymous(r) {
		a.Hints = []verity.Hint{}
	}
	return a
}

// stageEvent is one "stage" event of an ask stream.
type stageEvent struct {
	Stage  string `json:"stage"`
	Done   bool   `json:"done"`
	Detail string `json:"detail,omitempty"`
}

// wantsEvents reports whether the client asked for server-sent events.
func wantsEvents(r *http.Request) bool {
	for part := range strings.SplitSeq(r.Header.Get("Accept"), ",") {
		if mt, _, err := mime.ParseMediaType(strings.TrimSpace(part)); err == nil && mt == "text/event-stream" {
			return true
		}
	}
	return false
}

// events writes server-sent events, one JSON line of data each, flushing
// every one; the pipeline may report stages from several goroutines.
type events struct {
	mu sync.Mutex
	w  http.ResponseWriter
	rc *http.ResponseController
}

func newEvents(w http.ResponseWriter) *events {
	h := w.Header()
	h.Set("Content-Type", "text/event-stream; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Accel-Buffering", "no") // a proxy in front must not hold the stream back
	h.Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(http.StatusOK)
	e := &events{w: w, rc: http.NewResponseController(w)}
	e.rc.Flush()
	return e
}

func (e *events) send(name string, v any) {
	data, err := json.Marshal(v)
	if err != nil {
		data = []byte(`{"error":{"code":"internal","message":"internal error"}}`)
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	fmt.Fprintf(e.w, "event: %s\ndata: %s\n\n", name, data)
	e.rc.Flush()
}
