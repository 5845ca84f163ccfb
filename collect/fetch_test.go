package collect

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/unicode"

	"github.com/veritykb/verity/llm/llmtest"
)

func TestDecodeHTML(t *testing.T) {
	cp1251 := func(s string) []byte { b, _ := charmap.Windows1251.NewEncoder().Bytes([]byte(s)); return b }
	utf16 := func(s string) []byte {
		b, _ := unicode.UTF16(unicode.LittleEndian, unicode.UseBOM).NewEncoder().Bytes([]byte(s))
		return b
	}
	asciiHead := "<html><head><title>x</title>" + strings.Repeat("<!-- padding -->", 100) + "</head><body>Клиенты</body></html>"
	tests := []struct {
		name        string
		body        []byte
		contentType string
		want        string // a substring of the decoded text
		charset     string
		fails       bool
	}{
		{"utf-8 undeclared after an ASCII head", []byte(asciiHead), "text/html", "Клиенты", "utf-8", false},
		{"windows-1251 by header", cp1251("<p>Клиенты</p>"), "text/html; charset=windows-1251", "Клиенты", "windows-1251", false},
		{"windows-1251 by meta", append([]byte(`<meta charset="windows-1251">`), cp1251("<p>Клиенты</p>")...), "text/html", "Клиенты", "windows-1251", false},
		{"cp1251 label", cp1251("<p>Клиенты</p>"), "text/html; charset=cp1251", "Клиенты", "windows-1251", false},
		{"declared legacy, served UTF-8", []byte("<p>Клиенты</p>"), "text/html; charset=windows-1251", "Клиенты", "utf-8", false},
		{"UTF-16 with BOM", utf16("<p>Клиенты</p>"), "text/html", "Клиенты", "utf-16le", false},
		{"invalid bytes in UTF-8", []byte("<meta charset=utf-8><p>ok \xff\xfe bad</p>"), "text/html", "ok \uFFFD", "utf-8", false},
		{"replacement charset", []byte("<p>\x1b$)C text</p>\xff"), "text/html; charset=iso-2022-kr", "", "", true},
	}
	for _, tt := range tests {
		got, cs, err := decodeHTML(tt.body, tt.contentType)
		if tt.fails {
			if err == nil {
				t.Errorf("%s: decodeHTML = %q, want an error", tt.name, got)
			}
			continue
		}
		if err != nil || !strings.Contains(string(got), tt.want) || cs != tt.charset {
			t.Errorf("%s: decodeHTML = %q, %s, %v; want text with %q from %s", tt.name, got, cs, err, tt.want, tt.charset)
		}
	}
}

func TestRetryAfter(t *testing.T) {
	now := time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)
	tests := []struct {
		v    string
		want time.Duration
		ok   bool
	}{
		{"3", 3 * time.Second, true},
		{" 120 ", 2 * time.Minute, true},
		{now.Add(90 * time.Second).Format(http.TimeFormat), 90 * time.Second, true},
		{now.Add(-time.Hour).Format(http.TimeFormat), 0, true},
		{"soon", 0, false},
		{"-1", 0, false},
		{"", 0, false},
	}
	for _, tt := range tests {
		h := http.Header{}
		h.Set("Retry-After", tt.v)
		if got, ok := retryAfter(h, now); got != tt.want || ok != tt.ok {
			t.Errorf("retryAfter(%q) = %v, %v, want %v, %v", tt.v, got, ok, tt.want, tt.ok)
		}
	}
}

func TestFetchFailures(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/robots.txt":
			http.NotFound(w, r)
		case "/wait-an-hour":
			w.Header().Set("Retry-After", "3600")
			w.WriteHeader(http.StatusTooManyRequests)
		case "/always-busy":
			w.WriteHeader(http.StatusServiceUnavailable)
		case "/loop":
			http.Redirect(w, r, "/loop2", http.StatusFound)
		case "/loop2":
			http.Redirect(w, r, "/loop", http.StatusFound)
		case "/sniff":
			w.Header()["Content-Type"] = nil
			w.Write([]byte("<!DOCTYPE html><html><body><p>sniffed</p></body></html>"))
		case "/image":
			w.Header()["Content-Type"] = nil
			w.Write([]byte("\x89PNG\r\n\x1a\n0000"))
		}
	}))
	defer srv.Close()
	tests := []struct {
		path, reason string
		status       int
	}{
		{"/wait-an-hour", ReasonRateLimited, 429},
		{"/always-busy", ReasonRateLimited, 503},
		{"/loop", ReasonRedirect, 302},
		{"/image", ReasonType, 200},
	}
	for _, tt := range tests {
		clock := llmtest.NewClock(t0)
		f := NewFetcher(FetchOptions{Clock: clock})
		_, err := f.Fetch(context.Background(), Get{URL: srv.URL + tt.path, Accept: AcceptPage})
		var fe *FetchError
		if !errors.As(err, &fe) || fe.Reason != tt.reason || fe.Status != tt.status {
			t.Errorf("Fetch(%s) = %v, want a %s failure with HTTP %d", tt.path, err, tt.reason, tt.status)
		}
		if tt.path == "/wait-an-hour" && slices.ContainsFunc(clock.Sleeps(), func(d time.Duration) bool { return d >= time.Hour }) {
			t.Errorf("Fetch(%s) slept %v, want no hour-long wait", tt.path, clock.Sleeps())
		}
	}
	f := NewFetcher(FetchOptions{Clock: llmtest.NewClock(t0)})
	r, err := f.Fetch(context.Background(), Get{URL: srv.URL + "/sniff", Accept: AcceptPage})
	if err != nil || r.MediaType != "text/html" || !bytes.Contains(r.Body, []byte("sniffed")) {
		t.Errorf("Fetch(/sniff) = %+v, %v; want HTML sniffed from the body", r, err)
	}
}

func TestParseSitemap(t *testing.T) {
	gz := func(s string) []byte {
		var b bytes.Buffer
		w := gzip.NewWriter(&b)
		w.Write([]byte(s))
		w.Close()
		return b.Bytes()
	}
	tests := []struct {
		name     string
		data     []byte
		urls     []string
		sitemaps []string
		fails    bool
	}{
		{"urlset", []byte(`<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc> https://a.example/1 </loc></url><url><loc>https://a.example/2</loc><lastmod>2026-01-01</lastmod></url></urlset>`),
			[]string{"https://a.example/1", "https://a.example/2"}, nil, false},
		{"index", []byte(`<sitemapindex><sitemap><loc>https://a.example/s1.xml</loc></sitemap></sitemapindex>`), nil, []string{"https://a.example/s1.xml"}, false},
		{"gzip", gz(`<urlset><url><loc>https://a.example/z</loc></url></urlset>`), []string{"https://a.example/z"}, nil, false},
		{"text", []byte("https://a.example/t1\n\nnot a url\nhttp://a.example/t2\n"), []string{"https://a.example/t1", "http://a.example/t2"}, nil, false},
		{"entities", []byte(`<urlset><url><loc>https://a.example/?a=1&amp;b=2</loc></url></urlset>`), []string{"https://a.example/?a=1&b=2"}, nil, false},
		{"truncated keeps what came before", []byte(`<urlset><url><loc>https://a.example/1</loc></url><url><loc>https://a.exa`), []string{"https://a.example/1"}, nil, true},
		{"garbage", []byte(`<<<>>>`), nil, nil, true},
	}
	for _, tt := range tests {
		sm, err := ParseSitemap(tt.data)
		if (err != nil) != tt.fails {
			t.Errorf("%s: ParseSitemap error = %v, want error %v", tt.name, err, tt.fails)
		}
		var urls, sitemaps []string
		if sm != nil {
			urls, sitemaps = sm.URLs, sm.Sitemaps
		}
		if !slices.Equal(urls, tt.urls) || !slices.Equal(sitemaps, tt.sitemaps) {
			t.Errorf("%s: ParseSitemap = %v %v, want %v %v", tt.name, urls, sitemaps, tt.urls, tt.sitemaps)
		}
	}
}

func FuzzParseSitemap(f *testing.F) {
	f.Add([]byte(`<urlset><url><loc>https://a.example/1</loc></url></urlset>`))
	f.Add([]byte(`<sitemapindex><sitemap><loc>x</loc></sitemap></sitemapindex>`))
	f.Add([]byte("https://a.example/\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		sm, err := ParseSitemap(data)
		if err == nil && sm == nil {
			t.Fatalf("ParseSitemap(%q) = nil, nil", data)
		}
		if sm != nil && len(sm.URLs) > maxSitemapURLs {
			t.Fatalf("ParseSitemap kept %d URLs, over the limit", len(sm.URLs))
		}
	})
}
