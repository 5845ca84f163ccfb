package llm

import (
	"context"
	"encoding/json"
)

// SearchKnowledgeTool is the one tool Verity offers models: read-only search
// of the knowledge store under the asking user's rights. The caller runs it
// (through the store's ACL-filtered search), never the adapter.
var SearchKnowledgeTool = ToolDef{
	Name: "search_knowledge",
	Description: "Search the knowledge base for records relevant to a query. " +
		"Read-only; returns numbered passages with their sources.",
	Parameters: json.RawMessage(`{"type":"object","properties":{"query":{"type":"string","description":"what to search for"}},"required":["query"],"additionalProperties":false}`),
}

// ToolFunc runs one tool call and returns its result as text for the model.
// A failure the model should hear about is returned as text with isError
// set; an error stops the exchange.
type ToolFunc func(ctx context.Context, call ToolCall) (result string, isError bool, err error)

// CompleteWithTools sends req, and while the answer asks for tools (at most
// rounds times) runs them with run and sends their results back. The last
// response is returned, its usage summed over the rounds. When the rounds
// run out with calls still pending, the last round is sent with tools
// switched off, so the model must answer from what it has.
func CompleteWithTools(ctx context.Context, m Model, req *Request, rounds int, run ToolFunc) (*Response, error) {
	cur := req.Clone()
	var total Usage
	for round := 0; ; round++ {
		if round == rounds {
			cur.ToolChoice = "none"
		}
		resp, err := m.Complete(ctx, cur)
		if err != nil {
			return nil, err
		}
		total.InputTokens += resp.Usage.InputTokens
		total.OutputTokens += resp.Usage.OutputTokens
		if len(resp.ToolCalls) == 0 || round == rounds {
			resp.Usage = total
			return resp, nil
		}
		next := cur.Clone()
		next.Messages = append(next.Messages, Message{Role: RoleAssistant, Content: resp.Text, ToolCalls: resp.ToolCalls})
		for _, call := range resp.ToolCalls {
			result, isErr, err := run(ctx, call)
			if err != nil {
				return nil, err
			}
			next.Messages = append(next.Messages, Message{Role: RoleTool, ToolCallID: call.ID, Content: result, IsError: isErr})
		}
		cur = next
	}
}
