package llm

import (
	"context"
	"encoding/json"
	"time"
)

// Model is one language model behind one provider: a real endpoint, the
// offline engine, a test double, or a middleware wrapped around any of them.
// Complete must be safe for concurrent use and must honour ctx.
type Model interface {
	// Complete sends one request and returns the whole response. A failure
	// is an error with a verity code (EUNAVAILABLE for a provider that stays
	// down, EINVALID for a request the provider rejects); a reply that says
	// "no" is a response, not an error.
	Complete(ctx context.Context, req *Request) (*Response, error)
	// Info names the provider and model and says whether the model is
	// deterministic.
	Info() Info
}

// Info describes a model. Provider and Model together are what results
// record and what the cache key is built from.
type Info struct {
	Provider string `json:"provider"` // "openai", "ollama", "anthropic", "openai-compatible", "offline", ...
	Model    string `json:"model"`    // the provider's model name, e.g. "gpt-4o-mini"
	// Deterministic is true when the same request always gives the same
	// response whatever its sample index or seed, as for the offline engine.
	// Votes draw one sample from such a model, never N copies of one answer.
	Deterministic bool `json:"deterministic,omitempty"`
}

// Name returns "provider:model", or the provider alone when it has no model
// name (the offline engine is just "offline").
func (i Info) Name() string {
	if i.Model == "" || i.Model == i.Provider {
		return i.Provider
	}
	return i.Provider + ":" + i.Model
}

// Roles of a Message.
const (
	RoleUser      = "user"
	RoleAssistant = "assistant"
	RoleTool      = "tool" // the result of a tool call, answering ToolCallID
)

// Request is one model call, the same shape for every provider. Everything in
// it except Stream and OnText is part of the cache key, so two requests that
// differ in any field that could change the answer never share a cache entry.
type Request struct {
	// Task is a stable name of what the call is for, such as
	// "verify.support". The offline engine dispatches on it and reads Vars.
	Task string `json:"task"`
	// PromptVersion is "name@version" of the prompt the request was rendered
	// from; it is copied onto the response and recorded with every result.
	PromptVersion string `json:"prompt_version,omitempty"`
	System        string `json:"system,omitempty"`
	// Messages is the conversation, oldest first; the last is usually the
	// user's turn.
	Messages []Message `json:"messages"`
	// Documents are attached to the first user message: as document blocks
	// for Anthropic (with citations when Citations is set), as tagged text
	// <document index="i" title="..."> for OpenAI-compatible endpoints.
	Documents []Document `json:"documents,omitempty"`
	// Citations asks the provider to cite Documents in its answer where it
	// can (Anthropic's Citations API). Providers without it ignore it.
	Citations bool `json:"citations,omitempty"`
	// Schema asks for JSON output of this shape, through the provider's
	// structured-output mode where it has one. See [CompleteJSON].
	Schema *Schema `json:"schema,omitempty"`
	// Vars are the structured inputs the prompt was rendered from, as JSON.
	// Real models never see them; the offline engine reads them instead of
	// parsing prompt text, so it can do each task deterministically.
	Vars json.RawMessage `json:"vars,omitempty"`
	// Temperature is nil for the provider's default; 0 is greedy.
	Temperature *float64 `json:"temperature,omitempty"`
	MaxTokens   int      `json:"max_tokens,omitempty"` // 0: the adapter's default
	// Seed is sent to providers that accept one; 0 means no seed.
	Seed int64 `json:"seed,omitempty"`
	// Sample tells independent draws of the same request apart (votes):
	// sample 3 of a request is cached apart from sample 4.
	Sample int       `json:"sample"`
	Tools  []ToolDef `json:"tools,omitempty"`
	// ToolChoice is "" or "auto" (the model decides), "none", "required"
	// (some tool), or a tool's name (that tool).
	ToolChoice string `json:"tool_choice,omitempty"`

	// Stream asks the adapter to use the provider's streaming transport. The
	// response is the same; streaming only keeps long generations alive
	// through proxies and lets OnText show progress.
	Stream bool `json:"-"`
	// OnText, when set, receives text as it is generated (streaming only).
	OnText func(delta string) `json:"-"`
}

// Temp returns a pointer to t, for [Request.Temperature].
func Temp(t float64) *float64 { return &t }

// Clone returns a copy of r whose slices can be appended to without touching
// r. Middleware that changes a request (votes, repair) works on a clone.
func (r *Request) Clone() *Request {
	c := *r
	c.Messages = append([]Message(nil), r.Messages...)
	c.Documents = append([]Document(nil), r.Documents...)
	c.Tools = append([]ToolDef(nil), r.Tools...)
	return &c
}

// Message is one turn of the conversation.
type Message struct {
	Role    string `json:"role"`
	Content string `json:"content,omitempty"`
	// ToolCalls are the calls an assistant turn made.
	ToolCalls []ToolCall `json:"tool_calls,omitempty"`
	// ToolCallID is the call a RoleTool message answers.
	ToolCallID string `json:"tool_call_id,omitempty"`
	// IsError marks a tool result that reports a failure.
	IsError bool `json:"is_error,omitempty"`
}

// User returns a user message.
func User(text string) Message { return Message{Role: RoleUser, Content: text} }

// Assistant returns an assistant message.
func Assistant(text string) Message { return Message{Role: RoleAssistant, Content: text} }

// Document is a text the model should read and may cite.
type Document struct {
	Title string `json:"title,omitempty"`
	Text  string `json:"text"`
}

// Schema is a JSON Schema for structured output.
type Schema struct {
	Name string `json:"name"` // a short identifier, [a-zA-Z0-9_-]; OpenAI requires one
	// JSON is the schema document itself.
	JSON json.RawMessage `json:"json"`
	// Strict asks for strict schema adherence where the provider offers it
	// (OpenAI's strict mode needs every property required and
	// additionalProperties false).
	Strict bool `json:"strict,omitempty"`
}

// ToolDef describes a tool the model may call. Verity's tools are read-only
// (search_knowledge); the caller runs them, never the adapter.
type ToolDef struct {
	Name        string          `json:"name"`
	Description string          `json:"description,omitempty"`
	Parameters  json.RawMessage `json:"parameters"` // JSON Schema of the arguments object
}

// ToolCall is one call the model asked for.
type ToolCall struct {
	ID   string          `json:"id"`
	Name string          `json:"name"`
	Args json.RawMessage `json:"args"`
}

// Response is what a model call returns.
type Response struct {
	Text string `json:"text"`
	// JSON is the parsed structured output, set by [CompleteJSON] (and by
	// adapters when a schema was asked for and the text is valid JSON).
	JSON      json.RawMessage `json:"json,omitempty"`
	Citations []Citation      `json:"citations,omitempty"`
	ToolCalls []ToolCall      `json:"tool_calls,omitempty"`
	// StopReason is the provider's reason, normalised: "end", "max_tokens",
	// "tool_use", "refusal", or the provider's own word for anything else.
	StopReason    string        `json:"stop_reason,omitempty"`
	Usage         Usage         `json:"usage"`
	Model         string        `json:"model"` // Info.Name() of the model that answered
	Latency       time.Duration `json:"latency"`
	Cached        bool          `json:"cached,omitempty"`
	PromptVersion string        `json:"prompt_version,omitempty"`
}

// Stop reasons, normalised across providers.
const (
	StopEnd       = "end"
	StopMaxTokens = "max_tokens"
	StopToolUse   = "tool_use"
	StopRefusal   = "refusal"
)

// Usage counts tokens of one call.
type Usage struct {
	InputTokens  int `json:"input_tokens"`
	OutputTokens int `json:"output_tokens"`
}

// Citation is a span of a request document that the provider says supports a
// span of the answer. Locations are the provider's: character indices for
// plain text (Kind "char", End exclusive), pages for PDFs ("page"), content
// blocks ("block"). Character indices are not byte offsets; the quote
// package maps CitedText back to bytes itself rather than trusting them.
type Citation struct {
	Document      int    `json:"document"` // index into Request.Documents
	DocumentTitle string `json:"document_title,omitempty"`
	CitedText     string `json:"cited_text"`
	Kind          string `json:"kind"`
	Start         int    `json:"start"`
	End           int    `json:"end"`
	// AnswerStart and AnswerEnd are the byte range of Response.Text that
	// the citation supports (the text block it was attached to).
	AnswerStart int `json:"answer_start"`
	AnswerEnd   int `json:"answer_end"`
}

// Citation kinds.
const (
	CiteChar  = "char"
	CitePage  = "page"
	CiteBlock = "block"
)
