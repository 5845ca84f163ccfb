package eval

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"time"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/rank"
)

// BaselineParams are the plain BM25's parameters: Anserini's defaults, at
// which the published flat BM25 figures are measured.
var BaselineParams = rank.Params{K1: 0.9, B: 0.4}

// RetrievalSet is a dataset as [CompareRetrieval] runs it.
type RetrievalSet struct {
	Name, Split, Title string
	Published          string // the published figures to compare with, "" for none
	Sources            []*verity.Source
	Queries            []Query
	Qrels              map[string]Qrels
	Baseline           []BaselineDoc   // the documents as the plain BM25 reads them
	Train              *RetrievalSplit // nil: nothing to tune on
}

// RetrievalSplit is the training split of a [RetrievalSet]: the queries
// tuning may use.
type RetrievalSplit struct {
	Split   string
	Queries []Query
	Qrels   map[string]Qrels
}

// LoadRetrievalSet reads dataset from the folder data: "scifact" (its
// abstracts, the 300 BEIR test queries, the training claims to tune on) or
// "xquad-ru" (XQuAD-ru's development half, nothing to tune on).
func LoadRetrievalSet(dataset, data string) (*RetrievalSet, error) {
	switch dataset {
	case "scifact":
		sf, err := LoadSciFact(filepath.Join(data, "scifact"))
		if err != nil {
			return nil, err
		}
		set := &RetrievalSet{Name: "scifact", Split: "test", Title: "SciFact test",
			Published: "Anserini BM25 0.665 multifield, 0.679 flat",
			Queries:   sf.TestQueries, Qrels: sf.TestQrels, Sources: sf.Sources()}
		for _, d := range sf.Docs {
			// BEIR's flat BM25 indexes title and abstract as one text.
			set.Baseline = append(set.Baseline, BaselineDoc{ID: d.ID, Text: d.Title + " " + d.Text()})
		}
		tq, tqrels := sf.TrainQueries()
		set.Train = &RetrievalSplit{Split: "claims_train", Queries: tq, Qrels: tqrels}
		return set, nil
	case "xquad-ru":
		x, err := LoadXQuAD(filepath.Join(data, "xquad-ru-dev"))
		if err != nil {
			return nil, err
		}
		set := &RetrievalSet{Name: "xquad-ru", Split: "dev", Title: "XQuAD-ru dev",
			Published: "plain BM25 in xquad-ru-dev/README.md: 0.948 (k1=0.9 b=0.4)",
			Sources:   x.Sources, Queries: x.Queries, Qrels: x.Qrels}
		for _, s := range x.Sources {
			set.Baseline = append(set.Baseline, BaselineDoc{ID: s.ID, Text: s.Text})
		}
		return set, nil
	}
	return nil, verity.Errorf(verity.EINVALID, "--dataset %q: want scifact or xquad-ru", dataset)
}

// RetrievalStore is the store a retrieval run searches as a public caller:
// a scratch store holding the set's sources, whose BM25 parameters the run
// sets before each pass.
type RetrievalStore interface {
	verity.Searcher
	SetRankParams(rank.Params)
}

// RetrievalOptions configure [CompareRetrieval].
type RetrievalOptions struct {
	K      int         // records retrieved per query: recall@k uses all k, nDCG and recall@10 the top 10
	Params rank.Params // Verity's BM25 parameters, unless Tune finds better ones
	// Tune searches k1 and b on the set's training split first and runs
	// the test queries with the best setting.
	Tune bool
	// Trial, when set, is told each setting tuning tried, as it goes.
	Trial func(RetrievalTrial)
	// Store builds the store to search, named name and holding srcs, and
	// returns it with the func that removes it and how long filling it took.
	Store func(ctx context.Context, name string, srcs []*verity.Source) (RetrievalStore, func(), time.Duration, error)
}

// RetrievalComparison is what `verity eval retrieval` reports: Verity's
// search beside a plain BM25 on the same documents and queries. Its fields
// are in the order of their JSON names, which is the order the report has
// always been printed in.
type RetrievalComparison struct {
	Baseline     RetrievalBaseline `json:"baseline"`
	BuildSeconds float64           `json:"build_seconds"`
	Dataset      string            `json:"dataset"`
	Documents    int               `json:"documents"`
	Params       BM25              `json:"params"` // Verity's, after any tuning
	Split        string            `json:"split"`
	Test         RetrievalReport   `json:"test"`
	Tuning       *RetrievalTuning  `json:"tuning,omitempty"`
	// Title and Published name the set and the figures published on it,
	// for a reader of the text report.
	Title     string `json:"-"`
	Published string `json:"-"`
}

// BM25 are BM25 parameters as a report prints them.
type BM25 struct {
	B  float64 `json:"b"`
	K1 float64 `json:"k1"`
}

// RetrievalBaseline is the plain BM25's side of a [RetrievalComparison].
type RetrievalBaseline struct {
	B      float64         `json:"b"`
	K1     float64         `json:"k1"`
	Name   string          `json:"name"`
	Report RetrievalReport `json:"report"`
}

// RetrievalTrial is one setting tuning tried and its training nDCG@10.
type RetrievalTrial struct {
	B      float64 `json:"b"`
	K1     float64 `json:"k1"`
	NDCG10 float64 `json:"ndcg_at_10"`
}

// RetrievalTuning is the search of BM25's parameters on the training split.
type RetrievalTuning struct {
	Best  RetrievalTrial   `json:"best"`
	Grid  []RetrievalTrial `json:"grid"`
	Split string           `json:"split"`
}

// CompareRetrieval reads dataset from data (see [LoadRetrievalSet]), builds
// a store of its documents with opt.Store, optionally tunes BM25 on the
// training split (a 4×4 grid over k1 and b; the test queries are never
// used for tuning), and reports document-level nDCG@10, recall@10 and
// recall@k of Verity's search beside those of the plain BM25
// ([BaselineParams]) computed in the same run.
func CompareRetrieval(ctx context.Context, dataset, data string, opt RetrievalOptions) (*RetrievalComparison, error) {
	set, err := LoadRetrievalSet(dataset, data)
	if err != nil {
		return nil, err
	}
	if opt.Tune && set.Train == nil {
		return nil, verity.Errorf(verity.EINVALID, "--tune: %s has no training split to tune on", set.Name)
	}
	db, cleanup, build, err := opt.Store(ctx, set.Name, set.Sources)
	if err != nil {
		return nil, err
	}
	defer cleanup()
	ranker := SearcherRanker(db, func(r verity.SearchResult) string { return r.SourceID })
	out := &RetrievalComparison{Dataset: set.Name, Split: set.Split, Documents: len(set.Sources), BuildSeconds: build.Seconds(),
		Title: set.Title, Published: set.Published}
	params := opt.Params
	if opt.Tune {
		tuning := &RetrievalTuning{Split: set.Train.Split, Best: RetrievalTrial{K1: params.K1, B: params.B, NDCG10: -1}}
		for _, k1 := range []float64{0.6, 0.9, 1.2, 1.5} {
			for _, b := range []float64{0.2, 0.4, 0.6, 0.75} {
				db.SetRankParams(rank.Params{K1: k1, B: b})
				rep, err := Retrieval(ctx, ranker, set.Train.Queries, set.Train.Qrels, 10)
				if err != nil {
					return nil, err
				}
				trial := RetrievalTrial{K1: k1, B: b, NDCG10: rep.NDCG10}
				tuning.Grid = append(tuning.Grid, trial)
				if opt.Trial != nil {
					opt.Trial(trial)
				}
				if rep.NDCG10 > tuning.Best.NDCG10 {
					tuning.Best = trial
				}
			}
		}
		out.Tuning, params = tuning, rank.Params{K1: tuning.Best.K1, B: tuning.Best.B}
	}
	db.SetRankParams(params)
	if out.Test, err = Retrieval(ctx, ranker, set.Queries, set.Qrels, opt.K); err != nil {
		return nil, err
	}
	base := NewBaseline(set.Baseline, BaselineParams.K1, BaselineParams.B)
	baseRep, err := Retrieval(ctx, BaselineRanker(base), set.Queries, set.Qrels, opt.K)
	if err != nil {
		return nil, err
	}
	out.Params = BM25{K1: params.K1, B: params.B}
	out.Baseline = RetrievalBaseline{Name: "plain BM25", K1: BaselineParams.K1, B: BaselineParams.B, Report: baseRep}
	return out, nil
}

// RetrievalMain runs verity eval retrieval on dataset (read from data):
// BM25's k1 and b are Verity's unless k1 > 0 or b >= 0 set them; items,
// when set, is the file of one line per query; the comparison is printed
// as text (each tuning trial as it goes) or, with asJSON, as JSON.
func RetrievalMain(ctx context.Context, dataset, data, items string, k1, b float64, opt RetrievalOptions, w io.Writer, asJSON bool) error {
	opt.Params = rank.DefaultParams
	if k1 > 0 {
		opt.Params.K1 = k1
	}
	if b >= 0 {
		opt.Params.B = b
	}
	opt.Trial = func(t RetrievalTrial) {
		if !asJSON {
			fmt.Fprintf(w, "train  k1=%.2f b=%.2f  nDCG@10 %.4f\n", t.K1, t.B, t.NDCG10)
		}
	}
	rep, err := CompareRetrieval(ctx, dataset, data, opt)
	if err != nil {
		return err
	}
	if items != "" {
		if err := rep.WriteItems(items); err != nil {
			return err
		}
	}
	if asJSON {
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		enc.SetEscapeHTML(false)
		return enc.Encode(rep)
	}
	rep.Print(w)
	return nil
}
