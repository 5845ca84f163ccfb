package openai_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
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
	"github.com/veritykb/verity/llm/llmtest"
	"github.com/veritykb/verity/llm/openai"
)

// server is an httptest server that records request bodies and answers with
// the scripted handlers in turn (the last one repeats).
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
		if r.URL.Path != "/v1/chat/completions" || r.Method != http.MethodPost {
			t.Errorf("request %s %s, want POST /v1/chat/completions", r.Method, r.URL.Path)
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

func (s *server) body(i int) map[string]any {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.bodies[i]
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

const completion = `{
  "id": "chatcmpl-B9MBs8CjcvOU2jLn4n570S5qMJKcT",
  "object": "chat.completion",
  "created": 1741569952,
  "model": "gpt-4o-mini-2024-07-18",
  "choices": [{
    "index": 0,
    "message": {"role": "assistant", "content": "{\"label\":\"entailed\"}", "refusal": null, "annotations": []},
    "logprobs": null,
    "finish_reason": "stop"
  }],
  "usage": {"prompt_tokens": 19, "completion_tokens": 10, "total_tokens": 29,
    "prompt_tokens_details": {"cached_tokens": 0, "audio_tokens": 0},
    "completion_tokens_details": {"reasoning_tokens": 0, "audio_tokens": 0, "accepted_prediction_tokens": 0, "rejected_prediction_tokens": 0}},
  "service_tier": "default",
  "system_fingerprint": "fp_06737a9306"
}`

func client(s *server, provider string) *openai.Client {
	return openai.New(openai.Config{Provider: provider, BaseURL: s.URL + "/v1", APIKey: "sk-test", Model: "gpt-4o-mini",
		Headers: map[string]string{"X-Title": "verity"}})
}

func fullRequest() *llm.Request {
	return &llm.Request{Task: "verify.support", PromptVersion: "verify.support@1", System: "You judge.",
		Messages:    []llm.Message{llm.User("Does the document support the claim?")},
		Documents:   []llm.Document{{Title: "Boiling", Text: "Water boils at 100 °C at sea level."}},
		Schema:      &llm.Schema{Name: "verify_support", JSON: json.RawMessage(`{"type":"object","properties":{"label":{"type":"string"}},"required":["label"],"additionalProperties":false}`), Strict: true},
		Temperature: llm.Temp(0.7), MaxTokens: 64, Seed: 42, Sample: 3}
}

func TestCompleteWireFormat(t *testing.T) {
	s := newServer(t, jsonReply(200, completion))
	resp, err := client(s, "openai").Complete(context.Background(), fullRequest())
	if err != nil {
		t.Fatal(err)
	}
	want := &llm.Response{Text: `{"label":"entailed"}`, JSON: json.RawMessage(`{"label":"entailed"}`),
		StopReason: llm.StopEnd, Usage: llm.Usage{InputTokens: 19, OutputTokens: 10},
		Model: "openai:gpt-4o-mini", PromptVersion: "verify.support@1"}
	resp.Latency = 0
	if diff := cmp.Diff(want, resp); diff != "" {
		t.Errorf("Complete response (-want +got):\n%s", diff)
	}

	body := s.body(0)
	wantBody := map[string]any{
		"model": "gpt-4o-mini",
		"messages": []any{
			map[string]any{"role": "system", "content": "You judge."},
			map[string]any{"role": "user", "content": "<documents>\n<document index=\"0\" title=\"Boiling\">\nWater boils at 100 °C at sea level.\n</document>\n</documents>\n\nDoes the document support the claim?"},
		},
		"temperature":           0.7,
		"max_completion_tokens": 64.0,
		"seed":                  42.0,
		"response_format": map[string]any{"type": "json_schema", "json_schema": map[string]any{
			"name": "verify_support", "strict": true,
			"schema": map[string]any{"type": "object", "properties": map[string]any{"label": map[string]any{"type": "string"}},
				"required": []any{"label"}, "additionalProperties": false}}},
	}
	if diff := cmp.Diff(wantBody, body); diff != "" {
		t.Errorf("request body (-want +got):\n%s", diff)
	}
	h := s.headers[0]
	if h.Get("Authorization") != "Bearer sk-test" || h.Get("X-Title") != "verity" || h.Get("Content-Type") != "application/json" {
		t.Errorf("request headers = %v", h)
	}
}

func TestCompleteOllamaUsesMaxTokens(t *testing.T) {
	s := newServer(t, jsonReply(200, completion))
	c := openai.New(openai.Config{Provider: "ollama", BaseURL: s.URL + "/v1/", Model: "qwen2.5:7b", MaxTokens: 100})
	if _, err := c.Complete(context.Background(), &llm.Request{Messages: []llm.Message{llm.User("hi")}}); err != nil {
		t.Fatal(err)
	}
	body := s.body(0)
	if body["max_tokens"] != 100.0 || body["max_completion_tokens"] != nil || body["seed"] != nil || body["temperature"] != nil {
		t.Errorf("ollama request body = %v, want max_tokens 100 from the config and no seed or temperature", body)
	}
	if s.headers[0].Get("Authorization") != "" {
		t.Errorf("Authorization sent without a key: %q", s.headers[0].Get("Authorization"))
	}
	if got := c.Info().Name(); got != "ollama:qwen2.5:7b" {
		t.Errorf("Info().Name() = %q, want ollama:qwen2.5:7b", got)
	}
}

func TestCompleteToolRound(t *testing.T) {
	toolReply := `{"id":"chatcmpl-1","object":"chat.completion","created":1,"model":"gpt-4o-mini",
	  "choices":[{"index":0,"message":{"role":"assistant","content":null,"tool_calls":[
	    {"id":"call_abc","type":"function","function":{"name":"search_knowledge","arguments":"{\"query\":\"boiling point\"}"}}]},
	    "finish_reason":"tool_calls"}],
	  "usage":{"prompt_tokens":80,"completion_tokens":17,"total_tokens":97}}`
	answer := strings.Replace(completion, `{\"label\":\"entailed\"}`, `Water boils at 100 °C [0].`, 1)
	s := newServer(t, jsonReply(200, toolReply), jsonReply(200, answer))
	req := &llm.Request{Task: "answer", Messages: []llm.Message{llm.User("When does water boil?")},
		Tools: []llm.ToolDef{llm.SearchKnowledgeTool}, ToolChoice: "auto"}
	resp, err := llm.CompleteWithTools(context.Background(), client(s, "openai"), req, 1,
		func(_ context.Context, call llm.ToolCall) (string, bool, error) {
			if call.Name != "search_knowledge" || string(call.Args) != `{"query":"boiling point"}` {
				t.Errorf("tool call = %+v", call)
			}
			return "[0] Water boils at 100 °C.", false, nil
		})
	if err != nil {
		t.Fatal(err)
	}
	if resp.Text != "Water boils at 100 °C [0]." || resp.Usage.InputTokens != 99 {
		t.Errorf("answer = %q usage %+v", resp.Text, resp.Usage)
	}
	first := s.body(0)
	tools := first["tools"].([]any)
	fn := tools[0].(map[string]any)["function"].(map[string]any)
	if fn["name"] != "search_knowledge" || first["tool_choice"] != "auto" {
		t.Errorf("first request tools = %v, tool_choice = %v", tools, first["tool_choice"])
	}
	msgs := s.body(1)["messages"].([]any)
	wantMsgs := []any{
		map[string]any{"role": "user", "content": "When does water boil?"},
		map[string]any{"role": "assistant", "content": "", "tool_calls": []any{map[string]any{"id": "call_abc", "type": "function",
			"function": map[string]any{"name": "search_knowledge", "arguments": `{"query":"boiling point"}`}}}},
		map[string]any{"role": "tool", "content": "[0] Water boils at 100 °C.", "tool_call_id": "call_abc"},
	}
	if diff := cmp.Diff(wantMsgs, msgs); diff != "" {
		t.Errorf("second request messages (-want +got):\n%s", diff)
	}
}

func TestCompleteNamedToolChoice(t *testing.T) {
	s := newServer(t, jsonReply(200, completion))
	req := &llm.Request{Messages: []llm.Message{llm.User("x")}, Tools: []llm.ToolDef{llm.SearchKnowledgeTool}, ToolChoice: "search_knowledge"}
	if _, err := client(s, "openai").Complete(context.Background(), req); err != nil {
		t.Fatal(err)
	}
	want := map[string]any{"type": "function", "function": map[string]any{"name": "search_knowledge"}}
	if diff := cmp.Diff(want, s.body(0)["tool_choice"]); diff != "" {
		t.Errorf("tool_choice (-want +got):\n%s", diff)
	}
}

func chunk(delta string, finish string) string {
	f := "null"
	if finish != "" {
		f = fmt.Sprintf("%q", finish)
	}
	return fmt.Sprintf("data: {\"id\":\"chatcmpl-1\",\"object\":\"chat.completion.chunk\",\"created\":1,\"model\":\"gpt-4o-mini\",\"system_fingerprint\":\"fp_1\",\"choices\":[{\"index\":0,\"delta\":%s,\"logprobs\":null,\"finish_reason\":%s}]}\n\n", delta, f)
}

const usageChunk = "data: {\"id\":\"chatcmpl-1\",\"object\":\"chat.completion.chunk\",\"created\":1,\"model\":\"gpt-4o-mini\",\"choices\":[],\"usage\":{\"prompt_tokens\":12,\"completion_tokens\":4,\"total_tokens\":16}}\n\n"

func TestCompleteStream(t *testing.T) {
	s := newServer(t, sseReply(
		": keep-alive comment\n\n",
		chunk(`{"role":"assistant","content":"","refusal":null}`, ""),
		chunk(`{"content":"Water "}`, ""),
		"data: {\"id\":\"chatcmpl-1\",\"object\":\"chat.completion.chunk\",\"created\":1,\"model\":\"gpt-4o-mini\",\r\n"+
			"data: \"choices\":[{\"index\":0,\"delta\":{\"content\":\"boils.\"},\"finish_reason\":null}]}\r\n\r\n",
		chunk(`{}`, "stop"),
		usageChunk,
		"data: [DONE]\n\n",
	))
	var deltas []string
	req := &llm.Request{Messages: []llm.Message{llm.User("When?")}, Stream: true, OnText: func(d string) { deltas = append(deltas, d) }}
	resp, err := client(s, "openai").Complete(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	if resp.Text != "Water boils." || resp.StopReason != llm.StopEnd || resp.Usage != (llm.Usage{InputTokens: 12, OutputTokens: 4}) {
		t.Errorf("streamed response = %+v", resp)
	}
	if diff := cmp.Diff([]string{"Water ", "boils."}, deltas); diff != "" {
		t.Errorf("OnText deltas (-want +got):\n%s", diff)
	}
	body := s.body(0)
	if body["stream"] != true || body["stream_options"].(map[string]any)["include_usage"] != true {
		t.Errorf("stream request body = %v", body)
	}
}

func TestCompleteStreamToolCalls(t *testing.T) {
	s := newServer(t, sseReply(
		chunk(`{"role":"assistant","content":null,"tool_calls":[{"index":0,"id":"call_1","type":"function","function":{"name":"search_knowledge","arguments":""}}]}`, ""),
		chunk(`{"tool_calls":[{"index":0,"function":{"arguments":"{\"que"}}]}`, ""),
		chunk(`{"tool_calls":[{"index":0,"function":{"arguments":"ry\":\"a\"}"}}]}`, ""),
		chunk(`{"tool_calls":[{"index":1,"id":"call_2","type":"function","function":{"name":"search_knowledge","arguments":"{\"query\":\"b\"}"}}]}`, ""),
		chunk(`{}`, "tool_calls"),
		"data: [DONE]\n\n",
	))
	resp, err := openai.New(openai.Config{BaseURL: s.URL + "/v1", Model: "m", Stream: true}).
		Complete(context.Background(), &llm.Request{Messages: []llm.Message{llm.User("q")}, Tools: []llm.ToolDef{llm.SearchKnowledgeTool}})
	if err != nil {
		t.Fatal(err)
	}
	want := []llm.ToolCall{
		{ID: "call_1", Name: "search_knowledge", Args: json.RawMessage(`{"query":"a"}`)},
		{ID: "call_2", Name: "search_knowledge", Args: json.RawMessage(`{"query":"b"}`)},
	}
	if diff := cmp.Diff(want, resp.ToolCalls); diff != "" || resp.StopReason != llm.StopToolUse {
		t.Errorf("streamed tool calls (-want +got):\n%s\nstop %q", diff, resp.StopReason)
	}
}

func TestCompleteFailures(t *testing.T) {
	date := time.Now().Add(time.Hour).UTC().Format(http.TimeFormat)
	tests := []struct {
		name          string
		handler       http.HandlerFunc
		stream        bool
		wantCode      string
		wantStatus    int
		wantTemporary bool
		wantText      string // in the error message
		wantAfter     time.Duration
	}{
		{"429 with Retry-After seconds", jsonReply(429, `{"error":{"message":"Rate limit reached for gpt-4o-mini","type":"requests","param":null,"code":"rate_limit_exceeded"}}`, "Retry-After", "3"),
			false, verity.EUNAVAILABLE, 429, true, "Rate limit reached", 3 * time.Second},
		{"503 with Retry-After date", jsonReply(503, `{"error":{"message":"overloaded","type":"server_error"}}`, "Retry-After", date),
			false, verity.EUNAVAILABLE, 503, true, "overloaded", -1},
		{"400 invalid request", jsonReply(400, `{"error":{"message":"Invalid schema for response_format","type":"invalid_request_error","param":"response_format","code":null}}`),
			false, verity.EINVALID, 400, false, "Invalid schema", 0},
		{"401 bad key", jsonReply(401, `{"error":{"message":"Incorrect API key provided","type":"invalid_request_error","code":"invalid_api_key"}}`),
			false, verity.EUNAVAILABLE, 401, false, "Incorrect API key", 0},
		{"string error body", jsonReply(404, `{"error":"model \"qwen9\" not found, try pulling it first"}`),
			false, verity.EINVALID, 404, false, "not found, try pulling", 0},
		{"HTML from a proxy", jsonReply(502, `<html><body><h1>502 Bad Gateway</h1></body></html>`),
			false, verity.EUNAVAILABLE, 502, true, "Bad Gateway", 0},
		{"garbage bytes", jsonReply(200, "\x00\xffgarbage"), false, verity.EUNAVAILABLE, 200, true, "unreadable response", 0},
		{"truncated JSON", jsonReply(200, completion[:120]), false, verity.EUNAVAILABLE, 200, true, "unreadable response", 0},
		{"no choices", jsonReply(200, `{"id":"x","choices":[]}`), false, verity.EUNAVAILABLE, 200, true, "no choices", 0},
		{"stream cut off", sseReply(chunk(`{"content":"Wat"}`, "")), true, verity.EUNAVAILABLE, 0, true, "before [DONE]", 0},
		{"error inside the stream", sseReply(chunk(`{"content":"Wat"}`, ""), `data: {"error":{"message":"The server had an error","type":"server_error"}}`+"\n\n"),
			true, verity.EUNAVAILABLE, 200, true, "The server had an error", 0},
		{"garbage inside the stream", sseReply("data: {not json\n\n"), true, verity.EUNAVAILABLE, 200, true, "unreadable response", 0},
		{"connection dropped", func(w http.ResponseWriter, r *http.Request) {
			conn, _, err := w.(http.Hijacker).Hijack()
			if err == nil {
				conn.Close()
			}
		}, false, verity.EUNAVAILABLE, 0, true, "EOF", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newServer(t, tt.handler)
			_, err := client(s, "openai").Complete(context.Background(), &llm.Request{Messages: []llm.Message{llm.User("x")}, Stream: tt.stream})
			if got := verity.ErrorCode(err); got != tt.wantCode {
				t.Fatalf("Complete error code = %q (%v), want %q", got, err, tt.wantCode)
			}
			var pe *llm.ProviderError
			if !errors.As(err, &pe) {
				t.Fatalf("Complete error %v carries no *llm.ProviderError", err)
			}
			if pe.Status != tt.wantStatus || pe.Temporary != tt.wantTemporary {
				t.Errorf("provider error status %d temporary %v, want %d %v", pe.Status, pe.Temporary, tt.wantStatus, tt.wantTemporary)
			}
			if !strings.Contains(err.Error(), tt.wantText) {
				t.Errorf("error %q does not mention %q", err, tt.wantText)
			}
			switch {
			case tt.wantAfter > 0 && pe.RetryAfter != tt.wantAfter:
				t.Errorf("RetryAfter = %v, want %v", pe.RetryAfter, tt.wantAfter)
			case tt.wantAfter < 0 && (pe.RetryAfter < 58*time.Minute || pe.RetryAfter > time.Hour):
				t.Errorf("RetryAfter from an HTTP date an hour ahead = %v, want about an hour", pe.RetryAfter)
			}
		})
	}
}

func TestCompleteRefusal(t *testing.T) {
	s := newServer(t, jsonReply(200, `{"id":"x","choices":[{"index":0,"message":{"role":"assistant","content":null,"refusal":"I can't help with that."},"finish_reason":"stop"}],"usage":{"prompt_tokens":5,"completion_tokens":6}}`))
	resp, err := client(s, "openai").Complete(context.Background(), &llm.Request{Messages: []llm.Message{llm.User("x")}})
	if err != nil {
		t.Fatal(err)
	}
	if resp.StopReason != llm.StopRefusal || resp.Text != "" {
		t.Errorf("refusal = %+v, want stop reason refusal and no text", resp)
	}
}

func TestCompleteHonoursCancellation(t *testing.T) {
	release := make(chan struct{})
	s := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-r.Context().Done():
		case <-release:
		}
	})
	defer close(release)
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	_, err := client(s, "openai").Complete(ctx, &llm.Request{Messages: []llm.Message{llm.User("x")}})
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("Complete after the caller's deadline = %v, want context.DeadlineExceeded", err)
	}
}

// TestRetryOverTheWire runs the real client inside the Retrier: a 429 with
// Retry-After, a 500 and a truncated body, then an answer.
func TestRetryOverTheWire(t *testing.T) {
	s := newServer(t,
		jsonReply(429, `{"error":{"message":"slow down","type":"requests"}}`, "Retry-After", "7"),
		jsonReply(500, `{"error":{"message":"boom","type":"server_error"}}`),
		jsonReply(200, completion[:50]),
		jsonReply(200, completion))
	clock := llmtest.NewClock(time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC))
	m := llm.WithRetry(client(s, "openai"), llm.RetryPolicy{Attempts: 5, Clock: clock, Jitter: func() float64 { return 0 }})
	resp, err := m.Complete(context.Background(), &llm.Request{Messages: []llm.Message{llm.User("x")}})
	if err != nil {
		t.Fatal(err)
	}
	if resp.Text != `{"label":"entailed"}` || s.calls() != 4 {
		t.Errorf("after retries: %q in %d calls, want the answer in 4", resp.Text, s.calls())
	}
	if diff := cmp.Diff([]time.Duration{7 * time.Second, time.Second, 2 * time.Second}, clock.Sleeps()); diff != "" {
		t.Errorf("sleeps (-want +got):\n%s", diff)
	}
}

// TestRetryAfterTimeout: a provider that hangs is cut off by the attempt
// timeout and the call is retried, over the wire.
func TestRetryAfterTimeout(t *testing.T) {
	hang := make(chan struct{})
	defer close(hang)
	s := newServer(t,
		func(w http.ResponseWriter, r *http.Request) {
			select {
			case <-r.Context().Done():
			case <-hang:
			}
		},
		jsonReply(200, completion))
	clock := llmtest.NewClock(time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC))
	m := llm.WithRetry(client(s, "openai"), llm.RetryPolicy{Clock: clock, AttemptTimeout: 100 * time.Millisecond})
	resp, err := m.Complete(context.Background(), &llm.Request{Messages: []llm.Message{llm.User("x")}})
	if err != nil {
		t.Fatalf("Complete after a hung attempt = %v, want the second attempt's answer", err)
	}
	if resp.Text != `{"label":"entailed"}` || s.calls() != 2 {
		t.Errorf("got %q in %d calls, want the answer in 2", resp.Text, s.calls())
	}
}
