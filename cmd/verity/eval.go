package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/eval"
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
	cmd.AddCommand(a.evalRetrievalCmd(), a.evalQuotesCmd(), a.evalSupportCmd(), a.evalReceiptsCmd(), a.evalCitationsCmd(), a.evalExtractionCmd())
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
			ctx := cmd.Context()
			set, err := loadRetrievalSet(dataset, data)
			if err != nil {
				return err
			}
			if tune && set.train == nil {
				return verity.Errorf(verity.EINVALID, "--tune: %s has no training split to tune on", set.name)
			}
			db, cleanup, build, err := a.scratchStoreAt(ctx, store, set.name, set.sources)
			if err != nil {
				return err
			}
			defer cleanup()
			verityRanker := eval.SearcherRanker(db, func(r verity.SearchResult) string { return r.SourceID })
			params := rank.DefaultParams
			if k1 > 0 {
				params.K1 = k1
			}
			if b >= 0 {
				params.B = b
			}
			out := map[string]any{"dataset": set.name, "split": set.split, "documents": len(set.sources), "build_seconds": build.Seconds()}
			if tune {
				best, bestScore := params, -1.0
				var grid []map[string]float64
				for _, tk1 := range []float64{0.6, 0.9, 1.2, 1.5} {
					for _, tb := range []float64{0.2, 0.4, 0.6, 0.75} {
						p := rank.Params{K1: tk1, B: tb}
						rankWith(db, p)
						rep, err := eval.Retrieval(ctx, verityRanker, set.train.queries, set.train.qrels, 10)
						if err != nil {
							return err
						}
						grid = append(grid, map[string]float64{"k1": tk1, "b": tb, "ndcg_at_10": rep.NDCG10})
						if !a.json {
							fmt.Fprintf(a.stdout, "train  k1=%.2f b=%.2f  nDCG@10 %.4f\n", tk1, tb, rep.NDCG10)
						}
						if rep.NDCG10 > bestScore {
							best, bestScore = p, rep.NDCG10
						}
					}
				}
				out["tuning"] = map[string]any{"split": set.train.split, "grid": grid, "best": map[string]float64{"k1": best.K1, "b": best.B, "ndcg_at_10": bestScore}}
				params = best
			}
			rankWith(db, params)
			rep, err := eval.Retrieval(ctx, verityRanker, set.queries, set.qrels, k)
			if err != nil {
				return err
			}
			base := eval.NewBaseline(set.baseline, baselineParams.K1, baselineParams.B)
			baseRep, err := eval.Retrieval(ctx, eval.BaselineRanker(base), set.queries, set.qrels, k)
			if err != nil {
				return err
			}
			if items != "" {
				if err := writeRetrievalItems(items, rep, baseRep); err != nil {
					return err
				}
			}
			out["test"] = rep
			out["params"] = map[string]float64{"k1": params.K1, "b": params.B}
			out["baseline"] = map[string]any{"name": "plain BM25", "k1": baselineParams.K1, "b": baselineParams.B, "report": baseRep}
			if a.json {
				return a.printJSON(out)
			}
			fmt.Fprintf(a.stdout, "%s (%d queries, %d documents, store built in %.1fs)\n", set.title, rep.Queries, len(set.sources), build.Seconds())
			fmt.Fprintf(a.stdout, "  %-32s %8s %10s %11s %9s\n", "", "nDCG@10", "recall@10", fmt.Sprintf("recall@%d", k), "ms/query")
			row := func(label string, r eval.RetrievalReport) {
				fmt.Fprintf(a.stdout, "  %-32s %8.4f %10.4f %11.4f %9.2f\n", label, r.NDCG10, r.Recall10, r.RecallK, float64(r.MeanTime.Microseconds())/1000)
			}
			row(fmt.Sprintf("Verity (BM25 k1=%.2f b=%.2f)", params.K1, params.B), rep)
			row(fmt.Sprintf("plain BM25 (k1=%.2f b=%.2f)", baselineParams.K1, baselineParams.B), baseRep)
			fmt.Fprintf(a.stdout, "  %-32s %+8.4f %+10.4f %+11.4f\n", "Verity − plain", rep.NDCG10-baseRep.NDCG10, rep.Recall10-baseRep.Recall10, rep.RecallK-baseRep.RecallK)
			if set.published != "" {
				fmt.Fprintf(a.stdout, "  published: %s\n", set.published)
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

// baselineParams are the plain BM25's parameters: Anserini's defaults, at
// which the published flat BM25 figures are measured.
var baselineParams = rank.Params{K1: 0.9, B: 0.4}

// retrievalSet is a dataset as eval retrieval runs it.
type retrievalSet struct {
	name, split, title, published string
	sources                       []*verity.Source
	queries                       []eval.Query
	qrels                         map[string]eval.Qrels
	baseline                      []eval.BaselineDoc // the documents as the plain BM25 reads them
	train                         *trainSplit        // nil: nothing to tune on
}

type trainSplit struct {
	split   string
	queries []eval.Query
	qrels   map[string]eval.Qrels
}

func loadRetrievalSet(dataset, data string) (*retrievalSet, error) {
	switch dataset {
	case "scifact":
		sf, err := eval.LoadSciFact(filepath.Join(data, "scifact"))
		if err != nil {
			return nil, err
		}
		set := &retrievalSet{name: "scifact", split: "test", title: "SciFact test",
			published: "Anserini BM25 0.665 multifield, 0.679 flat",
			queries:   sf.TestQueries, qrels: sf.TestQrels}
		set.sources = sciFactSources(sf)
		for _, d := range sf.Docs {
			// BEIR's flat BM25 indexes title and abstract as one text.
			set.baseline = append(set.baseline, eval.BaselineDoc{ID: d.ID, Text: d.Title + " " + d.Text()})
		}
		tq, tqrels := sf.TrainQueries()
		set.train = &trainSplit{split: "claims_train", queries: tq, qrels: tqrels}
		return set, nil
	case "xquad-ru":
		x, err := eval.LoadXQuAD(filepath.Join(data, "xquad-ru-dev"))
		if err != nil {
			return nil, err
		}
		set := &retrievalSet{name: "xquad-ru", split: "dev", title: "XQuAD-ru dev",
			published: "plain BM25 in xquad-ru-dev/README.md: 0.948 (k1=0.9 b=0.4)",
			sources:   x.Sources, queries: x.Queries, qrels: x.Qrels}
		for _, s := range x.Sources {
			set.baseline = append(set.baseline, eval.BaselineDoc{ID: s.ID, Text: s.Text})
		}
		return set, nil
	}
	return nil, verity.Errorf(verity.EINVALID, "--dataset %q: want scifact or xquad-ru", dataset)
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

// evalProgress opens a progress bar for a stage of an eval harness: an
// eval.Progress drawn on a terminal, nothing when stderr is piped.
func (a *app) evalProgress(stage string, total int64) eval.Bar {
	return a.newProgress(stage, total, false)
}
