package http

import (
	"encoding/json"
	"fmt"
	"mime"
	"net/http"
	"strings"
	"sync"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/kb"
	"github.com/veritykb/verity/render"
)

// ask is POST /api/v1/ask (a [kb.AskRequest]): a grounded answer in the
// shape of verity ask --json, or, for Accept: text/event-stream, its
// stages as server-sent events ending with an "answer" event holding the
// same JSON.
func (s *Server) ask(w http.ResponseWriter, r *http.Request, c verity.Caller) (any, error) {
	var req kb.AskRequest
	if err := decode(w, r, s.opt.MaxBody, &req); err != nil {
		return nil, err
	}
	if !wantsEvents(r) {
		a, err := s.svc.Ask(r.Context(), c, req)
		if err != nil {
			return nil, err
		}
		s.metrics.answered(a)
		return a, nil
	}
	ev := newEvents(w)
	req.Progress = func(st kb.Stage) { ev.send("stage", st) }
	a, err := s.svc.Ask(r.Context(), c, req)
	if err != nil {
		if !ev.started() {
			// Nothing was sent: the error gets its real status.
			return nil, err
		}
		if info := infoOf(r); info != nil {
			info.err = err
		}
		_, body := errorBody(err)
		ev.send("error", body)
		return nil, nil
	}
	s.metrics.answered(a)
	ev.send("answer", a)
	return nil, nil
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
// every one; the pipeline may report stages from several goroutines. The
// stream (its 200 and headers) starts with the first event, so a request
// that fails before any stage answers with its real status, as JSON; only
// a failure after the stream started is an "error" event.
type events struct {
	mu    sync.Mutex
	w     http.ResponseWriter
	rc    *http.ResponseController
	begun bool
}

func newEvents(w http.ResponseWriter) *events {
	return &events{w: w, rc: http.NewResponseController(w)}
}

// started reports whether the stream's head was sent.
func (e *events) started() bool {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.begun
}

func (e *events) send(name string, v any) {
	data, err := json.Marshal(render.Filled(v))
	if err != nil {
		data = []byte(`{"error":{"code":"internal","message":"internal error"}}`)
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	if !e.begun {
		e.begun = true
		h := e.w.Header()
		h.Set("Content-Type", "text/event-stream; charset=utf-8")
		h.Set("Cache-Control", "no-store")
		h.Set("X-Accel-Buffering", "no") // a proxy in front must not hold the stream back
		h.Set("X-Content-Type-Options", "nosniff")
		e.w.WriteHeader(http.StatusOK)
	}
	fmt.Fprintf(e.w, "event: %s\ndata: %s\n\n", name, data)
	e.rc.Flush()
}
