package collect

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/llm/llmtest"
)

func TestSearXNGWire(t *testing.T) {
	var calls atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n := calls.Add(1)
		q := r.URL.Query()
		switch q.Get("q") {
		case "busy":
			if n == 1 {
				w.Header().Set("Retry-After", "2")
				http.Error(w, "Too Many Requests", http.StatusTooManyRequests)
				return
			}
		case "no json":
			http.Error(w, "403 Forbidden", http.StatusForbidden)
			return
		case "engines down":
			w.Write([]byte(`{"query":"engines down","results":[],"unresponsive_engines":[["google","timeout"],["bing","CAPTCHA"]]}`))
			return
		case "broken":
			w.Write([]byte(`<html>not json</html>`))
			return
		}
		if r.URL.Path != "/searx/search" || q.Get("format") != "json" || q.Get("categories") != "general" || r.Header.Get("Accept") != "application/json" ||
			!strings.Contains(r.UserAgent(), "Verity") {
			t.Errorf("request %s with headers %v, want GET /searx/search?format=json&categories=general from Verity", r.URL, r.Header)
		}
		w.Write([]byte(`{"query":"x","number_of_results":3,"results":[
			{"url":"https://a.example/1","title":"A","content":"first","engine":"bing","engines":["bing"],"score":3},
			{"url":"https://b.example/2","title":"B","content":"second","engines":["google"],"score":2},
			{"url":"https://c.example/3","title":"C","content":"third","engine":"ddg","score":1}],
			"answers":[],"suggestions":["x y"],"unresponsive_engines":[]}`))
	}))
	defer srv.Close()
	clock := llmtest.NewClock(t0)
	s, err := NewSearXNG(SearXNGConfig{BaseURL: srv.URL + "/searx", HTTP: SearchHTTP{Clock: clock}})
	if err != nil {
		t.Fatalf("NewSearXNG: %v", err)
	}
	hits, err := s.Search(context.Background(), Query{Text: "Битрикс24 клиенты", Language: "ru", Limit: 2})
	want := []Hit{{URL: "https://a.example/1", Title: "A", Snippet: "first", Rank: 1, Engine: "bing"}, {URL: "https://b.example/2", Title: "B", Snippet: "second", Rank: 2, Engine: "google"}}
	if err != nil || !slices.Equal(hits, want) {
		t.Errorf("Search = %+v, %v, want %+v", hits, err, want)
	}
	calls.Store(0)
	if _, err := s.Search(context.Background(), Query{Text: "busy"}); err != nil || calls.Load() != 2 || !slices.Equal(clock.Sleeps(), []time.Duration{2 * time.Second}) {
		t.Errorf("Search(busy) = %v after %d calls and sleeps %v, want success on the retry after 2s", err, calls.Load(), clock.Sleeps())
	}
	tests := []struct {
		q, code, msg string
	}{
		{"no json", verity.EINVALID, "search.formats"},
		{"engines down", verity.EUNAVAILABLE, "google: timeout"},
		{"broken", verity.EUNAVAILABLE, "not the expected JSON"},
	}
	for _, tt := range tests {
		_, err := s.Search(context.Background(), Query{Text: tt.q})
		if verity.ErrorCode(err) != tt.code || !strings.Contains(err.Error(), tt.msg) {
			t.Errorf("Search(%q) = %v, want %s mentioning %q", tt.q, err, tt.code, tt.msg)
		}
	}
	if _, err := NewSearXNG(SearXNGConfig{BaseURL: "localhost:8888"}); verity.ErrorCode(err) != verity.EINVALID {
		t.Errorf("NewSearXNG(no scheme) = %v, want EINVALID", err)
	}
}

func TestBraveWire(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("X-Subscription-Token") != "secret" {
			w.WriteHeader(http.StatusUnauthorized)
			w.Write([]byte(`{"type":"ErrorResponse","error":{"code":"SUBSCRIPTION_TOKEN_INVALID","status":401}}`))
			return
		}
		q := r.URL.Query()
		if q.Get("q") != "Bitrix24 case study" || q.Get("count") != "5" || q.Get("search_lang") != "en" {
			t.Errorf("Brave request %s, want q, count=5, search_lang=en", r.URL.RawQuery)
		}
		w.Write([]byte(`{"type":"search","query":{"original":"Bitrix24 case study"},"web":{"type":"search","results":[
			{"title":"How <strong>Acme</strong> uses Bitrix24","url":"https://acme.example/story","description":"Acme moved its sales to <strong>Bitrix24</strong>.","language":"en"},
			{"title":"Second","url":"https://b.example/","description":""}]}}`))
	}))
	defer srv.Close()
	b, err := NewBrave(BraveConfig{Key: "secret", BaseURL: srv.URL})
	if err != nil {
		t.Fatalf("NewBrave: %v", err)
	}
	hits, err := b.Search(context.Background(), Query{Text: "Bitrix24 case study", Language: "en", Limit: 5})
	want := []Hit{{URL: "https://acme.example/story", Title: "How Acme uses Bitrix24", Snippet: "Acme moved its sales to Bitrix24.", Rank: 1}, {URL: "https://b.example/", Title: "Second", Rank: 2}}
	if err != nil || !slices.Equal(hits, want) {
		t.Errorf("Brave Search = %+v, %v, want %+v", hits, err, want)
	}
	bad, _ := NewBrave(BraveConfig{Key: "wrong", BaseURL: srv.URL})
	if _, err := bad.Search(context.Background(), Query{Text: "x"}); verity.ErrorCode(err) != verity.EINVALID || !strings.Contains(err.Error(), "401") {
		t.Errorf("Brave Search(bad key) = %v, want EINVALID naming HTTP 401", err)
	}
	if _, err := NewBrave(BraveConfig{}); verity.ErrorCode(err) != verity.EINVALID {
		t.Errorf("NewBrave(no key) = %v, want EINVALID", err)
	}
}

func TestBans(t *testing.T) {
	b := NewBans("Example.ORG", "https://www.spam.example/path?x", "*.wild.example", "user@creds.example:8080", "  ")
	tests := []struct {
		url, domain, category string
	}{
		{"https://www.facebook.com/acme", "facebook.com", BanSocial},
		{"https://m.vk.com/wall", "vk.com", BanSocial},
		{"https://spb.hh.ru/vacancy/1", "hh.ru", BanJobs},
		{"https://career.habr.com/vacancies", "career.habr.com", BanJobs},
		{"https://play.google.com/store/apps", "play.google.com", BanAppStore},
		{"https://www.g2.com/products/x", "g2.com", BanAggregator},
		{"https://example.org/", "example.org", BanSpec},
		{"https://news.spam.example/", "spam.example", BanSpec},
		{"https://a.wild.example/", "wild.example", BanSpec},
		{"https://creds.example/", "creds.example", BanSpec},
		{"https://habr.com/ru/companies/x/articles/1/", "", ""}, // corporate blogs are read
		{"https://google.com/", "", ""},
		{"https://notvk.com/", "", ""}, // a suffix of the name is not a subdomain
		{"https://example.org.evil.example/", "", ""},
	}
	for _, tt := range tests {
		u, _ := url.Parse(tt.url)
		d, c, banned := b.Match(u)
		if d != tt.domain || c != tt.category || banned != (tt.domain != "") {
			t.Errorf("Bans.Match(%s) = %q, %q, %v; want %q, %q", tt.url, d, c, banned, tt.domain, tt.category)
		}
	}
	for _, d := range BannedDomains() {
		if BanDomain(d.Domain) != d.Domain {
			t.Errorf("built-in banned domain %q is not in the form BanDomain gives", d.Domain)
		}
	}
}

func TestTemplatePlan(t *testing.T) {
	plan := TemplatePlan("Битрикс24", []string{"Bitrix24", "Битрикс 24", "битрикс24"})
	if len(plan) != 3*len(templates) {
		t.Fatalf("TemplatePlan has %d queries, want %d (one alias differs only in case)", len(plan), 3*len(templates))
	}
	if plan[0].Text != "Битрикс24 клиенты" || plan[0].Language != "ru" || plan[len(templates)].Text != "Bitrix24 клиенты" {
		t.Errorf("TemplatePlan starts %q, then %q; want the product's templates first", plan[0].Text, plan[len(templates)].Text)
	}
	if q := plan[2*len(templates)].Text; q != `"Битрикс 24" клиенты` {
		t.Errorf("TemplatePlan for a name with a space = %q, want it quoted", q)
	}
	for _, q := range plan {
		if q.Reason == "" || strings.Contains(q.Reason, "%") {
			t.Errorf("TemplatePlan query %q has reason %q", q.Text, q.Reason)
		}
	}
	next, _ := TemplatePlanner{}.Next(context.Background(), PlanState{Product: "X", Asked: []string{"x клиенты"}, SearchesLeft: 2})
	if len(next) != 2 || next[0].Text != "X кейс внедрения" {
		t.Errorf("TemplatePlanner.Next after one search = %+v, want the next two unasked", next)
	}
}
