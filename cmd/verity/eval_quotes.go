package main

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"time"

	"github.com/spf13/cobra"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/eval/quotebench"
	"github.com/veritykb/verity/quote"
)

func (a *app) evalQuotesCmd() *cobra.Command {
	var (
		data  string
		split string
		n     int
	)
	cmd := &cobra.Command{
		Use:   "quotes",
		Short: "Accuracy of the verbatim gate on a frozen, labelled quote benchmark",
		Long: `Quotes generates the frozen quote benchmark — pages of 1–100 KB built from
SciFact abstracts and Russian texts written for it, with quotes of seven
kinds: exact, typographic drift, page-side noise (NBSP, soft hyphens, line
breaks), stitched, fuzzy, fabricated and paraphrased — runs quote.Locate on
every case and reports accuracy per kind. Fabricated and paraphrased quotes
must never be found.

The test split is never used for tuning; --split dev is the one to tune on.
Without SciFact under --data the embedded fixture corpus is used. The speed
comparison with a difflib locator is bench/quote/compare.py.`,
		Example: `  verity eval quotes
  verity eval quotes --split dev --n 2000 --json`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			sp := quotebench.Split(split)
			seed := uint64(quotebench.TestSeed)
			switch sp {
			case quotebench.Test:
			case quotebench.Dev:
				seed = quotebench.DevSeed
			default:
				return verity.Errorf(verity.EINVALID, "--split must be dev or test, got %q", split)
			}
			if n <= 0 {
				return verity.Errorf(verity.EINVALID, "--n must be positive, got %d", n)
			}
			corpus, err := quotebench.LoadSciFact(filepath.Join(data, "scifact", "corpus.jsonl"))
			source := "SciFact abstracts + Russian texts"
			if err != nil {
				fmt.Fprintf(a.stderr, "note: %v; using the embedded fixture corpus\n", err)
				corpus, source = quotebench.Fixture(), "embedded fixture corpus"
			}
			cases := quotebench.Generate(seed, n, corpus, sp)
			bar := a.newProgress("quotes", int64(len(cases)), false)
			start := time.Now()
			results := make([]quotebench.Result, len(cases))
			for i, c := range cases {
				m := quote.Locate(c.Text, c.Quote, quote.Options{Hint: c.Hint})
				results[i] = quotebench.Result{Found: m.Found, Start: m.Start, End: m.End, Kind: string(m.Kind)}
				bar.Add(1)
			}
			elapsed := time.Since(start)
			bar.Done()
			rep := quotebench.Score(cases, results)
			if a.json {
				rep.Failed = nil
				out := struct {
					Split   string            `json:"split"`
					Seed    uint64            `json:"seed"`
					Corpus  string            `json:"corpus"`
					Seconds float64           `json:"seconds"`
					Report  quotebench.Report `json:"report"`
				}{split, seed, source, elapsed.Seconds(), rep}
				b, _ := json.MarshalIndent(out, "", "  ")
				_, err := fmt.Fprintln(a.stdout, string(b))
				return err
			}
			fmt.Fprintf(a.stdout, "quote benchmark, %s split (seed %d), %s: %d cases in %v\n", split, seed, source, len(cases), elapsed.Round(time.Millisecond))
			return rep.Print(a.stdout)
		},
	}
	f := cmd.Flags()
	f.StringVar(&data, "data", defaultData, "folder holding scifact/")
	f.StringVar(&split, "split", "test", "dev (tune on it) or test (never tuned on)")
	f.IntVar(&n, "n", 700, "number of cases (spread evenly over the seven kinds)")
	return cmd
}
