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
		Long: `Citations scores the citations of answers the way ALCE does (Gao et al. 2023;
definition in ALCE.md): per sentence, recall is whether the documents it
cites entail it (0 with no citation or one out of range; citations cut to
the first --max-citations after the range check), and precision asks of
each citation of a supported multi-cited sentence whether it entails the
sentence alone or was needed by the rest. Both are macro-averaged over the
answers that have sentences, × 100; F1 of the two. The entailment judge is
the configured model through Verity's verifier (entailed = yes; a verbatim
sentence is entailed without a call).

Sentences are split by analysis.Sentences (the reference uses NLTK's
sent_tokenize; the two differ on rare abbreviations). By default every line
is scored, merged markers "[1, 2]" and runs "[1][2]" cite every number, each
document counts once per sentence, and [0] is out of range. --alce-compat
follows the reference exactly, for comparison with published numbers: only
the first line, its marker pattern \[\d+ (so "[1, 2]" cites 1 only),
repeats counted, and [0] wrapping to the last document (Python's index -1).

ANSWERS_FILE is an ALCE result file ({"data": [{"question", "output",
"docs": [{"title", "text"}]}]}), a JSON array of such items or JSON Lines;
"answer" and "documents" are accepted for "output" and "docs".

--scifact answers SciFact's dev claims (as questions, public caller) over a
fresh store of its 5,183 abstracts with the configured model, scores those
answers, and also compares each citation with SciFact's gold evidence (is
the cited abstract a gold evidence abstract, does the quote fall on a gold
rationale sentence) — the part of the report that does not depend on the
judge. When the judge is the model that wrote the answers, the ALCE numbers
are circular and the report says so. --out writes the answers as JSON Lines
to score again with another judge.`,
		Example: `  verity eval citations asqa-chatgpt-result.json --alce-compat
  verity eval citations --model anthropic:claude-sonnet-4-5 answers.jsonl
  verity eval citations --scifact --limit 100 --out scifact-answers.jsonl --json`,
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
