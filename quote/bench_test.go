package quote

import (
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/veritykb/verity/analysis"
)

// synthPage builds a deterministic page of about size bytes of sentences
// made of pseudo-words, with some typography, so benchmarks need no data
// files.
func synthPage(size int, seed uint64) string {
	r := rand.New(rand.NewPCG(seed, 7))
	syll := []string{"ka", "lo", "mi", "ter", "ran", "dus", "pe", "vo", "sti", "gra", "en", "ol", "ux", "bri", "na"}
	vocab := make([]string, 3000)
	for i := range vocab {
		var b strings.Builder
		for k := 0; k < 2+r.IntN(3); k++ {
			b.WriteString(syll[r.IntN(len(syll))])
		}
		vocab[i] = b.String()
	}
	var b strings.Builder
	for b.Len() < size {
		n := 8 + r.IntN(20)
		for k := 0; k < n; k++ {
			w := vocab[int(float64(len(vocab))*r.Float64()*r.Float64())] // Zipf-ish
			if k == 0 {
				w = strings.ToUpper(w[:1]) + w[1:]
			}
			b.WriteString(w)
			switch {
			case k == n-1:
				b.WriteString(". ")
			case r.IntN(15) == 0:
				b.WriteString(" — ")
			case r.IntN(12) == 0:
				b.WriteString(", ")
			default:
				b.WriteString(" ")
			}
		}
		if r.IntN(6) == 0 {
			b.WriteString("\n")
		}
	}
	return b.String()
}

// sentenceNear returns a whole sentence of page starting after offset at.
func sentenceNear(page string, at int) string {
	i := at + strings.Index(page[at:], ". ") + 2
	j := i + strings.Index(page[i:], ". ") + 1
	return page[i:j]
}

// ratioBench runs fn and base alternately and reports fn's time per call
// and its ratio to base, measured in the same process.
func ratioBench(b *testing.B, bytes int, fn, base func()) {
	b.SetBytes(int64(bytes))
	var tf, tb time.Duration
	for b.Loop() {
		t0 := time.Now()
		fn()
		t1 := time.Now()
		base()
		tf += t1.Sub(t0)
		tb += time.Since(t1)
	}
	b.ReportMetric(float64(tf)/float64(tb), "x-baseline")
	b.ReportMetric(float64(bytes)/tf.Seconds()*float64(b.N)/1e6, "MB/s-own")
}

func BenchmarkExact(b *testing.B) {
	page := synthPage(100_000, 1)
	for _, at := range []struct {
		name string
		off  int
	}{{"end", len(page) - 400}, {"middle", len(page) / 2}} {
		q := sentenceNear(page, at.off)
		b.Run(at.name, func(b *testing.B) {
			ratioBench(b, len(page), func() {
				if m := Locate(page, q, Options{}); m.Kind != Exact {
					b.Fatal("not exact")
				}
			}, func() {
				if strings.Index(page, q) < 0 {
					b.Fatal("not found")
				}
			})
		})
	}
}

func BenchmarkNormalized(b *testing.B) {
	page := synthPage(100_000, 2)
	q := strings.ToUpper(sentenceNear(page, len(page)-400))
	p := NewPage(page)
	nq := analysis.NormalizeString(q)
	ratioBench(b, len(page), func() {
		if m := p.Locate(q, Options{}); m.Kind != Normalized {
			b.Fatalf("kind %q", m.Kind)
		}
	}, func() {
		if strings.Index(p.norm.Text, nq) < 0 {
			b.Fatal("not found")
		}
	})
}

func BenchmarkNewPage(b *testing.B) {
	page := synthPage(100_000, 3)
	b.SetBytes(int64(len(page)))
	for b.Loop() {
		NewPage(page)
	}
}

// BenchmarkLenient times the lenient paths on a 100 KB page prepared once
// (its word index built before timing): stitched, fuzzy, and quotes that
// are not there, which pay for every path.
func BenchmarkLenient(b *testing.B) {
	page := synthPage(100_000, 4)
	s1 := sentenceNear(page, 60_000)
	s2 := sentenceNear(page, 60_000+len(s1)+200)
	first := sentenceNear(page, 30_000)
	at := strings.Index(page, first)
	words := strings.Fields(first + " " + sentenceNear(page, at+len(first)-2))
	fuzzy := strings.Join(append(append([]string{}, words[:3]...), words[4:]...), " ") // one word dropped
	fabricated := strings.Join(strings.Fields(synthPage(400, 99))[:20], " ")
	reversed := strings.Join(reverse(words), " ")
	p := NewPage(page)
	p.index()
	for _, c := range []struct {
		name, q string
		kind    Kind
	}{
		{"stitched-marked", s1 + " … " + s2, Repaired},
		{"stitched-unmarked", s1 + " " + s2, Repaired},
		{"fuzzy", fuzzy, Fuzzy},
		{"fabricated", fabricated, ""},
		{"shuffled", reversed, ""},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(int64(len(page)))
			for b.Loop() {
				if m := p.Locate(c.q, Options{}); m.Kind != c.kind {
					b.Fatalf("Locate(%q) kind %q, want %q", c.q, m.Kind, c.kind)
				}
			}
		})
	}
}

func reverse(s []string) []string {
	out := make([]string, len(s))
	for i, w := range s {
		out[len(s)-1-i] = w
	}
	return out
}
