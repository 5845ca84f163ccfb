package main

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/eval"
	"github.com/veritykb/verity/kb"
)

func (a *app) evalAnswersCmd() *cobra.Command {
	var (
		data, dataset, qa, items string
		limit                    int
	)
	cmd := &cobra.Command{
		Use:   "answers [--dataset xquad-ru|xquad-en | --qa FILE.jsonl] [--items FILE]",
		Short: "Coverage, precision and false answers of ask, beside a plain baseline",
		Long: `Answers runs ask — the same path as verity ask, through the service layer,
answering afresh and storing nothing — over a set of questions with gold
answers, and reports in the same run Verity beside a plain baseline: the
top-ranked sentence of the top search result, which never says "not found".

An answer is correct when its text contains a gold answer (case-insensitive).
coverage = correct / answerable questions; precision = correct / answered
answerable questions; false answers = answers to unanswerable questions, of
those questions. Also: "not found" by reason, and the mean claims and words
per answer given.

--dataset xquad-ru or xquad-en (the default is xquad-ru): the development half
of XQuAD from --data (xquad-ru-dev/, xquad-en-dev/: 24 Wikipedia articles,
120 paragraphs, 612 questions). The articles are split in two folds (even and
odd positions); each fold's store holds its articles, its questions are
answerable and the other fold's are unanswerable (their paragraphs are not in
the store), so every question is asked twice. The articles are also split in
two parts, reported apart: "tune" (positions 0, 1, 4, 5, ...), the part one
may look at while tuning, and "held_out" (2, 3, 6, 7, ...), which is not.

--qa FILE.jsonl asks {"question","answers":[...],"source_id"?} per line over
the store given with --db, as the --as caller; a question without answers is
unanswerable.

--items FILE writes one JSON line per question: fold, part, whether it is
answerable, the question, gold answers, Verity's outcome, reason, answer
(markers stripped), cited record ids and whether it is correct, and the
baseline's answer.

--json prints {"dataset","questions","articles","folds":[{"fold","records",
"answerable","unanswerable"}],"model","verity","baseline","goals"}, where
each side is {"name","all","parts":{"tune","held_out"},"folds":[...]} of
scores {"answerable","answered","correct","coverage","precision",
"unanswerable","false_answers","false_answer_rate","not_found","mean_claims",
"mean_words"}, and goals are [{"name","want","got","hard","met"}].`,
		Example: `  verity eval answers --dataset xquad-ru
  verity eval answers --dataset xquad-en --items /tmp/en-items.jsonl --json
  verity --db verity-demo.db eval answers --as group:staff --qa questions.jsonl`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			ctx := cmd.Context()
			opt := eval.AnswersOptions{Limit: limit}
			var rep *eval.AnswersReport
			var err error
			if qa != "" {
				rep, err = a.qaAnswers(ctx, qa, opt)
			} else {
				rep, err = eval.XQuADAnswers(ctx, a.evalWiring(), dataset, data, opt)
			}
			if err != nil {
				return err
			}
			if items != "" {
				if err := writeJSONL(items, "--items", rep.Items); err != nil {
					return err
				}
			}
			if a.json {
				return a.printJSON(rep)
			}
			printAnswersReport(a.stdout, rep)
			return nil
		},
	}
	f := cmd.Flags()
	f.StringVar(&data, "data", defaultData, "folder holding the datasets (xquad-ru-dev/, xquad-en-dev/)")
	f.StringVar(&dataset, "dataset", "xquad-ru", "xquad-ru or xquad-en")
	f.StringVar(&qa, "qa", "", "ask the questions of this JSON Lines file over the store of --db instead")
	f.StringVar(&items, "items", "", "write one JSON line per question to this file")
	f.IntVar(&limit, "limit", 0, "ask only the first N answerable and N unanswerable questions of each fold (0: all)")
	return cmd
}

// qaAnswers asks a questions file over the run's store as the caller.
func (a *app) qaAnswers(ctx context.Context, path string, opt eval.AnswersOptions) (*eval.AnswersReport, error) {
	qs, err := eval.LoadQA(path)
	if err != nil {
		return nil, err
	}
	caller, svc, err := a.callerService(ctx)
	if err != nil {
		return nil, err
	}
	ask := func(ctx context.Context, q string, c verity.Caller) (*kb.Answer, error) {
		return svc.Ask(ctx, c, kb.AskRequest{Question: q, Fresh: true, NoRecord: true})
	}
	search := func(ctx context.Context, q string, k int) (*verity.SearchResults, error) {
		return svc.Search(ctx, caller, q, k)
	}
	rep, err := eval.QAAnswers(ctx, path, qs, ask, search, caller, opt, a.evalProgress)
	if err != nil {
		return nil, err
	}
	if m, _, err := a.model(ctx); err == nil {
		rep.Model = m.Info().Name()
	}
	return rep, nil
}

// printAnswersReport renders a report as text: the two answerers side by
// side, per part and fold, then the goals.
func printAnswersReport(w io.Writer, rep *eval.AnswersReport) {
	fmt.Fprintf(w, "%s: %d questions", rep.Title, rep.Questions)
	if rep.Articles > 0 {
		fmt.Fprintf(w, ", %d articles in %d folds", rep.Articles, len(rep.Folds))
	}
	fmt.Fprintf(w, ", model %s\n", clean(rep.Model))
	fmt.Fprintf(w, "  %-30s %9s %9s %9s %7s %7s\n", "", "coverage", "precision", "false", "claims", "words")
	row := func(label string, s eval.AnswerScore) {
		fmt.Fprintf(w, "  %-30s %9.3f %9.3f %9.3f %7.2f %7.1f\n", label, s.Coverage, s.Precision, s.FalseRate, s.MeanClaims, s.MeanWords)
	}
	for _, side := range []eval.AnswerSide{rep.Verity, rep.Baseline} {
		name := "Verity"
		if side.Name != "verity" {
			name = "baseline"
		}
		row(name, side.All)
		for _, p := range []string{eval.PartTune, eval.PartHeld} {
			if s, ok := side.Parts[p]; ok {
				row("  "+strings.ReplaceAll(p, "_", "-")+" part", s)
			}
		}
		for i, s := range side.Folds {
			if len(side.Folds) > 1 {
				row(fmt.Sprintf("  fold %d", i+1), s)
			}
		}
	}
	fmt.Fprintf(w, "  baseline: %s, never \"not found\"\n", rep.Baseline.Name)
	v := rep.Verity.All
	fmt.Fprintf(w, "Verity: %d of %d answerable answered, %d correct; %d of %d unanswerable answered\n",
		v.Answered, v.Answerable, v.Correct, v.FalseAnswers, v.Unanswerable)
	var reasons []string
	for r, n := range v.NotFound {
		reasons = append(reasons, fmt.Sprintf("%s %d", r, n))
	}
	slices.Sort(reasons)
	fmt.Fprintf(w, "  not found by reason: %s\n", strings.Join(reasons, ", "))
	fmt.Fprintln(w, "Goals:")
	for _, g := range rep.Goals {
		mark, kind := "met", "aim"
		if !g.Met {
			mark = "NOT met"
		}
		if g.Hard {
			kind = "hard"
		}
		fmt.Fprintf(w, "  %-24s %6.3f  want %s (%s): %s\n", g.Name, g.Got, g.Want, kind, mark)
	}
}
