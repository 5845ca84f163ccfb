package collect

import (
	"strings"
	"testing"
	"time"
)

func TestRobotsAllowed(t *testing.T) {
	const file = `# a typical file
User-agent: *
Disallow: /private/
Allow: /private/press/
Disallow: /*.pdf$
Disallow: /search?
Disallow: /tmp*/cache
Crawl-delay: 2

User-agent: BadBot
User-agent: OtherBot
Disallow: /

Sitemap: https://example.com/sitemap.xml
`
	tests := []struct {
		agent, path string
		want        bool
	}{
		{"Verity", "/", true},
		{"Verity", "/private/", false},
		{"Verity", "/private/x", false},
		{"Verity", "/private", true}, // "/private/" does not match "/private"
		{"Verity", "/private/press/1", true},
		{"Verity", "/doc.pdf", false},
		{"Verity", "/doc.pdf?x=1", true}, // "$" anchors at the end
		{"Verity", "/doc.pdfx", true},
		{"Verity", "/search?q=1", false},
		{"Verity", "/search", true},
		{"Verity", "/tmp1/cache", false},
		{"Verity", "/tmp/a/b/cache/x", false},
		{"Verity", "/tmp/a/b/cach", true},
		{"Verity", "/robots.txt", true},
		{"badbot", "/anything", false},
		{"OtherBot/2.1", "/", false},
		{"badbot", "/robots.txt", true},
	}
	r := ParseRobots([]byte(file))
	for _, tt := range tests {
		if got := r.For(tt.agent).Allowed(tt.path); got != tt.want {
			t.Errorf("ParseRobots(file).For(%q).Allowed(%q) = %v, want %v", tt.agent, tt.path, got, tt.want)
		}
	}
	if got := r.For("verity").Delay; got != 2*time.Second {
		t.Errorf("For(verity).Delay = %v, want 2s", got)
	}
	if len(r.Sitemaps) != 1 || r.Sitemaps[0] != "https://example.com/sitemap.xml" {
		t.Errorf("Sitemaps = %v, want the one listed", r.Sitemaps)
	}
}

func TestRobotsPrecedence(t *testing.T) {
	tests := []struct {
		name, file, path string
		want             bool
	}{
		{"longest match wins over order", "User-agent: *\nAllow: /a/b\nDisallow: /a", "/a/b/c", true},
		{"longest match wins over order, reversed", "User-agent: *\nDisallow: /a\nAllow: /a/b", "/a/b/c", true},
		{"longer disallow wins", "User-agent: *\nAllow: /a\nDisallow: /a/b", "/a/b", false},
		{"allow wins a tie", "User-agent: *\nDisallow: /a\nAllow: /a", "/a", true},
		{"allow wins a tie with wildcards", "User-agent: *\nDisallow: /*b\nAllow: /a*", "/ab", true},
		{"wildcard length counts", "User-agent: *\nAllow: /page\nDisallow: /*.php", "/page.php", false},
		{"$ alone", "User-agent: *\nDisallow: /$", "/", false},
		{"$ alone leaves longer paths", "User-agent: *\nDisallow: /$", "/a", true},
		{"empty disallow allows", "User-agent: *\nDisallow:", "/a", true},
		{"no group, no rules", "Disallow: /", "/a", true},
		{"missing slash is added", "User-agent: *\nDisallow: private", "/private/x", false},
		{"escapes are compared normalized", "User-agent: *\nDisallow: /%7euser", "/~user/x", false},
		{"non-ASCII pattern matches escaped path", "User-agent: *\nDisallow: /клиенты", "/%D0%BA%D0%BB%D0%B8%D0%B5%D0%BD%D1%82%D1%8B", false},
		{"lowercase hex in path", "User-agent: *\nDisallow: /%D0%BA", "/%d0%ba", false},
		{"specific group replaces *", "User-agent: *\nDisallow: /\n\nUser-agent: verity\nDisallow: /x", "/a", true},
		{"specific group applies its rules", "User-agent: *\nDisallow: /\n\nUser-agent: verity\nDisallow: /x", "/x", false},
		{"groups of one agent merge", "User-agent: verity\nDisallow: /a\n\nUser-agent: verity\nDisallow: /b", "/b", false},
		{"agent match is case-insensitive", "User-agent: VERITY\nDisallow: /", "/a", false},
		{"agent prefix does not match", "User-agent: veritybot\nDisallow: /", "/a", true},
		{"version after token is ignored", "User-agent: Verity/1.0\nDisallow: /", "/a", false},
		{"rule after rule extends group", "User-agent: *\nDisallow: /a\nUser-agent: verity\nDisallow: /b", "/a", true},
		{"comments and spacing", "  user-agent :  *   # all\n  DISALLOW :/a # no\n", "/a/b", false},
		{"CRLF and CR", "User-agent: *\r\nDisallow: /a\rDisallow: /b\r\n", "/b", false},
		{"BOM", "\ufeffUser-agent: *\nDisallow: /a", "/a", false},
		{"lines without colon are skipped", "User-agent *\nUser-agent: *\nDisallow /a\nDisallow: /b", "/a", true},
		{"sitemap inside a group does not end it", "User-agent: *\nSitemap: /s.xml\nUser-agent: x\nDisallow: /a", "/a", false},
		{"query is part of the path", "User-agent: *\nDisallow: /*?sort=", "/list?sort=asc", false},
		{"many stars", "User-agent: *\nDisallow: /**a**b**$", "/xaxbxb", false},
		{"robots.txt always allowed", "User-agent: *\nDisallow: /", "/robots.txt", true},
	}
	for _, tt := range tests {
		if got := ParseRobots([]byte(tt.file)).For("Verity").Allowed(tt.path); got != tt.want {
			t.Errorf("%s: ParseRobots(%q).For(Verity).Allowed(%q) = %v, want %v", tt.name, tt.file, tt.path, got, tt.want)
		}
	}
}

func TestRobotsDelay(t *testing.T) {
	tests := []struct {
		file string
		want time.Duration
	}{
		{"User-agent: *\nCrawl-delay: 0.5", 500 * time.Millisecond},
		{"User-agent: *\nCrawl-delay: ten", 0},
		{"User-agent: *\nCrawl-delay: -3", 0},
		{"User-agent: verity\nCrawl-delay: 3\nUser-agent: *\nCrawl-delay: 9", 3 * time.Second},
		{"Crawl-delay: 4\nUser-agent: *", 0},
	}
	for _, tt := range tests {
		if got := ParseRobots([]byte(tt.file)).For("verity").Delay; got != tt.want {
			t.Errorf("ParseRobots(%q).For(verity).Delay = %v, want %v", tt.file, got, tt.want)
		}
	}
}

func TestRobotsMatch(t *testing.T) {
	tests := []struct {
		pattern, path string
		want          bool
	}{
		{"/", "/", true},
		{"/a", "/", false},
		{"/*", "/", true},
		{"*", "/anything", true},
		{"/a*b*c", "/aXbYc", true},
		{"/a*b*c", "/aXcYb", false},
		{"/a*b$", "/ab", true},
		{"/a*b$", "/abb", true},
		{"/a*b$", "/aba", false},
		{"/a*ab$", "/ab", false}, // the pieces may not overlap
		{"/a*ab$", "/aab", true},
		{"/$", "/", true},
		{"/a$", "/a/", false},
	}
	for _, tt := range tests {
		if got := robotsMatch(tt.pattern, tt.path); got != tt.want {
			t.Errorf("robotsMatch(%q, %q) = %v, want %v", tt.pattern, tt.path, got, tt.want)
		}
	}
}

// FuzzRobots checks the parser never panics, robots.txt stays allowed, and
// matching agrees with a slow reference matcher on every rule.
func FuzzRobots(f *testing.F) {
	f.Add("User-agent: *\nDisallow: /a*b$\nAllow: /a\n", "/a/b")
	f.Add("User-agent: verity\nUser-agent: *\nDisallow: /\nCrawl-delay: 1e3\nSitemap: x", "/x?y")
	f.Add("\ufeffuser-agent:*\r\ndisallow:*\r\nallow:/$", "/")
	f.Add("User-agent: *\nDisallow: /%zz%41\n", "/A")
	f.Fuzz(func(t *testing.T, file, path string) {
		r := ParseRobots([]byte(file))
		rules := r.For("verity")
		if !rules.Allowed("/robots.txt") {
			t.Fatalf("ParseRobots(%q) disallows /robots.txt", file)
		}
		p := normalizeEscapes(path, robotsSafe)
		for _, rule := range rules.rules {
			if got, want := robotsMatch(rule.pattern, p), slowMatch(rule.pattern, p); got != want {
				t.Fatalf("robotsMatch(%q, %q) = %v, want %v", rule.pattern, p, got, want)
			}
		}
		_ = rules.Allowed(path)
	})
}

// slowMatch is the obvious exponential matcher the linear one must agree
// with.
func slowMatch(pattern, p string) bool {
	if strings.HasSuffix(pattern, "$") {
		return slowWhole(pattern[:len(pattern)-1], p)
	}
	return slowWhole(pattern+"*", p)
}

func slowWhole(pattern, p string) bool {
	if len(pattern) > 40 || len(p) > 40 {
		// Keep the reference fast enough: compare on short inputs only.
		return robotsMatch(pattern+"$", p)
	}
	if pattern == "" {
		return p == ""
	}
	if pattern[0] == '*' {
		for i := 0; i <= len(p); i++ {
			if slowWhole(pattern[1:], p[i:]) {
				return true
			}
		}
		return false
	}
	return p != "" && p[0] == pattern[0] && slowWhole(pattern[1:], p[1:])
}
