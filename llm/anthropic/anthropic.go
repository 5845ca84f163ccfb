package anthropic

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	sdk "github.com/anthropics/anthropic-sdk-go/v2"
	"github.com/anthropics/anthropic-sdk-go/v2/option"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/llm"
)

// DefaultMaxTokens is sent when neither the request nor the config sets a
// limit: the Messages API requires one.
const DefaultMaxTokens = 1024

// Config says which model a Client talks to, with which key.
type Config struct {
	APIKey     string
	Model      string // e.g. "claude-sonnet-4-5"
	BaseURL    string // empty: the SDK's production URL
	HTTPClient *http.Client
	Headers    map[string]string // sent with every request
	MaxTokens  int               // used when a request sets none; 0 means DefaultMaxTokens
	Stream     bool              // stream every call, whatever the request says
	Now        func() time.Time  // reads Retry-After dates; nil means time.Now
}

// Client is an llm.Model over the Anthropic Messages API. It is safe for
// concurrent use. It does not retry (the SDK's own retries are switched
// off so that llm.Retrier alone decides) and reads no environment.
type Client struct {
	sdk  sdk.Client
	cfg  Config
	info llm.Info
}

var _ llm.Model = (*Client)(nil)

// New returns a Client for cfg.
func New(cfg Config) *Client {
	if cfg.MaxTokens <= 0 {
		cfg.MaxTokens = DefaultMaxTokens
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	opts := []option.RequestOption{
		// The SDK would otherwise read ANTHROPIC_API_KEY, ANTHROPIC_BASE_URL
		// and profiles from the environment; configuration enters only in
		// cmd/verity.
		option.WithoutEnvironmentDefaults(),
		option.WithMaxRetries(0),
	}
	if cfg.APIKey != "" {
		opts = append(opts, option.WithAPIKey(cfg.APIKey))
	}
	if cfg.BaseURL != "" {
		opts = append(opts, option.WithBaseURL(cfg.BaseURL))
	}
	if cfg.HTTPClient != nil {
		opts = append(opts, option.WithHTTPClient(cfg.HTTPClient))
	}
	for k, v := range cfg.Headers {
		opts = append(opts, option.WithHeader(k, v))
	}
	return &Client{sdk: sdk.NewClient(opts...), cfg: cfg,
		info: llm.Info{Provider: llm.ProviderAnthropic, Model: cfg.Model}}
}

// Info implements llm.Model.
func (c *Client) Info() llm.Info { return c.info }

// Complete implements llm.Model: one Messages API call, streamed when the
// request or the config asks for it.
func (c *Client) Complete(ctx context.Context, req *llm.Request) (*llm.Response, error) {
	params, err := c.params(req)
	if err != nil {
		return nil, err
	}
	start := c.cfg.Now()
	var msg *sdk.Message
	if req.Stream || c.cfg.Stream {
		msg, err = c.stream(ctx, params, req.OnText)
	} else {
		msg, err = c.sdk.Messages.New(ctx, params)
	}
	if err != nil {
		return nil, c.failure(ctx, err)
	}
	resp := convert(msg)
	resp.Model = c.info.Name()
	resp.PromptVersion = req.PromptVersion
	resp.Latency = c.cfg.Now().Sub(start)
	if req.Schema != nil && json.Valid([]byte(resp.Text)) {
		resp.JSON = json.RawMessage(resp.Text)
	}
	return resp, nil
}

// stream reads a streamed response into a whole message; the SDK's
// accumulator appends citations_delta events to their text block. A stream
// that ends before message_stop is a transport failure, so the Retrier
// tries again instead of keeping half an answer.
func (c *Client) stream(ctx context.Context, params sdk.MessageNewParams, onText func(string)) (*sdk.Message, error) {
	s := c.sdk.Messages.NewStreaming(ctx, params)
	defer s.Close()
	var msg sdk.Message
	stopped := false
	for s.Next() {
		ev := s.Current()
		if err := msg.Accumulate(ev); err != nil {
			return nil, llm.BadResponse(c.info.Provider, http.StatusOK, fmt.Errorf("stream event %s: %w", ev.Type, err))
		}
		switch ev.Type {
		case "content_block_delta":
			if ev.Delta.Type == "text_delta" && onText != nil {
				onText(ev.Delta.Text)
			}
		case "message_stop":
			stopped = true
		}
	}
	if err := s.Err(); err != nil {
		return nil, err
	}
	if !stopped {
		return nil, fmt.Errorf("stream ended before message_stop: %w", io.ErrUnexpectedEOF)
	}
	return &msg, nil
}

func (c *Client) params(req *llm.Request) (sdk.MessageNewParams, error) {
	p := sdk.MessageNewParams{Model: sdk.Model(c.cfg.Model), MaxTokens: int64(c.cfg.MaxTokens)}
	if req.MaxTokens > 0 {
		p.MaxTokens = int64(req.MaxTokens)
	}
	// API version 2026-10-21, which this SDK sends, rejects temperature,
	// top_p and top_k with a 400, and the Messages API never took a seed:
	// Request.Temperature and Request.Seed are not sent. Independent
	// samples come from the model's own sampling, and the sample index
	// keeps them apart in the cache.
	if req.System != "" {
		p.System = []sdk.TextBlockParam{{Text: req.System}}
	}
	if req.Schema != nil {
		var schema map[string]any
		if err := json.Unmarshal(req.Schema.JSON, &schema); err != nil {
			return p, verity.Errorf(verity.EINVALID, "%s: schema of %s: %w", c.info.Name(), req.Task, err)
		}
		p.OutputConfig = sdk.OutputConfigParam{Format: sdk.JSONOutputFormatParam{Schema: schema}}
	}
	// Citations and structured output cannot be combined in one request;
	// the schema wins, because the caller asked for something it can parse.
	cite := req.Citations && req.Schema == nil

	docsDone := len(req.Documents) == 0
	var pendingResults []sdk.ContentBlockParamUnion
	flush := func() {
		if len(pendingResults) > 0 {
			p.Messages = append(p.Messages, sdk.NewUserMessage(pendingResults...))
			pendingResults = nil
		}
	}
	for _, m := range req.Messages {
		switch m.Role {
		case llm.RoleUser:
			flush()
			var blocks []sdk.ContentBlockParamUnion
			if !docsDone {
				blocks = append(blocks, documentBlocks(req.Documents, cite)...)
				docsDone = true
			}
			if m.Content != "" {
				blocks = append(blocks, sdk.NewTextBlock(m.Content))
			}
			p.Messages = append(p.Messages, sdk.NewUserMessage(blocks...))
		case llm.RoleAssistant:
			flush()
			var blocks []sdk.ContentBlockParamUnion
			if m.Content != "" {
				blocks = append(blocks, sdk.NewTextBlock(m.Content))
			}
			for _, tc := range m.ToolCalls {
				blocks = append(blocks, sdk.NewToolUseBlock(tc.ID, json.RawMessage(tc.Args), tc.Name))
			}
			if len(blocks) == 0 {
				continue // the API rejects an assistant turn with no content
			}
			p.Messages = append(p.Messages, sdk.NewAssistantMessage(blocks...))
		case llm.RoleTool:
			pendingResults = append(pendingResults, sdk.NewToolResultBlock(m.ToolCallID, m.Content, m.IsError))
		default:
			return p, verity.Errorf(verity.EINVALID, "%s: unknown message role %q", c.info.Name(), m.Role)
		}
	}
	flush()
	if !docsDone {
		p.Messages = append(p.Messages, sdk.NewUserMessage(documentBlocks(req.Documents, cite)...))
	}
	for _, t := range req.Tools {
		schema, err := inputSchema(t.Parameters)
		if err != nil {
			return p, verity.Errorf(verity.EINVALID, "%s: tool %s: %w", c.info.Name(), t.Name, err)
		}
		tool := sdk.ToolParam{Name: t.Name, InputSchema: schema}
		if t.Description != "" {
			tool.Description = sdk.String(t.Description)
		}
		p.Tools = append(p.Tools, sdk.ToolUnionParam{OfTool: &tool})
	}
	if len(p.Tools) > 0 {
		switch req.ToolChoice {
		case "", "auto":
		case "none":
			p.ToolChoice = sdk.ToolChoiceUnionParam{OfNone: &sdk.ToolChoiceNoneParam{}}
		case "required":
			p.ToolChoice = sdk.ToolChoiceUnionParam{OfAny: &sdk.ToolChoiceAnyParam{}}
		default:
			p.ToolChoice = sdk.ToolChoiceParamOfTool(req.ToolChoice)
		}
	}
	return p, nil
}

func documentBlocks(docs []llm.Document, cite bool) []sdk.ContentBlockParamUnion {
	blocks := make([]sdk.ContentBlockParamUnion, 0, len(docs))
	for _, d := range docs {
		b := sdk.NewDocumentBlock(sdk.PlainTextSourceParam{Data: d.Text})
		if d.Title != "" {
			b.OfDocument.Title = sdk.String(d.Title)
		}
		if cite {
			b.OfDocument.Citations = sdk.CitationsConfigParam{Enabled: sdk.Bool(true)}
		}
		blocks = append(blocks, b)
	}
	return blocks
}

// inputSchema turns a tool's JSON Schema into the SDK's shape: properties
// and required have fields of their own, everything else rides along.
func inputSchema(raw json.RawMessage) (sdk.ToolInputSchemaParam, error) {
	var s sdk.ToolInputSchemaParam
	var m map[string]any
	if len(raw) > 0 {
		if err := json.Unmarshal(raw, &m); err != nil {
			return s, err
		}
	}
	s.Properties = m["properties"]
	if req, ok := m["required"].([]any); ok {
		for _, r := range req {
			if name, ok := r.(string); ok {
				s.Required = append(s.Required, name)
			}
		}
	}
	for k, v := range m {
		switch k {
		case "properties", "required", "type":
		default:
			if s.ExtraFields == nil {
				s.ExtraFields = map[string]any{}
			}
			s.ExtraFields[k] = v
		}
	}
	return s, nil
}

// convert reads a message: text blocks concatenated, each block's
// citations tied to its byte range in the text, tool use blocks as calls.
func convert(msg *sdk.Message) *llm.Response {
	resp := &llm.Response{StopReason: stopReason(string(msg.StopReason)),
		Usage: llm.Usage{
			InputTokens:  int(msg.Usage.InputTokens + msg.Usage.CacheCreationInputTokens + msg.Usage.CacheReadInputTokens),
			OutputTokens: int(msg.Usage.OutputTokens),
		}}
	var text strings.Builder
	for _, b := range msg.Content {
		switch b.Type {
		case "text":
			start := text.Len()
			text.WriteString(b.Text)
			for _, ct := range b.Citations {
				resp.Citations = append(resp.Citations, citation(ct, start, text.Len()))
			}
		case "tool_use":
			args := b.Input
			if len(args) == 0 {
				args = json.RawMessage(`{}`)
			}
			resp.ToolCalls = append(resp.ToolCalls, llm.ToolCall{ID: b.ID, Name: b.Name, Args: args})
		}
	}
	resp.Text = text.String()
	return resp
}

func citation(ct sdk.TextCitationUnion, answerStart, answerEnd int) llm.Citation {
	c := llm.Citation{Document: int(ct.DocumentIndex), DocumentTitle: ct.DocumentTitle, CitedText: ct.CitedText,
		AnswerStart: answerStart, AnswerEnd: answerEnd}
	switch ct.Type {
	case "char_location":
		c.Kind, c.Start, c.End = llm.CiteChar, int(ct.StartCharIndex), int(ct.EndCharIndex)
	case "page_location":
		c.Kind, c.Start, c.End = llm.CitePage, int(ct.StartPageNumber), int(ct.EndPageNumber)
	case "content_block_location":
		c.Kind, c.Start, c.End = llm.CiteBlock, int(ct.StartBlockIndex), int(ct.EndBlockIndex)
	default:
		c.Kind = ct.Type
	}
	return c
}

func stopReason(s string) string {
	switch s {
	case "end_turn", "stop_sequence", "":
		return llm.StopEnd
	case "max_tokens":
		return llm.StopMaxTokens
	case "tool_use":
		return llm.StopToolUse
	case "refusal":
		return llm.StopRefusal
	}
	return s
}

// failure turns an SDK error into the llm error shape. An error event
// inside a stream arrives with the stream's 200 status; its type says what
// it would have been.
func (c *Client) failure(ctx context.Context, err error) error {
	var ae *sdk.Error
	if !errors.As(err, &ae) {
		return llm.TransportError(ctx, c.info.Provider, err)
	}
	status := ae.StatusCode
	typ := string(ae.Type())
	if status/100 == 2 {
		switch typ {
		case "overloaded_error":
			status = 529
		case "api_error":
			status = http.StatusInternalServerError
		case "rate_limit_error":
			status = http.StatusTooManyRequests
		case "timeout_error":
			status = http.StatusGatewayTimeout
		default:
			status = http.StatusBadRequest
		}
	}
	var after time.Duration
	if ae.Response != nil {
		after = llm.ParseRetryAfter(ae.Response.Header, c.cfg.Now())
	}
	msg := ae.Message
	if msg == "" {
		msg = clip(ae.RawJSON())
	}
	return llm.StatusError(c.info.Provider, status, typ, msg, after)
}

func clip(s string) string {
	const n = 200
	if len(s) > n {
		return strings.ToValidUTF8(s[:n], "") + "…"
	}
	return strings.ToValidUTF8(s, "\uFFFD")
}
