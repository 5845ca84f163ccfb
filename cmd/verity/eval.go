package main

import (
	"context"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/eval"
	"github.com/veritykb/verity/kb"
	"github.com/veritykb/verity/rank"
)

// defaultData is where the repository's checkout keeps shared datasets.
const defaultData = "../shared/data"

func (a *app) evalCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "eval",
		Short: "Measure Verity on public datasets",
		Long: `Eval runs Verity's components on public, labelled datasets and reports the
standard metrics, so numbers can be compared with published ones. Datasets are
read from --data (default ` + defaultData + `).`,
	}
	cmd.AddCommand(a.evalRetrievalCmd(), a.evalQuotesCmd(), a.evalSupportCmd(), a.evalReceiptsCmd(), a.evalCitationsCmd(), a.evalExtractionCmd(), a.evalAnswersCmd())
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
		Long: `Retrieval builds a fresh store from a dataset (in a temporary directory),
runs its queries as a public caller and reports document-level nDCG@10,
recall@10 and recall@k (k=100 by default) of Verity's search beside those of
a plain BM25 computed in the same run on the same documents and queries:
lowercase, ё as е, split on non-letters and non-digits, Snowball stems, no
stop words, whole documents, k1=0.9 b=0.4 (Anserini's defaults).

--dataset scifact (the default): SciFact's 5,183 abstracts (title and text)
and 300 BEIR test queries. Published BM25 on this set: 0.665 (Anserini
multifield) and 0.679 (flat).

--dataset xquad-ru: the development half of XQuAD-ru, 120 Russian Wikipedia
paragraphs (the plain BM25 reads paragraph text only, as its README does) and
612 questions, each judged by the paragraph it was written about.

--store postgres://USER@HOST/DB builds the store in a new schema of that
PostgreSQL database (verity_scratch_*, dropped when the run ends) instead of
a temporary SQLite file: both stores run the same analysis and the same BM25
code, so the figures must be the same.

--items FILE writes one tab-separated line per query: its id, the rank of its
best relevant document in Verity's results and in the baseline's (0: not in
the top k), and the query.

--tune searches BM25's k1 and b on SciFact's training claims (judged by
their cited abstracts) and reports the best setting; the test queries are
never used for tuning. XQuAD-ru has no training split to tune on.

--json prints {"dataset","split","documents","build_seconds","params",
"test" (Verity's report on the split's queries),"baseline":{"name","k1","b",
"report"},"tuning"}; a report is {"queries","ndcg_at_10","recall_at_10","k",
"recall_at_k","mean_query_time_ns"}.`,
		Example: `  verity eval retrieval
  verity eval retrieval --dataset xquad-ru --items /tmp/xquad-items.tsv
  verity eval retrieval --tune --json
  verity eval retrieval --store postgres://postgres@127.0.0.1:5432/test`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			params := rank.DefaultParams
			if k1 > 0 {
				params.K1 = k1
			}
			if b >= 0 {
				params.B = b
			}
			rep, err := eval.CompareRetrieval(cmd.Context(), dataset, data, eval.RetrievalOptions{K: k, Params: params, Tune: tune,
				Trial: func(t eval.RetrievalTrial) {
					if !a.json {
						fmt.Fprintf(a.stdout, "train  k1=%.2f b=%.2f  nDCG@10 %.4f\n", t.K1, t.B, t.NDCG10)
					}
				},
				Store: func(ctx context.Context, name string, srcs []*verity.Source) (eval.RetrievalStore, func(), time.Duration, error) {
					db, cleanup, took, err := a.scratchStoreAt(ctx, store, name, srcs)
					return ranked{db}, cleanup, took, err
				}})
			if err != nil {
				return err
			}
			if items != "" {
				if err := writeRetrievalItems(items, rep.Test, rep.Baseline.Report); err != nil {
					return err
				}
			}
			if a.json {
				return a.printJSON(rep)
			}
			t, base := rep.Test, rep.Baseline
			fmt.Fprintf(a.stdout, "%s (%d queries, %d documents, store built in %.1fs)\n", rep.Title, t.Queries, rep.Documents, rep.BuildSeconds)
			fmt.Fprintf(a.stdout, "  %-32s %8s %10s %11s %9s\n", "", "nDCG@10", "recall@10", fmt.Sprintf("recall@%d", k), "ms/query")
			row := func(label string, r eval.RetrievalReport) {
				fmt.Fprintf(a.stdout, "  %-32s %8.4f %10.4f %11.4f %9.2f\n", label, r.NDCG10, r.Recall10, r.RecallK, float64(r.MeanTime.Microseconds())/1000)
			}
			row(fmt.Sprintf("Verity (BM25 k1=%.2f b=%.2f)", rep.Params.K1, rep.Params.B), t)
			row(fmt.Sprintf("plain BM25 (k1=%.2f b=%.2f)", base.K1, base.B), base.Report)
			fmt.Fprintf(a.stdout, "  %-32s %+8.4f %+10.4f %+11.4f\n", "Verity − plain", t.NDCG10-base.Report.NDCG10, t.Recall10-base.Report.Recall10, t.RecallK-base.Report.RecallK)
			if rep.Published != "" {
				fmt.Fprintf(a.stdout, "  published: %s\n", rep.Published)
			}
			return nil
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

// writeRetrievalItems writes one line per query: id, Verity's rank, the
// baseline's rank, the query.
func writeRetrievalItems(path string, v, base eval.RetrievalReport) error {
	var sb strings.Builder
	sb.WriteString("query_id\tverity_rank\tbaseline_rank\tquery\n")
	for i, it := range v.Items {
		fmt.Fprintf(&sb, "%s\t%d\t%d\t%s\n", it.QueryID, it.Rank, base.Items[i].Rank, strings.ReplaceAll(it.Query, "\t", " "))
	}
	if err := os.WriteFile(path, []byte(sb.String()), 0o644); err != nil {
		return fmt.Errorf("write --items: %w", err)
	}
	return nil
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
