package llm_test

import (
	"context"
	"fmt"
	"testing/fstest"

	"github.com/veritykb/verity/llm"
	"github.com/veritykb/verity/llm/llmtest"
)

// A pipeline renders an embedded prompt, asks for structured output through
// the standard stack, and records the prompt version and model with the
// result.
func ExampleCompleteJSON() {
	prompts := llm.MustLoadPrompts(fstest.MapFS{"prompts/yes_no.md": {Data: []byte(`---
name: judge.yes_no
version: 2
schema:
  type: object
  required: [answer]
  properties:
    answer: {enum: ["yes", "no"]}
---
Is "{{.Claim}}" a claim about a company? Answer {"answer": "yes"} or {"answer": "no"}.`)}}, "prompts")

	provider := llmtest.New(llm.Info{Provider: "openai", Model: "gpt-4o-mini"}).
		Sequence("judge.yes_no", "Sure! The answer is yes.", "```json\n{\"answer\": \"yes\"}\n```")
	m := llm.Stack(provider, llm.StackConfig{Cache: llm.NewMemoryCache(), Meter: llm.NewMeter(llm.DefaultPrices())})

	req, _ := prompts.Render("judge.yes_no", map[string]string{"Claim": "Acme uses Bitrix24"})
	var out struct{ Answer string }
	resp, err := llm.CompleteJSON(context.Background(), m, req, &out)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(out.Answer, resp.Model, resp.PromptVersion, provider.Count(""), "calls")
	// Output: yes openai:gpt-4o-mini judge.yes_no@2 2 calls
}

// A panel of five votes that settles after three agree.
func ExampleVote() {
	m := llmtest.New(llm.Info{Provider: "anthropic", Model: "claude-haiku-4-5"}).
		Reply("panel", `{"label":"yes"}`, `{"label":"yes"}`, `{"label":"yes"}`, `{"label":"no"}`, `{"label":"no"}`)
	req := &llm.Request{Task: "panel", Messages: []llm.Message{llm.User("Does the quote show a deployment?")}}
	rule := llm.AtLeast{Label: "yes", K: 3, N: 5}
	tally, _ := llm.Vote(context.Background(), m, req, llm.VoteOptions{N: 5, Stop: rule}, llm.JSONLabel(m, "label"))
	fmt.Printf("passed=%v votes=%d saved=%d share=%.1f\n", tally.Passed("yes", 3), tally.Cast(), tally.Saved, tally.Share("yes"))
	// Output: passed=true votes=3 saved=2 share=1.0
}
