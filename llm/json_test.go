package llm_test

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/llm"
	"github.com/veritykb/verity/llm/llmtest"
)

func TestExtractJSON(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"bare object", `{"label": "entailed"}`, `{"label":"entailed"}`},
		{"bare array", ` [1, 2] `, `[1,2]`},
		{"json fence", "```json\n{\"a\": 1}\n```", `{"a":1}`},
		{"bare fence with prose", "Here you go:\n```\n{\"a\": [1, {\"b\": null}]}\n```\nHope this helps.", `{"a":[1,{"b":null}]}`},
		{"prose around", `I think the answer is {"label": "neutral", "why": "no {braces} here"} overall.`, `{"label":"neutral","why":"no {braces} here"}`},
		{"escaped quote in string", `Result: {"q": "she said \"}\" loudly"}`, `{"q":"she said \"}\" loudly"}`},
		{"first value that parses", `{not json} then {"ok": true}`, `{"ok":true}`},
		{"byte order mark", "\ufeff{\"a\":1}", `{"a":1}`},
		{"unicode", `Ответ: {"метка": "да"}`, `{"метка":"да"}`},
	}
	for _, tt := range tests {
		got, err := llm.ExtractJSON(tt.in)
		if err != nil {
			t.Errorf("%s: ExtractJSON(%q) error %v, want %s", tt.name, tt.in, err, tt.want)
			continue
		}
		if string(got) != tt.want {
			t.Errorf("%s: ExtractJSON(%q) = %s, want %s", tt.name, tt.in, got, tt.want)
		}
	}
}

func TestExtractJSONRejects(t *testing.T) {
	tests := []struct{ name, in, wantErr string }{
		{"empty", "  ", "empty"},
		{"prose only", "The premise supports the claim.", "no JSON"},
		{"truncated", `{"label": "entailed", "reason": "the premise sa`, "not closed"},
		{"garbage bytes", "\x00\xff\xfe{\x01", "not closed"},
		{"broken value", `{"label": entailed}`, "does not parse"},
	}
	for _, tt := range tests {
		got, err := llm.ExtractJSON(tt.in)
		if err == nil {
			t.Errorf("%s: ExtractJSON(%q) = %s, want an error", tt.name, tt.in, got)
			continue
		}
		if !strings.Contains(err.Error(), tt.wantErr) {
			t.Errorf("%s: ExtractJSON(%q) error %q, want it to mention %q", tt.name, tt.in, err, tt.wantErr)
		}
	}
}

func FuzzExtractJSON(f *testing.F) {
	for _, s := range []string{`{"a":1}`, "```json\n[1]\n```", `x {"a": "}"} y`, `{"a":`, "\x00{", `[{]}`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, err := llm.ExtractJSON(s)
		if err != nil {
			return
		}
		if !json.Valid(got) {
			t.Fatalf("ExtractJSON(%q) = %q, which is not valid JSON", s, got)
		}
	})
}

var labelSchema = &llm.Schema{Name: "label", JSON: json.RawMessage(
	`{"type":"object","required":["label"],"properties":{"label":{"type":"string","enum":["entailed","neutral","contradicted"]}},"additionalProperties":false}`)}

func labelRequest() *llm.Request {
	return &llm.Request{Task: "verify.support", Schema: labelSchema, Messages: []llm.Message{llm.User("judge this")}}
}

func TestCompleteJSON(t *testing.T) {
	tests := []struct {
		name      string
		replies   []string
		wantLabel string
		wantCalls int
	}{
		{"clean", []string{`{"label":"entailed"}`}, "entailed", 1},
		{"fenced with prose", []string{"Sure.\n```json\n{\"label\": \"neutral\"}\n```"}, "neutral", 1},
		{"truncated then repaired", []string{`{"label": "contra`, `{"label":"contradicted"}`}, "contradicted", 2},
		{"off-enum then repaired", []string{`{"label":"maybe"}`, `{"label":"neutral"}`}, "neutral", 2},
		{"empty object then repaired", []string{`{}`, `{"label":"entailed"}`}, "entailed", 2},
		{"prose then repaired", []string{"It is entailed.", `{"label":"entailed"}`}, "entailed", 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := llmtest.New(llm.Info{}).Sequence("verify.support", tt.replies...)
			var out struct{ Label string }
			resp, err := llm.CompleteJSON(context.Background(), m, labelRequest(), &out)
			if err != nil {
				t.Fatalf("CompleteJSON error %v", err)
			}
			if out.Label != tt.wantLabel {
				t.Errorf("CompleteJSON label = %q, want %q", out.Label, tt.wantLabel)
			}
			if m.Count("") != tt.wantCalls {
				t.Errorf("calls = %d, want %d", m.Count(""), tt.wantCalls)
			}
			if !json.Valid(resp.JSON) {
				t.Errorf("response JSON = %q, want the decoded JSON", resp.JSON)
			}
		})
	}
}

func TestCompleteJSONRepairShowsTheError(t *testing.T) {
	m := llmtest.New(llm.Info{}).Sequence("verify.support", `{"label":"maybe"}`, `{"label":"neutral"}`)
	var out struct{ Label string }
	if _, err := llm.CompleteJSON(context.Background(), m, labelRequest(), &out); err != nil {
		t.Fatal(err)
	}
	calls := m.Calls()
	repair := calls[1].Messages
	if len(repair) != 3 || repair[1].Role != llm.RoleAssistant || repair[1].Content != `{"label":"maybe"}` {
		t.Fatalf("repair request messages = %+v, want the original, the model's output, and the complaint", repair)
	}
	if !strings.Contains(repair[2].Content, `$.label must be one of`) || !strings.Contains(repair[2].Content, `"maybe"`) {
		t.Errorf("repair message = %q, want it to name the enum violation", repair[2].Content)
	}
	if len(calls[0].Messages) != 1 {
		t.Errorf("the first request was modified: %+v", calls[0].Messages)
	}
}

func TestCompleteJSONMalformedAfterRepair(t *testing.T) {
	m := llmtest.New(llm.Info{}).Sequence("verify.support", "I cannot decide.", `{"label": "entailed"`)
	var out struct{ Label string }
	_, err := llm.CompleteJSON(context.Background(), m, labelRequest(), &out)
	if got := verity.ErrorCode(err); got != verity.EMALFORMED {
		t.Fatalf("CompleteJSON error code = %q (%v), want %q", got, err, verity.EMALFORMED)
	}
	var me *llm.MalformedError
	if !errors.As(err, &me) {
		t.Fatalf("CompleteJSON error %v carries no *MalformedError", err)
	}
	if me.Raw != "I cannot decide." || me.Repair != `{"label": "entailed"` || me.Task != "verify.support" {
		t.Errorf("MalformedError = %+v, want both raw outputs and the task", me)
	}
	if m.Count("") != 2 {
		t.Errorf("calls = %d, want exactly 2 (one repair)", m.Count(""))
	}
	if out.Label != "" {
		t.Errorf("out = %+v, want it untouched", out)
	}
}

func TestCompleteJSONPassesProviderErrors(t *testing.T) {
	m := llmtest.New(llm.Info{}).Reply("verify.support", `{"label":"neutral"}`).FailNext(llmtest.Unavailable(400, 0))
	var out struct{ Label string }
	_, err := llm.CompleteJSON(context.Background(), m, labelRequest(), &out)
	if got := verity.ErrorCode(err); got != verity.EINVALID {
		t.Errorf("CompleteJSON error code = %q, want the provider's %q", got, verity.EINVALID)
	}
}

func TestCompleteJSONReadsToolCallAnswers(t *testing.T) {
	m := llmtest.New(llm.Info{}).On("verify.support", func(_ context.Context, req *llm.Request) (*llm.Response, error) {
		return &llm.Response{ToolCalls: []llm.ToolCall{{ID: "t1", Name: "label", Args: json.RawMessage(`{"label":"contradicted"}`)}}}, nil
	})
	var out struct{ Label string }
	if _, err := llm.CompleteJSON(context.Background(), m, labelRequest(), &out); err != nil || out.Label != "contradicted" {
		t.Errorf("CompleteJSON = %+v, %v; want contradicted", out, err)
	}
}

func TestCompleteJSONRepairAfterEmptyReply(t *testing.T) {
	m := llmtest.New(llm.Info{}).Sequence("verify.support", "", `{"label":"neutral"}`)
	var out struct{ Label string }
	if _, err := llm.CompleteJSON(context.Background(), m, labelRequest(), &out); err != nil || out.Label != "neutral" {
		t.Fatalf("CompleteJSON = %+v, %v; want neutral after the repair", out, err)
	}
	repair := m.Calls()[1].Messages
	if len(repair) != 2 || repair[1].Role != llm.RoleUser || !strings.Contains(repair[1].Content, "empty") {
		t.Errorf("repair messages after an empty reply = %+v, want the original and a complaint, no empty assistant turn", repair)
	}
}
