package llm

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/veritykb/verity"
)

// CompleteJSON asks m for structured output and decodes it into out (a
// pointer). The request should carry a Schema: adapters pass it to the
// provider's structured-output mode, and the reply is checked against it.
//
// Replies are read tolerantly (code fences and prose around the JSON are
// skipped, see [ExtractJSON]). A reply that still cannot be used gets
// exactly one repair retry: the model sees its own output and the parse
// error and is asked again. If that fails too, CompleteJSON returns a
// *verity.Error with code EMALFORMED wrapping a *MalformedError that
// carries both raw outputs — never a zero out presented as a result.
//
// The returned response is the one whose output was decoded, with JSON set.
func CompleteJSON(ctx context.Context, m Model, req *Request, out any) (*Response, error) {
	resp, err := m.Complete(ctx, req)
	if err != nil {
		return nil, err
	}
	raw, perr := decodeReply(resp, req.Schema, out)
	if perr == nil {
		resp.JSON = raw
		return resp, nil
	}
	first := resp.Text

	repair := req.Clone()
	if strings.TrimSpace(resp.Text) != "" {
		// An empty assistant turn is an error for some providers; the
		// complaint alone then says what was wrong.
		repair.Messages = append(repair.Messages, Assistant(resp.Text))
	}
	repair.Messages = append(repair.Messages, User(repairPrompt(perr, req.Schema)))
	resp2, err := m.Complete(ctx, repair)
	if err != nil {
		return nil, err
	}
	raw, perr = decodeReply(resp2, req.Schema, out)
	if perr == nil {
		resp2.JSON = raw
		resp2.Usage.InputTokens += resp.Usage.InputTokens
		resp2.Usage.OutputTokens += resp.Usage.OutputTokens
		return resp2, nil
	}
	me := &MalformedError{Task: req.Task, Raw: first, Repair: resp2.Text, Err: perr}
	return nil, &verity.Error{Code: verity.EMALFORMED,
		Message: fmt.Sprintf("%s: model output is not the JSON asked for", req.Task), Err: me}
}

func repairPrompt(perr error, schema *Schema) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Your reply could not be used: %v.\n", perr)
	b.WriteString("Reply again with only the JSON value, no other text")
	if schema != nil && len(schema.JSON) > 0 {
		b.WriteString(", matching this JSON Schema:\n")
		b.Write(schema.JSON)
	} else {
		b.WriteString(".")
	}
	return b.String()
}

// decodeReply extracts the JSON of a reply, checks it against schema and
// decodes it into out. A tool-call reply counts when the model answered
// through a tool instead of text.
func decodeReply(resp *Response, schema *Schema, out any) (json.RawMessage, error) {
	text := resp.Text
	if strings.TrimSpace(text) == "" && len(resp.ToolCalls) == 1 {
		text = string(resp.ToolCalls[0].Args)
	}
	if strings.TrimSpace(text) == "" {
		if resp.StopReason == StopRefusal {
			return nil, errors.New("the model refused to answer")
		}
		return nil, errors.New("the reply is empty")
	}
	raw, err := ExtractJSON(text)
	if err != nil {
		if resp.StopReason == StopMaxTokens {
			return nil, fmt.Errorf("%w (the reply was cut off at the token limit)", err)
		}
		return nil, err
	}
	if schema != nil && len(schema.JSON) > 0 {
		if err := Validate(schema.JSON, raw); err != nil {
			return nil, err
		}
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	if err := dec.Decode(out); err != nil {
		return nil, fmt.Errorf("the JSON does not have the expected shape: %v", err)
	}
	return raw, nil
}

// ExtractJSON finds the JSON value in a model's reply: the whole reply when
// it is JSON; else the content of a ```json (or bare ```) fence; else the
// first balanced {...} or [...] that parses, skipping prose around it. The
// result is compact JSON. The error says what was wrong, in words meant to
// be shown back to the model.
func ExtractJSON(text string) (json.RawMessage, error) {
	t := strings.TrimSpace(strings.TrimPrefix(text, "\ufeff"))
	if t == "" {
		return nil, errors.New("the reply is empty")
	}
	if raw, ok := compactJSON(t); ok {
		return raw, nil
	}
	for _, body := range fences(t) {
		if raw, ok := compactJSON(body); ok {
			return raw, nil
		}
	}
	var firstErr error
	for i := 0; i < len(t); i++ {
		if t[i] != '{' && t[i] != '[' {
			continue
		}
		end, ok := balanced(t, i)
		if !ok {
			if firstErr == nil {
				firstErr = fmt.Errorf("the JSON starting at byte %d is not closed (truncated?)", i)
			}
			continue
		}
		if raw, ok := compactJSON(t[i:end]); ok {
			return raw, nil
		}
		if firstErr == nil {
			var v any
			err := json.Unmarshal([]byte(t[i:end]), &v)
			firstErr = fmt.Errorf("the JSON starting at byte %d does not parse: %v", i, err)
		}
	}
	if firstErr != nil {
		return nil, firstErr
	}
	return nil, errors.New("the reply contains no JSON object or array")
}

func compactJSON(s string) (json.RawMessage, bool) {
	var buf bytes.Buffer
	if err := json.Compact(&buf, []byte(s)); err != nil {
		return nil, false
	}
	return buf.Bytes(), true
}

// fences returns the bodies of the Markdown code fences in t, in order.
func fences(t string) []string {
	var out []string
	for {
		i := strings.Index(t, "```")
		if i < 0 {
			return out
		}
		rest := t[i+3:]
		// Skip the info string (json, JSON, javascript...) up to the newline.
		if nl := strings.IndexByte(rest, '\n'); nl >= 0 && !strings.ContainsAny(rest[:nl], "{[") {
			rest = rest[nl+1:]
		}
		j := strings.Index(rest, "```")
		if j < 0 {
			return append(out, rest) // an unclosed fence: try what there is
		}
		out = append(out, rest[:j])
		t = rest[j+3:]
	}
}

// balanced returns the end (exclusive) of the bracketed value starting at
// t[start], honouring strings and escapes, and whether it closes.
func balanced(t string, start int) (int, bool) {
	var stack []byte
	inString, escaped := false, false
	for i := start; i < len(t); i++ {
		c := t[i]
		if inString {
			switch {
			case escaped:
				escaped = false
			case c == '\\':
				escaped = true
			case c == '"':
				inString = false
			}
			continue
		}
		switch c {
		case '"':
			inString = true
		case '{':
			stack = append(stack, '}')
		case '[':
			stack = append(stack, ']')
		case '}', ']':
			if len(stack) == 0 || stack[len(stack)-1] != c {
				return 0, false
			}
			stack = stack[:len(stack)-1]
			if len(stack) == 0 {
				return i + 1, true
			}
		}
	}
	return 0, false
}
