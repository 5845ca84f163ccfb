// Command quotebench generates the quote-location benchmark's cases, runs
// Verity's locator on them, and scores answers written by any other
// locator (such as bench/quote's difflib baseline) against them.
//
//	quotebench gen   -split test -n 700 [-data corpus.jsonl] > cases.jsonl
//	quotebench run   -split test -n 700 [-data corpus.jsonl] [-json] [-failures]
//	quotebench score -cases cases.jsonl -results results.jsonl [-json]
//	quotebench locate < cases.jsonl > results.jsonl
//
// locate speaks the protocol of `verity quote --batch` (JSONL id, text,
// quote, hint in; id, found, start, end, kind, score out) for builds where
// that command is not registered.
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"sync"
	"time"

	"github.com/veritykb/verity/eval/quotebench"
	"github.com/veritykb/verity/quote"
)

const defaultData = "../shared/data/scifact/corpus.jsonl"

func main() {
	if err := run(os.Args[1:], os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "quotebench:", err)
		os.Exit(1)
	}
}

func run(args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		return errors.New("usage: quotebench gen|run|score [flags]")
	}
	fs := flag.NewFlagSet(args[0], flag.ContinueOnError)
	fs.SetOutput(stderr)
	split := fs.String("split", "test", "dev or test")
	n := fs.Int("n", 700, "number of cases")
	seed := fs.Uint64("seed", 0, "generator seed (default: the split's published seed)")
	dataPath := fs.String("data", defaultData, "SciFact corpus.jsonl; the embedded fixture corpus is used when it is absent")
	asJSON := fs.Bool("json", false, "print the report as JSON")
	failures := fs.Bool("failures", false, "list incorrect cases (run only)")
	casesPath := fs.String("cases", "", "cases JSONL (score)")
	resultsPath := fs.String("results", "", "results JSONL with id, found, start, end (score)")
	if err := fs.Parse(args[1:]); err != nil {
		return err
	}
	cases := func() ([]quotebench.Case, error) {
		corpus, err := quotebench.LoadSciFact(*dataPath)
		if err != nil {
			fmt.Fprintf(stderr, "quotebench: %v; using the embedded fixture corpus instead\n", err)
			corpus = quotebench.Fixture()
		}
		sp := quotebench.Split(*split)
		if sp != quotebench.Dev && sp != quotebench.Test {
			return nil, fmt.Errorf("-split %q: want dev or test", *split)
		}
		s := *seed
		if s == 0 {
			s = quotebench.TestSeed
			if sp == quotebench.Dev {
				s = quotebench.DevSeed
			}
		}
		return quotebench.Generate(s, *n, corpus, sp), nil
	}
	switch args[0] {
	case "locate":
		return locate(os.Stdin, stdout)
	case "gen":
		cs, err := cases()
		if err != nil {
			return err
		}
		w := bufio.NewWriter(stdout)
		enc := json.NewEncoder(w)
		enc.SetEscapeHTML(false)
		for _, c := range cs {
			if err := enc.Encode(c); err != nil {
				return err
			}
		}
		return w.Flush()
	case "run":
		cs, err := cases()
		if err != nil {
			return err
		}
		t0 := time.Now()
		results := make([]quotebench.Result, len(cs))
		for i, c := range cs {
			m := quote.Locate(c.Text, c.Quote, quote.Options{Hint: c.Hint})
			results[i] = quotebench.Result{Found: m.Found, Start: m.Start, End: m.End, Kind: string(m.Kind)}
		}
		elapsed := time.Since(t0)
		rep := quotebench.Score(cs, results)
		if *failures {
			printFailures(stderr, cs, results)
		}
		fmt.Fprintf(stderr, "%d cases in %v\n", len(cs), elapsed.Round(time.Millisecond))
		return report(stdout, rep, *asJSON)
	case "score":
		cs, err := readJSONL[quotebench.Case](*casesPath)
		if err != nil {
			return err
		}
		type line struct {
			ID string `json:"id"`
			quotebench.Result
		}
		rs, err := readJSONL[line](*resultsPath)
		if err != nil {
			return err
		}
		byID := map[string]quotebench.Result{}
		for _, r := range rs {
			byID[r.ID] = r.Result
		}
		results := make([]quotebench.Result, len(cs))
		for i, c := range cs {
			results[i] = byID[c.ID] // a missing answer counts as not found
		}
		return report(stdout, quotebench.Score(cs, results), *asJSON)
	}
	return fmt.Errorf("unknown command %q: want gen, run or score", args[0])
}

// locate answers JSONL cases on r with one verdict per line on w, in
// chunks answered on all cores.
func locate(r io.Reader, w io.Writer) error {
	in := bufio.NewReaderSize(r, 1<<20)
	out := bufio.NewWriter(w)
	enc := json.NewEncoder(out)
	type verdict struct {
		ID    string     `json:"id"`
		Found bool       `json:"found"`
		Start int        `json:"start"`
		End   int        `json:"end"`
		Kind  quote.Kind `json:"kind"`
		Score float64    `json:"score"`
	}
	for eof := false; !eof; {
		var lines [][]byte
		for len(lines) < 64 {
			line, err := in.ReadBytes('\n')
			if len(bytes.TrimSpace(line)) > 0 {
				lines = append(lines, line)
			}
			if err == io.EOF {
				eof = true
				break
			} else if err != nil {
				return err
			}
		}
		vs := make([]verdict, len(lines))
		errs := make([]error, len(lines))
		var wg sync.WaitGroup
		next := make(chan int, len(lines))
		for i := range lines {
			next <- i
		}
		close(next)
		for range runtime.GOMAXPROCS(0) {
			wg.Go(func() {
				for i := range next {
					var c quotebench.Case
					if errs[i] = json.Unmarshal(lines[i], &c); errs[i] != nil {
						continue
					}
					m := quote.Locate(c.Text, c.Quote, quote.Options{Hint: c.Hint})
					vs[i] = verdict{c.ID, m.Found, m.Start, m.End, m.Kind, m.Score}
				}
			})
		}
		wg.Wait()
		for i := range vs {
			if errs[i] != nil {
				return errs[i]
			}
			if err := enc.Encode(vs[i]); err != nil {
				return err
			}
		}
	}
	return out.Flush()
}

func report(w io.Writer, rep quotebench.Report, asJSON bool) error {
	if asJSON {
		rep.Failed = nil
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(rep)
	}
	return rep.Print(w)
}

func printFailures(w io.Writer, cs []quotebench.Case, rs []quotebench.Result) {
	for i, c := range cs {
		if quotebench.Correct(c, rs[i]) {
			continue
		}
		want, got := "", ""
		if c.Want {
			want = c.Text[c.Start:c.End]
		}
		if rs[i].Found {
			got = c.Text[rs[i].Start:rs[i].End]
		}
		fmt.Fprintf(w, "FAIL %s %s/%s %s\n  quote: %q\n  want:  %q\n  got %s: %q\n", c.ID, c.Kind, c.Variant, c.Lang, c.Quote, want, rs[i].Kind, got)
	}
}

func readJSONL[T any](path string) ([]T, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []T
	dec := json.NewDecoder(bufio.NewReaderSize(f, 1<<20))
	for {
		var v T
		if err := dec.Decode(&v); err == io.EOF {
			return out, nil
		} else if err != nil {
			return nil, fmt.Errorf("read %s: %w", path, err)
		}
		out = append(out, v)
	}
}
