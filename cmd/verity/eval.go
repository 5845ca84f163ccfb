package main

import (
	"context"
	"time"

	"github.com/spf13/cobra"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/eval"
	"github.com/veritykb/verity/eval/entitybench"
	"github.com/veritykb/verity/kb"
	"github.com/veritykb/verity/rank"
)

// defaultData is where the repository's checkout keeps shared datasets.
const defaultData = "../shared/data"

func (a *app) evalCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "eval",
		Short: "Measure Verity on public datasets",
	}
	cmd.AddCommand(a.evalRetrievalCmd(), a.evalQuotesCmd(), a.evalSupportCmd(), a.evalReceiptsCmd(), a.evalCitationsCmd(), a.evalExtractionCmd(), a.evalAnswersCmd(), a.evalEntitiesCmd())
	return cmd
}

func (a *app) evalEntitiesCmd() *cobra.Command {
	var o entitybench.Options
	cmd := &cobra.Command{Use: "entities", Short: "Nodes per company on generated news pages that name each company twice", Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			service := func(db eval.Scratch) (*kb.Service, error) { return a.scratchService(db) }
			return entitybench.Main(cmd.Context(), a.evalWiring(), service, o, a.stdout, a.json)
		}}
	cmd.Flags().IntVar(&o.News.Pages, "pages", 400, "pages to generate, a fifth of them about companies that gave Bitrix24 up")
	cmd.Flags().Uint64Var(&o.News.Seed, "seed", 1, "the same seed gives the same corpus")
	cmd.Flags().StringVar(&o.Write, "write", "", "write the corpus to DIR (pages.jsonl for verity ingest, corpus.json) and stop; with --graph, read corpus.json there")
	cmd.Flags().StringVar(&o.Graph, "graph", "", "score this graph (verity graph --json) against --write DIR's corpus instead of extracting")
	return cmd
}

func (a *app) evalRetrievalCmd() *cobra.Command {
	var (
		data, dataset, items string
		store                string
		tune                 bool
		k1, b                float64
		k                    int
	)
	cmd := &cobra.Command{
		Use:   "retrieval",
		Short: "nDCG@10 of search against plain BM25, on SciFact (English) or XQuAD-ru (Russian)",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return eval.RetrievalMain(cmd.Context(), dataset, data, items, k1, b, eval.RetrievalOptions{K: k, Tune: tune,
				Store: func(ctx context.Context, name string, srcs []*verity.Source) (eval.RetrievalStore, func(), time.Duration, error) {
					db, cleanup, took, err := a.scratchStoreAt(ctx, store, name, srcs)
					return ranked{db}, cleanup, took, err
				}}, a.stdout, a.json)
		},
	}
	f := cmd.Flags()
	f.StringVar(&data, "data", defaultData, "folder holding the datasets (scifact/, xquad-ru-dev/)")
	f.StringVar(&dataset, "dataset", "scifact", "scifact or xquad-ru")
	f.StringVar(&items, "items", "", "write one line per query (ranks in Verity and in the baseline) to this file")
	f.BoolVar(&tune, "tune", false, "tune k1 and b on the training claims first (scifact only)")
	f.Float64Var(&k1, "k1", 0, "BM25 k1 (default: Verity's tuned value)")
	f.Float64Var(&b, "b", -1, "BM25 b (default: Verity's tuned value)")
	f.IntVar(&k, "k", 100, "records retrieved per query (nDCG and recall@10 use the top 10, recall@k all k)")
	f.StringVar(&store, "store", "", "build the store in a new schema of this PostgreSQL database (postgres://...),\ndropped afterwards, instead of a temporary SQLite file")
	return cmd
}

// ranked is a scratch store whose BM25 parameters eval retrieval sets.
type ranked struct{ scratch }

func (r ranked) SetRankParams(p rank.Params) { rankWith(r.scratch, p) }

// evalWiring is what the evaluation harnesses build and call: a scratch
// SQLite store per dataset, the run's models, and the answer pipeline over
// a scratch store, answering afresh and keeping nothing.
func (a *app) evalWiring() eval.Wiring {
	return eval.Wiring{
		Scratch: func(ctx context.Context, name string, srcs []*verity.Source) (eval.Scratch, func(), time.Duration, error) {
			return a.scratchStore(ctx, name, srcs)
		},
		Ask: func(ctx context.Context, db eval.Scratch) (eval.AskFunc, error) {
			svc, err := a.scratchService(db)
			if err != nil {
				return nil, err
			}
			return func(ctx context.Context, q string, c verity.Caller) (*kb.Answer, error) {
				return svc.Ask(ctx, c, kb.AskRequest{Question: q, Fresh: true, NoRecord: true})
			}, nil
		},
		Model: a.model, Concurrency: a.concurrency, Now: a.now, Progress: a.evalProgress,
	}
}

// evalProgress opens a progress bar for a stage of an eval harness: an
// eval.Progress drawn on a terminal, nothing when stderr is piped.
func (a *app) evalProgress(stage string, total int64) eval.Bar {
	return a.newProgress(stage, total, false)
}
