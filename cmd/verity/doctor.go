package main

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/answer"
	"github.com/veritykb/verity/audit"
	"github.com/veritykb/verity/extract"
	"github.com/veritykb/verity/llm"
	"github.com/veritykb/verity/summary"
	"github.com/veritykb/verity/verify"
)

// doctorPrompt is the health check's one request: tiny, structured, and
// answerable by any model, the offline engine included (task doctor.ping,
// vars {"echo": "verity"}, answer {"ok": true, "echo": "verity"}).
const doctorPrompt = `---
name: doctor.ping
version: 1
max_tokens: 40
strict: true
schema:
  type: object
  required: [ok, echo]
  additionalProperties: false
  properties:
    ok: {type: boolean}
    echo: {type: string}
---
{{define "system"}}You are a health check. Reply with JSON only.{{end}}
{{define "user"}}Reply with exactly this JSON object: {"ok": true, "echo": "{{.Echo}}"}{{end}}
`

type doctorVars struct {
	Echo string `json:"echo"`
}

// doctorCheck is the outcome of the health check call.
type doctorCheck struct {
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

func (a *app) doctorCmd() *cobra.Command {
	var timeout time.Duration
	cmd := &cobra.Command{
		Use:   "doctor",
		Short: "Show the model configuration and make one tiny call to check it",
		Long: `Doctor shows the configuration in use (model spec and where it came from,
endpoint, whether the provider's key is set, store, cache, prompt versions)
and makes one tiny structured call to the configured model, reporting the
model that answered, the latency and the tokens it took. Nothing is cached
and nothing is written to the store.

Keys are read from OPENAI_API_KEY, OPENROUTER_API_KEY, ANTHROPIC_API_KEY or,
for an openai-compatible server, VERITY_API_KEY; doctor says whether one is
set, never what it is.`,
		Example: `  verity doctor
  verity doctor --model ollama:qwen2.5:7b
  VERITY_MODEL=anthropic:claude-sonnet-4-5 verity doctor --json`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			setup, err := a.setupModel()
			if err != nil {
				return err
			}
			check, err := a.doctorCall(cmd.Context(), setup, timeout)
			if a.json {
				if perr := a.printJSON(map[string]any{"config": setup, "store": a.storePath(),
					"prompts": promptVersions(), "check": check}); perr != nil {
					return perr
				}
				return err
			}
			a.printDoctor(setup, check)
			return err
		},
	}
	cmd.Flags().DurationVar(&timeout, "timeout", 60*time.Second, "give up on the check call after this long")
	return cmd
}

// doctorCall makes the health check call through the retry middleware but
// no cache: the point is to reach the provider.
func (a *app) doctorCall(ctx context.Context, setup modelSetup, timeout time.Duration) (doctorCheck, error) {
	prompt, err := llm.ParsePrompt("doctor.ping", []byte(doctorPrompt))
	if err != nil {
		return doctorCheck{}, err
	}
	req, err := prompt.Render(doctorVars{Echo: "verity"})
	if err != nil {
		return doctorCheck{}, err
	}
	p, err := setup.provider()
	if err != nil {
		return doctorCheck{Error: verity.ErrorMessage(err)}, err
	}
	meter := llm.NewMeter(llm.DefaultPrices())
	m := llm.Stack(p, llm.StackConfig{Meter: meter,
		Retry: llm.RetryPolicy{Attempts: 2, BaseDelay: 500 * time.Millisecond, AttemptTimeout: timeout}})
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	var out struct {
		OK   bool   `json:"ok"`
		Echo string `json:"echo"`
	}
	resp, err := llm.CompleteJSON(ctx, m, req, &out)
	tot := meter.Snapshot().Total
	check := doctorCheck{PromptVersion: req.PromptVersion, CostUSD: tot.Cost, Priced: tot.Unpriced == 0,
		InputTokens: int(tot.InputTokens), OutputTokens: int(tot.OutputTokens)}
	if err != nil {
		check.Error = err.Error()
		return check, err
	}
	check.Model, check.Latency, check.Reply = resp.Model, resp.Latency, string(resp.JSON)
	check.OK = out.OK && out.Echo == "verity"
	if !check.OK {
		check.Error = "the model answered in the right shape but not what it was asked to echo"
		return check, verity.Errorf(verity.EMALFORMED, "doctor: %s replied %s, want {\"ok\":true,\"echo\":\"verity\"}", resp.Model, resp.JSON)
	}
	return check, nil
}

func (a *app) printDoctor(s modelSetup, c doctorCheck) {
	w := a.stdout
	fmt.Fprintf(w, "model     %s (from %s)\n", s.Spec, s.SpecFrom)
	if s.Spec.BaseURL != "" {
		fmt.Fprintf(w, "endpoint  %s\n", s.Spec.BaseURL)
	}
	switch {
	case s.KeyVar == "":
		fmt.Fprintln(w, "key       none needed")
	case s.KeySet:
		fmt.Fprintf(w, "key       %s is set\n", s.KeyVar)
	case s.Spec.Provider == llm.ProviderOpenAICompatible:
		fmt.Fprintf(w, "key       %s is not set (local servers need none)\n", s.KeyVar)
	default:
		fmt.Fprintf(w, "key       %s is not set\n", s.KeyVar)
	}
	fmt.Fprintf(w, "store     %s\n", a.storePath())
	if s.NoCache {
		fmt.Fprintln(w, "cache     not read (--no-cache); fresh answers are still stored")
	} else {
		fmt.Fprintln(w, "cache     on: repeated calls are answered from the store")
	}
	for i, p := range promptVersions() {
		label := "prompts  "
		if i > 0 {
			label = "         "
		}
		fmt.Fprintf(w, "%s %-8s %s\n", label, p.Pipeline, p.Versions)
	}
	if c.Error != "" && c.Model == "" {
		fmt.Fprintf(w, "check     FAILED: %s\n", oneLine(c.Error, 300))
		return
	}
	status := "ok"
	if !c.OK {
		status = "FAILED"
	}
	cost := "cost unknown (model not in the price table)"
	if c.Priced {
		cost = fmt.Sprintf("cost $%.6f", c.CostUSD)
	}
	fmt.Fprintf(w, "check     %s: %s answered %s in %s; tokens in %d, out %d; %s\n",
		status, c.Model, clean(strings.TrimSpace(c.Reply)), c.Latency.Round(time.Millisecond), c.InputTokens, c.OutputTokens, cost)
}

// pipelinePrompts names the prompt versions one pipeline sends; every
// result records the version it used, and doctor lists them all.
type pipelinePrompts struct {
	Pipeline string `json:"pipeline"`
	Versions string `json:"versions"`
}

func promptVersions() []pipelinePrompts {
	return []pipelinePrompts{
		{"answer", answer.PromptVersions()},
		{"verify", verify.PromptVersions()},
		{"extract", extract.PromptVersions()},
		{"summary", summary.PromptVersions()},
		{"audit", audit.PromptVersions()},
	}
}
