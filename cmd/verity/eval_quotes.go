package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"time"

	"github.com/spf13/cobra"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/eval/quotebench"
	"github.com/veritykb/verity/quote"
)

func (a *app) evalQuotesCmd() *cobra.Command {
	var (
		data     string
		split    string
		n        int
		seed     uint64
		casesOut string
		cases    string
		results  string
		failures bool
	)
	cmd := &cobra.Command{
		Use:   "quotes",
		Short: "Accuracy of the verbatim gate on a frozen, labelled quote benchmark",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if results != "" || cases != "" {
				if results == "" || cases == "" {
					return verity.Errorf(verity.EINVALID, "--cases and --results go together")
				}
				return a.scoreQuotes(cases, results)
			}
			sp := quotebench.Split(split)
			switch {
			case sp != quotebench.Test && sp != quotebench.Dev:
				return verity.Errorf(verity.EINVALID, "--split must be dev or test, got %q", split)
			case n <= 0:
				return verity.Errorf(verity.EINVALID, "--n must be positive, got %d", n)
			case seed == 0 && sp == quotebench.Dev:
				seed = quotebench.DevSeed
			case seed == 0:
				seed = quotebench.TestSeed
			}
			corpus, source, missing := quotebench.CorpusAt(data)
			if missing != nil {
				fmt.Fprintf(a.stderr, "note: %v; using the embedded fixture corpus\n", missing)
			}
			generated := quotebench.Generate(seed, n, corpus, sp)
			if casesOut != "" {
				return writeJSONL(casesOut, "write "+casesOut, generated)
			}
			res, elapsed := quotebench.Locate(generated, func(c quotebench.Case) quotebench.Result {
				m := quote.Locate(c.Text, c.Quote, quote.Options{Hint: c.Hint})
				return quotebench.Result{Found: m.Found, Start: m.Start, End: m.End, Kind: string(m.Kind)}
			})
			rep := quotebench.Score(generated, res)
			if failures {
				quotebench.PrintFailures(a.stderr, generated, res)
			}
			if a.json {
				rep.Failed = nil
				return a.printJSON(struct {
					Split   string            `json:"split"`
					Seed    uint64            `json:"seed"`
					Corpus  string            `json:"corpus"`
					Seconds float64           `json:"locate_seconds"`
					Report  quotebench.Report `json:"report"`
				}{split, seed, source, elapsed.Seconds(), rep})
			}
			fmt.Fprintf(a.stdout, "quote benchmark, %s split (seed %d), %s: %d cases located in %v on one core\n",
				split, seed, source, len(generated), elapsed.Round(time.Millisecond))
			return rep.Print(a.stdout)
		},
	}
	f := cmd.Flags()
	f.StringVar(&data, "data", defaultData, "folder holding scifact/")
	f.StringVar(&split, "split", "test", "dev (tune on it) or test (never tuned on)")
	f.IntVar(&n, "n", 700, "number of cases (spread evenly over the seven kinds)")
	f.Uint64Var(&seed, "seed", 0, "generator seed (default: the split's published seed)")
	f.StringVar(&casesOut, "cases-out", "", "write the generated cases as JSONL to this file instead of running")
	f.StringVar(&cases, "cases", "", "score answers against these cases (JSONL written by --cases-out)")
	f.StringVar(&results, "results", "", "answers to score: JSONL {\"id\",\"found\",\"start\",\"end\"} (with --cases)")
	f.BoolVar(&failures, "failures", false, "list the cases the locator got wrong on stderr")
	return cmd
}

// scoreQuotes scores another locator's answers against written cases.
func (a *app) scoreQuotes(casesPath, resultsPath string) error {
	rep, err := quotebench.ScoreFiles(casesPath, resultsPath)
	if err != nil {
		return err
	}
	if a.json {
		rep.Failed = nil
		return a.printJSON(rep)
	}
	return rep.Print(a.stdout)
}

// writeJSONL writes items to path as JSON Lines; what names the file in
// an error.
func writeJSONL[T any](path, what string, items []T) error {
	f, err := os.Create(path)
	if err != nil {
		return verity.Errorf(verity.EINVALID, "%s: %w", what, err)
	}
	w := bufio.NewWriter(f)
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	for _, it := range items {
		if err := enc.Encode(it); err != nil {
			f.Close()
			return err
		}
	}
	if err := w.Flush(); err != nil {
		f.Close()
		return verity.Errorf(verity.EINVALID, "%s: %w", what, err)
	}
	return f.Close()
}
