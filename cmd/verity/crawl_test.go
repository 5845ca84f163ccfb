package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/collect"
	"github.com/veritykb/verity/sqlite"
)

// miniSite is a small vendor site: robots.txt, a sitemap, linked pages.
func miniSite(t *testing.T, onRequest func(path string)) *httptest.Server {
	pages := map[string]string{
		"/":               `<html><head><title>Acme</title></head><body><p>Acme software. <a href="/cases/romashka">Ромашка</a> <a href="/about">about</a> <a href="/private/x">private</a> <a href="/gone">gone</a></p></body></html>`,
		"/cases/romashka": `<html><head><title>Как ООО «Ромашка» внедрили Битрикс24</title></head><body><h1>Как ООО «Ромашка» внедрили Битрикс24</h1><p>Отдел продаж «Ромашки» перешёл на Битрикс24 в 2024 году.</p></body></html>`,
		"/about":          `<html><head><title>About</title></head><body><p>Acme was founded in Kazan.</p></body></html>`,
		"/from-sitemap":   `<html><head><title>Listed</title></head><body><p>Only the sitemap links here.</p></body></html>`,
	}
	var srv *httptest.Server
	srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if onRequest != nil {
			onRequest(r.URL.Path)
		}
		switch r.URL.Path {
		case "/robots.txt":
			fmt.Fprintf(w, "User-agent: *\nDisallow: /private/\nSitemap: %s/sitemap.xml\n", srv.URL)
			return
		case "/sitemap.xml":
			fmt.Fprintf(w, `<urlset><url><loc>%s/from-sitemap</loc></url></urlset>`, srv.URL)
			return
		}
		body, ok := pages[r.URL.Path]
		if !ok {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write([]byte(body))
	}))
	t.Cleanup(srv.Close)
	return srv
}

// cliEnv runs verity with an environment and a context.
func cliEnv(t *testing.T, ctx context.Context, env map[string]string, args ...string) (string, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(ctx, args, strings.NewReader(""), &out, &errb, func(k string) string { return env[k] })
	return out.String(), errb.String(), code
}

func TestCrawlCommand(t *testing.T) {
	site := miniSite(t, nil)
	db := filepath.Join(t.TempDir(), "v.db")
	out, errOut, code := cli(t, db, "", "crawl", "--json", "--delay", "0", "--acl", "group:market", site.URL)
	if code != 0 {
		t.Fatalf("crawl exit %d: %s", code, errOut)
	}
	var rep collect.CrawlReport
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("crawl --json output %q: %v", out, err)
	}
	if rep.Fetched != 5 || rep.Stored.Created != 4 || len(rep.SkippedRobots) != 1 || len(rep.Errors) != 1 || rep.Errors[0].Status != 404 || !rep.Complete {
		t.Errorf("crawl report = %+v, want 5 fetched, 4 created, /private/x disallowed, /gone a 404, complete", rep)
	}
	// The pages are searchable at once, by the --acl group only.
	out, _, _ = cli(t, db, "", "search", "--as", "group:market", "внедрили Битрикс24")
	if !strings.Contains(out, site.URL+"/cases/romashka") {
		t.Errorf("search as group:market lacks the crawled case:\n%s", out)
	}
	out, _, _ = cli(t, db, "", "search", "внедрили Битрикс24")
	if strings.Contains(out, "/cases/romashka") {
		t.Errorf("public search shows a page crawled for group:market:\n%s", out)
	}
	// A re-crawl of an unchanged site stores nothing new.
	out, _, code = cli(t, db, "", "crawl", "--delay", "0", "--acl", "group:market", site.URL)
	if code != 0 || !strings.Contains(out, "stored: 0 new, 0 new versions, 0 metadata updates, 4 unchanged") || !strings.Contains(out, "/gone") {
		t.Errorf("re-crawl exit %d, output:\n%s\nwant 4 unchanged and the 404 listed", code, out)
	}
}

// TestCrawlCommandResumes interrupts a crawl through its context and runs it
// again: the store's saved frontier makes the second run a resume.
func TestCrawlCommandResumes(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	var mu sync.Mutex
	seen := map[string]int{}
	site := miniSite(t, func(path string) {
		mu.Lock()
		defer mu.Unlock()
		seen[path]++
		if path == "/about" {
			cancel() // interrupt while /about is being fetched
		}
	})
	db := filepath.Join(t.TempDir(), "v.db")
	_, errOut, code := cliEnv(t, ctx, nil, "--db", db, "crawl", "--delay", "0", site.URL)
	if code != 130 || !strings.Contains(errOut, "again to resume") {
		t.Fatalf("interrupted crawl exit %d, stderr %q; want 130 and how to resume", code, errOut)
	}
	out, errOut, code := cliEnv(t, context.Background(), nil, "--db", db, "crawl", "--json", "--delay", "0", site.URL)
	if code != 0 {
		t.Fatalf("resumed crawl exit %d: %s", code, errOut)
	}
	var rep collect.CrawlReport
	json.Unmarshal([]byte(out), &rep)
	if !rep.Resumed || !rep.Complete {
		t.Errorf("second crawl resumed %v complete %v, want both", rep.Resumed, rep.Complete)
	}
	for _, p := range []string{"/", "/cases/romashka", "/from-sitemap", "/sitemap.xml"} {
		if seen[p] != 1 {
			t.Errorf("%s requested %d times over both runs, want 1", p, seen[p])
		}
	}
	store, err := sqlite.Open(context.Background(), db, sqlite.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	st, err := store.CrawlState(context.Background(), rep.Start)
	if err != nil || st == nil || st.Status != collect.CrawlFinished {
		t.Errorf("saved crawl state = %+v, %v; want finished", st, err)
	}
}

func TestCrawlHelp(t *testing.T) {
	for _, c := range [][]string{{"crawl", "--help"}, {"research", "--help"}} {
		out, _, code := cli(t, filepath.Join(t.TempDir(), "v.db"), "", c...)
		if code != 0 {
			t.Fatalf("%v exit %d", c, code)
		}
		for _, want := range []string{"Examples:", "robots.txt", "--json"} {
			if !strings.Contains(out, want) {
				t.Errorf("%v lacks %q", c, want)
			}
		}
	}
	out, _, _ := cli(t, filepath.Join(t.TempDir(), "v.db"), "", "research", "--help")
	for _, want := range []string{"hh.ru", "searxng:URL", "BRAVE_API_KEY", "one-line reason"} {
		if !strings.Contains(out, want) {
			t.Errorf("research --help lacks %q", want)
		}
	}
}

func TestResearchCommand(t *testing.T) {
	site := miniSite(t, nil)
	searx := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		results := []map[string]any{}
		if strings.Contains(r.URL.Query().Get("q"), "кейс") {
			results = append(results,
				map[string]any{"url": site.URL + "/cases/romashka", "title": "Ромашка и Битрикс24", "content": "кейс", "engine": "bing"},
				map[string]any{"url": "https://hh.ru/vacancy/1", "title": "Вакансия Битрикс24", "content": "", "engine": "bing"},
				map[string]any{"url": site.URL + "/about", "title": "About", "content": "", "engine": "bing"})
		}
		json.NewEncoder(w).Encode(map[string]any{"query": r.URL.Query().Get("q"), "results": results, "unresponsive_engines": []any{}})
	}))
	defer searx.Close()
	db := filepath.Join(t.TempDir(), "v.db")
	env := map[string]string{"VERITY_SEARCH": "searxng:" + searx.URL}

	_, errOut, code := cliEnv(t, context.Background(), nil, "--db", db, "research", "--product", "Битрикс24")
	if code != exitInvalid || !strings.Contains(errOut, "VERITY_SEARCH") {
		t.Errorf("research without a provider: exit %d, stderr %q; want %d naming VERITY_SEARCH", code, errOut, exitInvalid)
	}

	out, errOut, code := cliEnv(t, context.Background(), env, "--db", db, "research", "--json", "--delay", "0",
		"--spec", "../../extract/specs/bitrix24-ru.yaml", "--searches", "3", "--reads", "5")
	if code != 0 {
		t.Fatalf("research exit %d: %s", code, errOut)
	}
	var rep collect.ResearchReport
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("research --json output %q: %v", out, err)
	}
	if rep.Product != "Битрикс24" || rep.Planner != "template" || rep.Used.Searches != 3 || len(rep.Kept) != 1 ||
		rep.Kept[0].SourceID != site.URL+"/cases/romashka" || len(rep.Banned) != 1 {
		t.Errorf("research report = product %q planner %q searches %d kept %+v banned %+v; want Битрикс24, template, 3, the case, hh.ru",
			rep.Product, rep.Planner, rep.Used.Searches, rep.Kept, rep.Banned)
	}
	store, err := sqlite.Open(context.Background(), db, sqlite.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	calls, err := store.ResearchCalls(context.Background(), verity.ResearchFilter{SourceID: site.URL + "/cases/romashka"})
	if err != nil || len(calls) != 1 || calls[0].Run != rep.Run || calls[0].Reason == "" || calls[0].Kind != "read" {
		t.Errorf("journal for the kept page = %+v, %v; want its read with the reason", calls, err)
	}
	all, _ := store.ResearchCalls(context.Background(), verity.ResearchFilter{Run: rep.Run})
	if len(all) != len(rep.Calls) {
		t.Errorf("journal has %d calls of the run, the report %d", len(all), len(rep.Calls))
	}
}
