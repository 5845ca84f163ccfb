package llmtest

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/llm"
)

// Handler answers one request.
type Handler func(ctx context.Context, req *llm.Request) (*llm.Response, error)

// Model is a scripted llm.Model for pipeline tests. Each task gets a handler
// (or scripted texts); calls are logged; failures can be injected ahead of
// the script. It is safe for concurrent use.
type Model struct {
	info llm.Info

	mu       sync.Mutex
	handlers map[string]Handler
	calls    []*llm.Request
	fails    []error
	seq      map[string]int
}

var _ llm.Model = (*Model)(nil)

// New returns a Model with no script. A zero info becomes
// {Provider: "script", Model: "script"}.
func New(info llm.Info) *Model {
	if info.Provider == "" {
		info = llm.Info{Provider: "script", Model: "script", Deterministic: info.Deterministic}
	}
	return &Model{info: info, handlers: map[string]Handler{}, seq: map[string]int{}}
}

// Info implements llm.Model.
func (m *Model) Info() llm.Info { return m.info }

// On sets the handler of task; the task "" handles every task without one.
func (m *Model) On(task string, h Handler) *Model {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.handlers[task] = h
	return m
}

// Reply scripts task to answer texts[req.Sample % len(texts)]: sample i of
// a vote gets the i-th text.
func (m *Model) Reply(task string, texts ...string) *Model {
	return m.On(task, func(_ context.Context, req *llm.Request) (*llm.Response, error) {
		return m.Text(req, texts[req.Sample%len(texts)]), nil
	})
}

// Sequence scripts task to answer its n-th call with texts[n], repeating the
// last text after that: a first malformed reply, then a repaired one.
func (m *Model) Sequence(task string, texts ...string) *Model {
	return m.On(task, func(_ context.Context, req *llm.Request) (*llm.Response, error) {
		m.mu.Lock()
		n := m.seq[task]
		m.seq[task]++
		m.mu.Unlock()
		return m.Text(req, texts[min(n, len(texts)-1)]), nil
	})
}

// Text returns the response the model gives with text: its name, the
// request's prompt version and a token count of about a quarter of the
// bytes, as real tokenizers give for English.
func (m *Model) Text(req *llm.Request, text string) *llm.Response {
	in := len(req.System)
	for _, msg := range req.Messages {
		in += len(msg.Content)
	}
	for _, d := range req.Documents {
		in += len(d.Text)
	}
	return &llm.Response{Text: text, Model: m.info.Name(), PromptVersion: req.PromptVersion,
		StopReason: llm.StopEnd, Usage: llm.Usage{InputTokens: in/4 + 1, OutputTokens: len(text)/4 + 1}}
}

// FailNext makes the next len(errs) calls, whatever their task, fail with
// errs in order.
func (m *Model) FailNext(errs ...error) *Model {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.fails = append(m.fails, errs...)
	return m
}

// Complete implements llm.Model: it logs the call, returns an injected
// failure if one is pending, else runs the task's handler.
func (m *Model) Complete(ctx context.Context, req *llm.Request) (*llm.Response, error) {
	m.mu.Lock()
	m.calls = append(m.calls, req.Clone())
	var fail error
	if len(m.fails) > 0 {
		fail, m.fails = m.fails[0], m.fails[1:]
	}
	h := m.handlers[req.Task]
	if h == nil {
		h = m.handlers[""]
	}
	m.mu.Unlock()
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if fail != nil {
		return nil, fail
	}
	if h == nil {
		return nil, verity.Errorf(verity.EINTERNAL, "llmtest: no script for task %q", req.Task)
	}
	return h(ctx, req)
}

// Calls returns copies of the requests received, in order.
func (m *Model) Calls() []*llm.Request {
	m.mu.Lock()
	defer m.mu.Unlock()
	return append([]*llm.Request(nil), m.calls...)
}

// Count returns the number of calls for task ("" counts all).
func (m *Model) Count(task string) int {
	m.mu.Lock()
	defer m.mu.Unlock()
	if task == "" {
		return len(m.calls)
	}
	n := 0
	for _, c := range m.calls {
		if c.Task == task {
			n++
		}
	}
	return n
}

// Unavailable returns the error a provider adapter gives for an HTTP error
// status, with a Retry-After of retryAfter (0: none): 429 and 503 are
// temporary, 400 is not.
func Unavailable(status int, retryAfter time.Duration) error {
	return llm.StatusError("script", status, "", fmt.Sprintf("scripted HTTP %d", status), retryAfter)
}
