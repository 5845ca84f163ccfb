package collect

import (
	"net/url"
	"strings"
	"testing"
)

func TestCanonicalURL(t *testing.T) {
	tests := []struct {
		in, want string
	}{
		{"http://Example.COM", "http://example.com/"},
		{"HTTPS://example.com:443/a", "https://example.com/a"},
		{"http://example.com:80/a", "http://example.com/a"},
		{"http://example.com:8080/a", "http://example.com:8080/a"},
		{"https://example.com:80/a", "https://example.com:80/a"},
		{"http://example.com:0080/a", "http://example.com/a"},
		{"http://example.com./a", "http://example.com/a"},
		{"http://user:secret@example.com/a", "http://example.com/a"},
		{"http://example.com/a#frag", "http://example.com/a"},
		{"http://example.com/#", "http://example.com/"},
		{"http://example.com/a/", "http://example.com/a/"}, // trailing slash kept
		{"http://example.com/a/b/../c/./d", "http://example.com/a/c/d"},
		{"http://example.com/a/b/..", "http://example.com/a/"},
		{"http://example.com/../../a", "http://example.com/a"},
		{"http://example.com//a//b", "http://example.com//a//b"}, // empty segments are kept
		{"http://example.com/%7euser/%41", "http://example.com/~user/A"},
		{"http://example.com/a%2fb", "http://example.com/a%2Fb"},
		{"http://example.com/a b", "http://example.com/a%20b"},
		{"http://example.com/клиенты", "http://example.com/%D0%BA%D0%BB%D0%B8%D0%B5%D0%BD%D1%82%D1%8B"},
		{"http://example.com/%D0%BA", "http://example.com/%D0%BA"},
		{"http://пример.рф/", "http://xn--e1afmkfd.xn--p1ai/"},
		{"http://example.com/?", "http://example.com/"},
		{"http://example.com/?b=2&a=1", "http://example.com/?a=1&b=2"},
		{"http://example.com/?a=1&&utm_source=x&UTM_medium=y&gclid=z&b", "http://example.com/?a=1&b"},
		{"http://example.com/?q=%d0%b1&x=a%26b", "http://example.com/?q=%D0%B1&x=a%26b"},
		{"http://[::1]:8080/a", "http://[::1]:8080/a"},
		{"http://[::1]:80/", "http://[::1]/"},
		{"  http://example.com/a  ", "http://example.com/a"},
	}
	for _, tt := range tests {
		got, err := CanonicalURL(tt.in)
		if err != nil || got != tt.want {
			t.Errorf("CanonicalURL(%q) = %q, %v, want %q", tt.in, got, err, tt.want)
		}
	}
}

func TestCanonicalURLRefuses(t *testing.T) {
	for _, in := range []string{
		"", "example.com/a", "/a", "ftp://example.com/", "mailto:a@example.com", "javascript:alert(1)",
		"http:opaque", "http://", "http://example.com:99999/", "http://exa mple.com/", "http://%zz/",
	} {
		if got, err := CanonicalURL(in); err == nil {
			t.Errorf("CanonicalURL(%q) = %q, want an error", in, got)
		}
	}
}

func TestSiteOf(t *testing.T) {
	tests := []struct {
		a, b string
		same bool
	}{
		{"http://example.com/a", "https://www.example.com/b", true},
		{"http://Example.com/a", "http://example.com./b", true},
		{"http://example.com/", "http://shop.example.com/", false},
		{"http://example.com/", "http://example.org/", false},
		{"http://example.com:8080/", "http://example.com/", true},
	}
	for _, tt := range tests {
		a, _ := url.Parse(tt.a)
		b, _ := url.Parse(tt.b)
		if got := siteOf(a) == siteOf(b); got != tt.same {
			t.Errorf("siteOf(%s) == siteOf(%s) = %v, want %v", tt.a, tt.b, got, tt.same)
		}
	}
}

// FuzzCanonicalURL checks that canonical URLs are stable: canonicalizing
// one again gives the same string, it parses, and it has no fragment, no
// credentials and no default port.
func FuzzCanonicalURL(f *testing.F) {
	for _, s := range []string{
		"http://Example.COM:80/a/../b/./c/?utm_source=x&b=2&a=1#f",
		"https://user:pw@пример.рф/путь?q=значение",
		"http://example.com/%7e%2f%zz", "http://[::1]:443/", "https://a.b./%41%42?&&",
		"http://example.com/a/b/..", "http://x.com/..%2F..", "http://x.com/?a=%26&a=&",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		got, err := CanonicalURL(in)
		if err != nil {
			return
		}
		again, err := CanonicalURL(got)
		if err != nil || again != got {
			t.Fatalf("CanonicalURL(CanonicalURL(%q) = %q) = %q, %v, want it unchanged", in, got, again, err)
		}
		u, err := url.Parse(got)
		if err != nil {
			t.Fatalf("CanonicalURL(%q) = %q does not parse: %v", in, got, err)
		}
		if u.Fragment != "" || u.User != nil || strings.HasSuffix(u.Host, ":80") && u.Scheme == "http" || strings.HasSuffix(u.Host, ":443") && u.Scheme == "https" {
			t.Fatalf("CanonicalURL(%q) = %q keeps a fragment, credentials or a default port", in, got)
		}
		if !strings.HasPrefix(u.Path, "/") {
			t.Fatalf("CanonicalURL(%q) = %q has no absolute path", in, got)
		}
	})
}
