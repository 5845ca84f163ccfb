package llm

import (
	"net/url"
	"strings"

	"github.com/veritykb/verity"
)

// Provider names a ProviderSpec can carry.
const (
	ProviderOpenAI           = "openai"
	ProviderOpenRouter       = "openrouter"
	ProviderOllama           = "ollama"
	ProviderOpenAICompatible = "openai-compatible"
	ProviderAnthropic        = "anthropic"
	ProviderOffline          = "offline"
)

// Default base URLs of the providers that have a well-known one. Anthropic's
// is left to its SDK.
const (
	OpenAIBaseURL     = "https://api.openai.com/v1"
	OpenRouterBaseURL = "https://openrouter.ai/api/v1"
	OllamaBaseURL     = "http://localhost:11434/v1"
)

// ProviderSpec is a parsed model spec string: which provider, which model,
// and where. cmd/verity reads the string from a flag or the environment,
// parses it here and calls the matching adapter's constructor.
type ProviderSpec struct {
	Provider string `json:"provider"`
	Model    string `json:"model,omitempty"`
	BaseURL  string `json:"base_url,omitempty"`
}

// ParseSpec parses a model spec:
//
//	openai:gpt-4o-mini
//	openrouter:anthropic/claude-sonnet-4.5
//	ollama:qwen2.5:7b                          (base URL http://localhost:11434/v1)
//	anthropic:claude-sonnet-4-5
//	openai-compatible:http://host:port/v1#model
//	offline                                    (also the empty string)
//
// Everything after the provider's colon is the model name, colons included,
// so Ollama's name:tag models need no quoting. ParseSpec reads nothing but
// its argument; keys and base URL overrides come from the caller.
func ParseSpec(s string) (ProviderSpec, error) {
	s = strings.TrimSpace(s)
	if s == "" || s == ProviderOffline {
		return ProviderSpec{Provider: ProviderOffline}, nil
	}
	provider, rest, ok := strings.Cut(s, ":")
	if !ok {
		return ProviderSpec{}, verity.Errorf(verity.EINVALID,
			"model spec %q: want provider:model (openai, ollama, anthropic, openrouter, openai-compatible) or offline", s)
	}
	provider = strings.ToLower(provider)
	var spec ProviderSpec
	switch provider {
	case ProviderOpenAI:
		spec = ProviderSpec{Provider: provider, Model: rest, BaseURL: OpenAIBaseURL}
	case ProviderOpenRouter:
		spec = ProviderSpec{Provider: provider, Model: rest, BaseURL: OpenRouterBaseURL}
	case ProviderOllama:
		spec = ProviderSpec{Provider: provider, Model: rest, BaseURL: OllamaBaseURL}
	case ProviderAnthropic:
		spec = ProviderSpec{Provider: provider, Model: rest}
	case ProviderOpenAICompatible:
		base, model, ok := strings.Cut(rest, "#")
		if !ok {
			return ProviderSpec{}, verity.Errorf(verity.EINVALID,
				"model spec %q: want openai-compatible:http://host:port/v1#model", s)
		}
		u, err := url.Parse(base)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return ProviderSpec{}, verity.Errorf(verity.EINVALID,
				"model spec %q: base URL must be http(s)://host[:port]/path", s)
		}
		spec = ProviderSpec{Provider: provider, Model: model, BaseURL: strings.TrimRight(base, "/")}
	case ProviderOffline:
		return ProviderSpec{}, verity.Errorf(verity.EINVALID, "model spec %q: offline takes no model name", s)
	default:
		return ProviderSpec{}, verity.Errorf(verity.EINVALID, "model spec %q: unknown provider %q", s, provider)
	}
	if spec.Model == "" || strings.ContainsAny(spec.Model, " \t\r\n#") {
		return ProviderSpec{}, verity.Errorf(verity.EINVALID, "model spec %q: missing or malformed model name", s)
	}
	return spec, nil
}

// String returns the spec in the form ParseSpec reads. A base URL that the
// caller overrode after parsing is not part of it, except for
// openai-compatible, whose spec is its URL.
func (s ProviderSpec) String() string {
	switch s.Provider {
	case ProviderOffline, "":
		return ProviderOffline
	case ProviderOpenAICompatible:
		return s.Provider + ":" + s.BaseURL + "#" + s.Model
	}
	return s.Provider + ":" + s.Model
}

// Offline reports whether the spec selects the offline engine.
func (s ProviderSpec) Offline() bool { return s.Provider == ProviderOffline || s.Provider == "" }
