package main

import (
	"github.com/spf13/cobra"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/eval"
)

func (a *app) evalCitationsCmd() *cobra.Command {
	var (
		compat  bool
		maxCite int
		items   bool
		scifact bool
		data    string
		limit   int
		out     string
	)
	cmd := &cobra.Command{
		Use:   "citations [--alce-compat] ANSWERS_FILE | --scifact [--limit N] [--out FILE]",
		Short: "ALCE citation recall and precision of answers, judged by the configured verifier",
		RunE: func(cmd *cobra.Command, args []string) error {
			opt := eval.CitationRunOptions{CitationOptions: eval.CitationOptions{ALCECompat: compat, MaxCitations: maxCite},
				SciFact: data, Limit: limit, Items: items}
			switch {
			case scifact && len(args) == 0:
				if limit < 0 {
					return verity.Errorf(verity.EINVALID, "--limit must not be negative")
				}
			case !scifact && len(args) == 1:
				opt.File = args[0]
			default:
				return verity.Errorf(verity.EINVALID, "give an ANSWERS_FILE or --scifact, not both")
			}
			if out != "" {
				opt.Keep = func(answers []eval.CitationItem) error { return writeJSONL(out, "--out", answers) }
			}
			run, err := eval.Citations(cmd.Context(), a.evalWiring(), opt)
			if err != nil {
				return err
			}
			if a.json {
				return a.printJSON(run)
			}
			run.Print(a.stdout)
			return nil
		},
	}
	f := cmd.Flags()
	f.BoolVar(&compat, "alce-compat", false, "read answers exactly as the ALCE reference does (first line, \\[\\d+ markers, [0] wraps)")
	f.IntVar(&maxCite, "max-citations", 3, "citations kept per sentence after the range check")
	f.BoolVar(&items, "items", false, "include per-answer scores in --json")
	f.BoolVar(&scifact, "scifact", false, "answer SciFact's dev claims over its abstracts and score those answers")
	f.StringVar(&data, "data", defaultData, "folder holding scifact/ (with --scifact)")
	f.IntVar(&limit, "limit", 0, "with --scifact: ask only the first N dev claims (0: all)")
	f.StringVar(&out, "out", "", "write the scored answers as JSON Lines to this file")
	return cmd
}
