package llm

import (
	"context"
	"embed"
	"time"

	"github.com/veritykb/verity"
)

//go:embed prompts/doctor.ping.md
var pingFS embed.FS

// pingPrompts hold the health check's one request: tiny, structured, and
// answerable by any model, the offline engine included (task doctor.ping,
// vars {"echo": "verity"}, answer {"ok": true, "echo": "verity"}).
var pingPrompts = MustLoadPrompts(pingFS, "prompts")

// PingResult is the outcome of a health check call.
type PingResult struct {
	OK            bool          `json:"ok"`
	Model         string        `json:"model,omitempty"`
	PromptVersion string        `json:"prompt_version,omitempty"`
	Latency       time.Duration `json:"latency_ns,omitempty"`
	InputTokens   int           `json:"input_tokens,omitempty"`
	OutputTokens  int           `json:"output_tokens,omitempty"`
	CostUSD       float64       `json:"cost_usd,omitempty"`
	Priced        bool          `json:"priced"`
	Reply         string        `json:"reply,omitempty"`
	Error         string        `json:"error,omitempty"`
}

// Ping makes one tiny structured call to provider p, through the retry
// middleware but no cache (the point is to reach the provider), and
// reports the model that answered, the latency, the tokens and whether it
// echoed what it was asked to. It gives up after timeout.
func Ping(ctx context.Context, p Model, timeout time.Duration) (PingResult, error) {
	req, err := pingPrompts.Render("doctor.ping", struct {
		Echo string `json:"echo"`
	}{"verity"})
	if err != nil {
		return PingResult{}, err
	}
	meter := NewMeter(DefaultPrices())
	m := Stack(p, StackConfig{Meter: meter, Retry: RetryPolicy{Attempts: 2, BaseDelay: 500 * time.Millisecond, AttemptTimeout: timeout}})
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	var out struct {
		OK   bool   `json:"ok"`
		Echo string `json:"echo"`
	}
	resp, err := CompleteJSON(ctx, m, req, &out)
	tot := meter.Snapshot().Total
	res := PingResult{PromptVersion: req.PromptVersion, CostUSD: tot.Cost, Priced: tot.Unpriced == 0,
		InputTokens: int(tot.InputTokens), OutputTokens: int(tot.OutputTokens)}
	if err != nil {
		res.Error = err.Error()
		return res, err
	}
	res.Model, res.Latency, res.Reply = resp.Model, resp.Latency, string(resp.JSON)
	res.OK = out.OK && out.Echo == "verity"
	if !res.OK {
		res.Error = "the model answered in the right shape but not what it was asked to echo"
		return res, verity.Errorf(verity.EMALFORMED, "doctor: %s replied %s, want {\"ok\":true,\"echo\":\"verity\"}", resp.Model, resp.JSON)
	}
	return res, nil
}
