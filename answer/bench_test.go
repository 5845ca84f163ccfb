package answer_test

import (
	"context"
	"testing"
	"time"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/answer"
	"github.com/veritykb/verity/receipt/receipttest"
)

// BenchmarkAskOffline measures a whole grounded answer on the offline
// engine (search, stages, verification, quotes, records) as a multiple of
// the one search it starts with, both measured here on the demo corpus.
func BenchmarkAskOffline(b *testing.B) {
	db := openStore(b, demoCorpus)
	ctx := context.Background()
	svc := offlineService(db, answer.Options{NoCache: true, NoRecords: true})
	const q = "Как часто пересматриваются права доступа?"
	caller := verity.NewCaller("group:staff")
	search := func() {
		if _, err := db.Search(ctx, verity.SearchQuery{Text: q, Caller: caller, K: 5}); err != nil {
			b.Fatal(err)
		}
	}
	// The baseline: the search alone, the same number of times.
	start := time.Now()
	for range 200 {
		search()
	}
	perSearch := time.Since(start) / 200
	b.ResetTimer()
	for b.Loop() {
		a, err := svc.Ask(ctx, q, caller, receipttest.View(ctx, db, caller))
		if err != nil || a.Outcome != answer.Answered {
			b.Fatalf("Ask = %v, %v", a, err)
		}
	}
	perAsk := b.Elapsed() / time.Duration(b.N)
	b.ReportMetric(float64(perAsk)/float64(perSearch), "searches/answer")
}
