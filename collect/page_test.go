package collect

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/veritykb/verity/ingest"
	"github.com/veritykb/verity/ingest/ingesttest"
	"github.com/veritykb/verity/llm/llmtest"
)

// TestCrawlReadsPDFsWithTheGivenReader: a crawl hands PDF pages to the
// reader of its options (cmd/verity's child process), and a PDF the reader
// refuses, such as one whose page tree loops, is an error for that URL only.
func TestCrawlReadsPDFsWithTheGivenReader(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/":
			w.Header().Set("Content-Type", "text/html")
			w.Write([]byte(`<html><head><title>Home</title></head><body><p>Reports: <a href="/a.pdf">a</a> <a href="/loop.pdf">loop</a></p></body></html>`))
		case "/a.pdf":
			w.Header().Set("Content-Type", "application/pdf")
			w.Write(ingesttest.MinimalPDF("Report A"))
		case "/loop.pdf":
			w.Header().Set("Content-Type", "application/pdf")
			w.Write(ingesttest.CyclicPDF())
		default:
			http.NotFound(w, r)
		}
	}))
	defer srv.Close()
	var read []string
	reader := func(ctx context.Context, data []byte) (string, error) {
		text, err := ingest.PDF(ctx, data)
		read = append(read, text)
		return text, err
	}
	ctx := context.Background()
	db := testStore(t)
	var results []PageResult
	_, err := Crawl(ctx, testFetcher(llmtest.NewClock(t0)), db, srv.URL, CrawlOptions{NoSitemap: true, PDF: reader,
		OnPage: func(r PageResult) { results = append(results, r) }})
	if err != nil {
		t.Fatalf("Crawl: %v", err)
	}
	if len(read) != 2 {
		t.Errorf("the injected reader read %d PDFs, want 2", len(read))
	}
	got := map[string]PageResult{}
	for _, r := range results {
		got[strings.TrimPrefix(r.URL, srv.URL)] = r
	}
	if r := got["/a.pdf"]; r.Outcome != "created" {
		t.Errorf("/a.pdf = %+v, want created", r)
	}
	if r := got["/loop.pdf"]; r.Outcome != ReasonContent || !strings.Contains(r.Detail, "(a /Kids cycle)") {
		t.Errorf("/loop.pdf = %+v, want a content error naming the cycle", r)
	}
	if r := got["/"]; r.Outcome != "created" {
		t.Errorf("/ = %+v, want created beside the broken PDF", r)
	}
}
