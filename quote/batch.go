package quote

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"runtime"
	"sync"

	"github.com/veritykb/verity"
)

// batchLine is one request of --batch.
type batchLine struct {
	ID    json.RawMessage `json:"id"`
	Text  *string         `json:"text"`
	Quote *string         `json:"quote"`
	Hint  *verity.Span    `json:"hint"`
}

// batchVerdict is one answer of --batch.
type batchVerdict struct {
	ID    json.RawMessage `json:"id"`
	Found bool            `json:"found"`
	Start int             `json:"start"`
	End   int             `json:"end"`
	Kind  Kind            `json:"kind"`
	Score float64         `json:"score"`
}

// batchError reports a line that could not be read.
type batchError struct {
	ID    json.RawMessage `json:"id,omitempty"`
	Line  int             `json:"line"`
	Error string          `json:"error"`
}

// Batch answers JSONL requests read from r, one {"id","text","quote"}
// per line (optionally "hint": {"start","end"}), with one verdict per line
// written to out in the same order: {"id","found","start","end","kind",
// "score"}, byte offsets into text. A malformed line is answered with
// {"id","line","error"} and the batch goes on; failed counts them. Lines
// are read in chunks and each chunk is answered on all cores.
func Batch(r io.Reader, out io.Writer, opts Options) (failed int, err error) {
	in := bufio.NewReaderSize(r, 1<<20)
	w := bufio.NewWriter(out)
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	const chunk = 64
	type item struct {
		n    int // line number, from 1
		line []byte
		out  any
	}
	n := 0
	for eof := false; !eof; {
		var items []item
		for len(items) < chunk {
			line, err := in.ReadBytes('\n')
			n++
			if len(bytes.TrimSpace(line)) > 0 {
				items = append(items, item{n: n, line: line})
			}
			if err == io.EOF {
				eof = true
				break
			}
			if err != nil {
				return failed, fmt.Errorf("read batch: %w", err)
			}
		}
		var wg sync.WaitGroup
		next := make(chan int, len(items))
		for i := range items {
			next <- i
		}
		close(next)
		for range min(runtime.GOMAXPROCS(0), len(items)) {
			wg.Go(func() {
				for i := range next {
					items[i].out = answerLine(items[i].n, items[i].line, opts)
				}
			})
		}
		wg.Wait()
		for _, it := range items {
			if _, bad := it.out.(batchError); bad {
				failed++
			}
			if err := enc.Encode(it.out); err != nil {
				return failed, err
			}
		}
	}
	return failed, w.Flush()
}

// answerLine answers line n of a batch: a verdict or an error object.
func answerLine(n int, line []byte, opts Options) any {
	var req batchLine
	if err := json.Unmarshal(line, &req); err != nil {
		return batchError{ID: lenientID(line), Line: n, Error: "malformed JSON: " + err.Error()}
	}
	if req.Text == nil || req.Quote == nil {
		return batchError{ID: req.ID, Line: n, Error: `want fields "text" and "quote"`}
	}
	opts.Hint = req.Hint
	m := Locate(*req.Text, *req.Quote, opts)
	return batchVerdict{ID: req.ID, Found: m.Found, Start: m.Start, End: m.End, Kind: m.Kind, Score: m.Score}
}

// lenientID digs the id out of a line that is not valid JSON as a whole,
// when the line at least starts with a well-formed "id" member.
func lenientID(line []byte) json.RawMessage {
	dec := json.NewDecoder(bytes.NewReader(line))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return nil
	}
	if t, err := dec.Token(); err != nil || t != "id" {
		return nil
	}
	var id json.RawMessage
	if dec.Decode(&id) != nil {
		return nil
	}
	return id
}
