package collect

import (
	"bytes"
	"compress/gzip"
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"golang.org/x/text/encoding/charmap"

	"github.com/veritykb/verity/ingest/ingesttest"
	"github.com/veritykb/verity/llm/llmtest"
	"github.com/veritykb/verity/sqlite"
)

// fakeSite is a vendor site for crawler tests: robots.txt, a sitemap index
// with a gzip sitemap, links in and out of the host, a 429 with
// Retry-After, a slow page, a PDF, a huge page, broken HTML, legacy
// charsets, redirects on and off the host, noindex and nofollow pages.
type fakeSite struct {
	*httptest.Server
	mu     sync.Mutex
	hits   map[string]int
	agents map[string]bool
	pages  map[string]string // path → HTML, editable between crawls
	robots string
	// robotsStatus overrides robots.txt with an error status when set.
	robotsStatus int
	release      chan struct{} // closes to end the slow page
}

func newFakeSite(t *testing.T) *fakeSite {
	s := &fakeSite{hits: map[string]int{}, agents: map[string]bool{}, release: make(chan struct{})}
	s.Server = httptest.NewServer(http.HandlerFunc(s.serve))
	t.Cleanup(func() {
		close(s.release)
		s.Close()
	})
	base := s.URL
	s.robots = "User-agent: *\nDisallow: /private/\nAllow: /private/press\n\nUser-agent: otherbot\nDisallow: /\n\nSitemap: " + base + "/sitemap_index.xml\n"
	s.pages = map[string]string{
		"/": `<html><head><title>Acme Soft</title></head><body>
<nav><a href="/about">About</a></nav>
<h1>Acme Soft</h1><p>We make software. Read our <a href="/case/romashka#top">case</a>,
<a href="/about/">about us</a> (the same page), <a href="/private/secret">secret</a>,
<a href="/private/press">press</a>, <a href="https://elsewhere.example/">a partner</a>,
<a href="/logo.png">logo</a>, <a href="mailto:sales@acme.example">mail</a>,
<a href="/huge">huge</a>, <a href="/broken">broken</a>, <a href="/cp1251">old page</a>,
<a href="/koi8">older page</a>, <a href="/redirect-out">partner redirect</a>,
<a href="/redirect-in">old case link</a>, <a href="/missing">gone</a>,
<a href="/noindex">draft</a>, <a href="/nofollow">links</a>, <a href="/download">download</a>,
<a href="/binary">binary</a>, <a href="/ignored" rel="nofollow">ignored</a>.</p></body></html>`,
		"/about":          page("About Acme", "Acme Soft was founded in 2010 in Kazan."),
		"/about/":         page("About Acme", "Acme Soft was founded in 2010 in Kazan."),
		"/case/romashka":  page("Как ООО «Ромашка» внедрили Битрикс24", "ООО «Ромашка» перешли на Битрикс24 в 2024 году."),
		"/private/press":  page("Press", "Press releases of Acme."),
		"/private/secret": page("Secret", "Nobody should crawl this."),
		"/broken":         `<html><body><p>Unclosed <div><b>Битрикс24 at <i>Broken LLC</table></span>`,
		"/noindex":        `<html><head><meta name="robots" content="noindex"></head><body><p>Draft. <a href="/deep">deep</a></p></body></html>`,
		"/nofollow":       `<html><head><meta name="Verity" content="nofollow"></head><body><p>Links page. <a href="/never">never</a></p></body></html>`,
		"/deep":           page("Deep", "Found through a noindex page."),
		"/never":          page("Never", "Only linked from a nofollow page."),
		"/sitemap-only":   page("Sitemap only", "Linked from nowhere, listed in the sitemap."),
		"/rate-limited":   page("Rate limited", "Served on the second try."),
	}
	return s
}

func page(title, text string) string {
	return fmt.Sprintf("<!doctype html><html><head><title>%s</title></head><body><h1>%s</h1><p>%s</p></body></html>", title, title, text)
}

func (s *fakeSite) hit(path string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.hits[path]
}

func (s *fakeSite) setPage(path, html string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.pages[path] = html
}

func (s *fakeSite) serve(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	s.hits[r.URL.Path]++
	n := s.hits[r.URL.Path]
	s.agents[r.UserAgent()] = true
	body, isPage := s.pages[r.URL.Path]
	robots, robotsStatus := s.robots, s.robotsStatus
	s.mu.Unlock()
	switch r.URL.Path {
	case "/robots.txt":
		if robotsStatus != 0 {
			http.Error(w, "robots unavailable", robotsStatus)
			return
		}
		w.Write([]byte(robots))
	case "/sitemap_index.xml":
		w.Header().Set("Content-Type", "application/xml")
		fmt.Fprintf(w, `<?xml version="1.0" encoding="UTF-8"?>
<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <sitemap><loc>%s/sitemap1.xml.gz</loc></sitemap>
  <sitemap><loc>%s/sitemap2.xml</loc></sitemap>
</sitemapindex>`, s.URL, s.URL)
	case "/sitemap1.xml.gz":
		var b bytes.Buffer
		zw := gzip.NewWriter(&b)
		fmt.Fprintf(zw, `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
<url><loc>%s/report.pdf</loc><lastmod>2026-01-01</lastmod></url>
<url><loc>%s/sitemap-only</loc></url>
<url><loc>https://other.example/page</loc></url>
</urlset>`, s.URL, s.URL)
		zw.Close()
		w.Header().Set("Content-Type", "application/gzip")
		w.Write(b.Bytes())
	case "/sitemap2.xml":
		fmt.Fprintf(w, `<urlset><url><loc>%s/rate-limited</loc></url><url><loc>%s/slow</loc></url></urlset>`, s.URL, s.URL)
	case "/rate-limited":
		if n == 1 {
			w.Header().Set("Retry-After", "3")
			http.Error(w, "slow down", http.StatusTooManyRequests)
			return
		}
		w.Write([]byte(body))
	case "/slow":
		select {
		case <-r.Context().Done():
		case <-s.release:
		}
	case "/report.pdf":
		w.Header().Set("Content-Type", "application/pdf")
		w.Write(ingesttest.MinimalPDF("Annual report: Bitrix24 at Acme"))
	case "/huge":
		w.Header().Set("Content-Type", "text/html")
		w.Header().Set("Content-Length", fmt.Sprint(100<<20))
		w.WriteHeader(200)
	case "/huge-chunked":
		w.Header().Set("Content-Type", "text/html")
		chunk := bytes.Repeat([]byte("<p>padding</p>"), 1024)
		for i := 0; i < 100; i++ {
			if _, err := w.Write(chunk); err != nil {
				return
			}
		}
	case "/cp1251":
		w.Header().Set("Content-Type", "text/html; charset=windows-1251")
		enc, _ := charmap.Windows1251.NewEncoder().String(page("Клиенты", "Наши клиенты используют Битрикс24 каждый день."))
		w.Write([]byte(enc))
	case "/koi8":
		w.Header().Set("Content-Type", "text/html")
		enc, _ := charmap.KOI8R.NewEncoder().String(`<html><head><meta charset="koi8-r"><title>Архив</title></head><body><p>Старый архив отзывов о продукте.</p></body></html>`)
		w.Write([]byte(enc))
	case "/redirect-out":
		http.Redirect(w, r, "https://elsewhere.example/landing", http.StatusFound)
	case "/redirect-in":
		http.Redirect(w, r, "/case/romashka", http.StatusMovedPermanently)
	case "/download":
		w.Header().Set("Content-Type", "application/zip")
		w.Write([]byte("PK\x03\x04 not really a zip"))
	case "/binary":
		w.Header().Set("Content-Type", "text/html")
		w.Write(bytes.Repeat([]byte{0, 1, 2, 3}, 100))
	default:
		if !isPage {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write([]byte(body))
	}
}

// memCheckpoints keeps crawl state in memory, as the store does on disk.
type memCheckpoints struct {
	mu     sync.Mutex
	crawls map[string]*Checkpoint
}

func newMemCheckpoints() *memCheckpoints { return &memCheckpoints{crawls: map[string]*Checkpoint{}} }

func (m *memCheckpoints) LoadCrawl(_ context.Context, key string) (*Checkpoint, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	cp, ok := m.crawls[key]
	if !ok {
		return nil, nil
	}
	c := *cp
	c.URLs = slices.Clone(cp.URLs)
	return &c, nil
}

func (m *memCheckpoints) SaveCrawl(_ context.Context, key string, cp *Checkpoint) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	cur, ok := m.crawls[key]
	if !ok {
		cur = &Checkpoint{}
		m.crawls[key] = cur
	}
	cur.Status, cur.Fetched = cp.Status, cp.Fetched
	for _, u := range cp.URLs {
		i := slices.IndexFunc(cur.URLs, func(q QueuedURL) bool { return q.URL == u.URL })
		if i >= 0 {
			cur.URLs[i] = u
		} else {
			cur.URLs = append(cur.URLs, u)
		}
	}
	return nil
}

func (m *memCheckpoints) ResetCrawl(_ context.Context, key string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	delete(m.crawls, key)
	return nil
}

// testStore opens a real store in a temporary directory.
func testStore(t testing.TB) *sqlite.DB {
	t.Helper()
	db, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "verity.db"), sqlite.Options{})
	if err != nil {
		t.Fatalf("sqlite.Open: %v", err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// testFetcher is a Fetcher on a fake clock (sleeps are recorded, not
// waited) with a short timeout for the slow page.
func testFetcher(clock *llmtest.Clock) *Fetcher {
	return NewFetcher(FetchOptions{Clock: clock, Timeout: 300 * time.Millisecond, MaxBytes: 256 << 10})
}

func contains(list []string, s string) bool { return slices.Contains(list, s) }

func joinLines(list []string) string { return strings.Join(list, "\n") }
