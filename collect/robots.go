package collect

import (
	"bytes"
	"strconv"
	"strings"
	"time"
)

// Robots is a parsed robots.txt (RFC 9309, with the Crawl-delay and Sitemap
// extensions every major crawler reads).
type Robots struct {
	groups []robotsGroup
	// Sitemaps are the Sitemap: lines, in order. They belong to no group.
	Sitemaps []string
}

type robotsGroup struct {
	agents []string // lowercase product tokens, or "*"
	rules  []robotsRule
	delay  time.Duration
	hasDly bool
}

type robotsRule struct {
	allow   bool
	pattern string // percent-escapes normalized; "*" any bytes; a final "$" anchors
}

// maxRobotsBytes is how much of a robots.txt is read: RFC 9309 asks
// crawlers to parse at least 500 KiB, and the rest is ignored.
const maxRobotsBytes = 512 << 10

// ParseRobots parses a robots.txt. It never fails: lines it does not
// understand are skipped, as the RFC asks, so a broken file restricts no
// less than the lines that can be read from it.
//
// Groups are one or more User-agent lines followed by their rules; a
// User-agent line after a rule starts a new group. Rules before any
// User-agent line belong to no group and are ignored. A rule path that does
// not start with "/" or "*" gets a "/" in front (the conservative reading
// of a common mistake).
func ParseRobots(data []byte) *Robots {
	if len(data) > maxRobotsBytes {
		data = data[:maxRobotsBytes]
	}
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	r := &Robots{}
	var cur *robotsGroup
	inAgents := false // the last group line was a User-agent line
	for len(data) > 0 {
		var line []byte
		if i := bytes.IndexAny(data, "\r\n"); i >= 0 {
			line, data = data[:i], data[i+1:]
		} else {
			line, data = data, nil
		}
		if i := bytes.IndexByte(line, '#'); i >= 0 {
			line = line[:i]
		}
		key, value, ok := strings.Cut(string(line), ":")
		if !ok {
			continue
		}
		key = strings.ToLower(strings.TrimSpace(key))
		value = strings.TrimSpace(value)
		switch key {
		case "user-agent", "useragent", "user agent":
			if cur == nil || !inAgents {
				r.groups = append(r.groups, robotsGroup{})
				cur = &r.groups[len(r.groups)-1]
			}
			inAgents = true
			if a := agentToken(value); a != "" {
				cur.agents = append(cur.agents, a)
			}
		case "allow", "disallow":
			inAgents = false
			if cur == nil || value == "" {
				// An empty Disallow allows everything, which is what having
				// no rule means; an empty Allow means nothing.
				continue
			}
			if value[0] != '/' && value[0] != '*' {
				value = "/" + value
			}
			cur.rules = append(cur.rules, robotsRule{allow: key == "allow", pattern: normalizeEscapes(value, robotsSafe)})
		case "crawl-delay", "crawl_delay":
			inAgents = false
			if cur == nil {
				continue
			}
			if secs, err := strconv.ParseFloat(value, 64); err == nil && secs >= 0 && secs < 1e6 {
				cur.delay, cur.hasDly = time.Duration(secs*float64(time.Second)), true
			}
		case "sitemap", "site-map":
			if value != "" {
				r.Sitemaps = append(r.Sitemaps, value)
			}
		}
	}
	// Agent lines with no token (User-agent: with nothing after it) leave
	// a group no crawler can match; drop those groups.
	kept := r.groups[:0]
	for _, g := range r.groups {
		if len(g.agents) > 0 {
			kept = append(kept, g)
		}
	}
	r.groups = kept
	return r
}

// robotsSafe is pathSafe plus the two wildcard characters and the query
// separators, which stay literal in patterns.
func robotsSafe(c byte) bool {
	return pathSafe(c) || c == '*' || c == '$' || c == '?' || c == '&' || c == '='
}

// agentToken reduces a User-agent value to the product token that is
// matched: "*", or the leading letters, digits, "-" and "_" lowercased
// ("Verity/1.0 (+https://...)" → "verity").
func agentToken(v string) string {
	if strings.HasPrefix(v, "*") {
		return "*"
	}
	end := 0
	for end < len(v) {
		c := v[end]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-' || c == '_') {
			break
		}
		end++
	}
	return strings.ToLower(v[:end])
}

// RobotsRules are the rules a robots.txt gives one crawler.
type RobotsRules struct {
	rules []robotsRule
	// Delay is the Crawl-delay of the matched group, 0 when it gives none.
	Delay time.Duration
	// Group is the user-agent token of the group that matched ("verity",
	// "*"), or "" when no group applies and everything is allowed.
	Group string
	// DisallowAll is set for a robots.txt that could not be fetched
	// because of a server error, which RFC 9309 asks crawlers to read as
	// "disallow everything".
	DisallowAll bool
}

// For returns the rules for the crawler whose product token is agent
// ("verity"): every group naming that token exactly (case-insensitively),
// merged as RFC 9309 asks; else every "*" group, merged; else no rules.
func (r *Robots) For(agent string) RobotsRules {
	agent = agentToken(agent)
	var out RobotsRules
	for _, want := range []string{agent, "*"} {
		for _, g := range r.groups {
			for _, a := range g.agents {
				if a == want {
					out.rules = append(out.rules, g.rules...)
					if g.hasDly && g.delay > out.Delay {
						out.Delay = g.delay
					}
					out.Group = want
					break
				}
			}
		}
		if out.Group != "" {
			return out
		}
	}
	return out
}

// Allowed reports whether the path (with its query, "/a/b?c=d") may be
// fetched: the matching rule with the longest pattern decides, an Allow
// winning a tie, and a path no rule matches is allowed. /robots.txt itself
// is always allowed.
func (rr RobotsRules) Allowed(pathQuery string) bool {
	if pathQuery == "" {
		pathQuery = "/"
	}
	pathQuery = normalizeEscapes(pathQuery, robotsSafe)
	if pathQuery == "/robots.txt" {
		return true
	}
	if rr.DisallowAll {
		return false
	}
	best, allow := -1, true
	for _, rule := range rr.rules {
		if !robotsMatch(rule.pattern, pathQuery) {
			continue
		}
		n := len(rule.pattern)
		if n > best || (n == best && rule.allow) {
			best, allow = n, rule.allow
		}
	}
	return allow
}

// robotsMatch reports whether pattern matches a prefix of p ("*" matches
// any run of bytes) or, when pattern ends with "$", the whole of p. It
// places each literal piece at its leftmost possible position, which finds
// a match whenever one exists, in linear time and without backtracking.
func robotsMatch(pattern, p string) bool {
	anchored := strings.HasSuffix(pattern, "$")
	if anchored {
		pattern = pattern[:len(pattern)-1]
	}
	pieces := strings.Split(pattern, "*")
	if !strings.HasPrefix(p, pieces[0]) {
		return false
	}
	if len(pieces) == 1 {
		return !anchored || len(p) == len(pieces[0])
	}
	pos := len(pieces[0])
	last := len(pieces) - 1
	for _, piece := range pieces[1:last] {
		i := strings.Index(p[pos:], piece)
		if i < 0 {
			return false
		}
		pos += i + len(piece)
	}
	tail := pieces[last]
	if anchored {
		return len(p)-len(tail) >= pos && strings.HasSuffix(p, tail)
	}
	return strings.Contains(p[pos:], tail)
}
