package postgres_test

import (
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/analysis"
	"github.com/veritykb/verity/ingest"
	"github.com/veritykb/verity/internal/storetest"
	"github.com/veritykb/verity/postgres"
	"github.com/veritykb/verity/postgres/pgtest"
	"github.com/veritykb/verity/sqlite"
)

// The stores side by side: the same corpus, queries and receipts on SQLite
// and PostgreSQL in one run. The defaults keep `go test -bench` quick; the
// figures in the README come from
//
//	go test ./postgres -run '^$' -bench Stores -benchtime 300x -timeout 0 -args -stores.chunks 100000 -stores.records 1000000
//
// (-benchtime 300x: the search and record stores are built once, and the
// search and revocation sub-benchmarks run 300 times each).
var (
	benchChunks  = flag.Int("stores.chunks", 5000, "sources of about 1 KB (one chunk each) in the search benchmark's stores")
	benchRecords = flag.Int("stores.records", 20000, "derived records in the revocation benchmark's stores")
)

// benchKind is one store under benchmark.
type benchKind struct {
	name string
	open func(b *testing.B, name string) storetest.Store
}

func benchKinds() []benchKind {
	return []benchKind{
		{"sqlite", func(b *testing.B, name string) storetest.Store {
			dir, err := os.MkdirTemp("", "verity-stores-bench-")
			if err != nil {
				b.Fatal(err)
			}
			db, err := sqlite.Open(context.Background(), filepath.Join(dir, name+".db"), sqlite.Options{})
			if err != nil {
				b.Fatal(err)
			}
			benchCleanups = append(benchCleanups, func() { db.Close(); os.RemoveAll(dir) })
			return db
		}},
		{"postgres", func(b *testing.B, name string) storetest.Store {
			url := pgtest.URL(b)
			schema := fmt.Sprintf("vt_bench_%d_%s", os.Getpid(), name)
			ctx := context.Background()
			postgres.DropSchema(ctx, url, schema)
			// Unlike the tests' stores, these commit durably, as a
			// deployment's do.
			db, err := postgres.Open(ctx, pgtest.WithSchema(url, schema), postgres.Options{})
			if err != nil {
				b.Fatal(err)
			}
			benchCleanups = append(benchCleanups, func() { db.Close(); postgres.DropSchema(ctx, url, schema) })
			return db
		}},
	}
}

// Stores built by one sub-benchmark and used by the next, closed (and
// removed) by TestMain when the run ends.
var (
	benchSearch   = map[string]storetest.Store{}
	benchIngested = map[string]time.Duration{}
	benchText     int64
	benchReceipts = map[string]*receiptStore{}
	benchCleanups []func()
)

// BenchmarkStores measures, on each store: ingest (MB of text a second, in
// batches of 64 sources), search latency at p50 and p99 for a public
// caller and for one who reads a tenth of the restricted sources, and
// revocation in a store of -stores.records records of the time to revoke a source that 10 and 1000
// records rest on alone (and to restore it, which is not timed).
func BenchmarkStores(b *testing.B) {
	defer func() {
		for _, f := range benchCleanups {
			f()
		}
		benchCleanups = nil
		clear(benchSearch)
		clear(benchIngested)
		clear(benchReceipts)
		benchText = 0
	}()
	for _, k := range benchKinds() {
		b.Run(k.name+"/ingest", func(b *testing.B) { benchIngest(b, k) })
		b.Run(k.name+"/search-public", func(b *testing.B) { benchSearchAs(b, k, verity.NewCaller()) })
		b.Run(k.name+"/search-group", func(b *testing.B) { benchSearchAs(b, k, verity.NewCaller("group:g3")) })
		for _, n := range []int{10, 1000} {
			b.Run(fmt.Sprintf("%s/revoke-%d", k.name, n), func(b *testing.B) { benchRevoke(b, k, n) })
		}
	}
}

// benchIngest fills the search store once, whatever -benchtime asks, and
// reports its speed; the search sub-benchmarks then use that store.
func benchIngest(b *testing.B, k benchKind) {
	if benchSearch[k.name] == nil {
		corpus := storetest.SynthCorpus(*benchChunks, 7)
		benchText = 0
		for _, s := range corpus {
			benchText += int64(len(s.Text))
		}
		db := k.open(b, "search")
		start := time.Now()
		fill(b, db, corpus)
		benchIngested[k.name] = time.Since(start)
		benchSearch[k.name] = db
		b.Logf("%s: ingested %d sources (%.1f MB of text) in %v", k.name, len(corpus), float64(benchText)/1e6, benchIngested[k.name].Round(time.Millisecond))
	}
	took := benchIngested[k.name]
	b.ReportMetric(float64(benchText)/1e6/took.Seconds(), "MB/s-text")
	b.ReportMetric(took.Seconds(), "s-ingest")
}

func fill(b *testing.B, db storetest.Store, corpus []*verity.Source) {
	ctx := context.Background()
	var batch []*verity.SourcePut
	for i, s := range corpus {
		src := *s
		batch = append(batch, &verity.SourcePut{Source: &src, Chunks: ingest.Chunks(&src, analysis.DefaultChunkOptions)})
		if len(batch) == 64 || i == len(corpus)-1 {
			if err := db.PutSources(ctx, batch); err != nil {
				b.Fatal(err)
			}
			batch = batch[:0]
		}
	}
}

func benchSearchAs(b *testing.B, k benchKind, c verity.Caller) {
	db := benchSearch[k.name]
	if db == nil {
		benchIngest(b, k)
		db = benchSearch[k.name]
	}
	ctx := context.Background()
	queries := storetest.SynthQueries(500, 5)
	for _, q := range queries[:50] { // warm the caches, as a serving process is
		if _, err := db.Search(ctx, verity.SearchQuery{Text: q, Caller: c, K: 10}); err != nil {
			b.Fatal(err)
		}
	}
	var lat []time.Duration
	for i := 0; b.Loop(); i++ {
		start := time.Now()
		if _, err := db.Search(ctx, verity.SearchQuery{Text: queries[i%len(queries)], Caller: c, K: 10}); err != nil {
			b.Fatal(err)
		}
		lat = append(lat, time.Since(start))
	}
	slices.Sort(lat)
	b.ReportMetric(float64(lat[len(lat)/2].Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(lat[len(lat)*99/100].Microseconds())/1000, "p99-ms")
}

// receiptStore is a store of -stores.records records resting on a
// thousandth as many sources, each record on one to three alternative sets
// of one or two random sources, and, planted among them, sources that
// exactly 10 and exactly 1000 records rest on alone.
type receiptStore struct {
	db     storetest.Store
	plants map[int]verity.Ref
}

func receipts(b *testing.B, k benchKind) *receiptStore {
	if rs := benchReceipts[k.name]; rs != nil {
		return rs
	}
	ctx := context.Background()
	db := k.open(b, "receipts")
	nSrc := max(100, *benchRecords/1000)
	var srcs []*verity.Source
	for i := range nSrc + 2 {
		srcs = append(srcs, &verity.Source{ID: fmt.Sprintf("s%d", i), URI: fmt.Sprintf("https://x/%d", i), System: "file",
			ACL: []verity.Principal{verity.Public}, Text: fmt.Sprintf("source %d", i)})
	}
	fill(b, db, srcs)
	rs := &receiptStore{db: db, plants: map[int]verity.Ref{10: verity.SourceRef(srcs[nSrc].ID), 1000: verity.SourceRef(srcs[nSrc+1].ID)}}
	rng := rand.New(rand.NewPCG(3, 5))
	start := time.Now()
	var batch []*verity.Record
	flush := func() {
		if _, err := db.PutRecords(ctx, batch); err != nil {
			b.Fatal(err)
		}
		batch = batch[:0]
	}
	plain := *benchRecords - 1010
	for i := range *benchRecords {
		var sets [][]verity.Ref
		switch {
		case i >= plain+10:
			sets = [][]verity.Ref{{rs.plants[1000]}}
		case i >= plain:
			sets = [][]verity.Ref{{rs.plants[10]}}
		default:
			for range 1 + rng.IntN(3) {
				set := []verity.Ref{verity.SourceRef(srcs[rng.IntN(nSrc)].ID)}
				if rng.IntN(2) == 0 {
					set = append(set, verity.SourceRef(srcs[rng.IntN(nSrc)].ID))
				}
				sets = append(sets, set)
			}
		}
		batch = append(batch, &verity.Record{ID: fmt.Sprintf("r%d", i), Kind: verity.KindSentence, Receipt: verity.Receipt{Sets: sets}})
		if len(batch) == 1000 {
			flush()
		}
	}
	if len(batch) > 0 {
		flush()
	}
	b.Logf("%s: stored %d records on %d sources in %v", k.name, *benchRecords, nSrc+2, time.Since(start).Round(time.Millisecond))
	benchReceipts[k.name] = rs
	return rs
}

func benchRevoke(b *testing.B, k benchKind, n int) {
	rs := receipts(b, k)
	ctx := context.Background()
	ref := rs.plants[n]
	for b.Loop() {
		_, change, err := rs.db.Revoke(ctx, []verity.Ref{ref}, verity.Actor{Who: "user:bench@x.example"}, "bench")
		if err != nil {
			b.Fatal(err)
		}
		if len(change.Died) != n {
			b.Fatalf("revoking %s killed %d records, want %d", ref, len(change.Died), n)
		}
		b.StopTimer()
		if _, _, err := rs.db.Unrevoke(ctx, []verity.Ref{ref}, verity.Actor{Who: "user:bench@x.example"}, "bench"); err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
	}
}
