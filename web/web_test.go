package web_test

import (
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"github.com/veritykb/verity/web"
)

// TestHandler serves every route of the UI and checks its status, type and
// the security headers that every response carries, a 404 included.
func TestHandler(t *testing.T) {
	h := web.New(web.Options{})
	for _, c := range []struct {
		method, path string
		status       int
		ctype        string
	}{
		{"GET", "/", 200, "text/html; charset=utf-8"},
		{"HEAD", "/", 200, "text/html; charset=utf-8"},
		{"GET", "/index.html", 200, "text/html; charset=utf-8"},
		{"GET", "/sources/CONF-101", 200, "text/html; charset=utf-8"},
		{"GET", "/sources/wiki%2FSEC%2Faccess-review", 200, "text/html; charset=utf-8"},
		{"GET", "/assets/js/app.js", 200, "text/javascript; charset=utf-8"},
		{"GET", "/assets/style.css", 200, "text/css; charset=utf-8"},
		{"GET", "/assets/icon.svg", 200, "image/svg+xml"},
		{"GET", "/sources/", 404, "text/plain; charset=utf-8"},
		{"GET", "/assets/index.html", 404, "text/plain; charset=utf-8"},
		{"GET", "/assets/../go.mod", 404, "text/plain; charset=utf-8"},
		{"GET", "/favicon.ico", 200, "image/x-icon"},
		{"GET", "/assets/favicon.ico", 404, "text/plain; charset=utf-8"},
		{"POST", "/", 405, "text/plain; charset=utf-8"},
	} {
		w := httptest.NewRecorder()
		h.ServeHTTP(w, httptest.NewRequest(c.method, c.path, nil))
		res := w.Result()
		if res.StatusCode != c.status || res.Header.Get("Content-Type") != c.ctype {
			t.Errorf("%s %s = %d %s, want %d %s", c.method, c.path, res.StatusCode, res.Header.Get("Content-Type"), c.status, c.ctype)
		}
		for k, want := range map[string]string{
			"Content-Security-Policy": web.Policy,
			"X-Content-Type-Options":  "nosniff",
			"Referrer-Policy":         "no-referrer",
			"X-Frame-Options":         "DENY",
		} {
			if got := res.Header.Get(k); got != want {
				t.Errorf("%s %s: %s = %q, want %q", c.method, c.path, k, got, want)
			}
		}
	}
	for _, want := range []string{"default-src 'self'", "script-src 'self'", "style-src 'self'", "frame-ancestors 'none'", "object-src 'none'"} {
		if !strings.Contains(web.Policy, want) || strings.Contains(web.Policy, "unsafe-") {
			t.Errorf("Content-Security-Policy %q: want %q and no unsafe- source", web.Policy, want)
		}
	}
	// The page says how callers get in, so that it asks who the caller is
	// only when the answer can be other than 401.
	for _, c := range []struct {
		opt  web.Options
		want string
	}{
		{web.Options{}, "token"},
		{web.Options{Anonymous: true}, "token anonymous"},
		{web.Options{Proxy: true}, "token proxy"},
		{web.Options{Anonymous: true, Proxy: true}, "token anonymous proxy"},
	} {
		w := httptest.NewRecorder()
		web.New(c.opt).ServeHTTP(w, httptest.NewRequest("GET", "/", nil))
		if want := `<meta name="verity-sign-in" content="` + c.want + `">`; !strings.Contains(w.Body.String(), want) {
			t.Errorf("New(%+v) serves a page without %s", c.opt, want)
		}
	}
	// A client that has the file revalidates it for free.
	w := httptest.NewRecorder()
	h.ServeHTTP(w, httptest.NewRequest("GET", "/assets/js/app.js", nil))
	etag := w.Result().Header.Get("ETag")
	req := httptest.NewRequest("GET", "/assets/js/app.js", nil)
	req.Header.Set("If-None-Match", etag)
	w = httptest.NewRecorder()
	h.ServeHTTP(w, req)
	if etag == "" || w.Code != http.StatusNotModified {
		t.Errorf("revalidating with ETag %q = %d, want 304", etag, w.Code)
	}
}

// staticFiles returns the UI's files by path under static/.
func staticFiles(t *testing.T) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := fs.WalkDir(os.DirFS("static"), ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(filepath.Join("static", p))
		out[p] = string(b)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestNoInlineScriptOrHTMLSinks reads the UI's sources: the page has no
// inline script, style or handler (the policy would block them anyway),
// every file it or a module names exists, and no script uses an API that
// parses a string as HTML or code — every element is built from text.
func TestNoInlineScriptOrHTMLSinks(t *testing.T) {
	files := staticFiles(t)
	index := files["index.html"]
	doc, err := html.Parse(strings.NewReader(index))
	if err != nil {
		t.Fatal(err)
	}
	for n := range doc.Descendants() {
		if n.Type != html.ElementNode {
			continue
		}
		switch n.Data {
		case "style":
			t.Errorf("index.html has a <style> element")
		case "script":
			if attr(n, "src") == "" || n.FirstChild != nil {
				t.Errorf("index.html has an inline script")
			}
		}
		for _, a := range n.Attr {
			switch {
			case a.Key == "style" || strings.HasPrefix(a.Key, "on"):
				t.Errorf("index.html: <%s %s=%q>: no inline style or handler", n.Data, a.Key, a.Val)
			case (a.Key == "src" || a.Key == "href") && !strings.HasPrefix(a.Val, "/") && !strings.HasPrefix(a.Val, "#"):
				t.Errorf("index.html: <%s %s=%q>: only this server's files (the UI works offline)", n.Data, a.Key, a.Val)
			case (a.Key == "src" || a.Key == "href") && strings.HasPrefix(a.Val, "/assets/"):
				if _, ok := files[strings.TrimPrefix(a.Val, "/assets/")]; !ok {
					t.Errorf("index.html names %s, which does not exist", a.Val)
				}
			}
		}
	}
	imports := regexp.MustCompile(`(?m)^import .* from '\./([\w-]+\.js)';$`)
	sinks := regexp.MustCompile(`innerHTML|outerHTML|insertAdjacentHTML|document\.write|\beval\(|new Function|setTimeout\(\s*['"]|createContextualFragment|DOMParser|srcdoc|EventSource`)
	remote := regexp.MustCompile(`https?://|url\(|@import`)
	for name, src := range files {
		switch {
		case strings.HasSuffix(name, ".js"):
			for _, m := range imports.FindAllStringSubmatch(src, -1) {
				if _, ok := files["js/"+m[1]]; !ok {
					t.Errorf("%s imports ./%s, which does not exist", name, m[1])
				}
			}
			for _, line := range strings.Split(src, "\n") {
				code, _, _ := strings.Cut(line, "//")
				if m := sinks.FindString(code); m != "" {
					t.Errorf("%s uses %s: %s", name, m, strings.TrimSpace(line))
				}
			}
		case strings.HasSuffix(name, ".css"):
			if m := remote.FindString(src); m != "" {
				t.Errorf("%s loads %q: the UI must work offline", name, m)
			}
		}
	}
}

// TestMessages checks that every message the scripts name exists in both
// languages, and that the two languages have the same messages.
func TestMessages(t *testing.T) {
	files := staticFiles(t)
	i18n := files["js/i18n.js"]
	en, ru, ok := strings.Cut(i18n, "\n  ru: {")
	if !ok {
		t.Fatal("i18n.js: no ru block")
	}
	key := regexp.MustCompile(`(?m)^    '?([\w.-]+)'?: `)
	// A plural's forms differ by language (one and other in English; one,
	// few, many and other in Russian): the message is the key before them.
	plural := regexp.MustCompile(`\.(one|few|many|other)$`)
	set := func(s string) map[string]bool {
		m := map[string]bool{}
		for _, k := range key.FindAllStringSubmatch(s, -1) {
			m[plural.ReplaceAllString(k[1], "")] = true
		}
		return m
	}
	enKeys, ruKeys := set(en), set(ru)
	if len(enKeys) < 50 {
		t.Fatalf("read %d English messages: the pattern no longer fits i18n.js", len(enKeys))
	}
	for k := range enKeys {
		if !ruKeys[k] {
			t.Errorf("message %q has no Russian", k)
		}
	}
	for k := range ruKeys {
		if !enKeys[k] {
			t.Errorf("message %q has no English", k)
		}
	}
	used := regexp.MustCompile(`\bt\('([\w.-]+)'\s*[,)]`) // t('a.' + b) is checked by the browser tests
	for name, src := range files {
		for _, m := range used.FindAllStringSubmatch(src, -1) {
			if !enKeys[m[1]] {
				t.Errorf("%s uses message %q, which does not exist", name, m[1])
			}
		}
	}
	for _, m := range regexp.MustCompile(`data-i18n="([\w.-]+)"`).FindAllStringSubmatch(files["index.html"], -1) {
		if !enKeys[m[1]] {
			t.Errorf("index.html uses message %q, which does not exist", m[1])
		}
	}
}

func attr(n *html.Node, key string) string {
	for _, a := range n.Attr {
		if a.Key == key {
			return a.Val
		}
	}
	return ""
}
