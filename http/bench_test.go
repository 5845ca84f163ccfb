package http

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/analysis"
	"github.com/veritykb/verity/ingest"
	"github.com/veritykb/verity/kb"
	"github.com/veritykb/verity/sqlite"
)

// The load benchmark's size. The defaults keep `go test -bench` quick; the
// README's figures name the flags they used, such as
//
//	go test -run '^$' -bench Serve -benchtime 400x ./http/ -args -serve.chunks 100000 -serve.clients 16
var (
	benchChunks  = flag.Int("serve.chunks", 5000, "chunks in the load benchmark's store (one ~1 KB source each)")
	benchClients = flag.Int("serve.clients", 8, "concurrent clients of the load benchmark")
)

// benchWords is a vocabulary of English and Russian words with numbers,
// drawn Zipf-like so that term statistics look like real text.
func benchWords() []string {
	en := []string{"data", "model", "team", "sales", "budget", "report", "system", "policy", "review", "access"}
	ru := []string{"данные", "модель", "команда", "продажи", "бюджет", "отчёт", "система", "политика", "проверка", "доступ"}
	out := make([]string, 20000)
	for i := range out {
		base := en[i%len(en)]
		if i%2 == 1 {
			base = ru[i%len(ru)]
		}
		out[i] = fmt.Sprintf("%s%d", base, i/len(en))
	}
	return out
}

type benchStore struct {
	svc     *kb.Service
	caller  verity.Caller
	token   string
	queries []string
}

var (
	benchOnce sync.Once
	bench     *benchStore
	benchErr  error
)

// loadStore builds, once, a store of *benchChunks passages through the
// store's batch put (a third readable only by one of ten groups) and a
// reader's token.
func loadStore(b *testing.B) *benchStore {
	benchOnce.Do(func() {
		ctx := context.Background()
		dir, err := os.MkdirTemp("", "http-bench-")
		if err != nil {
			benchErr = err
			return
		}
		db, err := sqlite.Open(ctx, filepath.Join(dir, "bench.db"), sqlite.Options{})
		if err != nil {
			benchErr = err
			return
		}
		words := benchWords()
		r := rand.New(rand.NewPCG(7, 1))
		zipf := rand.NewZipf(rand.New(rand.NewPCG(7, 2)), 1.1, 1, uint64(len(words)-1))
		start := time.Now()
		var batch []*verity.SourcePut
		for i := range *benchChunks {
			var t strings.Builder
			for t.Len() < 1000 {
				t.WriteString(words[zipf.Uint64()])
				if r.IntN(12) == 0 {
					t.WriteString(". ")
				} else {
					t.WriteByte(' ')
				}
			}
			acl := []verity.Principal{verity.Public}
			if i%3 == 0 {
				acl = []verity.Principal{verity.Principal(fmt.Sprintf("group:g%d", i%10))}
			}
			src := &verity.Source{ID: fmt.Sprintf("s%d", i), URI: fmt.Sprintf("https://x/%d", i), System: "file", Title: words[zipf.Uint64()], ACL: acl, Text: t.String()}
			batch = append(batch, &verity.SourcePut{Source: src, Chunks: ingest.Chunks(src, analysis.DefaultChunkOptions)})
			if len(batch) == 256 || i == *benchChunks-1 {
				if benchErr = db.PutSources(ctx, batch); benchErr != nil {
					return
				}
				batch = batch[:0]
			}
		}
		b.Logf("built a store of %d passages in %v", *benchChunks, time.Since(start).Round(time.Millisecond))
		svc := kb.New(db, kb.Options{Models: kb.Fixed(engine, judge)})
		tok, err := svc.CreateToken(ctx, local, kb.TokenRequest{Name: "bench", Principals: []string{"user:b@corp.example", "group:g3"}})
		if err != nil {
			benchErr = err
			return
		}
		c, err := svc.Authenticate(ctx, tok.Token)
		if err != nil {
			benchErr = err
			return
		}
		qz := rand.NewZipf(rand.New(rand.NewPCG(7, 4)), 1.05, 1, 2000)
		var qs []string
		for range 500 {
			var ws []string
			for range 2 + r.IntN(5) {
				ws = append(ws, words[qz.Uint64()])
			}
			qs = append(qs, strings.Join(ws, " "))
		}
		bench = &benchStore{svc: svc, caller: c, token: tok.Token, queries: qs}
	})
	if benchErr != nil {
		b.Fatal(benchErr)
	}
	return bench
}

// load is what one run of a workload measured.
type load struct {
	n, errors int
	elapsed   time.Duration
	lat       []time.Duration
}

func (l load) rate() float64 { return float64(l.n) / l.elapsed.Seconds() }

func (l load) pct(p float64) time.Duration {
	if len(l.lat) == 0 {
		return 0
	}
	return l.lat[min(len(l.lat)-1, int(p*float64(len(l.lat))))]
}

// run makes b.N calls of op from *benchClients goroutines at once.
func run(b *testing.B, op func(i int) error) load {
	clients := *benchClients
	lat := make([]time.Duration, b.N)
	errs := make([]int, clients)
	var wg sync.WaitGroup
	b.ResetTimer()
	start := time.Now()
	for c := range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := c; i < b.N; i += clients {
				t := time.Now()
				if op(i) != nil {
					errs[c]++
				}
				lat[i] = time.Since(t)
			}
		}()
	}
	wg.Wait()
	l := load{n: b.N, elapsed: time.Since(start), lat: lat}
	b.StopTimer()
	for _, e := range errs {
		l.errors += e
	}
	slices.Sort(l.lat)
	b.ReportMetric(l.rate(), "req/s")
	b.ReportMetric(float64(l.pct(0.50).Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(l.pct(0.99).Microseconds())/1000, "p99-ms")
	b.ReportMetric(float64(l.errors), "errors")
	return l
}

// BenchmarkServe puts concurrent clients on search and offline ask over
// HTTP (a real loopback connection, a token authenticated per request,
// JSON both ways) and makes the same calls in-process on the service in the
// same run, so the transport's cost reads as a ratio.
func BenchmarkServe(b *testing.B) {
	st := loadStore(b)
	api := New(Options{Service: st.svc, Rate: -1})
	srv := httptest.NewServer(api)
	defer srv.Close()
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 64}}
	ctx := context.Background()
	call := func(method, path, body string) error {
		var rd io.Reader
		if body != "" {
			rd = strings.NewReader(body)
		}
		req, _ := http.NewRequest(method, srv.URL+path, rd)
		req.Header.Set("Authorization", "Bearer "+st.token)
		resp, err := client.Do(req)
		if err != nil {
			return err
		}
		defer resp.Body.Close()
		if _, err := io.Copy(io.Discard, resp.Body); err != nil {
			return err
		}
		if resp.StatusCode != http.StatusOK {
			return fmt.Errorf("status %d", resp.StatusCode)
		}
		return nil
	}
	results := map[string]load{}
	workloads := []struct {
		name string
		op   func(i int) error
	}{
		{"search/in-process", func(i int) error {
			_, err := st.svc.Search(ctx, st.caller, kb.SearchRequest{Query: st.queries[i%len(st.queries)], K: 10})
			return err
		}},
		{"search/http", func(i int) error {
			return call("GET", "/api/v1/search?k=10&q="+url.QueryEscape(st.queries[i%len(st.queries)]), "")
		}},
		{"ask/in-process", func(i int) error {
			_, err := st.svc.Ask(ctx, st.caller, kb.AskRequest{Question: st.queries[i%len(st.queries)], K: 5, Fresh: true, NoRecord: true})
			return err
		}},
		{"ask/http", func(i int) error {
			body, _ := json.Marshal(kb.AskRequest{Question: st.queries[i%len(st.queries)], K: 5, Fresh: true, NoRecord: true})
			return call("POST", "/api/v1/ask", string(body))
		}},
	}
	for _, w := range workloads {
		b.Run(w.name, func(b *testing.B) { results[w.name] = run(b, w.op) })
	}
	for _, op := range []string{"search", "ask"} {
		in, h := results[op+"/in-process"], results[op+"/http"]
		if in.n == 0 || h.n == 0 {
			continue
		}
		b.Logf("%s, %d clients, %d chunks: in-process %.0f req/s (p50 %v, p99 %v, %d errors); http %.0f req/s (p50 %v, p99 %v, %d errors); http/in-process throughput %.2f, p50 %.2f×",
			op, *benchClients, *benchChunks, in.rate(), in.pct(.5).Round(10*time.Microsecond), in.pct(.99).Round(10*time.Microsecond), in.errors,
			h.rate(), h.pct(.5).Round(10*time.Microsecond), h.pct(.99).Round(10*time.Microsecond), h.errors,
			h.rate()/in.rate(), float64(h.pct(.5))/float64(in.pct(.5)))
	}
}
