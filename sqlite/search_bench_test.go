package sqlite_test

import (
	"context"
	"flag"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/analysis"
	"github.com/veritykb/verity/ingest"
	"github.com/veritykb/verity/internal/storetest"
	"github.com/veritykb/verity/sqlite"
)

// benchChunks sizes the search benchmarks' store. The default keeps
// `go test -bench` quick; the figures in the notes use
//
//	go test -run '^$' -bench 'Search|Ingest' -benchtime 200x ./sqlite/ -args -store.chunks 100000
var benchChunks = flag.Int("store.chunks", 5000, "chunks in the search benchmark store (one ~1 KB source each)")

var (
	benchOnce sync.Once
	benchDB   *sqlite.DB
	benchErr  error
)

func benchStore(b *testing.B) *sqlite.DB {
	benchOnce.Do(func() {
		dir, err := osMkdirTemp()
		if err != nil {
			benchErr = err
			return
		}
		benchDB, benchErr = sqlite.Open(context.Background(), filepath.Join(dir, "bench.db"), sqlite.Options{})
		if benchErr != nil {
			return
		}
		start := time.Now()
		var batch []*verity.SourcePut
		corpus := storetest.SynthCorpus(*benchChunks, 7)
		for i, s := range corpus {
			batch = append(batch, &verity.SourcePut{Source: s, Chunks: ingest.Chunks(s, analysis.DefaultChunkOptions)})
			if len(batch) == 256 || i == len(corpus)-1 {
				if benchErr = benchDB.PutSources(context.Background(), batch); benchErr != nil {
					return
				}
				batch = batch[:0]
			}
		}
		b.Logf("built a store of %d chunks in %v", *benchChunks, time.Since(start))
	})
	if benchErr != nil {
		b.Fatal(benchErr)
	}
	return benchDB
}

// BenchmarkIngest measures PutSource throughput in MB of text per second,
// beside a baseline that stores the same text in a plain table without
// analysis or indexing (the cost of SQLite alone).
func BenchmarkIngest(b *testing.B) {
	corpus := storetest.SynthCorpus(2000, 11)
	var bytes int64
	for _, s := range corpus {
		bytes += int64(len(s.Text))
	}
	b.Run("verity-one-per-tx", func(b *testing.B) {
		for b.Loop() {
			b.StopTimer()
			db := openTest(b)
			b.StartTimer()
			for _, s := range corpus {
				c := *s
				if _, err := db.PutSource(context.Background(), &c, ingest.Chunks(&c, analysis.DefaultChunkOptions)); err != nil {
					b.Fatal(err)
				}
			}
		}
		b.SetBytes(bytes)
	})
	b.Run("verity-batch-64", func(b *testing.B) {
		for b.Loop() {
			b.StopTimer()
			db := openTest(b)
			b.StartTimer()
			var batch []*verity.SourcePut
			for i, s := range corpus {
				c := *s
				batch = append(batch, &verity.SourcePut{Source: &c, Chunks: ingest.Chunks(&c, analysis.DefaultChunkOptions)})
				if len(batch) == 64 || i == len(corpus)-1 {
					if err := db.PutSources(context.Background(), batch); err != nil {
						b.Fatal(err)
					}
					batch = batch[:0]
				}
			}
		}
		b.SetBytes(bytes)
	})
	b.Run("baseline-plain-insert", func(b *testing.B) {
		for b.Loop() {
			b.StopTimer()
			db := openTest(b)
			sdb := db.SQL()
			sdb.Exec(`CREATE TABLE plain (id TEXT PRIMARY KEY, text TEXT)`)
			b.StartTimer()
			for _, s := range corpus {
				tx, _ := sdb.Begin()
				if _, err := tx.Exec(`INSERT INTO plain (id, text) VALUES (?, ?)`, s.ID, s.Text); err != nil {
					b.Fatal(err)
				}
				tx.Commit()
			}
		}
		b.SetBytes(bytes)
	})
}

// BenchmarkSearch reports search latency percentiles at -store.chunks chunks
// for a public caller and for a caller with three groups (the ACL filter does
// more work). The peer to compare with is Bleve, in the benchmark-only
// module bench/search, which runs both on the same passages.
func BenchmarkSearch(b *testing.B) {
	db := benchStore(b)
	queries := storetest.SynthQueries(500, 5)
	ctx := context.Background()
	run := func(b *testing.B, fn func(q string) error) {
		var lat []time.Duration
		i := 0
		for b.Loop() {
			q := queries[i%len(queries)]
			i++
			start := time.Now()
			if err := fn(q); err != nil {
				b.Fatal(err)
			}
			lat = append(lat, time.Since(start))
		}
		slices.Sort(lat)
		b.ReportMetric(float64(lat[len(lat)/2].Microseconds())/1000, "p50-ms")
		b.ReportMetric(float64(lat[len(lat)*99/100].Microseconds())/1000, "p99-ms")
	}
	b.Run("public", func(b *testing.B) {
		run(b, func(q string) error {
			_, err := db.Search(ctx, verity.SearchQuery{Text: q, Caller: verity.NewCaller(), K: 10})
			return err
		})
	})
	b.Run("three-groups", func(b *testing.B) {
		c := verity.NewCaller("group:g1", "group:g4", "group:g7", "user:someone@x.example")
		run(b, func(q string) error {
			_, err := db.Search(ctx, verity.SearchQuery{Text: q, Caller: c, K: 10})
			return err
		})
	})
}

func osMkdirTemp() (string, error) { return os.MkdirTemp("", "verity-bench-") }
