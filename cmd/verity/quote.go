package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"
	"sync"

	"github.com/spf13/cobra"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/quote"
)

func (a *app) quoteCmd() *cobra.Command {
	var (
		batch bool
		opts  quote.Options
	)
	cmd := &cobra.Command{
		Use:   "quote FILE QUOTE | quote --batch",
		Short: "Find a verbatim quote in a text, or check a batch of quotes",
		Long: `Quote is the verbatim gate on its own: it finds QUOTE in the text of FILE
("-" for standard input) and prints how it was found — exact, normalized
(typography aside: case, quotes, dashes, spacing, soft hyphens, line-break
hyphenation, ё/е), repaired (stitched from pieces in order) or fuzzy (a few
slipped words, numbers and negations intact) — with the byte span into the
original text and a score. A quote that is not there exits with code 3.

With --batch it reads JSONL from standard input, one {"id","text","quote"}
per line (optionally "hint": {"start","end"}, the span the quote was taken
from), and writes one {"id","found","start","end","kind","score"} per line,
byte offsets into text. A malformed line yields {"id","line","error"} and the
batch goes on; the exit code is then 1.`,
		Example: `  verity quote report.txt "revenue grew by 12 %"
  verity quote --json page.txt "«Ромашка» внедрила систему учета"
  verity quote --batch < cases.jsonl > verdicts.jsonl`,
		Args: func(cmd *cobra.Command, args []string) error {
			if batch {
				return cobra.NoArgs(cmd, args)
			}
			return cobra.ExactArgs(2)(cmd, args)
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			if batch {
				return a.quoteBatch(opts)
			}
			return a.quoteOne(args[0], args[1], opts)
		},
	}
	f := cmd.Flags()
	f.BoolVar(&batch, "batch", false, "read JSONL {id, text, quote} from stdin, write one verdict per line")
	f.IntVar(&opts.MaxGap, "max-gap", quote.DefaultMaxGap, "most words a repaired quote may skip between pieces")
	f.BoolVar(&opts.NoRepair, "no-repair", false, "do not repair stitched quotes")
	f.BoolVar(&opts.NoFuzzy, "no-fuzzy", false, "do not accept fuzzy matches")
	return cmd
}

// quoteOne locates q in the text of file and prints the verdict.
func (a *app) quoteOne(file, q string, opts quote.Options) error {
	var (
		b   []byte
		err error
	)
	if file == "-" {
		b, err = io.ReadAll(a.stdin)
	} else {
		b, err = os.ReadFile(file)
	}
	if err != nil {
		return verity.Errorf(verity.EINVALID, "read %s: %v", file, err)
	}
	text := string(b)
	m := quote.Locate(text, q, opts)
	if a.json {
		out := struct {
			quote.Match
			Text string `json:"text,omitempty"`
		}{Match: m}
		if m.Found {
			out.Text = text[m.Start:m.End]
		}
		if err := a.printJSON(out); err != nil {
			return err
		}
	} else if m.Found {
		fmt.Fprintf(a.stdout, "%s  bytes %d-%d  score %.2f\n", m.Kind, m.Start, m.End, m.Score)
		if len(m.Pieces) > 0 {
			var ps []string
			for _, p := range m.Pieces {
				ps = append(ps, fmt.Sprintf("%d-%d", p.Start, p.End))
			}
			fmt.Fprintf(a.stdout, "pieces  %s\n", strings.Join(ps, ", "))
		}
		if n := len(m.Occurrences); n > 1 {
			fmt.Fprintf(a.stdout, "found %d times; showing the first or the one nearest the hint\n", n)
		}
		fmt.Fprintln(a.stdout, text[m.Start:m.End])
	}
	if !m.Found {
		return verity.Errorf(verity.ENOTFOUND, "quote not found in %s", file)
	}
	return nil
}

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
	Kind  quote.Kind      `json:"kind"`
	Score float64         `json:"score"`
}

// batchError reports a line that could not be read.
type batchError struct {
	ID    json.RawMessage `json:"id,omitempty"`
	Line  int             `json:"line"`
	Error string          `json:"error"`
}

// quoteBatch answers JSONL requests on stdin, one verdict per line in the
// same order, and goes on past malformed lines. Lines are read in chunks and
// each chunk is answered on all cores.
func (a *app) quoteBatch(opts quote.Options) error {
	in := bufio.NewReaderSize(a.stdin, 1<<20)
	w := bufio.NewWriter(a.stdout)
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	const chunk = 64
	type item struct {
		n    int // line number, from 1
		line []byte
		out  any
	}
	failed, n := 0, 0
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
				return fmt.Errorf("read batch: %w", err)
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
				return err
			}
		}
	}
	if err := w.Flush(); err != nil {
		return err
	}
	if failed > 0 {
		fmt.Fprintf(a.stderr, "verity: %d malformed lines\n", failed)
		return errPartial
	}
	return nil
}

// answerLine answers line n of a batch: a verdict or an error object.
func answerLine(n int, line []byte, opts quote.Options) any {
	var req batchLine
	if err := json.Unmarshal(line, &req); err != nil {
		return batchError{ID: lenientID(line), Line: n, Error: "malformed JSON: " + err.Error()}
	}
	if req.Text == nil || req.Quote == nil {
		return batchError{ID: req.ID, Line: n, Error: `want fields "text" and "quote"`}
	}
	opts.Hint = req.Hint
	m := quote.Locate(*req.Text, *req.Quote, opts)
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
