package main

import (
	"github.com/spf13/cobra"

	"github.com/veritykb/verity/eval"
	"github.com/veritykb/verity/eval/quotebench"
)

func (a *app) evalQuotesCmd() *cobra.Command {
	var o quotebench.Options
	cmd := &cobra.Command{Use: "quotes", Short: "Accuracy of the verbatim gate on a frozen, labelled quote benchmark", Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error { return quotebench.Main(o, a.stdout, a.stderr, a.json) }}
	f := cmd.Flags()
	f.StringVar(&o.Data, "data", defaultData, "folder holding scifact/")
	f.StringVar(&o.Split, "split", "test", "dev (tune on it) or test (never tuned on)")
	f.IntVar(&o.N, "n", 700, "number of cases (spread evenly over the seven kinds)")
	f.Uint64Var(&o.Seed, "seed", 0, "generator seed (default: the split's published seed)")
	f.StringVar(&o.CasesOut, "cases-out", "", "write the generated cases as JSONL to this file instead of running")
	f.StringVar(&o.Cases, "cases", "", "score answers against these cases (JSONL written by --cases-out)")
	f.StringVar(&o.Results, "results", "", "answers to score: JSONL {\"id\",\"found\",\"start\",\"end\"} (with --cases)")
	f.BoolVar(&o.Failures, "failures", false, "list the cases the locator got wrong on stderr")
	return cmd
}

// writeJSONL writes items to path as JSON Lines; what names the file in
// an error.
func writeJSONL[T any](path, what string, items []T) error { return eval.WriteJSONL(path, what, items) }
