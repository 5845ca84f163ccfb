package main

import (
	"fmt"
	"io"
	"os"

	"github.com/spf13/cobra"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/quote"
	"github.com/veritykb/verity/render"
)

func (a *app) quoteCmd() *cobra.Command {
	var (
		batch bool
		opts  quote.Options
	)
	cmd := &cobra.Command{
		Use:   "quote FILE QUOTE | quote --batch",
		Short: "Find a verbatim quote in a text, or check a batch of quotes",
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
		render.QuoteMatch(a.stdout, m, text)
	}
	if !m.Found {
		return verity.Errorf(verity.ENOTFOUND, "quote not found in %s", file)
	}
	return nil
}

// quoteBatch answers JSONL requests on stdin with [quote.Batch], and says
// how many lines were malformed.
func (a *app) quoteBatch(opts quote.Options) error {
	failed, err := quote.Batch(a.stdin, a.stdout, opts)
	if err != nil {
		return err
	}
	if failed > 0 {
		fmt.Fprintf(a.stderr, "verity: %d malformed lines\n", failed)
		return errPartial
	}
	return nil
}
