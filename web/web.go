package web

import (
	"bytes"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"io/fs"
	"net/http"
	"path"
	"strings"
	"time"
)

// static holds the UI's files: index.html, the stylesheet, the icon and
// the script modules under js/.
//
//go:embed static
var static embed.FS

// Policy is the Content-Security-Policy of every UI response: scripts,
// styles, images and API calls from this origin only, no inline script or
// style, no plugins, no framing, no <base> rewrites, and Trusted Types
// required, so that a string can never reach an HTML sink such as
// innerHTML even by mistake.
const Policy = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; font-src 'self'; " +
	"connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'; " +
	"require-trusted-types-for 'script'; trusted-types 'none'"

// types are the content types of the files served, by extension (the
// system's MIME table is not consulted: it differs between machines).
var types = map[string]string{
	".html": "text/html; charset=utf-8",
	".js":   "text/javascript; charset=utf-8",
	".css":  "text/css; charset=utf-8",
	".svg":  "image/svg+xml",
	".png":  "image/png",
	".ico":  "image/x-icon",
}

// file is one embedded file, with its content type and entity tag.
type file struct {
	body  []byte
	ctype string
	etag  string
}

// Options say how the server in front of the UI lets callers in, so that
// the page asks GET /api/v1/rights on load only when an answer other than
// 401 is possible: with a stored token, under anonymous reading, or behind
// a trusted proxy. They decide nothing about access: the API does.
type Options struct {
	// Anonymous is set when a request without credentials reads as the
	// public caller (verity serve --anonymous read).
	Anonymous bool
	// Proxy is set when a trusted proxy may sign callers in by a header
	// (verity serve --trusted-proxy).
	Proxy bool
}

// signIn is the content of the page's verity-sign-in meta element: the
// ways a caller may be let in besides a token.
func (o Options) signIn() string {
	ways := []string{"token"}
	if o.Anonymous {
		ways = append(ways, "anonymous")
	}
	if o.Proxy {
		ways = append(ways, "proxy")
	}
	return strings.Join(ways, " ")
}

// Handler serves the UI. It is safe for concurrent use.
type Handler struct {
	files map[string]file // by URL path under /assets/, and /favicon.ico
	index file
}

// New returns the handler over the embedded files.
func New(opt Options) *Handler {
	h := &Handler{files: map[string]file{}}
	err := fs.WalkDir(static, "static", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := static.ReadFile(p)
		if err != nil {
			return err
		}
		name := strings.TrimPrefix(p, "static/")
		if name == "index.html" {
			b = bytes.Replace(b, []byte(`<meta name="verity-sign-in" content="token">`),
				[]byte(`<meta name="verity-sign-in" content="`+opt.signIn()+`">`), 1)
		}
		sum := sha256.Sum256(b)
		f := file{body: b, ctype: types[path.Ext(p)], etag: `"` + hex.EncodeToString(sum[:8]) + `"`}
		if f.ctype == "" {
			f.ctype = "application/octet-stream"
		}
		switch name {
		case "index.html":
			h.index = f
		case "favicon.ico":
			h.files["/favicon.ico"] = f // where browsers look for it unasked
		default:
			h.files["/assets/"+name] = f
		}
		return nil
	})
	if err != nil {
		panic("web: read the embedded files: " + err.Error()) // the files are compiled in
	}
	return h
}

// ServeHTTP serves index.html at / and at /sources/ID (the page reads the
// id from its address), the files under /assets/, the icon at
// /favicon.ico, and 404 otherwise; every
// response carries the security headers.
func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	secure(w.Header())
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	p := r.URL.Path
	switch {
	case p == "/" || p == "/index.html" || (strings.HasPrefix(p, "/sources/") && len(p) > len("/sources/")):
		serve(w, r, h.index)
	default:
		f, ok := h.files[p]
		if !ok {
			http.Error(w, "not found", http.StatusNotFound)
			return
		}
		serve(w, r, f)
	}
}

// secure sets the headers every UI response carries.
func secure(h http.Header) {
	h.Set("Content-Security-Policy", Policy)
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("X-Frame-Options", "DENY")
	h.Set("Cross-Origin-Opener-Policy", "same-origin")
	h.Set("Cross-Origin-Resource-Policy", "same-origin")
	h.Set("Permissions-Policy", "camera=(), microphone=(), geolocation=()")
}

// serve writes f, answering a matching If-None-Match with 304. Files are
// revalidated on every load (no-cache) so that a new binary's UI is never
// mixed with an old one's cached modules.
func serve(w http.ResponseWriter, r *http.Request, f file) {
	h := w.Header()
	h.Set("Content-Type", f.ctype)
	h.Set("Cache-Control", "no-cache")
	h.Set("ETag", f.etag)
	http.ServeContent(w, r, "", time.Time{}, bytes.NewReader(f.body))
}
