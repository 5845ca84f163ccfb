package llmtest

import (
	"context"
	"sync/atomic"
	"time"

	"github.com/veritykb/verity/llm"
)

// Slow is an in-process model that takes Latency (real time) to answer every
// request with a fixed text. It measures what the middleware adds to, or
// saves from, a slow provider without any network.
type Slow struct {
	Latency time.Duration
	Reply   string
	calls   atomic.Int64
}

var _ llm.Model = (*Slow)(nil)

// Info implements llm.Model.
func (s *Slow) Info() llm.Info { return llm.Info{Provider: "slow", Model: "slow"} }

// Complete waits Latency, or until ctx is done, and answers.
func (s *Slow) Complete(ctx context.Context, req *llm.Request) (*llm.Response, error) {
	s.calls.Add(1)
	if err := llm.SystemClock.Sleep(ctx, s.Latency); err != nil {
		return nil, err
	}
	return &llm.Response{Text: s.Reply, Model: "slow:slow", PromptVersion: req.PromptVersion,
		Latency: s.Latency, StopReason: llm.StopEnd, Usage: llm.Usage{InputTokens: 20, OutputTokens: 5}}, nil
}

// Calls returns the number of requests received.
func (s *Slow) Calls() int64 { return s.calls.Load() }
