package collect

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/llm/llmtest"
)

// benchSite serves n pages of about 12 KB of Russian and English text, each
// linking to the next five, so a crawl finds them all from "/".
func benchSite(b *testing.B, n int) *httptest.Server {
	para := strings.Repeat("Компания «Ромашка» перешла на Битрикс24 и сократила время обработки заявок вдвое. "+
		"Acme runs its sales on Bitrix24 since 2024. ", 8)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/robots.txt" {
			w.Write([]byte("User-agent: *\nDisallow: /private/\n"))
			return
		}
		i := 0
		if p := strings.TrimPrefix(r.URL.Path, "/p/"); p != r.URL.Path {
			i, _ = strconv.Atoi(p)
		}
		var sb strings.Builder
		fmt.Fprintf(&sb, "<!doctype html><html><head><title>Page %d</title></head><body><nav><a href=\"/\">home</a></nav><article><h1>Page %d</h1>", i, i)
		for k := 0; k < 10; k++ {
			fmt.Fprintf(&sb, "<h2>Section %d</h2><p>%s</p>", k, para)
		}
		for k := 1; k <= 5; k++ {
			if j := i + k; j < n {
				fmt.Fprintf(&sb, `<a href="/p/%d">next %d</a> `, j, j)
			}
		}
		sb.WriteString("</article></body></html>")
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write([]byte(sb.String()))
	}))
	b.Cleanup(srv.Close)
	return srv
}

// discardStore accepts every page without keeping it, so the benchmark
// measures the crawler, not the store.
type discardStore struct{}

func (discardStore) Source(context.Context, string) (*verity.Source, error) {
	return nil, verity.Errorf(verity.ENOTFOUND, "none")
}

func (discardStore) PutSource(context.Context, *verity.Source, []verity.Chunk) (verity.PutOutcome, error) {
	return verity.PutCreated, nil
}

// BenchmarkCrawl measures crawl throughput against a local site with no
// politeness delay, as a ratio to a baseline in the same process: plain
// GETs of the same pages read to the end. The gap is what the crawler adds
// per page — robots checks, link extraction, HTML to text, chunking and,
// in the sqlite case, storing.
func BenchmarkCrawl(b *testing.B) {
	const pages = 100
	site := benchSite(b, pages)
	client := site.Client()
	baseline := func() {
		get := func(path string) {
			resp, err := client.Get(site.URL + path)
			if err != nil {
				b.Fatal(err)
			}
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
		}
		get("/robots.txt")
		get("/")
		for i := 1; i < pages; i++ {
			get("/p/" + strconv.Itoa(i))
		}
	}
	for _, store := range []string{"discard", "sqlite"} {
		b.Run(store, func(b *testing.B) {
			var base, crawl time.Duration
			for b.Loop() {
				t := time.Now()
				baseline()
				base += time.Since(t)
				var st Store = discardStore{}
				if store == "sqlite" {
					b.StopTimer()
					st = testStore(b)
					b.StartTimer()
				}
				f := NewFetcher(FetchOptions{Client: client, Delay: -1, Clock: llmtest.NewClock(t0)})
				t = time.Now()
				rep, err := Crawl(context.Background(), f, st, site.URL, CrawlOptions{Budget: pages + 10, NoSitemap: true})
				crawl += time.Since(t)
				if err != nil || rep.Stored.Created != pages {
					b.Fatalf("Crawl stored %d of %d pages: %v", rep.Stored.Created, pages, err)
				}
			}
			n := float64(b.N * pages)
			b.ReportMetric(n/crawl.Seconds(), "pages/s")
			b.ReportMetric(n/base.Seconds(), "baseline-pages/s")
			b.ReportMetric(crawl.Seconds()/base.Seconds(), "x-baseline")
		})
	}
}
