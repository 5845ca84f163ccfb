package collect

import (
	"context"
	"encoding/json"
	"net"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/llm"
	"github.com/veritykb/verity/llm/llmtest"
)

// fakeWeb serves many hosts from one local server: a client built by
// client() dials it for every host name, so pages on news.example and
// vendor.example are distinct sites without any network.
type fakeWeb struct {
	*httptest.Server
	mu    sync.Mutex
	hits  map[string]int // "host/path" → requests
	pages map[string]string
}

func newFakeWeb(t *testing.T) *fakeWeb {
	w := &fakeWeb{hits: map[string]int{}, pages: map[string]string{
		"news.example/bitrix24-romashka": page("ООО «Ромашка» перешло на Битрикс24", "Компания «Ромашка» внедрила Битрикс24 в отделе продаж. Читайте также <a href=\"http://linked.example/secret-customer\">другой кейс</a>."),
		"news.example/p2":                page("Битрикс24 в рознице", "Сеть «Лето» использует Битрикс24."),
		"news.example/p3":                page("Bitrix24 at Acme", "Acme runs Bitrix24 for its sales team."),
		"news.example/p4":                page("Ещё о Битрикс24", "Четвёртая статья о Битрикс24."),
		"blog.example/crm-review":        page("Обзор CRM", "Сравнение CRM-систем без упоминания нужного продукта."),
		"blocked.example/case":           page("Кейс Битрикс24", "Закрыто robots.txt."),
		"vendor.example/cases/acme":      page("Acme и Битрикс24", "Кейс на сайте вендора."),
		"linked.example/secret-customer": page("Секрет", "Битрикс24 у секретного клиента."),
		"www.hh.ru/vacancy/1":            page("Вакансия", "Опыт работы с Битрикс24."),
		"shop.example/go":                "", // redirects off the site
	}}
	w.Server = httptest.NewServer(http.HandlerFunc(w.serve))
	t.Cleanup(w.Close)
	return w
}

func (w *fakeWeb) serve(rw http.ResponseWriter, r *http.Request) {
	host, _, _ := net.SplitHostPort(r.Host)
	if host == "" {
		host = r.Host
	}
	key := host + r.URL.Path
	w.mu.Lock()
	w.hits[key]++
	body, ok := w.pages[key]
	w.mu.Unlock()
	switch {
	case r.URL.Path == "/robots.txt" && host == "blocked.example":
		rw.Write([]byte("User-agent: *\nDisallow: /\n"))
	case r.URL.Path == "/robots.txt":
		http.NotFound(rw, r)
	case key == "shop.example/go":
		http.Redirect(rw, r, "http://elsewhere.example/landing", http.StatusFound)
	case !ok:
		http.NotFound(rw, r)
	default:
		rw.Header().Set("Content-Type", "text/html; charset=utf-8")
		rw.Write([]byte(body))
	}
}

func (w *fakeWeb) hit(hostPath string) int {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.hits[hostPath]
}

// client dials the fake web's listener whatever host a URL names.
func (w *fakeWeb) client() *http.Client {
	addr := w.Listener.Addr().String()
	tr := &http.Transport{DialContext: func(ctx context.Context, network, _ string) (net.Conn, error) {
		return (&net.Dialer{}).DialContext(ctx, network, addr)
	}}
	return &http.Client{Transport: tr}
}

// fakeSearXNG answers /search?format=json from a table of queries, in
// SearXNG's JSON shape, and logs what it was asked.
type fakeSearXNG struct {
	*httptest.Server
	mu      sync.Mutex
	asked   []string
	langs   []string
	results map[string][]map[string]any
}

func newFakeSearXNG(t *testing.T, webHost func(string) string) *fakeSearXNG {
	res := func(url, title, content string) map[string]any {
		return map[string]any{"url": webHost(url), "title": title, "content": content, "engine": "duckduckgo",
			"engines": []string{"duckduckgo", "bing"}, "score": 1.0, "category": "general", "positions": []int{1}}
	}
	s := &fakeSearXNG{results: map[string][]map[string]any{
		"Битрикс24 клиенты": {
			res("https://vk.com/wall-1_2", "Битрикс24 — ВКонтакте", "пост"),
			res("http://news.example/bitrix24-romashka?utm_source=searx", "«Ромашка» перешла на Битрикс24", "Компания внедрила Битрикс24"),
			res("http://vendor.example/cases/acme", "Кейс Acme — Битрикс24", "кейс вендора"),
			res("https://www.hh.ru/vacancy/1", "Вакансия: специалист Битрикс24", "опыт работы"),
			res("http://blog.example/crm-review", "Обзор CRM", "сравнение систем"),
		},
		"Битрикс24 кейс внедрения": {
			res("http://news.example/bitrix24-romashka#comments", "«Ромашка» перешла на Битрикс24", "дубликат"),
			res("https://apps.apple.com/app/bitrix24/id1", "Bitrix24 in the App Store", "app"),
			res("http://blocked.example/case", "Кейс Битрикс24", "закрыт robots"),
			res("https://www.g2.com/products/bitrix24/reviews", "Bitrix24 Reviews", "aggregator"),
			res("http://shop.example/go", "Битрикс24 магазин", "редирект"),
			res("http://news.example/p2", "Битрикс24 в рознице", ""),
			res("http://news.example/p3", "Bitrix24 at Acme", ""),
			res("http://news.example/p4", "Ещё о Битрикс24", ""),
			res("ftp://files.example/x", "not the web", ""),
		},
	}}
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/search" || r.URL.Query().Get("format") != "json" {
			http.Error(w, "Forbidden", http.StatusForbidden)
			return
		}
		q := r.URL.Query().Get("q")
		s.mu.Lock()
		s.asked = append(s.asked, q)
		s.langs = append(s.langs, r.URL.Query().Get("language"))
		results := s.results[q]
		s.mu.Unlock()
		if results == nil {
			results = []map[string]any{}
		}
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(map[string]any{"query": q, "number_of_results": len(results), "results": results,
			"answers": []any{}, "corrections": []any{}, "infoboxes": []any{}, "suggestions": []any{}, "unresponsive_engines": []any{}})
	}))
	t.Cleanup(s.Close)
	return s
}

// memJournal records calls in memory, as the store's journal does.
type memJournal struct {
	mu    sync.Mutex
	calls []Call
	runs  []string
}

func (j *memJournal) RecordCall(_ context.Context, run string, c Call) error {
	j.mu.Lock()
	defer j.mu.Unlock()
	j.calls = append(j.calls, c)
	j.runs = append(j.runs, run)
	return nil
}

func researchSetup(t *testing.T) (*fakeWeb, *fakeSearXNG, *SearXNG, *Fetcher) {
	web := newFakeWeb(t)
	sx := newFakeSearXNG(t, func(u string) string { return u })
	s, err := NewSearXNG(SearXNGConfig{BaseURL: sx.URL + "/"})
	if err != nil {
		t.Fatalf("NewSearXNG: %v", err)
	}
	f := NewFetcher(FetchOptions{Client: web.client(), Clock: llmtest.NewClock(t0)})
	return web, sx, s, f
}

func TestResearch(t *testing.T) {
	ctx := context.Background()
	web, sx, s, f := researchSetup(t)
	db := testStore(t)
	j := &memJournal{}
	rep, err := Research(ctx, s, f, db, ResearchOptions{Product: "Битрикс24", Aliases: []string{"Bitrix24"},
		Searches: 4, Reads: 8, Vendor: []string{"vendor.example"}, Ban: []string{"https://www.blog.example/anything"}, Journal: j, Run: "r1"})
	if err != nil {
		t.Fatalf("Research: %v", err)
	}
	// Budget: 4 searches from the template plan, in order.
	want := TemplatePlan("Битрикс24", []string{"Bitrix24"})[:4]
	var wantQ []string
	for _, q := range want {
		wantQ = append(wantQ, q.Text)
	}
	if !slices.Equal(sx.asked, wantQ) || rep.Used.Searches != 4 {
		t.Errorf("searches = %q (%d used), want %q", sx.asked, rep.Used.Searches, wantQ)
	}
	if sx.langs[0] != "ru" || sx.langs[2] != "en" {
		t.Errorf("search languages = %q, want ru for Russian templates and en for English ones", sx.langs)
	}
	// Every call has a one-line reason and is in the journal.
	if len(j.calls) != len(rep.Calls) {
		t.Errorf("journal has %d calls, report %d", len(j.calls), len(rep.Calls))
	}
	for _, c := range rep.Calls {
		if strings.TrimSpace(c.Reason) == "" || strings.Contains(c.Reason, "\n") {
			t.Errorf("call %d (%s %s%s) has reason %q, want one non-empty line", c.Seq, c.Kind, c.Query, c.URL, c.Reason)
		}
	}
	outcome := map[string]string{}
	for _, c := range rep.Calls {
		if c.Kind == CallRead {
			outcome[strings.TrimPrefix(c.URL, "http://")] = c.Outcome
		}
	}
	wantRead := map[string]string{
		"news.example/bitrix24-romashka": "created", // found twice, with and without tracking/fragment: read once
		"news.example/p2":                "created",
		"news.example/p3":                "created",
		"blocked.example/case":           ReasonRobots,
		"shop.example/go":                ReasonRedirect,
		"vendor.example/cases/acme":      "created", // read last: the vendor's own site
	}
	if !mapsEqual(outcome, wantRead) {
		t.Errorf("reads = %v, want %v", outcome, wantRead)
	}
	// news.example/p4 is the fourth page of one site: over the per-host cap.
	for _, never := range []string{"news.example/p4", "linked.example/secret-customer", "www.hh.ru/vacancy/1", "blog.example/crm-review", "elsewhere.example/landing"} {
		if n := web.hit(never); n != 0 {
			t.Errorf("%s was fetched %d times, want never", never, n)
		}
	}
	if n := web.hit("news.example/bitrix24-romashka"); n != 1 {
		t.Errorf("the duplicate result was fetched %d times, want once", n)
	}
	var banned []string
	for _, b := range rep.Banned {
		banned = append(banned, b.Domain+" "+b.Category)
	}
	slices.Sort(banned)
	wantBanned := []string{"apps.apple.com " + BanAppStore, "blog.example " + BanSpec, "g2.com " + BanAggregator, "hh.ru " + BanJobs, "vk.com " + BanSocial}
	if !slices.Equal(banned, wantBanned) {
		t.Errorf("banned = %q, want %q", banned, wantBanned)
	}
	// Kept pages are stored with their reason.
	if len(rep.Kept) != 4 || rep.Stored.Created != 4 {
		t.Fatalf("kept %d pages (stored %+v), want 4", len(rep.Kept), rep.Stored)
	}
	for _, k := range rep.Kept {
		src, err := db.Source(ctx, k.SourceID)
		if err != nil || src.System != verity.SystemWeb || k.Reason == "" || k.Query == "" {
			t.Errorf("kept %s: source %v, reason %q, query %q; want a stored web source with both", k.URL, err, k.Reason, k.Query)
		}
	}
	if rep.Used.Reads != 5 { // robots refusals cost no request
		t.Errorf("used %d reads, want 5", rep.Used.Reads)
	}
}

func TestResearchNotRelevant(t *testing.T) {
	ctx := context.Background()
	_, _, s, f := researchSetup(t)
	rep, err := Research(ctx, s, f, testStore(t), ResearchOptions{Product: "Битрикс24", Searches: 1, Reads: 15, PerHost: 5})
	if err != nil {
		t.Fatalf("Research: %v", err)
	}
	for _, c := range rep.Calls {
		if c.URL == "http://blog.example/crm-review" && c.Outcome != OutcomeNotRelevant {
			t.Errorf("read of a page without the product = %s, want %s", c.Outcome, OutcomeNotRelevant)
		}
	}
	if rep.Used.Reads != 3 || rep.Unread != 0 {
		t.Errorf("used %d reads with %d unread, want the 3 readable results of one search read", rep.Used.Reads, rep.Unread)
	}
}

func TestResearchModelPlanner(t *testing.T) {
	ctx := context.Background()
	_, sx, s, f := researchSetup(t)
	model := llmtest.New(llm.Info{Provider: "script", Model: "planner"})
	model.Sequence(TaskResearchNext,
		`{"queries": [
			{"query": "Битрикс24 клиенты", "reason": "again"},
			{"query": "http://linked.example/secret-customer", "reason": "read this page"},
			{"query": "Ромашка Битрикс24 отдел продаж", "reason": "the first case names Ромашка\nsearch for more about it", "language": "ru"}
		]}`,
		`{"queries": []}`)
	planner := &ModelPlanner{Model: model, FirstRound: 2}
	rep, err := Research(ctx, s, f, testStore(t), ResearchOptions{Product: "Битрикс24", Searches: 10, Reads: 5, Planner: planner})
	if err != nil {
		t.Fatalf("Research: %v", err)
	}
	want := []string{"Битрикс24 клиенты", "Битрикс24 кейс внедрения", "Ромашка Битрикс24 отдел продаж"}
	if !slices.Equal(sx.asked, want) {
		t.Errorf("searches = %q, want %q (the repeat and the URL dropped)", sx.asked, want)
	}
	if planner.Calls != 2 || model.Count(TaskResearchNext) != 2 {
		t.Errorf("model planner made %d calls, want 2 (one proposing, one ending)", planner.Calls)
	}
	first := model.Calls()[0]
	if prompt := first.Messages[0].Content; first.PromptVersion != "collect.research_next@1" ||
		!strings.Contains(prompt, "Битрикс24 в рознице") || !strings.Contains(prompt, "ООО «Ромашка» перешло на Битрикс24 — http://news.example/bitrix24-romashka (kept") {
		t.Errorf("planner prompt %s does not show what was found:\n%s", first.PromptVersion, first.Messages[0].Content)
	}
	for _, c := range rep.Calls {
		if c.Kind == CallSearch && c.Query == "Ромашка Битрикс24 отдел продаж" && c.Reason != "the first case names Ромашка search for more about it" {
			t.Errorf("model reason recorded as %q, want it on one line", c.Reason)
		}
		if c.URL == "http://linked.example/secret-customer" {
			t.Errorf("read %s, which only a model proposed", c.URL)
		}
	}
	if rep.Planner != "script:planner" {
		t.Errorf("report planner = %q, want the model's name", rep.Planner)
	}
}

func TestResearchPlannerFallback(t *testing.T) {
	_, sx, s, f := researchSetup(t)
	model := llmtest.New(llm.Info{})
	model.On(TaskResearchNext, func(context.Context, *llm.Request) (*llm.Response, error) {
		return nil, verity.Errorf(verity.ENOTIMPLEMENTED, "no such task")
	})
	rep, err := Research(context.Background(), s, f, testStore(t), ResearchOptions{Product: "Битрикс24", Searches: 5, Reads: 1,
		Planner: &ModelPlanner{Model: model, FirstRound: 1}})
	if err != nil {
		t.Fatalf("Research: %v", err)
	}
	if len(sx.asked) != 5 || len(rep.Notes) != 1 || !strings.HasSuffix(rep.Planner, "→ template") {
		t.Errorf("after a failing planner: %d searches, notes %q, planner %q; want 5 from the template plan and a note", len(sx.asked), rep.Notes, rep.Planner)
	}
}

func TestResearchExplicitQueries(t *testing.T) {
	_, sx, s, f := researchSetup(t)
	rep, err := Research(context.Background(), s, f, testStore(t), ResearchOptions{
		Queries: []PlannedQuery{{Text: "Битрикс24 кейс внедрения", Reason: "given on the command line"}}, Reads: 2})
	if err != nil {
		t.Fatalf("Research: %v", err)
	}
	if !slices.Equal(sx.asked, []string{"Битрикс24 кейс внедрения"}) || rep.Used.Reads != 2 {
		t.Errorf("explicit run: searches %q, reads %d; want the one query and 2 reads", sx.asked, rep.Used.Reads)
	}
	if _, err := Research(context.Background(), s, f, testStore(t), ResearchOptions{}); verity.ErrorCode(err) != verity.EINVALID {
		t.Errorf("Research(no product, no query) = %v, want EINVALID", err)
	}
}

func TestResearchSearchDown(t *testing.T) {
	down := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "engine crashed", http.StatusBadGateway)
	}))
	defer down.Close()
	s, _ := NewSearXNG(SearXNGConfig{BaseURL: down.URL})
	rep, err := Research(context.Background(), s, NewFetcher(FetchOptions{Clock: llmtest.NewClock(t0)}), testStore(t), ResearchOptions{Product: "X", Searches: 3})
	if verity.ErrorCode(err) != verity.EUNAVAILABLE || rep.Used.Searches != 3 {
		t.Errorf("Research(search down) = %v after %d searches, want EUNAVAILABLE after 3", err, rep.Used.Searches)
	}
}

func mapsEqual(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}
