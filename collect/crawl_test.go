package collect

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/llm/llmtest"
)

var t0 = time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)

// outcomes maps each URL path of a report to its outcome.
func outcomes(site *fakeSite, results []PageResult) map[string]string {
	m := map[string]string{}
	for _, r := range results {
		m[strings.TrimPrefix(r.URL, site.URL)] = r.Outcome
	}
	return m
}

func TestCrawlFakeSite(t *testing.T) {
	ctx := context.Background()
	site := newFakeSite(t)
	site.setPage("/", strings.Replace(site.pages["/"], `<a href="/huge">huge</a>`, `<a href="/huge">huge</a>, <a href="/huge-chunked">huge too</a>`, 1))
	db := testStore(t)
	clock := llmtest.NewClock(t0)
	var results []PageResult
	rep, err := Crawl(ctx, testFetcher(clock), db, site.URL, CrawlOptions{OnPage: func(r PageResult) { results = append(results, r) }})
	if err != nil {
		t.Fatalf("Crawl: %v", err)
	}
	want := map[string]string{
		"/":               "created",
		"/about":          "created",
		"/about/":         ReasonDuplicate, // same text as /about
		"/case/romashka":  "created",
		"/private/press":  "created", // Allow beats the shorter Disallow
		"/private/secret": ReasonRobots,
		"/broken":         "created",
		"/cp1251":         "created",
		"/koi8":           "created",
		"/huge":           ReasonTooLarge,
		"/huge-chunked":   ReasonTooLarge,
		"/redirect-out":   ReasonRedirect,
		"/redirect-in":    ReasonDuplicate, // lands on /case/romashka, already stored
		"/missing":        ReasonStatus,
		"/noindex":        ReasonNoIndex,
		"/deep":           "created", // linked from the noindex page, which is still followed
		"/nofollow":       "created",
		"/download":       ReasonType,
		"/binary":         ReasonContent,
		"/report.pdf":     "created",
		"/sitemap-only":   "created",
		"/rate-limited":   "created",
		"/slow":           ReasonTimeout,
	}
	got := outcomes(site, results)
	for path, w := range want {
		if got[path] != w {
			t.Errorf("crawl outcome of %s = %q, want %q", path, got[path], w)
		}
	}
	for path := range got {
		if _, ok := want[path]; !ok {
			t.Errorf("crawl visited %s, which it should not have", path)
		}
	}
	for _, path := range []string{"/private/secret", "/ignored", "/never", "/logo.png"} {
		if n := site.hit(path); n != 0 {
			t.Errorf("server got %d requests for %s, want 0", n, path)
		}
	}
	if n := site.hit("/rate-limited"); n != 2 {
		t.Errorf("server got %d requests for /rate-limited, want 2 (one 429, one retry)", n)
	}
	if !slices.Contains(clock.Sleeps(), 3*time.Second) {
		t.Errorf("sleeps = %v, want the 3s Retry-After among them", clock.Sleeps())
	}
	for ua := range site.agents {
		if !strings.Contains(ua, "Verity") {
			t.Errorf("a request had User-Agent %q, want one naming Verity", ua)
		}
	}
	if rep.Fetched != 22 || rep.Stored.Created != 12 || len(rep.Errors) != 3 || len(rep.SkippedRobots) != 1 || !rep.Complete {
		t.Errorf("report = fetched %d, created %d, errors %d, robots %d, complete %v; want 22, 12, 3, 1, true",
			rep.Fetched, rep.Stored.Created, len(rep.Errors), len(rep.SkippedRobots), rep.Complete)
	}
	if len(rep.Sitemaps) != 3 || rep.SitemapURLs != 4 {
		t.Errorf("report sitemaps = %v with %d URLs, want 3 files with 4 URLs of this site", rep.Sitemaps, rep.SitemapURLs)
	}

	// What was stored: web sources named by canonical URL, decoded text.
	texts := map[string]string{
		"/cp1251":        "Наши клиенты используют Битрикс24 каждый день.",
		"/koi8":          "Старый архив отзывов о продукте.",
		"/report.pdf":    "Annual report: Bitrix24 at Acme",
		"/broken":        "Битрикс24 at Broken LLC",
		"/case/romashka": "ООО «Ромашка» перешли на Битрикс24 в 2024 году.",
	}
	for path, text := range texts {
		src, err := db.Source(ctx, site.URL+path)
		if err != nil {
			t.Errorf("Source(%s): %v", path, err)
			continue
		}
		if !strings.Contains(src.Text, text) || src.System != verity.SystemWeb || src.URI != src.ID ||
			!slices.Equal(src.ACL, []verity.Principal{verity.Public}) || src.UpdatedAt.IsZero() {
			t.Errorf("Source(%s) = system %s uri %s acl %v updated %v text %q; want web, its id, public, a fetch time, and %q",
				path, src.System, src.URI, src.ACL, src.UpdatedAt, src.Text, text)
		}
	}
}

func TestRecrawl(t *testing.T) {
	ctx := context.Background()
	site := newFakeSite(t)
	db := testStore(t)
	opt := CrawlOptions{ACL: []verity.Principal{"group:market"}}
	first, err := Crawl(ctx, testFetcher(llmtest.NewClock(t0)), db, site.URL, opt)
	if err != nil {
		t.Fatalf("Crawl: %v", err)
	}
	// A day later nothing changed: every stored page is unchanged.
	again, err := Crawl(ctx, testFetcher(llmtest.NewClock(t0.Add(24*time.Hour))), db, site.URL, opt)
	if err != nil {
		t.Fatalf("Crawl again: %v", err)
	}
	if again.Stored != (StoredCounts{Unchanged: first.Stored.Created}) {
		t.Errorf("re-crawl stored %+v, want all %d unchanged", again.Stored, first.Stored.Created)
	}
	site.setPage("/about", page("About Acme", "Acme Soft was founded in 2010 in Kazan and moved to Moscow."))
	third, err := Crawl(ctx, testFetcher(llmtest.NewClock(t0.Add(48*time.Hour))), db, site.URL, opt)
	if err != nil {
		t.Fatalf("Crawl a third time: %v", err)
	}
	if third.Stored.NewVersion != 1 || third.Stored.Unchanged != first.Stored.Created-1 {
		t.Errorf("crawl after a change stored %+v, want 1 new version and the rest unchanged", third.Stored)
	}
	src, err := db.Source(ctx, site.URL+"/about")
	if err != nil || src.Version != 2 || src.UpdatedAt.Before(t0.Add(48*time.Hour)) || !strings.Contains(src.Text, "Moscow") {
		t.Errorf("Source(/about) = v%d updated %v, %v; want version 2 fetched at the third crawl", src.Version, src.UpdatedAt, err)
	}
}

func TestCrawlBudget(t *testing.T) {
	ctx := context.Background()
	site := newFakeSite(t)
	cps := newMemCheckpoints()
	rep, err := Crawl(ctx, testFetcher(llmtest.NewClock(t0)), testStore(t), site.URL, CrawlOptions{Budget: 3, Checkpoints: cps})
	if err != nil {
		t.Fatalf("Crawl: %v", err)
	}
	if rep.Fetched != 3 || rep.Pending == 0 || rep.Complete {
		t.Errorf("Crawl(budget 3) fetched %d, pending %d, complete %v; want 3, some, false", rep.Fetched, rep.Pending, rep.Complete)
	}
	// A crawl that spent its budget is finished: the next one starts over.
	rep, err = Crawl(ctx, testFetcher(llmtest.NewClock(t0)), testStore(t), site.URL, CrawlOptions{Budget: 3, Checkpoints: cps})
	if err != nil || rep.Resumed {
		t.Errorf("Crawl after a finished crawl: resumed %v, %v; want a fresh crawl", rep.Resumed, err)
	}
}

// TestCrawlResume interrupts a crawl after a few pages and resumes it:
// nothing stored is lost and no page is fetched twice.
func TestCrawlResume(t *testing.T) {
	site := newFakeSite(t)
	db := testStore(t)
	cps := newMemCheckpoints()
	ctx, cancel := context.WithCancel(context.Background())
	n := 0
	first, err := Crawl(ctx, testFetcher(llmtest.NewClock(t0)), db, site.URL, CrawlOptions{Checkpoints: cps, OnPage: func(r PageResult) {
		if n++; n == 5 {
			cancel()
		}
	}})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("interrupted Crawl = %v, want context.Canceled", err)
	}
	if first.Stored.Created == 0 || first.Pending == 0 {
		t.Fatalf("interrupted crawl stored %d with %d pending, want some of each", first.Stored.Created, first.Pending)
	}
	second, err := Crawl(context.Background(), testFetcher(llmtest.NewClock(t0)), db, site.URL, CrawlOptions{Checkpoints: cps})
	if err != nil {
		t.Fatalf("resumed Crawl: %v", err)
	}
	if !second.Resumed || !second.Complete {
		t.Errorf("resumed crawl: resumed %v complete %v, want both", second.Resumed, second.Complete)
	}
	if total := first.Stored.Created + second.Stored.Created; total != 12 || second.Stored.Unchanged != 0 {
		t.Errorf("created %d + %d = %d pages with %d unchanged, want 12 in all and none fetched again",
			first.Stored.Created, second.Stored.Created, total, second.Stored.Unchanged)
	}
	for _, path := range []string{"/", "/about", "/report.pdf", "/deep", "/sitemap-only", "/cp1251", "/missing"} {
		if got := site.hit(path); got != 1 {
			t.Errorf("server got %d requests for %s over both runs, want 1", got, path)
		}
	}
	if got := site.hit("/sitemap_index.xml"); got != 1 {
		t.Errorf("sitemap index read %d times, want once (the resume has the frontier)", got)
	}
}

func TestCrawlRobotsUnavailable(t *testing.T) {
	tests := []struct {
		status  int
		fetched bool
	}{
		{503, false}, // a server error: everything disallowed (RFC 9309)
		{429, false},
		{404, true}, // no robots.txt: everything allowed
		{403, true},
	}
	for _, tt := range tests {
		site := newFakeSite(t)
		site.robotsStatus = tt.status
		rep, err := Crawl(context.Background(), testFetcher(llmtest.NewClock(t0)), testStore(t), site.URL, CrawlOptions{Budget: 5, NoSitemap: true})
		if err != nil {
			t.Fatalf("Crawl(robots %d): %v", tt.status, err)
		}
		if got := site.hit("/") > 0; got != tt.fetched {
			t.Errorf("Crawl(robots.txt HTTP %d) fetched the start page: %v, want %v (robots: %s)", tt.status, got, tt.fetched, rep.Robots)
		}
		if !tt.fetched && (len(rep.SkippedRobots) != 1 || rep.Fetched != 0) {
			t.Errorf("Crawl(robots.txt HTTP %d) = robots-skipped %v, fetched %d; want the start page skipped and nothing fetched", tt.status, rep.SkippedRobots, rep.Fetched)
		}
	}
}

func TestCrawlDelay(t *testing.T) {
	site := newFakeSite(t)
	site.robots = "User-agent: *\nCrawl-delay: 2\nDisallow: /slow\n"
	clock := llmtest.NewClock(t0)
	rep, err := Crawl(context.Background(), testFetcher(clock), testStore(t), site.URL, CrawlOptions{Budget: 6})
	if err != nil {
		t.Fatalf("Crawl: %v", err)
	}
	// Every request after robots.txt waits for the 2s Crawl-delay (the
	// 429's Retry-After of 3s may add one longer wait).
	var short []time.Duration
	for _, d := range clock.Sleeps() {
		if d > 0 && d < 2*time.Second {
			short = append(short, d)
		}
	}
	if rep.DelayMS != 2000 || len(short) > 0 || len(clock.Sleeps()) < rep.Fetched {
		t.Errorf("Crawl-delay 2: delay %dms, sleeps %v; want 2000ms and a 2s wait before every page", rep.DelayMS, clock.Sleeps())
	}
}

func TestCrawlRefusesBadStart(t *testing.T) {
	for _, in := range []string{"", "ftp://example.com/", "not a url"} {
		if _, err := Crawl(context.Background(), testFetcher(llmtest.NewClock(t0)), testStore(t), in, CrawlOptions{}); verity.ErrorCode(err) != verity.EINVALID {
			t.Errorf("Crawl(%q) = %v, want EINVALID", in, err)
		}
	}
}

func TestCrawlStartRedirectsOffSite(t *testing.T) {
	site := newFakeSite(t)
	rep, err := Crawl(context.Background(), testFetcher(llmtest.NewClock(t0)), testStore(t), site.URL+"/redirect-out", CrawlOptions{NoSitemap: true})
	if err != nil {
		t.Fatalf("Crawl: %v", err)
	}
	if rep.Stored.Created != 0 || len(rep.Notes) != 1 || !strings.Contains(rep.Notes[0], "elsewhere.example/landing") {
		t.Errorf("Crawl(start redirects off site) = created %d, notes %q; want nothing and a note naming the target", rep.Stored.Created, rep.Notes)
	}
}
