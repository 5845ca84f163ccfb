package eval

import (
	"context"
	"time"

	"github.com/veritykb/verity"
)

// RetrievalReport is how well a searcher ranks a query set.
type RetrievalReport struct {
	Queries  int           `json:"queries"`
	NDCG10   float64       `json:"ndcg_at_10"`
	K        int           `json:"k"`
	RecallK  float64       `json:"recall_at_k"`
	MeanTime time.Duration `json:"mean_query_time_ns"`
}

// Retrieval runs every query through s as a public caller asking for k
// records, and averages nDCG@10 and recall@k over queries that have
// judgements. docID maps a result to the dataset's document id.
func Retrieval(ctx context.Context, s verity.Searcher, queries []Query, qrels map[string]Qrels, k int, docID func(verity.SearchResult) string) (RetrievalReport, error) {
	rep := RetrievalReport{K: k}
	var total time.Duration
	for _, q := range queries {
		rel, ok := qrels[q.ID]
		if !ok {
			continue
		}
		start := time.Now()
		res, err := s.Search(ctx, verity.SearchQuery{Text: q.Text, Caller: verity.NewCaller(), K: k})
		if err != nil {
			return rep, err
		}
		total += time.Since(start)
		ranked := make([]string, len(res.Results))
		for i, r := range res.Results {
			ranked[i] = docID(r)
		}
		rep.Queries++
		rep.NDCG10 += NDCG(ranked, rel, 10)
		rep.RecallK += RecallAt(ranked, rel, k)
	}
	if rep.Queries > 0 {
		rep.NDCG10 /= float64(rep.Queries)
		rep.RecallK /= float64(rep.Queries)
		rep.MeanTime = total / time.Duration(rep.Queries)
	}
	return rep, nil
}
