package llm_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/veritykb/verity/llm"
	"github.com/veritykb/verity/llm/llmtest"
)

func TestCompleteWithToolsOneRound(t *testing.T) {
	m := llmtest.New(llm.Info{}).On("answer", func(_ context.Context, req *llm.Request) (*llm.Response, error) {
		last := req.Messages[len(req.Messages)-1]
		if last.Role == llm.RoleTool {
			return &llm.Response{Text: "Paris [1]", Usage: llm.Usage{InputTokens: 50, OutputTokens: 5}}, nil
		}
		return &llm.Response{ToolCalls: []llm.ToolCall{{ID: "call_1", Name: "search_knowledge", Args: json.RawMessage(`{"query":"capital of France"}`)}},
			StopReason: llm.StopToolUse, Usage: llm.Usage{InputTokens: 40, OutputTokens: 10}}, nil
	})
	var queries []string
	req := &llm.Request{Task: "answer", Messages: []llm.Message{llm.User("What is the capital of France?")}, Tools: []llm.ToolDef{llm.SearchKnowledgeTool}}
	resp, err := llm.CompleteWithTools(context.Background(), m, req, 1, func(_ context.Context, call llm.ToolCall) (string, bool, error) {
		var args struct{ Query string }
		if err := json.Unmarshal(call.Args, &args); err != nil {
			return "bad arguments", true, nil
		}
		queries = append(queries, args.Query)
		return "[1] Paris is the capital of France.", false, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if resp.Text != "Paris [1]" || len(queries) != 1 || queries[0] != "capital of France" {
		t.Errorf("CompleteWithTools = %q after queries %q", resp.Text, queries)
	}
	if resp.Usage != (llm.Usage{InputTokens: 90, OutputTokens: 15}) {
		t.Errorf("usage = %+v, want the sum of both rounds", resp.Usage)
	}
	calls := m.Calls()
	second := calls[1].Messages
	if len(second) != 3 || second[1].ToolCalls[0].ID != "call_1" || second[2].Role != llm.RoleTool || second[2].ToolCallID != "call_1" {
		t.Errorf("second request messages = %+v, want user, assistant tool call, tool result", second)
	}
	if len(req.Messages) != 1 {
		t.Errorf("the caller's request was modified: %+v", req.Messages)
	}
}

func TestCompleteWithToolsStopsAfterRounds(t *testing.T) {
	m := llmtest.New(llm.Info{}).On("answer", func(_ context.Context, req *llm.Request) (*llm.Response, error) {
		if req.ToolChoice == "none" {
			return &llm.Response{Text: "not found"}, nil
		}
		return &llm.Response{ToolCalls: []llm.ToolCall{{ID: "c", Name: "search_knowledge", Args: json.RawMessage(`{"query":"x"}`)}}}, nil
	})
	runs := 0
	resp, err := llm.CompleteWithTools(context.Background(), m, &llm.Request{Task: "answer"}, 1,
		func(context.Context, llm.ToolCall) (string, bool, error) { runs++; return "nothing", false, nil })
	if err != nil {
		t.Fatal(err)
	}
	if resp.Text != "not found" || runs != 1 || m.Count("") != 2 {
		t.Errorf("CompleteWithTools = %q after %d tool runs and %d calls; want a forced answer after 1 run, 2 calls", resp.Text, runs, m.Count(""))
	}
}
