package offline

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/llm"
)

// Name is the provider and model name of the engine, the "offline" every
// response and every record made from one carries.
const Name = llm.ProviderOffline

// Options configure an Engine.
type Options struct {
	// Clock times each call for Response.Latency; nil means llm.SystemClock.
	// Latency is the only thing in a response that depends on time.
	Clock llm.Clock
	// Support holds the thresholds of the claim-support rule; zero fields
	// mean [DefaultSupport]'s.
	Support SupportParams
	// SupportModel scores claim support; nil means [DefaultSupportModel].
	SupportModel *SupportModel
}

// Engine is the offline engine: an llm.Model that answers each task it knows
// by a deterministic procedure over the request's Vars, with no network. It
// is safe for concurrent use.
type Engine struct {
	clock   llm.Clock
	support SupportParams
	model   *SupportModel
}

var _ llm.Model = (*Engine)(nil)

// New returns an Engine.
func New(opt Options) *Engine {
	if opt.Clock == nil {
		opt.Clock = llm.SystemClock
	}
	if opt.SupportModel == nil {
		opt.SupportModel = DefaultSupportModel
	}
	return &Engine{clock: opt.Clock, support: opt.Support.withDefaults(opt.SupportModel), model: opt.SupportModel}
}

// Info implements llm.Model. The engine is deterministic: a vote draws one
// sample from it, never N copies of the same answer.
func (e *Engine) Info() llm.Info {
	return llm.Info{Provider: Name, Model: Name, Deterministic: true}
}

// Complete implements llm.Model: it runs the handler registered for
// req.Task on req and returns its answer as JSON in Text (and JSON), with
// Model "offline", zero usage and the time the handler took. A task the
// engine does not do is an ENOTIMPLEMENTED error, never a made-up answer.
func (e *Engine) Complete(ctx context.Context, req *llm.Request) (*llm.Response, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	start := e.clock.Now()
	h, ok := handlers[req.Task]
	if !ok {
		return nil, verity.Errorf(verity.ENOTIMPLEMENTED,
			"the offline engine does not do task %q (it does %s); configure a model with --model or VERITY_MODEL",
			req.Task, strings.Join(Tasks(), ", "))
	}
	answer, err := h(ctx, e, req)
	if err != nil {
		return nil, err
	}
	raw, err := json.Marshal(answer)
	if err != nil {
		return nil, verity.Errorf(verity.EINTERNAL, "offline %s: encode answer: %w", req.Task, err)
	}
	return &llm.Response{
		Text:          string(raw),
		JSON:          raw,
		StopReason:    llm.StopEnd,
		Model:         e.Info().Name(),
		Latency:       e.clock.Now().Sub(start),
		PromptVersion: req.PromptVersion,
	}, nil
}

// handler does one task. It reads what it needs from req (Vars, and
// Documents where a task carries its texts that way) and returns the answer
// value, which Complete encodes as JSON: the exact shape the task's prompt
// asks a real model for. It must be a pure function of req and the engine's
// options, and must return a verity.Error with EINVALID for Vars it cannot
// use.
type handler func(ctx context.Context, e *Engine, req *llm.Request) (any, error)

// handlers maps a task name to its handler. It is filled by register from
// the init functions of the task files and only read afterwards.
var handlers = map[string]handler{}

// register makes the engine do task with h. Each task file calls it from
// its init function; registering a task twice is a programming error.
func register(task string, h handler) {
	if _, dup := handlers[task]; dup {
		panic(fmt.Sprintf("offline: task %q registered twice", task))
	}
	handlers[task] = h
}

// Tasks returns the names of the tasks the engine does, sorted.
func Tasks() []string {
	out := make([]string, 0, len(handlers))
	for t := range handlers {
		out = append(out, t)
	}
	slices.Sort(out)
	return out
}

// decodeVars reads req.Vars into v (a pointer to the task's vars struct).
// Missing or unreadable vars are EINVALID: the caller built the request
// wrong, and no answer can be given.
func decodeVars(req *llm.Request, v any) error {
	if len(req.Vars) == 0 {
		return verity.Errorf(verity.EINVALID, "offline %s: the request has no vars; the offline engine reads its inputs from Request.Vars", req.Task)
	}
	if err := json.Unmarshal(req.Vars, v); err != nil {
		return verity.Errorf(verity.EINVALID, "offline %s: read vars: %w", req.Task, err)
	}
	return nil
}
