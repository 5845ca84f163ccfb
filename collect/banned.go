package collect

import (
	"fmt"
	"net/url"
	"slices"
	"strings"
)

// Categories of banned sites.
const (
	BanSocial     = "social network"
	BanJobs       = "job board"
	BanAppStore   = "app store"
	BanAggregator = "aggregator"
	BanSpec       = "banned by the spec"
)

// BannedDomain is a domain the research agent never reads, with why. A
// domain bans itself and every subdomain.
type BannedDomain struct {
	Domain   string `json:"domain"`
	Category string `json:"category"`
}

// bannedDomains are the site types the seed's agent must not read. Social
// networks and job boards mention products in passing (a post, a vacancy
// asking for experience with it) without any evidence that an organization
// uses them; app stores list the vendor's own claims; the aggregators
// infer "company X uses Y" from scripts on X's site or from surveys, and
// the seed found such sites inventing relations. A spec adds its own.
var bannedDomains = []BannedDomain{
	// Social networks and video hosting.
	{"facebook.com", BanSocial}, {"fb.com", BanSocial}, {"instagram.com", BanSocial},
	{"twitter.com", BanSocial}, {"x.com", BanSocial}, {"threads.net", BanSocial},
	{"linkedin.com", BanSocial}, {"vk.com", BanSocial}, {"vk.ru", BanSocial}, {"ok.ru", BanSocial},
	{"t.me", BanSocial}, {"telegram.me", BanSocial}, {"tenchat.ru", BanSocial},
	{"tiktok.com", BanSocial}, {"youtube.com", BanSocial}, {"youtu.be", BanSocial}, {"rutube.ru", BanSocial},
	{"pinterest.com", BanSocial}, {"reddit.com", BanSocial}, {"quora.com", BanSocial},
	// Job boards.
	{"hh.ru", BanJobs}, {"hh.kz", BanJobs}, {"superjob.ru", BanJobs}, {"rabota.ru", BanJobs},
	{"zarplata.ru", BanJobs}, {"trudvsem.ru", BanJobs}, {"career.habr.com", BanJobs}, {"getmatch.ru", BanJobs},
	{"indeed.com", BanJobs}, {"glassdoor.com", BanJobs}, {"monster.com", BanJobs},
	{"ziprecruiter.com", BanJobs}, {"careerbuilder.com", BanJobs}, {"wellfound.com", BanJobs},
	// App stores and extension galleries.
	{"apps.apple.com", BanAppStore}, {"itunes.apple.com", BanAppStore}, {"play.google.com", BanAppStore},
	{"apps.microsoft.com", BanAppStore}, {"rustore.ru", BanAppStore}, {"appgallery.huawei.com", BanAppStore},
	{"galaxystore.samsung.com", BanAppStore}, {"chromewebstore.google.com", BanAppStore},
	{"chrome.google.com", BanAppStore}, {"addons.mozilla.org", BanAppStore},
	// Technology-usage and software-review aggregators.
	{"builtwith.com", BanAggregator}, {"wappalyzer.com", BanAggregator}, {"similartech.com", BanAggregator},
	{"enlyft.com", BanAggregator}, {"theirstack.com", BanAggregator}, {"6sense.com", BanAggregator},
	{"zoominfo.com", BanAggregator}, {"slintel.com", BanAggregator}, {"datanyze.com", BanAggregator},
	{"hginsights.com", BanAggregator}, {"appsruntheworld.com", BanAggregator}, {"stackshare.io", BanAggregator},
	{"g2.com", BanAggregator}, {"capterra.com", BanAggregator}, {"capterra.ru", BanAggregator},
	{"getapp.com", BanAggregator}, {"softwareadvice.com", BanAggregator}, {"trustradius.com", BanAggregator},
	{"crozdesk.com", BanAggregator}, {"crunchbase.com", BanAggregator}, {"owler.com", BanAggregator},
	{"otzovik.com", BanAggregator}, {"irecommend.ru", BanAggregator},
}

// BannedDomains returns the built-in list, for help texts and reports.
func BannedDomains() []BannedDomain { return slices.Clone(bannedDomains) }

// Bans decides which sites the research agent may not read.
type Bans struct {
	byDomain map[string]string // domain → category
}

// NewBans returns the built-in bans plus extra domains (from a spec or the
// command line; "https://www.example.com/x" is read as example.com).
func NewBans(extra ...string) *Bans {
	b := &Bans{byDomain: map[string]string{}}
	for _, d := range bannedDomains {
		b.byDomain[d.Domain] = d.Category
	}
	for _, e := range extra {
		if d := BanDomain(e); d != "" {
			b.byDomain[d] = BanSpec
		}
	}
	return b
}

// BanDomain reduces what a user wrote to the domain it bans: scheme,
// path, port and a leading "www." or "*." are removed, case folded; "" when
// nothing is left.
func BanDomain(s string) string {
	s = strings.ToLower(strings.TrimSpace(s))
	if i := strings.Index(s, "://"); i >= 0 {
		s = s[i+3:]
	}
	if i := strings.IndexAny(s, "/?#"); i >= 0 {
		s = s[:i]
	}
	if i := strings.LastIndexByte(s, '@'); i >= 0 {
		s = s[i+1:]
	}
	if i := strings.LastIndexByte(s, ':'); i >= 0 && !strings.Contains(s[:i], ":") {
		s = s[:i]
	}
	s = strings.TrimPrefix(strings.TrimPrefix(s, "*."), "www.")
	return strings.Trim(s, ".")
}

// Match reports whether a URL's host is banned, by which domain and why.
func (b *Bans) Match(u *url.URL) (domain, category string, banned bool) {
	h := strings.TrimSuffix(strings.ToLower(u.Hostname()), ".")
	for {
		if c, ok := b.byDomain[h]; ok {
			return h, c, true
		}
		i := strings.IndexByte(h, '.')
		if i < 0 {
			return "", "", false
		}
		h = h[i+1:]
	}
}

// BannedByCategory lists the built-in banned domains by category, one
// category a line, for a help text.
func BannedByCategory() string {
	byCat := map[string][]string{}
	var cats []string
	for _, d := range bannedDomains {
		if _, ok := byCat[d.Category]; !ok {
			cats = append(cats, d.Category)
		}
		byCat[d.Category] = append(byCat[d.Category], d.Domain)
	}
	var b strings.Builder
	for _, c := range cats {
		fmt.Fprintf(&b, "  %s: %s\n", c, strings.Join(byCat[c], ", "))
	}
	return strings.TrimRight(b.String(), "\n")
}
