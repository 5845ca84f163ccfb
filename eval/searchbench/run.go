package searchbench

import (
	"context"
	"fmt"
	"math"
	"slices"
	"time"

	"github.com/veritykb/verity/eval"
)

// Options configure a [Run].
type Options struct {
	// K is the number of results each query asks for; 10 when zero.
	K int
	// As are the principals the queries run as; none is a public reader.
	As []string
	// SkipIngest searches what the engine holds already (a store kept from
	// an earlier run) instead of ingesting the corpus.
	SkipIngest bool
	// Progress is told the text bytes ingested so far, batch by batch.
	Progress func(bytes int64)
}

// Report is what a [Run] measured of one engine. MB are 10^6 bytes.
type Report struct {
	Engine string   `json:"engine"`
	As     []string `json:"as"`
	// Ingested is false when the run searched a store it did not fill;
	// the ingest figures are then zero.
	Ingested      bool    `json:"ingested"`
	Passages      int     `json:"passages"`
	Chunks        int     `json:"chunks"`
	TextBytes     int64   `json:"text_bytes"`
	IngestSeconds float64 `json:"ingest_seconds"`
	IngestMBps    float64 `json:"ingest_mb_per_s"`
	StoreBytes    int64   `json:"store_bytes"`
	// FileBytes and WALBytes split StoreBytes, for an engine that keeps
	// a write-ahead log beside its file (Verity on SQLite): what the
	// ingest left in each.
	FileBytes int64   `json:"file_bytes,omitempty"`
	WALBytes  int64   `json:"wal_bytes,omitempty"`
	Queries   int     `json:"queries"`
	K         int     `json:"k"`
	P50MS     float64 `json:"p50_ms"`
	P99MS     float64 `json:"p99_ms"`
	MeanMS    float64 `json:"mean_ms"`
	// Judged counts the queries with relevant ids, over which NDCG10 is
	// the mean nDCG@10 (binary relevance); both are zero without any.
	Judged int     `json:"judged"`
	NDCG10 float64 `json:"ndcg_at_10"`
}

// Run measures e: it ingests docs (timed: text bytes over wall time,
// the reading of the corpus file excluded), reads the size on disk, runs
// every query once to warm caches, then once more timed one at a time,
// and scores the timed pass's rankings.
func Run(ctx context.Context, e Engine, docs []Doc, queries []Query, opt Options) (*Report, error) {
	if opt.K == 0 {
		opt.K = 10
	}
	rep := &Report{Engine: e.Name(), As: append([]string{}, opt.As...), Queries: len(queries), K: opt.K}
	if !opt.SkipIngest {
		progress := opt.Progress
		if progress == nil {
			progress = func(int64) {}
		}
		start := time.Now()
		chunks, err := e.Ingest(ctx, docs, progress)
		if err != nil {
			return nil, fmt.Errorf("%s: ingest: %w", e.Name(), err)
		}
		elapsed := time.Since(start)
		rep.Ingested, rep.Passages, rep.Chunks, rep.IngestSeconds = true, len(docs), chunks, elapsed.Seconds()
		for _, d := range docs {
			rep.TextBytes += int64(len(d.Text))
		}
		if s := elapsed.Seconds(); s > 0 {
			rep.IngestMBps = float64(rep.TextBytes) / 1e6 / s
		}
	}
	size, err := e.Size(ctx)
	if err != nil {
		return nil, fmt.Errorf("%s: size: %w", e.Name(), err)
	}
	rep.StoreBytes = size
	if s, ok := e.(interface {
		Sizes(ctx context.Context) (file, wal int64, err error)
	}); ok {
		if rep.FileBytes, rep.WALBytes, err = s.Sizes(ctx); err != nil {
			return nil, fmt.Errorf("%s: size: %w", e.Name(), err)
		}
	}
	for _, q := range queries {
		if _, err := e.Search(ctx, q.Text, opt.K, opt.As); err != nil {
			return nil, fmt.Errorf("%s: warm-up search %q: %w", e.Name(), q.Text, err)
		}
	}
	took := make([]time.Duration, len(queries))
	var ndcg float64
	for i, q := range queries {
		start := time.Now()
		ids, err := e.Search(ctx, q.Text, opt.K, opt.As)
		took[i] = time.Since(start)
		if err != nil {
			return nil, fmt.Errorf("%s: search %q: %w", e.Name(), q.Text, err)
		}
		if len(q.Gold) > 0 {
			rep.Judged++
			ndcg += NDCG10(ids, q.Gold)
		}
	}
	if rep.Judged > 0 {
		rep.NDCG10 = ndcg / float64(rep.Judged)
	}
	rep.P50MS, rep.P99MS, rep.MeanMS = latencies(took)
	return rep, nil
}

// NDCG10 is nDCG@10 of a ranking against relevant ids, with binary
// relevance: DCG sums 1/log2(rank+1) over the relevant ids in the top 10,
// and the ideal ranks min(10, len(gold)) relevant ids first.
func NDCG10(ranked, gold []string) float64 {
	rel := eval.Qrels{}
	for _, id := range gold {
		rel[id] = 1
	}
	return eval.NDCG(ranked, rel, 10)
}

// latencies returns the median, the 99th percentile (nearest rank) and
// the mean of took, in milliseconds.
func latencies(took []time.Duration) (p50, p99, mean float64) {
	if len(took) == 0 {
		return 0, 0, 0
	}
	s := slices.Clone(took)
	slices.Sort(s)
	var sum time.Duration
	for _, d := range s {
		sum += d
	}
	ms := func(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
	return ms(rank(s, 0.50)), ms(rank(s, 0.99)), ms(sum) / float64(len(s))
}

// rank is the nearest-rank percentile p of sorted durations: the smallest
// value with at least p of them at or below it.
func rank(sorted []time.Duration, p float64) time.Duration {
	i := int(math.Ceil(p*float64(len(sorted)))) - 1
	return sorted[max(0, min(i, len(sorted)-1))]
}
