package llm_test

import (
	"testing"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/llm"
)

func TestParseSpec(t *testing.T) {
	tests := []struct {
		in   string
		want llm.ProviderSpec
	}{
		{"openai:gpt-4o-mini", llm.ProviderSpec{Provider: "openai", Model: "gpt-4o-mini", BaseURL: llm.OpenAIBaseURL}},
		{"ollama:qwen2.5:7b", llm.ProviderSpec{Provider: "ollama", Model: "qwen2.5:7b", BaseURL: "http://localhost:11434/v1"}},
		{"anthropic:claude-sonnet-4-5", llm.ProviderSpec{Provider: "anthropic", Model: "claude-sonnet-4-5"}},
		{"openai-compatible:http://127.0.0.1:8080/v1#llama-3.1-8b", llm.ProviderSpec{Provider: "openai-compatible", Model: "llama-3.1-8b", BaseURL: "http://127.0.0.1:8080/v1"}},
		{"openai-compatible:https://host.example/api/v1/#org/model:tag", llm.ProviderSpec{Provider: "openai-compatible", Model: "org/model:tag", BaseURL: "https://host.example/api/v1"}},
		{"openrouter:anthropic/claude-sonnet-4.5", llm.ProviderSpec{Provider: "openrouter", Model: "anthropic/claude-sonnet-4.5", BaseURL: llm.OpenRouterBaseURL}},
		{"offline", llm.ProviderSpec{Provider: "offline"}},
		{"", llm.ProviderSpec{Provider: "offline"}},
		{"  OpenAI:gpt-4o ", llm.ProviderSpec{Provider: "openai", Model: "gpt-4o", BaseURL: llm.OpenAIBaseURL}},
	}
	for _, tt := range tests {
		got, err := llm.ParseSpec(tt.in)
		if err != nil {
			t.Errorf("ParseSpec(%q) error %v, want %+v", tt.in, err, tt.want)
			continue
		}
		if got != tt.want {
			t.Errorf("ParseSpec(%q) = %+v, want %+v", tt.in, got, tt.want)
		}
	}
}

func TestParseSpecRejects(t *testing.T) {
	for _, in := range []string{
		"gpt-4o-mini",                      // no provider
		"openai:",                          // no model
		"mistral:large",                    // unknown provider
		"offline:foo",                      // offline takes no model
		"openai-compatible:http://h:1/v1",  // no #model
		"openai-compatible:ftp://h/v1#m",   // not http
		"openai-compatible:http:///v1#m",   // no host
		"openai-compatible:http://h:1/v1#", // empty model
		"ollama:qwen 2.5",                  // space in model
	} {
		_, err := llm.ParseSpec(in)
		if got := verity.ErrorCode(err); got != verity.EINVALID {
			t.Errorf("ParseSpec(%q) error code = %q, want %q", in, got, verity.EINVALID)
		}
	}
}

// FuzzParseSpec checks that every spec ParseSpec accepts prints back to a
// string that parses to the same spec.
func FuzzParseSpec(f *testing.F) {
	for _, s := range []string{"openai:gpt-4o-mini", "ollama:qwen2.5:7b", "anthropic:claude-sonnet-4-5",
		"openai-compatible:http://127.0.0.1:8080/v1#m", "offline", "", "x:y:z#w"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		spec, err := llm.ParseSpec(s)
		if err != nil {
			return
		}
		again, err := llm.ParseSpec(spec.String())
		if err != nil {
			t.Fatalf("ParseSpec(%q) = %+v whose String %q does not parse: %v", s, spec, spec.String(), err)
		}
		if again != spec {
			t.Fatalf("ParseSpec(%q).String() = %q parses to %+v, want %+v", s, spec.String(), again, spec)
		}
	})
}
