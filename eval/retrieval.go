package eval

import (
	"context"
	"time"

	"github.com/veritykb/verity"
)

// RetrievalReport is how well a ranker ranks a query set.
type RetrievalReport struct {
	Queries  int           `json:"queries"`
	NDCG10   float64       `json:"ndcg_at_10"`
	Recall10 float64       `json:"recall_at_10"`
	K        int           `json:"k"`
	RecallK  float64       `json:"recall_at_k"`
	MeanTime time.Duration `json:"mean_query_time_ns"`
	// Items are the queries one by one, in the order given; commands write
	// them to a file of their own rather than into the report.
	Items []RetrievalItem `json:"-"`
}

// RetrievalItem is how one query fared.
type RetrievalItem struct {
	QueryID string
	Query   string
	// Rank is the 1-based rank of the best-ranked relevant document, 0 when
	// none is among the k retrieved.
	Rank   int
	NDCG10 float64
}

// Ranker returns the ids of the documents it finds for a query, best first,
// at most k of them.
type Ranker func(ctx context.Context, query string, k int) ([]string, error)

// SearcherRanker ranks with s as a public caller; docID maps a result to the
// dataset's document id.
func SearcherRanker(s verity.Searcher, docID func(verity.SearchResult) string) Ranker {
	return func(ctx context.Context, query string, k int) ([]string, error) {
		res, err := s.Search(ctx, verity.SearchQuery{Text: query, Caller: verity.NewCaller(), K: k})
		if err != nil {
			return nil, err
		}
		ranked := make([]string, len(res.Results))
		for i, r := range res.Results {
			ranked[i] = docID(r)
		}
		return ranked, nil
	}
}

// BaselineRanker ranks with the plain BM25 baseline.
func BaselineRanker(x *Baseline) Ranker {
	return func(_ context.Context, query string, k int) ([]string, error) { return x.Search(query, k), nil }
}

// Retrieval runs every query through r asking for k documents, and
// averages nDCG@10, recall@10 and recall@k over queries that have
// judgements.
func Retrieval(ctx context.Context, r Ranker, queries []Query, qrels map[string]Qrels, k int) (RetrievalReport, error) {
	rep := RetrievalReport{K: k}
	var total time.Duration
	for _, q := range queries {
		rel, ok := qrels[q.ID]
		if !ok {
			continue
		}
		start := time.Now()
		ranked, err := r(ctx, q.Text, k)
		if err != nil {
			return rep, err
		}
		total += time.Since(start)
		item := RetrievalItem{QueryID: q.ID, Query: q.Text, NDCG10: NDCG(ranked, rel, 10)}
		for i, id := range ranked {
			if rel[id] > 0 {
				item.Rank = i + 1
				break
			}
		}
		rep.Items = append(rep.Items, item)
		rep.Queries++
		rep.NDCG10 += item.NDCG10
		rep.Recall10 += RecallAt(ranked, rel, 10)
		rep.RecallK += RecallAt(ranked, rel, k)
	}
	if rep.Queries > 0 {
		rep.NDCG10 /= float64(rep.Queries)
		rep.Recall10 /= float64(rep.Queries)
		rep.RecallK /= float64(rep.Queries)
		rep.MeanTime = total / time.Duration(rep.Queries)
	}
	return rep, nil
}
