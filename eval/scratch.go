package eval

import (
	"context"
	"time"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/analysis"
	"github.com/veritykb/verity/ingest"
)

// SourcePutter is what [Fill] needs of a store: to put sources with their
// chunks in batches, each put's failure in its Err.
type SourcePutter interface {
	PutSources(ctx context.Context, puts []*verity.SourcePut) error
}

// Fill stores srcs in db in batches of 64, chunked as ingest chunks them,
// and says how long it took: how the program that runs a harness fills the
// scratch store it hands in. progress shows an "index" stage.
func Fill(ctx context.Context, db SourcePutter, srcs []*verity.Source, progress Progress) (time.Duration, error) {
	start := time.Now()
	bar := progress.start("index", int64(len(srcs)))
	defer bar.Done()
	var batch []*verity.SourcePut
	for i, src := range srcs {
		batch = append(batch, &verity.SourcePut{Source: src, Chunks: ingest.Chunks(src, analysis.DefaultChunkOptions)})
		if len(batch) < 64 && i < len(srcs)-1 {
			continue
		}
		if err := db.PutSources(ctx, batch); err != nil {
			return 0, err
		}
		for _, p := range batch {
			if p.Err != nil {
				return 0, p.Err
			}
		}
		bar.Add(int64(len(batch)))
		batch = batch[:0]
	}
	return time.Since(start), nil
}
