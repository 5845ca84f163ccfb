package receipt_test

import (
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"runtime"
	"testing"
	"time"

	"github.com/veritykb/verity/receipt"
	"github.com/veritykb/verity/receipt/receipttest"
)

// scale picks the benchmark graph. "full" is issue 6's 1M sources and 10M
// records (about 0.8 GiB of heap in use, 2 GiB peak RSS, some 3.5 minutes
// for the whole run on two cores); run it with
//
//	go test ./receipt -run '^$' -bench . -benchtime 20x -timeout 0 -args -scale=full
var scale = flag.String("scale", "small", "benchmark graph: small (10k sources, 100k records), medium (100k, 1M) or full (1M sources, 10M records)")

var scales = map[string]receipttest.Config{
	"small":  {Sources: 10_000, Records: 100_000, Seed: 1, Plants: []int{10, 1000, 10_000}, Window: 10_000},
	"medium": {Sources: 100_000, Records: 1_000_000, Seed: 1, Plants: []int{10, 1000, 100_000}},
	"full":   {Sources: 1_000_000, Records: 10_000_000, Seed: 1, Plants: []int{10, 1000, 100_000}},
}

type benchGraph struct {
	*receipttest.Graph
	recompute time.Duration // the fastest of three from-scratch recomputations
	heap      uint64        // heap in use with the graph built, after a collection
	random    []receipt.Node
}

var benchGraphs = map[string]*benchGraph{}

func loadBench(b *testing.B) *benchGraph {
	b.Helper()
	if g, ok := benchGraphs[*scale]; ok {
		return g
	}
	cfg, ok := scales[*scale]
	if !ok {
		b.Fatalf("-scale=%q: want small, medium or full", *scale)
	}
	start := time.Now()
	gen, err := receipttest.Generate(cfg)
	if err != nil {
		b.Fatal(err)
	}
	g := &benchGraph{Graph: gen}
	built := time.Since(start)
	for i := range 3 {
		t := time.Now()
		g.Recompute()
		if d := time.Since(t); i == 0 || d < g.recompute {
			g.recompute = d
		}
	}
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	g.heap = ms.HeapInuse
	rng := rand.New(rand.NewPCG(2, 2))
	for range 256 {
		g.random = append(g.random, receipt.Node(rng.IntN(g.Sources()-len(g.Plants))))
	}
	b.Logf("scale %s: %d sources, %d records; built in %v; recompute %v; heap in use %d MiB",
		*scale, g.Sources(), g.Len()-g.Sources(), built.Round(time.Millisecond), g.recompute.Round(time.Microsecond), g.heap>>20)
	benchGraphs[*scale] = g
	return g
}

// cases are the revocations measured: each plant's source (the planted k),
// and random bulk sources (what a typical source's revocation costs).
func (g *benchGraph) cases() []struct {
	name string
	pick func(i int) []receipt.Node
} {
	var cs []struct {
		name string
		pick func(i int) []receipt.Node
	}
	for _, p := range g.Plants {
		cs = append(cs, struct {
			name string
			pick func(i int) []receipt.Node
		}{fmt.Sprintf("k=%d", p.Size), func(int) []receipt.Node { return []receipt.Node{p.Source} }})
	}
	cs = append(cs, struct {
		name string
		pick func(i int) []receipt.Node
	}{"random-source", func(i int) []receipt.Node { return []receipt.Node{g.random[i%len(g.random)]} }})
	return cs
}

// BenchmarkRevoke times one revocation (engine and store update) per
// iteration, undoing it untimed, and reports the records that died, the
// records examined, the heap in use right after, and how many times faster
// than a from-scratch recomputation of the same graph in the same process it
// was (x-recompute). B/op is the memory one revocation allocates.
func BenchmarkRevoke(b *testing.B) {
	g := loadBench(b)
	for _, c := range g.cases() {
		b.Run(c.name, func(b *testing.B) { benchChange(b, g, c.pick, false) })
	}
}

// BenchmarkUnrevoke times the unrevocation that undoes each revocation of
// BenchmarkRevoke.
func BenchmarkUnrevoke(b *testing.B) {
	g := loadBench(b)
	for _, c := range g.cases() {
		b.Run(c.name, func(b *testing.B) { benchChange(b, g, c.pick, true) })
	}
}

// BenchmarkRecompute is the baseline: liveness from scratch.
func BenchmarkRecompute(b *testing.B) {
	g := loadBench(b)
	b.ReportAllocs()
	for b.Loop() {
		g.Recompute()
	}
}

func benchChange(b *testing.B, g *benchGraph, pick func(int) []receipt.Node, timeUnrevoke bool) {
	ctx := context.Background()
	verify(b, g, pick(0))
	// verify allocates a recomputed clone; collect it now so its garbage
	// does not bill the timed loop with GC assists.
	runtime.GC()
	var died, examined, survived int
	var heap uint64
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if timeUnrevoke {
			b.StopTimer()
		}
		c, err := receipt.Revoke(ctx, g.Memory, pick(i))
		if err != nil {
			b.Fatal(err)
		}
		if timeUnrevoke {
			b.StartTimer()
		} else {
			b.StopTimer()
		}
		if i == 0 {
			var ms runtime.MemStats
			runtime.ReadMemStats(&ms)
			heap = ms.HeapInuse
		}
		died, examined, survived = died+len(c.Died), examined+c.Examined, survived+len(c.Survived)
		if !timeUnrevoke {
			b.StopTimer()
		}
		if _, err := receipt.Unrevoke(ctx, g.Memory, c.Revoked); err != nil {
			b.Fatal(err)
		}
		if !timeUnrevoke {
			b.StartTimer()
		} else {
			b.StopTimer()
			b.StartTimer()
		}
	}
	b.StopTimer()
	n := float64(b.N)
	per := float64(b.Elapsed().Nanoseconds()) / n
	b.ReportMetric(float64(died)/n, "died/op")
	b.ReportMetric(float64(survived)/n, "survived/op")
	b.ReportMetric(float64(examined)/n, "examined/op")
	b.ReportMetric(float64(heap>>20), "heap-MiB")
	b.ReportMetric(float64(g.recompute.Nanoseconds())/per, "x-recompute")
}

// verify checks, untimed, that revoking refs leaves the graph as a
// recomputation would and that unrevoking restores it, so the figures are
// figures of a correct engine.
func verify(b *testing.B, g *benchGraph, refs []receipt.Node) {
	b.Helper()
	ctx := context.Background()
	before := g.Clone()
	c, err := receipt.Revoke(ctx, g.Memory, refs)
	if err != nil {
		b.Fatal(err)
	}
	fresh := g.Clone()
	fresh.Recompute()
	if !g.SameLiveness(fresh) {
		b.Fatalf("Revoke(%v) differs from a recomputation", refs)
	}
	if _, err := receipt.Unrevoke(ctx, g.Memory, c.Revoked); err != nil {
		b.Fatal(err)
	}
	if !g.SameLiveness(before) {
		b.Fatalf("Unrevoke after Revoke(%v) does not restore the graph", refs)
	}
}
