package anthropic_test

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/veritykb/verity"
	"github.com/veritykb/verity/llm"
	"github.com/veritykb/verity/llm/anthropic"
	"github.com/veritykb/verity/llm/llmtest"
)

type server struct {
	*httptest.Server
	mu       sync.Mutex
	bodies   []map[string]any
	headers  []http.Header
	handlers []http.HandlerFunc
}

func newServer(t *testing.T, handlers ...http.HandlerFunc) *server {
	s := &server{handlers: handlers}
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/v1/messages" || r.Method != http.MethodPost {
			t.Errorf("request %s %s, want POST /v1/messages", r.Method, r.URL.Path)
		}
		data, _ := io.ReadAll(r.Body)
		var body map[string]any
		if err := json.Unmarshal(data, &body); err != nil {
			t.Errorf("request body is not JSON: %v", err)
		}
		s.mu.Lock()
		n := len(s.bodies)
		s.bodies = append(s.bodies, body)
		s.headers = append(s.headers, r.Header.Clone())
		h := s.handlers[min(n, len(s.handlers)-1)]
		s.mu.Unlock()
		h(w, r)
	}))
	t.Cleanup(s.Close)
	return s
}

func (s *server) calls() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.bodies)
}

func jsonReply(status int, body string, headers ...string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		for i := 0; i+1 < len(headers); i += 2 {
			w.Header().Set(headers[i], headers[i+1])
		}
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		io.WriteString(w, body)
	}
}

func sseReply(events ...string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		for _, e := range events {
			io.WriteString(w, e)
			w.(http.Flusher).Flush()
		}
	}
}

func client(s *server) *anthropic.Client {
	return anthropic.New(anthropic.Config{APIKey: "sk-ant-test", Model: "claude-sonnet-4-5", BaseURL: s.URL,
		Headers: map[string]string{"X-Trace": "verity"}})
}

// A response with citations, in the shape of the Citations API docs: the
// answer split into text blocks, cited blocks carrying char locations.
const citedMessage = `{
  "id": "msg_01AbCdEf",
  "type": "message",
  "role": "assistant",
  "model": "claude-sonnet-4-5-20250929",
  "content": [
    {"type": "text", "text": "According to the document, "},
    {"type": "text", "text": "water boils at 100 °C at sea level", "citations": [
      {"type": "char_location", "cited_text": "Water boils at 100 °C at sea level.", "document_index": 0,
       "document_title": "Boiling", "start_char_index": 0, "end_char_index": 35, "file_id": null}]},
    {"type": "text", "text": " and freezes at 0 °C.", "citations": [
      {"type": "char_location", "cited_text": "It freezes at 0 °C.", "document_index": 1,
       "document_title": null, "start_char_index": 10, "end_char_index": 29, "file_id": null}]}
  ],
  "stop_reason": "end_turn",
  "stop_sequence": null,
  "usage": {"input_tokens": 410, "cache_creation_input_tokens": 0, "cache_read_input_tokens": 0, "output_tokens": 38, "service_tier": "standard"}
}`

func citedRequest() *llm.Request {
	return &llm.Request{Task: "answer", PromptVersion: "answer@2", System: "Answer from the documents.",
		Messages: []llm.Message{llm.User("When does water boil and freeze?")},
		Documents: []llm.Document{
			{Title: "Boiling", Text: "Water boils at 100 °C at sea level."},
			{Text: "Cold fact. It freezes at 0 °C."},
		},
		Citations: true, Temperature: llm.Temp(0.2), Seed: 7, MaxTokens: 300}
}

func TestCompleteWithCitations(t *testing.T) {
	s := newServer(t, jsonReply(200, citedMessage))
	resp, err := client(s).Complete(context.Background(), citedRequest())
	if err != nil {
		t.Fatal(err)
	}
	text := "According to the document, water boils at 100 °C at sea level and freezes at 0 °C."
	b1 := len("According to the document, ")
	b2 := b1 + len("water boils at 100 °C at sea level")
	want := &llm.Response{Text: text, StopReason: llm.StopEnd, Usage: llm.Usage{InputTokens: 410, OutputTokens: 38},
		Model: "anthropic:claude-sonnet-4-5", PromptVersion: "answer@2",
		Citations: []llm.Citation{
			{Document: 0, DocumentTitle: "Boiling", CitedText: "Water boils at 100 °C at sea level.", Kind: llm.CiteChar, Start: 0, End: 35, AnswerStart: b1, AnswerEnd: b2},
			{Document: 1, CitedText: "It freezes at 0 °C.", Kind: llm.CiteChar, Start: 10, End: 29, AnswerStart: b2, AnswerEnd: len(text)},
		}}
	resp.Latency = 0
	if diff := cmp.Diff(want, resp); diff != "" {
		t.Errorf("Complete response (-want +got):\n%s", diff)
	}
	for _, c := range resp.Citations {
		if got := resp.Text[c.AnswerStart:c.AnswerEnd]; got == "" {
			t.Errorf("citation %+v points at no answer text", c)
		}
	}

	body := s.bodies[0]
	wantBody := map[string]any{
		"model":      "claude-sonnet-4-5",
		"max_tokens": 300.0,
		"system":     []any{map[string]any{"type": "text", "text": "Answer from the documents."}},
		"messages": []any{map[string]any{"role": "user", "content": []any{
			map[string]any{"type": "document", "title": "Boiling", "citations": map[string]any{"enabled": true},
				"source": map[string]any{"type": "text", "media_type": "text/plain", "data": "Water boils at 100 °C at sea level."}},
			map[string]any{"type": "document", "citations": map[string]any{"enabled": true},
				"source": map[string]any{"type": "text", "media_type": "text/plain", "data": "Cold fact. It freezes at 0 °C."}},
			map[string]any{"type": "text", "text": "When does water boil and freeze?"},
		}}},
	}
	if diff := cmp.Diff(wantBody, body); diff != "" {
		t.Errorf("request body (-want +got):\n%s", diff)
	}
	h := s.headers[0]
	if h.Get("Authorization") != "Bearer sk-ant-test" || h.Get("X-Trace") != "verity" || h.Get("Anthropic-Version") == "" {
		t.Errorf("request headers = %v", h)
	}
}

func TestCompleteStructuredOutputDropsCitations(t *testing.T) {
	s := newServer(t, jsonReply(200, `{"id":"msg_1","type":"message","role":"assistant","model":"claude-sonnet-4-5",
	  "content":[{"type":"text","text":"{\"label\":\"entailed\"}"}],"stop_reason":"end_turn","stop_sequence":null,
	  "usage":{"input_tokens":50,"output_tokens":8}}`))
	req := citedRequest()
	req.Schema = &llm.Schema{Name: "s", JSON: json.RawMessage(`{"type":"object","properties":{"label":{"type":"string","enum":["entailed","neutral"]}},"required":["label"],"additionalProperties":false}`)}
	var out struct{ Label string }
	resp, err := llm.CompleteJSON(context.Background(), client(s), req, &out)
	if err != nil {
		t.Fatal(err)
	}
	if out.Label != "entailed" || string(resp.JSON) != `{"label":"entailed"}` {
		t.Errorf("CompleteJSON = %+v, JSON %s", out, resp.JSON)
	}
	body := s.bodies[0]
	wantFormat := map[string]any{"format": map[string]any{"type": "json_schema", "schema": map[string]any{
		"type": "object", "properties": map[string]any{"label": map[string]any{"type": "string", "enum": []any{"entailed", "neutral"}}},
		"required": []any{"label"}, "additionalProperties": false}}}
	if diff := cmp.Diff(wantFormat, body["output_config"]); diff != "" {
		t.Errorf("output_config (-want +got):\n%s", diff)
	}
	doc := body["messages"].([]any)[0].(map[string]any)["content"].([]any)[0].(map[string]any)
	if _, on := doc["citations"]; on {
		t.Errorf("document block %v enables citations alongside structured output, which the API rejects", doc)
	}
}

func TestCompleteToolRound(t *testing.T) {
	toolUse := `{"id":"msg_1","type":"message","role":"assistant","model":"claude-sonnet-4-5",
	  "content":[{"type":"text","text":"Let me search."},
	    {"type":"tool_use","id":"toolu_01A09q90qw90lq917835lq9","name":"search_knowledge","input":{"query":"boiling point"}}],
	  "stop_reason":"tool_use","stop_sequence":null,"usage":{"input_tokens":300,"output_tokens":40}}`
	answer := `{"id":"msg_2","type":"message","role":"assistant","model":"claude-sonnet-4-5",
	  "content":[{"type":"text","text":"At 100 °C."}],"stop_reason":"end_turn","stop_sequence":null,
	  "usage":{"input_tokens":380,"output_tokens":6}}`
	s := newServer(t, jsonReply(200, toolUse), jsonReply(200, answer))
	req := &llm.Request{Task: "answer", Messages: []llm.Message{llm.User("When does water boil?")},
		Tools: []llm.ToolDef{llm.SearchKnowledgeTool}, ToolChoice: "required"}
	resp, err := llm.CompleteWithTools(context.Background(), client(s), req, 1,
		func(_ context.Context, call llm.ToolCall) (string, bool, error) {
			if call.ID != "toolu_01A09q90qw90lq917835lq9" || string(call.Args) != `{"query":"boiling point"}` {
				t.Errorf("tool call = %+v", call)
			}
			return "no results", true, nil
		})
	if err != nil {
		t.Fatal(err)
	}
	if resp.Text != "At 100 °C." || resp.Usage != (llm.Usage{InputTokens: 680, OutputTokens: 46}) {
		t.Errorf("answer %q usage %+v", resp.Text, resp.Usage)
	}
	first := s.bodies[0]
	wantTools := []any{map[string]any{"name": "search_knowledge", "description": llm.SearchKnowledgeTool.Description,
		"input_schema": map[string]any{"type": "object", "properties": map[string]any{"query": map[string]any{"type": "string", "description": "what to search for"}},
			"required": []any{"query"}, "additionalProperties": false}}}
	if diff := cmp.Diff(wantTools, first["tools"]); diff != "" {
		t.Errorf("tools (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(map[string]any{"type": "any"}, first["tool_choice"]); diff != "" {
		t.Errorf("tool_choice (-want +got):\n%s", diff)
	}
	wantMsgs := []any{
		map[string]any{"role": "user", "content": []any{map[string]any{"type": "text", "text": "When does water boil?"}}},
		map[string]any{"role": "assistant", "content": []any{
			map[string]any{"type": "text", "text": "Let me search."},
			map[string]any{"type": "tool_use", "id": "toolu_01A09q90qw90lq917835lq9", "name": "search_knowledge", "input": map[string]any{"query": "boiling point"}},
		}},
		map[string]any{"role": "user", "content": []any{map[string]any{"type": "tool_result", "tool_use_id": "toolu_01A09q90qw90lq917835lq9",
			"is_error": true, "content": []any{map[string]any{"type": "text", "text": "no results"}}}}},
	}
	if diff := cmp.Diff(wantMsgs, s.bodies[1]["messages"]); diff != "" {
		t.Errorf("second request messages (-want +got):\n%s", diff)
	}
}

// streamEvents is a streamed answer in the documented event order, with a
// citations_delta between text deltas and a ping.
var streamEvents = []string{
	"event: message_start\ndata: {\"type\":\"message_start\",\"message\":{\"id\":\"msg_01S\",\"type\":\"message\",\"role\":\"assistant\",\"content\":[],\"model\":\"claude-sonnet-4-5\",\"stop_reason\":null,\"stop_sequence\":null,\"usage\":{\"input_tokens\":412,\"output_tokens\":1}}}\n\n",
	"event: content_block_start\ndata: {\"type\":\"content_block_start\",\"index\":0,\"content_block\":{\"type\":\"text\",\"text\":\"\"}}\n\n",
	"event: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":0,\"delta\":{\"type\":\"text_delta\",\"text\":\"According to the document, \"}}\n\n",
	"event: content_block_stop\ndata: {\"type\":\"content_block_stop\",\"index\":0}\n\n",
	"event: ping\ndata: {\"type\": \"ping\"}\n\n",
	"event: content_block_start\ndata: {\"type\":\"content_block_start\",\"index\":1,\"content_block\":{\"type\":\"text\",\"text\":\"\",\"citations\":[]}}\n\n",
	"event: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":1,\"delta\":{\"type\":\"citations_delta\",\"citation\":{\"type\":\"char_location\",\"cited_text\":\"Water boils at 100 °C at sea level.\",\"document_index\":0,\"document_title\":\"Boiling\",\"start_char_index\":0,\"end_char_index\":35}}}\n\n",
	"event: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":1,\"delta\":{\"type\":\"text_delta\",\"text\":\"water boils \"}}\n\n",
	"event: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":1,\"delta\":{\"type\":\"text_delta\",\"text\":\"at 100 °C\"}}\n\n",
	"event: content_block_stop\ndata: {\"type\":\"content_block_stop\",\"index\":1}\n\n",
	"event: message_delta\ndata: {\"type\":\"message_delta\",\"delta\":{\"stop_reason\":\"end_turn\",\"stop_sequence\":null},\"usage\":{\"output_tokens\":21}}\n\n",
	"event: message_stop\ndata: {\"type\":\"message_stop\"}\n\n",
}

func TestCompleteStreamWithCitationsDelta(t *testing.T) {
	s := newServer(t, sseReply(streamEvents...))
	var deltas []string
	req := citedRequest()
	req.Stream = true
	req.OnText = func(d string) { deltas = append(deltas, d) }
	resp, err := client(s).Complete(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	text := "According to the document, water boils at 100 °C"
	start := len("According to the document, ")
	want := []llm.Citation{{Document: 0, DocumentTitle: "Boiling", CitedText: "Water boils at 100 °C at sea level.",
		Kind: llm.CiteChar, Start: 0, End: 35, AnswerStart: start, AnswerEnd: len(text)}}
	if resp.Text != text {
		t.Errorf("streamed text = %q, want %q", resp.Text, text)
	}
	if diff := cmp.Diff(want, resp.Citations); diff != "" {
		t.Errorf("streamed citations (-want +got):\n%s", diff)
	}
	if resp.Usage != (llm.Usage{InputTokens: 412, OutputTokens: 21}) || resp.StopReason != llm.StopEnd {
		t.Errorf("streamed usage %+v stop %q", resp.Usage, resp.StopReason)
	}
	if diff := cmp.Diff([]string{"According to the document, ", "water boils ", "at 100 °C"}, deltas); diff != "" {
		t.Errorf("OnText deltas (-want +got):\n%s", diff)
	}
	if s.bodies[0]["stream"] != true {
		t.Errorf("request body stream = %v, want true", s.bodies[0]["stream"])
	}
}

func TestCompleteFailures(t *testing.T) {
	tests := []struct {
		name          string
		handler       http.HandlerFunc
		stream        bool
		wantCode      string
		wantStatus    int
		wantTemporary bool
		wantText      string
		wantAfter     time.Duration
	}{
		{"429 with retry-after", jsonReply(429, `{"type":"error","error":{"type":"rate_limit_error","message":"Number of request tokens has exceeded your per-minute rate limit"}}`, "Retry-After", "12"),
			false, verity.EUNAVAILABLE, 429, true, "per-minute rate limit", 12 * time.Second},
		{"529 overloaded", jsonReply(529, `{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}`),
			false, verity.EUNAVAILABLE, 529, true, "Overloaded", 0},
		{"400 invalid request", jsonReply(400, `{"type":"error","error":{"type":"invalid_request_error","message":"max_tokens: Field required"}}`),
			false, verity.EINVALID, 400, false, "max_tokens: Field required", 0},
		{"401 authentication", jsonReply(401, `{"type":"error","error":{"type":"authentication_error","message":"invalid x-api-key"}}`),
			false, verity.EUNAVAILABLE, 401, false, "invalid x-api-key", 0},
		{"500 with a non-JSON body", jsonReply(500, `upstream connect error`),
			false, verity.EUNAVAILABLE, 500, true, "", 0},
		{"garbage 200 body", jsonReply(200, "\x00\xffnot json"), false, verity.EUNAVAILABLE, 0, true, "", 0},
		{"error event in the stream", sseReply(streamEvents[0], streamEvents[1],
			"event: error\ndata: {\"type\":\"error\",\"error\":{\"type\":\"overloaded_error\",\"message\":\"Overloaded\"}}\n\n"),
			true, verity.EUNAVAILABLE, 529, true, "Overloaded", 0},
		{"stream cut off", sseReply(streamEvents[:4]...), true, verity.EUNAVAILABLE, 0, true, "message_stop", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newServer(t, tt.handler)
			req := &llm.Request{Messages: []llm.Message{llm.User("x")}, Stream: tt.stream}
			_, err := client(s).Complete(context.Background(), req)
			if got := verity.ErrorCode(err); got != tt.wantCode {
				t.Fatalf("Complete error code = %q (%v), want %q", got, err, tt.wantCode)
			}
			var pe *llm.ProviderError
			if !errors.As(err, &pe) {
				t.Fatalf("Complete error %v carries no *llm.ProviderError", err)
			}
			if pe.Status != tt.wantStatus || pe.Temporary != tt.wantTemporary {
				t.Errorf("provider error status %d temporary %v, want %d %v (%v)", pe.Status, pe.Temporary, tt.wantStatus, tt.wantTemporary, err)
			}
			if !strings.Contains(err.Error(), tt.wantText) {
				t.Errorf("error %q does not mention %q", err, tt.wantText)
			}
			if pe.RetryAfter != tt.wantAfter {
				t.Errorf("RetryAfter = %v, want %v", pe.RetryAfter, tt.wantAfter)
			}
			if s.calls() != 1 {
				t.Errorf("the SDK made %d calls, want 1 (its own retries must be off)", s.calls())
			}
		})
	}
}

func TestRetryOverTheWire(t *testing.T) {
	s := newServer(t,
		jsonReply(529, `{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}`, "Retry-After", "4"),
		jsonReply(200, citedMessage))
	clock := llmtest.NewClock(time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC))
	m := llm.WithRetry(client(s), llm.RetryPolicy{Clock: clock, Jitter: func() float64 { return 0 }})
	resp, err := m.Complete(context.Background(), citedRequest())
	if err != nil {
		t.Fatal(err)
	}
	if len(resp.Citations) != 2 || s.calls() != 2 {
		t.Errorf("after a retry: %d citations in %d calls, want 2 in 2", len(resp.Citations), s.calls())
	}
	if diff := cmp.Diff([]time.Duration{4 * time.Second}, clock.Sleeps()); diff != "" {
		t.Errorf("sleeps (-want +got):\n%s", diff)
	}
}

// TestNoEnvironment: the SDK must not pick up keys or URLs from the
// environment; only Config counts.
func TestNoEnvironment(t *testing.T) {
	s := newServer(t, jsonReply(200, citedMessage))
	t.Setenv("ANTHROPIC_API_KEY", "sk-from-env")
	t.Setenv("ANTHROPIC_AUTH_TOKEN", "tok-from-env")
	t.Setenv("ANTHROPIC_BASE_URL", "http://127.0.0.1:1")
	c := anthropic.New(anthropic.Config{Model: "claude-haiku-4-5", BaseURL: s.URL})
	if _, err := c.Complete(context.Background(), &llm.Request{Messages: []llm.Message{llm.User("x")}}); err != nil {
		t.Fatal(err)
	}
	h := s.headers[0]
	if got := h.Get("Authorization") + h.Get("X-Api-Key"); got != "" {
		t.Errorf("credentials sent without a configured key: %q", got)
	}
	if s.bodies[0]["max_tokens"] != float64(anthropic.DefaultMaxTokens) {
		t.Errorf("max_tokens = %v, want the default %d", s.bodies[0]["max_tokens"], anthropic.DefaultMaxTokens)
	}
}
