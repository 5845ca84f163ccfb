package collect

import (
	"net"
	"net/url"
	"path"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"golang.org/x/net/idna"

	"github.com/veritykb/verity"
)

// CanonicalURL returns the form of an http or https URL that Verity uses as a
// web page's identity, so that one page found through different spellings is
// fetched and stored once. The rule, applied in this order:
//
//   - the scheme and host are lowercased; an internationalized host becomes
//     its ASCII (punycode) form; a trailing dot on the host is dropped;
//   - the default port (80 for http, 443 for https) is dropped;
//   - user information (user:password@) is dropped: credentials never
//     belong in an identity that is stored and shown;
//   - the fragment (#...) is dropped: it never reaches the server;
//   - percent-escapes of unreserved characters (letters, digits, "-._~") are
//     decoded, every other escape is written with uppercase hex, and bytes
//     that must be escaped (spaces, non-ASCII) are escaped;
//   - "." and ".." path segments are resolved, and an empty path becomes "/";
//   - a trailing slash is kept: "/a" and "/a/" are different URLs to HTTP and
//     a server may answer only one of them, so the canonical form must stay
//     fetchable. The crawler catches the common case of both serving the same
//     page by content instead (equal text is stored once);
//   - empty query parameters and tracking parameters (utm_*, gclid, fbclid,
//     yclid, _openstat, mc_cid, mc_eid) are removed, the rest are sorted, and
//     an empty query is dropped.
//
// Anything that is not an absolute http or https URL with a host is an
// EINVALID error. CanonicalURL is idempotent.
func CanonicalURL(raw string) (string, error) {
	u, err := parseWebURL(raw)
	if err != nil {
		return "", err
	}
	return canonical(u)
}

// parseWebURL parses an absolute http(s) URL.
func parseWebURL(raw string) (*url.URL, error) {
	raw = strings.TrimSpace(raw)
	u, err := url.Parse(raw)
	if err != nil {
		return nil, verity.Errorf(verity.EINVALID, "bad URL %q: %w", raw, err)
	}
	if u.Scheme != "http" && u.Scheme != "https" {
		return nil, verity.Errorf(verity.EINVALID, "bad URL %q: only http and https are fetched", raw)
	}
	if u.Opaque != "" || u.Host == "" {
		return nil, verity.Errorf(verity.EINVALID, "bad URL %q: no host", raw)
	}
	return u, nil
}

// canonical applies the rule of CanonicalURL to a parsed URL.
func canonical(u *url.URL) (string, error) {
	scheme := strings.ToLower(u.Scheme)
	host, err := canonicalHost(u.Hostname())
	if err != nil {
		return "", verity.Errorf(verity.EINVALID, "bad URL %q: %w", u.Redacted(), err)
	}
	port := u.Port()
	if port != "" {
		n, err := strconv.Atoi(port)
		if err != nil || n <= 0 || n > 65535 {
			return "", verity.Errorf(verity.EINVALID, "bad URL %q: bad port %q", u.Redacted(), port)
		}
		port = strconv.Itoa(n)
		if (scheme == "http" && n == 80) || (scheme == "https" && n == 443) {
			port = ""
		}
	}
	var b strings.Builder
	b.WriteString(scheme)
	b.WriteString("://")
	if strings.Contains(host, ":") {
		b.WriteString("[" + host + "]")
	} else {
		b.WriteString(host)
	}
	if port != "" {
		b.WriteString(":" + port)
	}
	b.WriteString(canonicalPath(u.EscapedPath()))
	if q := canonicalQuery(u.RawQuery); q != "" {
		b.WriteString("?" + q)
	}
	return b.String(), nil
}

// canonicalHost lowercases a host and turns an internationalized name into
// punycode. IP literals are kept as they are (IPv6 without brackets).
func canonicalHost(h string) (string, error) {
	h = strings.TrimSuffix(strings.ToLower(h), ".")
	if h == "" {
		return "", errString("empty host")
	}
	if ip := net.ParseIP(h); ip != nil {
		return ip.String(), nil
	}
	if strings.HasPrefix(h, ".") || strings.HasSuffix(h, ".") || strings.Contains(h, "..") {
		return "", errString("empty label in host")
	}
	ascii := true
	for i := 0; i < len(h); i++ {
		if h[i] >= utf8.RuneSelf {
			ascii = false
			break
		}
	}
	if !ascii {
		p, err := idna.Lookup.ToASCII(h)
		if err != nil {
			return "", err
		}
		h = strings.ToLower(p)
	}
	for i := 0; i < len(h); i++ {
		c := h[i]
		if c <= ' ' || c >= 0x7f || strings.IndexByte(`/?#@[]\%"<>^{|}`+"`", c) >= 0 {
			return "", errString("bad character in host")
		}
	}
	return h, nil
}

type errString string

func (e errString) Error() string { return string(e) }

// canonicalPath normalizes the escapes of an escaped path and resolves dot
// segments, keeping a trailing slash.
func canonicalPath(p string) string {
	p = normalizeEscapes(p, pathSafe)
	if p == "" {
		return "/"
	}
	if !strings.HasPrefix(p, "/") {
		p = "/" + p
	}
	if !strings.Contains(p, "/.") {
		return p
	}
	trailing := strings.HasSuffix(p, "/") || strings.HasSuffix(p, "/.") || strings.HasSuffix(p, "/..")
	// path.Clean also folds "//" into "/", which is a different URL to
	// some servers; resolve dot segments by hand instead.
	segs := strings.Split(p[1:], "/")
	out := make([]string, 0, len(segs))
	for _, s := range segs {
		switch s {
		case ".":
		case "..":
			if len(out) > 0 {
				out = out[:len(out)-1]
			}
		default:
			out = append(out, s)
		}
	}
	r := "/" + strings.Join(out, "/")
	if trailing && !strings.HasSuffix(r, "/") {
		r += "/"
	}
	return r
}

// trackingParams are query parameters that say where a click came from,
// never which page it is.
var trackingParams = []string{"gclid", "fbclid", "yclid", "_openstat", "mc_cid", "mc_eid"}

func canonicalQuery(q string) string {
	if q == "" {
		return ""
	}
	parts := strings.Split(q, "&")
	kept := parts[:0]
	for _, p := range parts {
		if p == "" {
			continue
		}
		key, value, hasValue := strings.Cut(p, "=")
		key = normalizeEscapes(key, querySafe)
		p = key
		if hasValue {
			p += "=" + normalizeEscapes(value, queryValueSafe)
		}
		lk := strings.ToLower(key)
		if strings.HasPrefix(lk, "utm_") || slices.Contains(trackingParams, lk) {
			continue
		}
		kept = append(kept, p)
	}
	slices.Sort(kept)
	return strings.Join(kept, "&")
}

// Byte classes of RFC 3986 that may appear unescaped.
const (
	unreservedPunct = "-._~"
	subDelims       = "!$&'()*+,;="
)

func isUnreserved(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte(unreservedPunct, c) >= 0
}

func pathSafe(c byte) bool {
	return isUnreserved(c) || strings.IndexByte(subDelims+":@/", c) >= 0
}

// querySafe keeps "&" and "=" out: inside one parameter they are data, and
// an escaped one must stay escaped.
func querySafe(c byte) bool {
	return isUnreserved(c) || strings.IndexByte("!$'()*+,;:@/?", c) >= 0
}

// queryValueSafe also keeps "=" in a value ("a=b=c"), where it is data.
func queryValueSafe(c byte) bool { return querySafe(c) || c == '=' }

// normalizeEscapes decodes escapes of unreserved bytes, uppercases the hex
// of the others, and escapes every byte that safe does not allow (a "%" not
// followed by two hex digits included).
func normalizeEscapes(s string, safe func(byte) bool) string {
	const hex = "0123456789ABCDEF"
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '%' && i+2 < len(s) && ishex(s[i+1]) && ishex(s[i+2]) {
			v := unhex(s[i+1])<<4 | unhex(s[i+2])
			if isUnreserved(v) {
				b.WriteByte(v)
			} else {
				b.WriteByte('%')
				b.WriteByte(hex[v>>4])
				b.WriteByte(hex[v&15])
			}
			i += 2
			continue
		}
		if safe(c) {
			b.WriteByte(c)
			continue
		}
		b.WriteByte('%')
		b.WriteByte(hex[c>>4])
		b.WriteByte(hex[c&15])
	}
	return b.String()
}

func ishex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

func unhex(c byte) byte {
	switch {
	case '0' <= c && c <= '9':
		return c - '0'
	case 'a' <= c && c <= 'f':
		return c - 'a' + 10
	}
	return c - 'A' + 10
}

// siteOf returns the host a URL belongs to for "same site" decisions: its
// lowercase host without a leading "www.", so example.com and
// www.example.com are one site (sites redirect between the two all the
// time), while shop.example.com is another.
func siteOf(u *url.URL) string {
	h := strings.TrimSuffix(strings.ToLower(u.Hostname()), ".")
	return strings.TrimPrefix(h, "www.")
}

// skippedExtensions are file types that are never HTML or PDF; links to them
// are not followed, so the page budget is not spent on downloads that would
// be refused by their content type anyway.
var skippedExtensions = map[string]bool{
	".jpg": true, ".jpeg": true, ".png": true, ".gif": true, ".webp": true, ".svg": true, ".ico": true,
	".bmp": true, ".tif": true, ".tiff": true, ".avif": true,
	".css": true, ".js": true, ".mjs": true, ".json": true, ".xml": true, ".rss": true, ".atom": true,
	".zip": true, ".rar": true, ".7z": true, ".gz": true, ".tgz": true, ".tar": true, ".bz2": true, ".xz": true,
	".exe": true, ".msi": true, ".dmg": true, ".apk": true, ".deb": true, ".rpm": true, ".iso": true, ".bin": true,
	".mp3": true, ".mp4": true, ".avi": true, ".mov": true, ".mkv": true, ".webm": true, ".wav": true, ".ogg": true,
	".woff": true, ".woff2": true, ".ttf": true, ".otf": true, ".eot": true,
	".doc": true, ".docx": true, ".xls": true, ".xlsx": true, ".ppt": true, ".pptx": true, ".odt": true, ".csv": true,
}

func skippedByExtension(u *url.URL) bool {
	return skippedExtensions[strings.ToLower(path.Ext(u.Path))]
}
