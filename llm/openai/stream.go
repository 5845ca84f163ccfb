package openai

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"sort"
	"strings"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/llm"
)

// chatChunk is one streamed event: a delta of the first choice, the final
// usage (with no choices) when stream_options.include_usage is set, or an
// error that struck mid-stream.
type chatChunk struct {
	Choices []struct {
		Delta struct {
			Content   string         `json:"content"`
			Refusal   string         `json:"refusal"`
			ToolCalls []chatToolCall `json:"tool_calls"`
		} `json:"delta"`
		FinishReason *string `json:"finish_reason"`
	} `json:"choices"`
	Usage *chatUsage      `json:"usage"`
	Error json.RawMessage `json:"error"`
}

// readStream reads a server-sent event stream of chat completion chunks
// into one response. The stream must end with "data: [DONE]" or at least
// carry a finish_reason; one cut off before either is a transport failure,
// so the Retrier tries again instead of keeping half an answer.
func (c *Client) readStream(ctx context.Context, hresp *http.Response, onText func(string)) (*llm.Response, error) {
	resp := &llm.Response{}
	var text strings.Builder
	calls := map[int]*chatToolCall{}
	finished, done := false, false
	refused := false

	handle := func(data []byte) error {
		if bytes.Equal(bytes.TrimSpace(data), []byte("[DONE]")) {
			done = true
			return nil
		}
		var ch chatChunk
		if err := json.Unmarshal(data, &ch); err != nil {
			return llm.BadResponse(c.info.Provider, hresp.StatusCode, fmt.Errorf("decode stream chunk %q: %w", clip(data), err))
		}
		if len(ch.Error) > 0 {
			typ, msg := errorBody([]byte(`{"error":` + string(ch.Error) + `}`))
			pe := &llm.ProviderError{Provider: c.info.Provider, Status: hresp.StatusCode, Type: typ,
				Message: "error in stream: " + msg, Temporary: typ != "invalid_request_error"}
			return &verity.Error{Code: verity.EUNAVAILABLE, Message: "model call failed", Err: pe}
		}
		if ch.Usage != nil {
			resp.Usage = llm.Usage{InputTokens: ch.Usage.PromptTokens, OutputTokens: ch.Usage.CompletionTokens}
		}
		if len(ch.Choices) == 0 {
			return nil
		}
		d := ch.Choices[0].Delta
		if d.Content != "" {
			text.WriteString(d.Content)
			if onText != nil {
				onText(d.Content)
			}
		}
		if d.Refusal != "" {
			refused = true
		}
		for _, tc := range d.ToolCalls {
			i := 0
			if tc.Index != nil {
				i = *tc.Index
			}
			acc := calls[i]
			if acc == nil {
				acc = &chatToolCall{}
				calls[i] = acc
			}
			if tc.ID != "" {
				acc.ID = tc.ID
			}
			if tc.Function.Name != "" {
				acc.Function.Name = tc.Function.Name
			}
			acc.Function.Arguments += tc.Function.Arguments
		}
		if fr := ch.Choices[0].FinishReason; fr != nil && *fr != "" {
			finished = true
			resp.StopReason = stopReason(*fr)
		}
		return nil
	}

	err := readEvents(hresp.Body, func(data []byte) error {
		if err := handle(data); err != nil {
			return err
		}
		if done {
			return errStop
		}
		return nil
	})
	if err != nil && !errors.Is(err, errStop) {
		var ve *verity.Error
		if errors.As(err, &ve) {
			return nil, err
		}
		return nil, llm.TransportError(ctx, c.info.Provider, err)
	}
	if !done && !finished {
		return nil, llm.TransportError(ctx, c.info.Provider, fmt.Errorf("stream ended before [DONE]: %w", io.ErrUnexpectedEOF))
	}
	resp.Text = text.String()
	if refused {
		resp.StopReason = llm.StopRefusal
	}
	idx := make([]int, 0, len(calls))
	for i := range calls {
		idx = append(idx, i)
	}
	sort.Ints(idx)
	for _, i := range idx {
		resp.ToolCalls = append(resp.ToolCalls, toolCall(*calls[i]))
	}
	if resp.StopReason == "" {
		resp.StopReason = llm.StopEnd
	}
	return resp, nil
}

var errStop = errors.New("stop reading")

// readEvents calls fn with the data of each server-sent event in r: the
// "data:" lines of the event joined by newlines, dispatched at the blank
// line that ends it (or at the end of the stream). Comments and other fields
// are skipped.
func readEvents(r io.Reader, fn func(data []byte) error) error {
	br := bufio.NewReaderSize(r, 64<<10)
	var data []byte
	has := false
	for {
		line, err := br.ReadBytes('\n')
		if len(line) > 0 {
			line = bytes.TrimRight(line, "\r\n")
			switch {
			case len(line) == 0:
				if has {
					if ferr := fn(data); ferr != nil {
						return ferr
					}
				}
				data, has = data[:0], false
			case line[0] == ':':
			case bytes.HasPrefix(line, []byte("data:")):
				v := bytes.TrimPrefix(line[len("data:"):], []byte(" "))
				if has {
					data = append(data, '\n')
				}
				data = append(data, v...)
				has = true
			}
		}
		if err == io.EOF {
			if has {
				return fn(data)
			}
			return nil
		}
		if err != nil {
			return err
		}
	}
}
