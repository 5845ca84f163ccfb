package main

import (
	"context"

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
		Args:  cobra.NoArgs,
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
			rep.Print(a.stdout)
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
		return svc.Search(ctx, caller, kb.SearchRequest{Query: q, K: k})
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
