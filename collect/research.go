package collect

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"slices"
	"strings"
	"time"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/analysis"
	"github.com/veritykb/verity/extract"
	"github.com/veritykb/verity/ingest"
)

// Research budgets of the seed's agent.
const (
	DefaultSearches  = 25
	DefaultReads     = 15
	DefaultPerSearch = 10
	DefaultPerHost   = 3
)

// Call kinds.
const (
	CallSearch = "search"
	CallRead   = "read"
)

// Outcomes of calls besides the store's PutOutcomes and the Reason*s.
const (
	OutcomeOK          = "ok"           // a search that answered
	OutcomeFailed      = "failed"       // a search that did not
	OutcomeNotRelevant = "not_relevant" // a page that does not name the product
)

// Call is one search or page read of a research run, with the one-line
// reason it was made for.
type Call struct {
	Seq      int       `json:"seq"`
	Kind     string    `json:"kind"` // CallSearch or CallRead
	Reason   string    `json:"reason"`
	Query    string    `json:"query,omitempty"` // the search; for a read, the first search that returned the URL
	URL      string    `json:"url,omitempty"`
	Outcome  string    `json:"outcome"`
	Detail   string    `json:"detail,omitempty"`
	Hits     int       `json:"hits,omitempty"`
	SourceID string    `json:"source_id,omitempty"`
	Version  int       `json:"version,omitempty"`
	At       time.Time `json:"at"`
	// Spent is set when the call cost budget (a robots.txt refusal, for
	// one, makes no request).
	Spent bool `json:"-"`
}

// Journal records a research run's calls as they happen.
type Journal interface {
	RecordCall(ctx context.Context, run string, c Call) error
}

// ResearchOptions configure a research run.
type ResearchOptions struct {
	Product string   // the product whose users are sought
	Aliases []string // other names of it; a page is kept only when it names one of these or Product
	// Queries are searches given by the user, made first.
	Queries  []PlannedQuery
	Ban      []string // domains never read, besides the built-in list
	Vendor   []string // the vendor's own domains: read only after third-party pages
	Searches int      // search budget; 0: DefaultSearches
	Reads    int      // page-read budget; 0: DefaultReads
	// PerSearch is how many results of each search are considered; 0:
	// DefaultPerSearch. PerHost caps reads from one site; 0: DefaultPerHost.
	PerSearch, PerHost int
	ACL                []verity.Principal // readers of kept pages; nil: public
	Planner            Planner            // nil: TemplatePlanner
	Journal            Journal            // nil: calls are only in the report
	Run                string             // run id; "": made from the clock
	OnCall             func(Call)
	// PDF extracts the text of PDF pages; nil: [ingest.PDF] (see
	// [CrawlOptions.PDF]).
	PDF ingest.PDFReader
}

// KeptPage is a page the run stored, and why it was read.
type KeptPage struct {
	URL      string `json:"url"`
	SourceID string `json:"source_id"`
	Version  int    `json:"version"`
	Title    string `json:"title"`
	Outcome  string `json:"outcome"` // the store's: created, new_version, metadata, unchanged
	Reason   string `json:"reason"`
	Query    string `json:"query"`
}

// BannedHit is a search result the run did not read because of its site.
type BannedHit struct {
	URL      string `json:"url"`
	Domain   string `json:"domain"`
	Category string `json:"category"`
	Query    string `json:"query"`
}

// Budget counts searches and reads.
type Budget struct {
	Searches int `json:"searches"`
	Reads    int `json:"reads"`
}

// ResearchReport is what a research run did.
type ResearchReport struct {
	Run     string       `json:"run"`
	Product string       `json:"product"`
	Planner string       `json:"planner"`
	Search  string       `json:"search"` // the provider
	Budget  Budget       `json:"budget"`
	Used    Budget       `json:"used"`
	Calls   []Call       `json:"calls"`
	Kept    []KeptPage   `json:"kept"`
	Banned  []BannedHit  `json:"banned"`
	Stored  StoredCounts `json:"stored"`
	Unread  int          `json:"unread"` // candidates left unread
	Notes   []string     `json:"notes"`
}

// candidate is a URL search returned, not read yet.
type candidate struct {
	url      string // canonical
	title    string
	snippet  string
	queries  []string // searches that returned it, in order
	bestRank int
	first    int  // discovery order
	names    bool // title or snippet names the product
	vendor   bool // on the vendor's own site
	read     bool
}

// Research is the seed's web agent: it searches for pages about who uses
// opt.Product through s, within a budget of searches and page reads,
// recording a one-line reason for every call. It reads only URLs a search
// returned (never a link found on a page, never a URL a model proposed),
// never a banned site ([NewBans]), at most PerHost pages of one site, and
// keeps — stores through store, with its reason in the journal — only pages
// that name the product. Searching and reading alternate: after each round
// of searches it reads its share of the read budget from the best
// candidates, so a model planner sees what reading found.
func Research(ctx context.Context, s Searcher, f *Fetcher, store Store, opt ResearchOptions) (*ResearchReport, error) {
	if opt.Searches <= 0 {
		opt.Searches = DefaultSearches
	}
	if opt.Reads <= 0 {
		opt.Reads = DefaultReads
	}
	if opt.PerSearch <= 0 {
		opt.PerSearch = DefaultPerSearch
	}
	if opt.PerHost <= 0 {
		opt.PerHost = DefaultPerHost
	}
	if len(opt.ACL) == 0 {
		opt.ACL = []verity.Principal{verity.Public}
	}
	if opt.Planner == nil {
		opt.Planner = TemplatePlanner{}
	}
	opt.Product = strings.TrimSpace(opt.Product)
	if opt.Product == "" && len(opt.Queries) == 0 {
		return nil, verity.Errorf(verity.EINVALID, "research needs a product or at least one query")
	}
	if opt.Run == "" {
		opt.Run = "research-" + f.opt.Clock.Now().UTC().Format("20060102T150405Z")
	}
	r := &researcher{s: s, f: f, store: store, opt: opt, bans: NewBans(opt.Ban...), cands: map[string]*candidate{},
		perHost: map[string]int{}, vendor: map[string]bool{},
		rep: &ResearchReport{Run: opt.Run, Product: opt.Product, Planner: opt.Planner.Name(), Search: s.Name(),
			Budget: Budget{opt.Searches, opt.Reads}, Calls: []Call{}, Kept: []KeptPage{}, Banned: []BannedHit{}, Notes: []string{}}}
	for _, d := range opt.Vendor {
		if d = BanDomain(d); d != "" {
			r.vendor[d] = true
		}
	}
	for _, n := range append([]string{opt.Product}, opt.Aliases...) {
		if n = strings.TrimSpace(n); n != "" {
			r.names = append(r.names, analysis.Fold(n))
		}
	}
	return r.rep, r.run(ctx)
}

type researcher struct {
	s       Searcher
	f       *Fetcher
	store   Store
	opt     ResearchOptions
	bans    *Bans
	names   []string // folded product names
	vendor  map[string]bool
	cands   map[string]*candidate
	order   int
	perHost map[string]int
	asked   []string
	read    []ReadNote
	seq     int
	rep     *ResearchReport
}

func (r *researcher) run(ctx context.Context) error {
	explicit := r.opt.Queries
	for {
		searching := r.rep.Used.Searches < r.opt.Searches
		var plan []PlannedQuery
		if searching {
			if len(explicit) > 0 {
				plan = unasked(explicit, r.asked, r.opt.Searches-r.rep.Used.Searches)
				explicit = nil
			} else if r.opt.Product != "" {
				var err error
				plan, err = r.opt.Planner.Next(ctx, r.state())
				if err != nil {
					if ctx.Err() != nil {
						return ctx.Err()
					}
					if !plannerFallback(err) {
						return err
					}
					r.rep.Notes = append(r.rep.Notes, fmt.Sprintf("planner %s failed (%s); the rest of the run uses the template plan", r.opt.Planner.Name(), oneLine(err.Error(), 200)))
					r.opt.Planner = TemplatePlanner{}
					r.rep.Planner += " → template"
					plan, _ = r.opt.Planner.Next(ctx, r.state())
				}
				plan = unasked(plan, r.asked, r.opt.Searches-r.rep.Used.Searches)
			}
			searching = len(plan) > 0
		}
		for _, q := range plan {
			if err := r.search(ctx, q); err != nil {
				return err
			}
		}
		// Reads keep pace with searches: after a share of the search
		// budget, the same share of the read budget; all of it once
		// searching is over.
		target := r.opt.Reads
		if searching {
			target = (r.opt.Reads*r.rep.Used.Searches + r.opt.Searches - 1) / r.opt.Searches
		}
		for r.rep.Used.Reads < target {
			c := r.best()
			if c == nil {
				break
			}
			if err := r.readPage(ctx, c); err != nil {
				return err
			}
		}
		if !searching {
			break
		}
	}
	for _, c := range r.cands {
		if !c.read {
			r.rep.Unread++
		}
	}
	if r.rep.Used.Searches > 0 && !slices.ContainsFunc(r.rep.Calls, func(c Call) bool { return c.Kind == CallSearch && c.Outcome == OutcomeOK }) {
		return verity.Errorf(verity.EUNAVAILABLE, "every search failed; the last: %s", r.lastSearchError())
	}
	return nil
}

func (r *researcher) lastSearchError() string {
	for i := len(r.rep.Calls) - 1; i >= 0; i-- {
		if c := r.rep.Calls[i]; c.Kind == CallSearch && c.Outcome == OutcomeFailed {
			return c.Detail
		}
	}
	return ""
}

func (r *researcher) state() PlanState {
	st := PlanState{Product: r.opt.Product, Aliases: r.opt.Aliases, Asked: slices.Clone(r.asked), Read: slices.Clone(r.read),
		SearchesLeft: r.opt.Searches - r.rep.Used.Searches}
	for _, c := range r.ranked() {
		st.Found = append(st.Found, Hit{URL: c.url, Title: c.title, Snippet: c.snippet, Rank: c.bestRank})
	}
	return st
}

// search makes one search and adds its results to the candidates.
func (r *researcher) search(ctx context.Context, q PlannedQuery) error {
	r.asked = append(r.asked, q.Text)
	r.rep.Used.Searches++
	call := Call{Kind: CallSearch, Reason: oneLine(q.Reason, 200), Query: q.Text, Spent: true}
	hits, err := r.s.Search(ctx, Query{Text: q.Text, Language: q.Language, Limit: r.opt.PerSearch})
	if err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		call.Outcome, call.Detail = OutcomeFailed, oneLine(err.Error(), 300)
		return r.record(ctx, call)
	}
	call.Outcome, call.Hits = OutcomeOK, len(hits)
	for i, h := range hits {
		if i >= r.opt.PerSearch {
			break
		}
		r.consider(h, q.Text)
	}
	return r.record(ctx, call)
}

// consider adds one search result to the candidates, unless its URL is not
// a web page, its site is banned, or it is a download of a type never read.
func (r *researcher) consider(h Hit, query string) {
	u, err := parseWebURL(h.URL)
	if err != nil {
		return
	}
	id, err := canonical(u)
	if err != nil {
		return
	}
	if c, ok := r.cands[id]; ok {
		if !slices.Contains(c.queries, query) {
			c.queries = append(c.queries, query)
		}
		c.bestRank = min(c.bestRank, max(h.Rank, 1))
		return
	}
	if domain, category, banned := r.bans.Match(u); banned {
		if !slices.ContainsFunc(r.rep.Banned, func(b BannedHit) bool { return b.URL == id }) {
			r.rep.Banned = append(r.rep.Banned, BannedHit{URL: id, Domain: domain, Category: category, Query: query})
		}
		return
	}
	if skippedByExtension(u) {
		return
	}
	r.order++
	text := analysis.Fold(h.Title + " " + h.Snippet)
	c := &candidate{url: id, title: oneLine(h.Title, 200), snippet: oneLine(h.Snippet, 300), queries: []string{query},
		bestRank: max(h.Rank, 1), first: r.order, vendor: r.onVendorSite(u)}
	for _, n := range r.names {
		if strings.Contains(text, n) {
			c.names = true
			break
		}
	}
	r.cands[id] = c
}

func (r *researcher) onVendorSite(u *url.URL) bool {
	h := siteOf(u)
	for {
		if r.vendor[h] {
			return true
		}
		i := strings.IndexByte(h, '.')
		if i < 0 {
			return false
		}
		h = h[i+1:]
	}
}

// ranked returns the unread candidates, best first: third-party sites
// before the vendor's own (the crawler covers that one), then those whose
// title or snippet names the product, then those more searches returned,
// then the better rank, then the earlier found.
func (r *researcher) ranked() []*candidate {
	var out []*candidate
	for _, c := range r.cands {
		if !c.read {
			out = append(out, c)
		}
	}
	slices.SortFunc(out, func(a, b *candidate) int {
		switch {
		case a.vendor != b.vendor:
			return boolCmp(a.vendor, b.vendor)
		case a.names != b.names:
			return boolCmp(b.names, a.names)
		case len(a.queries) != len(b.queries):
			return len(b.queries) - len(a.queries)
		case a.bestRank != b.bestRank:
			return a.bestRank - b.bestRank
		}
		return a.first - b.first
	})
	return out
}

func boolCmp(a, b bool) int {
	switch {
	case a == b:
		return 0
	case !a:
		return -1
	}
	return 1
}

// best returns the best unread candidate whose site still has reads left.
func (r *researcher) best() *candidate {
	for _, c := range r.ranked() {
		u, _ := url.Parse(c.url)
		if r.perHost[siteOf(u)] < r.opt.PerHost {
			return c
		}
	}
	return nil
}

// readReason says in one line why a candidate is read.
func (r *researcher) readReason(c *candidate) string {
	var b strings.Builder
	if len(c.queries) == 1 {
		fmt.Fprintf(&b, "returned by the search «%s» at rank %d", c.queries[0], c.bestRank)
	} else {
		fmt.Fprintf(&b, "returned by %d searches (first «%s»), best rank %d", len(c.queries), c.queries[0], c.bestRank)
	}
	if c.names {
		b.WriteString("; its title or snippet names the product")
	}
	if c.vendor {
		b.WriteString("; on the vendor's own site")
	}
	return oneLine(b.String(), 300)
}

// readPage reads one candidate and keeps it when it names the product.
func (r *researcher) readPage(ctx context.Context, c *candidate) error {
	c.read = true
	u, _ := url.Parse(c.url)
	site := siteOf(u)
	call := Call{Kind: CallRead, Reason: r.readReason(c), Query: c.queries[0], URL: c.url}
	ok, err := r.f.Allowed(ctx, c.url)
	if err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		call.Outcome, call.Detail = ReasonNetwork, err.Error()
		return r.record(ctx, call)
	}
	if !ok {
		call.Outcome, call.Detail = ReasonRobots, "disallowed by robots.txt; no request made"
		return r.record(ctx, call)
	}
	r.perHost[site]++
	r.rep.Used.Reads++
	call.Spent = true
	resp, err := r.f.Fetch(ctx, Get{URL: c.url, Accept: AcceptPage, Follow: func(to *url.URL) error {
		if siteOf(to) != site {
			return errors.New("off the site the search returned")
		}
		if d, cat, banned := r.bans.Match(to); banned {
			return fmt.Errorf("%s is banned (%s)", d, cat)
		}
		return nil
	}})
	if err != nil {
		var fe *FetchError
		if !errors.As(err, &fe) {
			return err
		}
		call.Outcome, call.Detail = fe.Reason, fe.Error()
		return r.record(ctx, call)
	}
	// The page is stored under where it came from, as the crawler stores
	// it, so a page both find is one source.
	id, err := CanonicalURL(resp.URL)
	if err != nil {
		id = c.url
	}
	src, chunks, err := pageSource(ctx, resp, id, r.opt.ACL, r.opt.PDF)
	if err != nil {
		call.Outcome, call.Detail = ReasonContent, verity.ErrorMessage(err)
		return r.record(ctx, call)
	}
	note := ReadNote{URL: c.url, Title: oneLine(src.Title, 200)}
	if !r.namesProduct(src.Title + "\n" + src.Text) {
		call.Outcome, call.Detail = OutcomeNotRelevant, "the page does not name "+r.opt.Product+" or an alias"
		r.read = append(r.read, note)
		return r.record(ctx, call)
	}
	outcome, err := putPage(ctx, r.store, src, chunks)
	if err != nil {
		if verity.ErrorCode(err) == verity.EINTERNAL {
			return fmt.Errorf("store %s: %w", c.url, err)
		}
		call.Outcome, call.Detail = ReasonStore, verity.ErrorMessage(err)
		return r.record(ctx, call)
	}
	note.Kept = true
	r.read = append(r.read, note)
	call.Outcome, call.SourceID, call.Version = string(outcome), src.ID, src.Version
	r.rep.Stored.add(outcome)
	r.rep.Kept = append(r.rep.Kept, KeptPage{URL: resp.URL, SourceID: src.ID, Version: src.Version, Title: note.Title,
		Outcome: string(outcome), Reason: call.Reason, Query: call.Query})
	return r.record(ctx, call)
}

// namesProduct reports whether text names the product or an alias; with
// no product (a run of explicit queries only) every page counts.
func (r *researcher) namesProduct(text string) bool {
	if len(r.names) == 0 {
		return true
	}
	folded := analysis.Fold(text)
	for _, n := range r.names {
		if strings.Contains(folded, n) {
			return true
		}
	}
	return false
}

func (r *researcher) record(ctx context.Context, c Call) error {
	r.seq++
	c.Seq = r.seq
	c.At = r.f.opt.Clock.Now().UTC()
	r.rep.Calls = append(r.rep.Calls, c)
	if r.opt.OnCall != nil {
		r.opt.OnCall(c)
	}
	if r.opt.Journal != nil {
		if err := r.opt.Journal.RecordCall(context.WithoutCancel(ctx), r.opt.Run, c); err != nil {
			return fmt.Errorf("record research call: %w", err)
		}
	}
	return nil
}

// FromSpecFile sets what a research looks for from the extraction spec in
// the file at path: the first object is the product; the names of further
// objects count as aliases, since a page naming any of them is worth
// keeping for extraction; the spec's banned domains and vendor domains are
// kept too.
func FromSpecFile(path string, opt *ResearchOptions) error {
	spec, err := extract.LoadSpec(path)
	if err != nil {
		return err
	}
	if len(spec.Objects) == 0 {
		return verity.Errorf(verity.EINVALID, "spec %s has no objects to research", path)
	}
	opt.Product, opt.Ban, opt.Vendor = spec.Objects[0].Name, spec.Banned, spec.Vendor.Domains
	opt.Aliases = append(opt.Aliases, spec.Objects[0].Aliases...)
	for _, o := range spec.Objects[1:] {
		opt.Aliases = append(opt.Aliases, o.Names()...)
	}
	return nil
}
