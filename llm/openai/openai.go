package openai

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/llm"
)

// Config says which endpoint and model a Client talks to. cmd/verity fills
// it from a parsed llm.ProviderSpec, flags and the environment.
type Config struct {
	// Provider is the name results record: "openai", "openrouter",
	// "ollama" or "openai-compatible". Empty means "openai".
	Provider string
	BaseURL  string // up to and including /v1; empty means llm.OpenAIBaseURL
	APIKey   string // sent as a bearer token when not empty
	Model    string
	// Headers are sent with every request (OpenRouter's HTTP-Referer and
	// X-Title, a proxy's routing header).
	Headers    map[string]string
	HTTPClient *http.Client // nil means a client without a timeout: contexts bound calls
	// MaxTokens is used when a request sets none; 0 sends no limit.
	MaxTokens int
	// Stream makes every call stream, whatever the request says.
	Stream bool
	// Now is the clock used to read Retry-After dates; nil means time.Now.
	Now func() time.Time
}

// Client is an llm.Model over one chat completions endpoint. It is safe for
// concurrent use. It does not retry: the llm.Retrier around it does.
type Client struct {
	cfg  Config
	url  string
	http *http.Client
	info llm.Info
}

var _ llm.Model = (*Client)(nil)

// New returns a Client for cfg.
func New(cfg Config) *Client {
	if cfg.Provider == "" {
		cfg.Provider = llm.ProviderOpenAI
	}
	if cfg.BaseURL == "" {
		cfg.BaseURL = llm.OpenAIBaseURL
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	hc := cfg.HTTPClient
	if hc == nil {
		// The default transport keeps two idle connections per host; a
		// run with dozens of calls in flight would then reconnect for
		// almost every call.
		t := http.DefaultTransport.(*http.Transport).Clone()
		t.MaxIdleConnsPerHost = 128
		hc = &http.Client{Transport: t}
	}
	return &Client{cfg: cfg, url: strings.TrimRight(cfg.BaseURL, "/") + "/chat/completions", http: hc,
		info: llm.Info{Provider: cfg.Provider, Model: cfg.Model}}
}

// Info implements llm.Model.
func (c *Client) Info() llm.Info { return c.info }

// Complete implements llm.Model: one POST to /chat/completions, streamed
// when the request or the config asks for it.
func (c *Client) Complete(ctx context.Context, req *llm.Request) (*llm.Response, error) {
	stream := req.Stream || c.cfg.Stream
	body, err := json.Marshal(c.wireRequest(req, stream))
	if err != nil {
		return nil, verity.Errorf(verity.EINVALID, "%s: encode request: %w", c.info.Name(), err)
	}
	hreq, err := http.NewRequestWithContext(ctx, http.MethodPost, c.url, bytes.NewReader(body))
	if err != nil {
		return nil, verity.Errorf(verity.EINVALID, "%s: %w", c.info.Name(), err)
	}
	hreq.Header.Set("Content-Type", "application/json")
	if stream {
		hreq.Header.Set("Accept", "text/event-stream")
	}
	if c.cfg.APIKey != "" {
		hreq.Header.Set("Authorization", "Bearer "+c.cfg.APIKey)
	}
	for k, v := range c.cfg.Headers {
		hreq.Header.Set(k, v)
	}
	start := c.cfg.Now()
	hresp, err := c.http.Do(hreq)
	if err != nil {
		return nil, llm.TransportError(ctx, c.info.Provider, err)
	}
	defer hresp.Body.Close()
	if hresp.StatusCode/100 != 2 {
		return nil, c.statusError(hresp)
	}
	var resp *llm.Response
	if stream {
		resp, err = c.readStream(ctx, hresp, req.OnText)
	} else {
		resp, err = c.readWhole(ctx, hresp)
	}
	if err != nil {
		return nil, err
	}
	resp.Model = c.info.Name()
	resp.PromptVersion = req.PromptVersion
	resp.Latency = c.cfg.Now().Sub(start)
	if req.Schema != nil && json.Valid([]byte(resp.Text)) {
		resp.JSON = json.RawMessage(resp.Text)
	}
	return resp, nil
}

// Wire types of the chat completions API.

type chatRequest struct {
	Model               string          `json:"model"`
	Messages            []chatMessage   `json:"messages"`
	Temperature         *float64        `json:"temperature,omitempty"`
	MaxTokens           int             `json:"max_tokens,omitempty"`
	MaxCompletionTokens int             `json:"max_completion_tokens,omitempty"`
	Seed                *int64          `json:"seed,omitempty"`
	ResponseFormat      *responseFormat `json:"response_format,omitempty"`
	Tools               []chatTool      `json:"tools,omitempty"`
	ToolChoice          any             `json:"tool_choice,omitempty"`
	Stream              bool            `json:"stream,omitempty"`
	StreamOptions       *streamOptions  `json:"stream_options,omitempty"`
}

type chatMessage struct {
	Role       string         `json:"role"`
	Content    string         `json:"content"`
	ToolCalls  []chatToolCall `json:"tool_calls,omitempty"`
	ToolCallID string         `json:"tool_call_id,omitempty"`
}

type chatToolCall struct {
	Index    *int   `json:"index,omitempty"` // streaming only
	ID       string `json:"id,omitempty"`
	Type     string `json:"type,omitempty"`
	Function struct {
		Name      string `json:"name,omitempty"`
		Arguments string `json:"arguments"`
	} `json:"function"`
}

type chatTool struct {
	Type     string `json:"type"`
	Function struct {
		Name        string          `json:"name"`
		Description string          `json:"description,omitempty"`
		Parameters  json.RawMessage `json:"parameters"`
	} `json:"function"`
}

type responseFormat struct {
	Type       string `json:"type"`
	JSONSchema struct {
		Name   string          `json:"name"`
		Schema json.RawMessage `json:"schema"`
		Strict bool            `json:"strict,omitempty"`
	} `json:"json_schema"`
}

type streamOptions struct {
	IncludeUsage bool `json:"include_usage"`
}

type chatUsage struct {
	PromptTokens     int `json:"prompt_tokens"`
	CompletionTokens int `json:"completion_tokens"`
}

type chatResponse struct {
	ID      string `json:"id"`
	Model   string `json:"model"`
	Choices []struct {
		Message struct {
			Content   *string        `json:"content"`
			Refusal   *string        `json:"refusal"`
			ToolCalls []chatToolCall `json:"tool_calls"`
		} `json:"message"`
		FinishReason string `json:"finish_reason"`
	} `json:"choices"`
	Usage *chatUsage `json:"usage"`
}

func (c *Client) wireRequest(req *llm.Request, stream bool) *chatRequest {
	w := &chatRequest{Model: c.cfg.Model, Temperature: req.Temperature, Stream: stream}
	maxTokens := req.MaxTokens
	if maxTokens == 0 {
		maxTokens = c.cfg.MaxTokens
	}
	// OpenAI's newer models refuse max_tokens; every other server still
	// reads max_tokens and many ignore max_completion_tokens.
	if c.cfg.Provider == llm.ProviderOpenAI {
		w.MaxCompletionTokens = maxTokens
	} else {
		w.MaxTokens = maxTokens
	}
	if req.Seed != 0 {
		seed := req.Seed
		w.Seed = &seed
	}
	if stream {
		w.StreamOptions = &streamOptions{IncludeUsage: true}
	}
	if req.System != "" {
		w.Messages = append(w.Messages, chatMessage{Role: "system", Content: req.System})
	}
	docsDone := len(req.Documents) == 0
	for _, m := range req.Messages {
		cm := chatMessage{Role: m.Role, Content: m.Content, ToolCallID: m.ToolCallID}
		if m.Role == llm.RoleUser && !docsDone {
			cm.Content = documentsText(req.Documents) + m.Content
			docsDone = true
		}
		if m.Role == llm.RoleTool && m.IsError {
			cm.Content = "Error: " + m.Content
		}
		for _, tc := range m.ToolCalls {
			var wc chatToolCall
			wc.ID, wc.Type = tc.ID, "function"
			wc.Function.Name, wc.Function.Arguments = tc.Name, string(tc.Args)
			cm.ToolCalls = append(cm.ToolCalls, wc)
		}
		w.Messages = append(w.Messages, cm)
	}
	if !docsDone {
		w.Messages = append(w.Messages, chatMessage{Role: llm.RoleUser, Content: strings.TrimSpace(documentsText(req.Documents))})
	}
	if req.Schema != nil {
		rf := &responseFormat{Type: "json_schema"}
		rf.JSONSchema.Name = req.Schema.Name
		if rf.JSONSchema.Name == "" {
			rf.JSONSchema.Name = "output"
		}
		rf.JSONSchema.Schema = req.Schema.JSON
		rf.JSONSchema.Strict = req.Schema.Strict
		w.ResponseFormat = rf
	}
	for _, t := range req.Tools {
		var ct chatTool
		ct.Type = "function"
		ct.Function.Name, ct.Function.Description, ct.Function.Parameters = t.Name, t.Description, t.Parameters
		w.Tools = append(w.Tools, ct)
	}
	if len(w.Tools) > 0 {
		switch req.ToolChoice {
		case "":
		case "auto", "none", "required":
			w.ToolChoice = req.ToolChoice
		default:
			w.ToolChoice = map[string]any{"type": "function", "function": map[string]string{"name": req.ToolChoice}}
		}
	}
	return w
}

// documentsText renders documents for endpoints that have no document
// blocks: tagged, with the index that citations and [N] references use.
func documentsText(docs []llm.Document) string {
	if len(docs) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString("<documents>\n")
	for i, d := range docs {
		fmt.Fprintf(&b, "<document index=\"%d\"", i)
		if d.Title != "" {
			fmt.Fprintf(&b, " title=%q", d.Title)
		}
		b.WriteString(">\n")
		b.WriteString(d.Text)
		b.WriteString("\n</document>\n")
	}
	b.WriteString("</documents>\n\n")
	return b.String()
}

func (c *Client) readWhole(ctx context.Context, hresp *http.Response) (*llm.Response, error) {
	data, err := io.ReadAll(hresp.Body)
	if err != nil {
		return nil, llm.TransportError(ctx, c.info.Provider, err)
	}
	var cr chatResponse
	if err := json.Unmarshal(data, &cr); err != nil {
		return nil, llm.BadResponse(c.info.Provider, hresp.StatusCode, fmt.Errorf("decode body %q: %w", clip(data), err))
	}
	if len(cr.Choices) == 0 {
		return nil, llm.BadResponse(c.info.Provider, hresp.StatusCode, fmt.Errorf("no choices in %q", clip(data)))
	}
	ch := cr.Choices[0]
	resp := &llm.Response{StopReason: stopReason(ch.FinishReason)}
	if ch.Message.Content != nil {
		resp.Text = *ch.Message.Content
	}
	if ch.Message.Refusal != nil && *ch.Message.Refusal != "" {
		resp.StopReason = llm.StopRefusal
	}
	for _, tc := range ch.Message.ToolCalls {
		resp.ToolCalls = append(resp.ToolCalls, toolCall(tc))
	}
	if cr.Usage != nil {
		resp.Usage = llm.Usage{InputTokens: cr.Usage.PromptTokens, OutputTokens: cr.Usage.CompletionTokens}
	}
	return resp, nil
}

func toolCall(tc chatToolCall) llm.ToolCall {
	args := json.RawMessage(tc.Function.Arguments)
	if !json.Valid(args) {
		// Keep the model's text visible as a JSON string rather than
		// passing on bytes that would break every later encoder.
		args, _ = json.Marshal(tc.Function.Arguments)
	}
	return llm.ToolCall{ID: tc.ID, Name: tc.Function.Name, Args: args}
}

func stopReason(finish string) string {
	switch finish {
	case "stop", "":
		return llm.StopEnd
	case "length":
		return llm.StopMaxTokens
	case "tool_calls", "function_call":
		return llm.StopToolUse
	case "content_filter":
		return llm.StopRefusal
	}
	return finish
}

// statusError reads an error response. OpenAI and most servers send
// {"error": {"message", "type", "code"}}; some send {"error": "text"}; a
// proxy may send HTML.
func (c *Client) statusError(hresp *http.Response) error {
	data, _ := io.ReadAll(io.LimitReader(hresp.Body, 64<<10))
	typ, msg := errorBody(data)
	return llm.StatusError(c.info.Provider, hresp.StatusCode, typ, msg, llm.ParseRetryAfter(hresp.Header, c.cfg.Now()))
}

func errorBody(data []byte) (typ, msg string) {
	var body struct {
		Error json.RawMessage `json:"error"`
	}
	if json.Unmarshal(data, &body) == nil && len(body.Error) > 0 {
		var obj struct {
			Message string `json:"message"`
			Type    string `json:"type"`
		}
		if json.Unmarshal(body.Error, &obj) == nil && (obj.Message != "" || obj.Type != "") {
			return obj.Type, obj.Message
		}
		var s string
		if json.Unmarshal(body.Error, &s) == nil {
			return "", s
		}
	}
	return "", clip(data)
}

func clip(data []byte) string {
	const n = 200
	if len(data) > n {
		return strings.ToValidUTF8(string(data[:n]), "") + "…"
	}
	return strings.ToValidUTF8(string(data), "\uFFFD")
}
