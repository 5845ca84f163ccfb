package collect

import (
	"context"
	"errors"
	"fmt"
	"net/url"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/ingest"
)

// Store is where collected pages go. *sqlite.DB satisfies it: storing the
// same text again is a no-op there, changed text makes a new version.
type Store interface {
	// Source returns the current version of a source; ENOTFOUND when there
	// is none.
	Source(ctx context.Context, id string) (*verity.Source, error)
	PutSource(ctx context.Context, src *verity.Source, chunks []verity.Chunk) (verity.PutOutcome, error)
}

// putPage stores a fetched page. A page's UpdatedAt is the fetch time at
// which its current text was first seen: re-fetching the same text keeps
// the stored time, so a re-crawl of an unchanged page is the store's no-op
// rather than a metadata update for every page.
func putPage(ctx context.Context, store Store, src *verity.Source, chunks []verity.Chunk) (verity.PutOutcome, error) {
	prior, err := store.Source(ctx, src.ID)
	switch {
	case err == nil && prior.Hash == verity.ContentHash(src.Title, src.Text):
		src.UpdatedAt = prior.UpdatedAt
	case err != nil && verity.ErrorCode(err) != verity.ENOTFOUND:
		return "", err
	}
	return store.PutSource(ctx, src, chunks)
}

// Checkpoints keep a crawl's frontier between runs, so an interrupted crawl
// resumes where it stopped instead of starting over.
type Checkpoints interface {
	// LoadCrawl returns the saved state of the crawl called key, or nil
	// when there is none.
	LoadCrawl(ctx context.Context, key string) (*Checkpoint, error)
	// SaveCrawl records cp.Status and cp.Fetched and inserts or updates
	// the URLs in cp.URLs (only those that changed since the last save).
	SaveCrawl(ctx context.Context, key string, cp *Checkpoint) error
	// ResetCrawl forgets the crawl called key.
	ResetCrawl(ctx context.Context, key string) error
}

// Crawl statuses. A crawl that ends — its queue empty or its budget spent —
// is finished, and the next crawl of the same start URL begins afresh (a
// re-crawl); one that was interrupted is still running, and the next crawl
// resumes it.
const (
	CrawlRunning  = "running"
	CrawlFinished = "finished"
)

// Checkpoint is the saved state of a crawl.
type Checkpoint struct {
	Status  string
	Fetched int // pages fetched so far, counted against the budget
	URLs    []QueuedURL
}

// URL states in a checkpoint.
const (
	URLPending = "pending"
	URLDone    = "done"
)

// QueuedURL is one URL of a crawl's frontier.
type QueuedURL struct {
	URL      string // canonical
	Seq      int    // discovery order
	Depth    int    // links from the start page; sitemap entries are 1
	State    string // URLPending or URLDone
	Hash     string // content hash of what was stored from it, for duplicates
	SourceID string // the source stored from it
}

// DefaultBudget is the page budget of a crawl when none is given.
const DefaultBudget = 100

// CrawlOptions configure a crawl.
type CrawlOptions struct {
	Budget      int                // pages fetched at most (over all runs of one crawl); 0: DefaultBudget
	ACL         []verity.Principal // readers of stored pages; nil: public
	MaxDepth    int                // links followed from the start page at most; 0: no limit
	NoSitemap   bool               // do not read sitemaps
	MaxSitemaps int                // sitemap files read at most; 0: 20
	Restart     bool               // drop an interrupted crawl's state instead of resuming it
	Checkpoints Checkpoints        // nil: the crawl cannot be resumed
	// PDF extracts the text of PDF pages; nil: [ingest.PDF], in this
	// process. A program crawling untrusted sites can pass one that parses
	// in a child process it can kill, as cmd/verity does.
	PDF ingest.PDFReader
	// OnPage is told about every URL the crawl decides on, as it happens.
	OnPage func(PageResult)
}

// PageResult is what happened to one URL.
type PageResult struct {
	URL      string `json:"url"`
	Outcome  string `json:"outcome"` // a verity.PutOutcome, or a Reason* for skips and failures
	Status   int    `json:"status,omitempty"`
	SourceID string `json:"source_id,omitempty"`
	Version  int    `json:"version,omitempty"`
	Detail   string `json:"detail,omitempty"`
	// Fetched is set when the URL cost a request, and so budget.
	Fetched bool `json:"-"`
}

// Stored reports whether the page went to the store.
func (r PageResult) Stored() bool {
	switch verity.PutOutcome(r.Outcome) {
	case verity.PutCreated, verity.PutNewVersion, verity.PutMetadata, verity.PutUnchanged:
		return true
	}
	return false
}

// StoredCounts count what storing pages did.
type StoredCounts struct {
	Created    int `json:"created"`
	NewVersion int `json:"new_version"`
	Metadata   int `json:"metadata"`
	Unchanged  int `json:"unchanged"`
}

func (s *StoredCounts) add(o verity.PutOutcome) {
	switch o {
	case verity.PutCreated:
		s.Created++
	case verity.PutNewVersion:
		s.NewVersion++
	case verity.PutMetadata:
		s.Metadata++
	case verity.PutUnchanged:
		s.Unchanged++
	}
}

// CrawlReport is what a crawl did.
type CrawlReport struct {
	Start         string       `json:"start"`
	Budget        int          `json:"budget"`
	Resumed       bool         `json:"resumed"`
	Robots        string       `json:"robots"`
	DelayMS       int64        `json:"delay_ms"`
	Sitemaps      []string     `json:"sitemaps"`
	SitemapURLs   int          `json:"sitemap_urls"`
	Fetched       int          `json:"fetched"`
	Stored        StoredCounts `json:"stored"`
	SkippedRobots []string     `json:"skipped_robots"`
	Skipped       []PageResult `json:"skipped"`
	Errors        []PageResult `json:"errors"`
	OffSiteLinks  int          `json:"off_site_links"`
	Pending       int          `json:"pending"`  // queued URLs left when the budget ran out
	Complete      bool         `json:"complete"` // every URL found was visited
	Notes         []string     `json:"notes"`
	ElapsedMS     int64        `json:"elapsed_ms"`
}

// Crawl fetches the site of start — its host, with or without "www." —
// within opt.Budget pages: the start page first, then what its sitemaps
// list, then links in the order found, breadth first. Every page fetched is
// stored as it comes (see [Store]); robots.txt, its Crawl-delay and robots
// meta tags are honoured. Failures of single URLs go into the report; only
// the store failing or ctx ending stops the crawl, with what was stored
// kept and, with opt.Checkpoints, the frontier saved for a resume.
func Crawl(ctx context.Context, f *Fetcher, store Store, start string, opt CrawlOptions) (*CrawlReport, error) {
	key, err := CanonicalURL(start)
	if err != nil {
		return nil, err
	}
	su, _ := url.Parse(key)
	if opt.Budget <= 0 {
		opt.Budget = DefaultBudget
	}
	if opt.MaxSitemaps <= 0 {
		opt.MaxSitemaps = 20
	}
	if len(opt.ACL) == 0 {
		opt.ACL = []verity.Principal{verity.Public}
	}
	began := f.opt.Clock.Now()
	c := &crawler{f: f, store: store, opt: opt, key: key, site: siteOf(su), seen: map[string]*QueuedURL{}, hashes: map[string]string{},
		rep: &CrawlReport{Start: key, Budget: opt.Budget, Sitemaps: []string{}, SkippedRobots: []string{},
			Skipped: []PageResult{}, Errors: []PageResult{}, Notes: []string{}}}
	defer func() { c.rep.ElapsedMS = f.opt.Clock.Now().Sub(began).Milliseconds() }()

	ri, err := f.Robots(ctx, su)
	if err != nil {
		return c.rep, err
	}
	c.rep.Robots = ri.Status
	c.rep.DelayMS = f.hostDelay(su).Milliseconds()
	if ri.DelayNote != "" {
		c.rep.Notes = append(c.rep.Notes, ri.DelayNote)
	}
	if err := c.begin(ctx); err != nil {
		return c.rep, err
	}
	if !c.rep.Resumed {
		c.enqueue(su, 0)
		if !opt.NoSitemap {
			if err := c.readSitemaps(ctx, su, ri.Sitemaps); err != nil {
				return c.rep, err
			}
		}
		if err := c.save(ctx, CrawlRunning); err != nil {
			return c.rep, err
		}
	}
	for len(c.queue) > 0 && c.fetched < opt.Budget {
		if err := ctx.Err(); err != nil {
			c.rep.Pending = len(c.queue)
			return c.rep, err
		}
		e := c.queue[0]
		c.queue = c.queue[1:]
		res, err := c.visit(ctx, e)
		if err != nil {
			// The page was not finished: queue it again for the resume.
			e.State = URLPending
			c.dirty = append(c.dirty, e)
			c.rep.Pending = len(c.queue) + 1
			if serr := c.save(ctx, CrawlRunning); serr != nil {
				err = errors.Join(err, serr)
			}
			return c.rep, err
		}
		c.record(res)
		if err := c.save(ctx, CrawlRunning); err != nil {
			return c.rep, err
		}
	}
	c.rep.Pending = len(c.queue)
	c.rep.Complete = len(c.queue) == 0
	if c.rep.Fetched == 1 && len(c.rep.Skipped) == 1 && c.rep.Skipped[0].Outcome == ReasonRedirect {
		c.rep.Notes = append(c.rep.Notes, "the start URL redirects off its site ("+c.rep.Skipped[0].Detail+"): crawl the URL it redirects to instead")
	}
	return c.rep, c.save(ctx, CrawlFinished)
}

type crawler struct {
	f     *Fetcher
	store Store
	opt   CrawlOptions
	key   string
	site  string

	seen    map[string]*QueuedURL
	queue   []*QueuedURL
	dirty   []*QueuedURL
	seq     int
	fetched int
	hashes  map[string]string // content hash → source id stored in this crawl
	rep     *CrawlReport
}

// begin resumes an interrupted crawl's frontier, or clears a finished one.
func (c *crawler) begin(ctx context.Context) error {
	cp := c.opt.Checkpoints
	if cp == nil {
		return nil
	}
	if !c.opt.Restart {
		saved, err := cp.LoadCrawl(ctx, c.key)
		if err != nil {
			return fmt.Errorf("load crawl state: %w", err)
		}
		if saved != nil && saved.Status == CrawlRunning {
			c.rep.Resumed = true
			c.fetched = saved.Fetched
			for i := range saved.URLs {
				q := saved.URLs[i]
				c.seen[q.URL] = &q
				if q.Seq >= c.seq {
					c.seq = q.Seq + 1
				}
				if q.State == URLPending {
					c.queue = append(c.queue, &q)
				} else if q.Hash != "" {
					c.hashes[q.Hash] = q.SourceID
				}
			}
			sortQueue(c.queue)
			c.rep.Notes = append(c.rep.Notes, fmt.Sprintf("resumed an interrupted crawl: %d pages already fetched, %d URLs still queued", saved.Fetched, len(c.queue)))
			return nil
		}
	}
	if err := cp.ResetCrawl(ctx, c.key); err != nil {
		return fmt.Errorf("reset crawl state: %w", err)
	}
	return nil
}

func sortQueue(q []*QueuedURL) {
	// Insertion order from storage is not guaranteed; discovery order is
	// the crawl's order.
	for i := 1; i < len(q); i++ {
		for j := i; j > 0 && q[j].Seq < q[j-1].Seq; j-- {
			q[j], q[j-1] = q[j-1], q[j]
		}
	}
}

func (c *crawler) save(ctx context.Context, status string) error {
	if c.opt.Checkpoints == nil {
		return nil
	}
	cp := &Checkpoint{Status: status, Fetched: c.fetched, URLs: make([]QueuedURL, len(c.dirty))}
	for i, q := range c.dirty {
		cp.URLs[i] = *q
	}
	// Saving must outlive an interrupt: the state saved is what makes the
	// interrupted crawl resumable.
	if err := c.opt.Checkpoints.SaveCrawl(context.WithoutCancel(ctx), c.key, cp); err != nil {
		return fmt.Errorf("save crawl state: %w", err)
	}
	c.dirty = c.dirty[:0]
	return nil
}

// enqueue adds a link of this site to the frontier unless it is known, of a
// type never read, or too deep.
func (c *crawler) enqueue(u *url.URL, depth int) bool {
	if siteOf(u) != c.site {
		c.rep.OffSiteLinks++
		return false
	}
	if skippedByExtension(u) || (c.opt.MaxDepth > 0 && depth > c.opt.MaxDepth) {
		return false
	}
	id, err := canonical(u)
	if err != nil {
		return false
	}
	if _, ok := c.seen[id]; ok {
		return false
	}
	q := &QueuedURL{URL: id, Seq: c.seq, Depth: depth, State: URLPending}
	c.seq++
	c.seen[id] = q
	c.queue = append(c.queue, q)
	c.dirty = append(c.dirty, q)
	return true
}

// readSitemaps reads the sitemaps robots.txt lists, or /sitemap.xml when it
// lists none, following sitemap indexes, and queues this site's pages.
func (c *crawler) readSitemaps(ctx context.Context, su *url.URL, listed []string) error {
	todo := listed
	guessed := len(todo) == 0
	if guessed {
		todo = []string{(&url.URL{Scheme: su.Scheme, Host: su.Host, Path: "/sitemap.xml"}).String()}
	}
	done := map[string]bool{}
	for len(todo) > 0 && len(c.rep.Sitemaps) < c.opt.MaxSitemaps {
		raw := todo[0]
		todo = todo[1:]
		if done[raw] {
			continue
		}
		done[raw] = true
		resp, err := c.f.Fetch(ctx, Get{URL: raw, MaxBytes: maxSitemapBytes})
		if err != nil {
			var fe *FetchError
			if !errors.As(err, &fe) {
				return err
			}
			if !(guessed && fe.Status == 404) {
				c.rep.Notes = append(c.rep.Notes, fmt.Sprintf("sitemap %s: %v", raw, fe))
			}
			continue
		}
		c.rep.Sitemaps = append(c.rep.Sitemaps, raw)
		sm, err := ParseSitemap(resp.Body)
		if err != nil {
			c.rep.Notes = append(c.rep.Notes, fmt.Sprintf("sitemap %s: %v", raw, verity.ErrorMessage(err)))
		}
		if sm == nil {
			continue
		}
		todo = append(todo, sm.Sitemaps...)
		for _, loc := range sm.URLs {
			u, err := parseWebURL(loc)
			if err != nil {
				continue
			}
			if c.enqueue(u, 1) {
				c.rep.SitemapURLs++
			}
		}
	}
	if len(todo) > 0 {
		c.rep.Notes = append(c.rep.Notes, fmt.Sprintf("read %d sitemaps, the limit; %d more not read", len(c.rep.Sitemaps), len(todo)))
	}
	return nil
}

// visit fetches one queued URL and stores its page. The error is fatal to
// the crawl (the context ended, the store failed); everything else is the
// result.
func (c *crawler) visit(ctx context.Context, q *QueuedURL) (PageResult, error) {
	q.State = URLDone
	c.dirty = append(c.dirty, q)
	res := PageResult{URL: q.URL}
	ok, err := c.f.Allowed(ctx, q.URL)
	if err != nil {
		if ctx.Err() != nil {
			return res, ctx.Err()
		}
		res.Outcome, res.Detail = ReasonNetwork, err.Error()
		return res, nil
	}
	if !ok {
		res.Outcome, res.Detail = ReasonRobots, "disallowed by robots.txt"
		return res, nil
	}
	res.Fetched = true
	c.fetched++
	resp, err := c.f.Fetch(ctx, Get{URL: q.URL, Accept: AcceptPage, Follow: func(to *url.URL) error {
		if siteOf(to) != c.site {
			return errors.New("off the site")
		}
		return nil
	}})
	if err != nil {
		var fe *FetchError
		if !errors.As(err, &fe) {
			return res, err
		}
		res.Outcome, res.Status, res.Detail = fe.Reason, fe.Status, fe.Error()
		return res, nil
	}
	res.Status = resp.Status
	id, err := CanonicalURL(resp.URL)
	if err != nil {
		res.Outcome, res.Detail = ReasonRedirect, err.Error()
		return res, nil
	}
	if id != q.URL {
		if prior, ok := c.seen[id]; ok && prior.State == URLDone {
			res.Outcome, res.Detail = ReasonDuplicate, "redirects to "+id+", already crawled"
			return res, nil
		} else if ok {
			prior.State = URLDone // fetched now, through the redirect
			c.dirty = append(c.dirty, prior)
		} else {
			done := &QueuedURL{URL: id, Seq: c.seq, Depth: q.Depth, State: URLDone}
			c.seq++
			c.seen[id] = done
			c.dirty = append(c.dirty, done)
		}
	}
	robots := xRobots(resp.Header.Values("X-Robots-Tag"), c.f.opt.Agent)
	if resp.MediaType != "application/pdf" {
		pu, _ := url.Parse(resp.URL)
		m := scanHTML(resp.Body, pu, c.f.opt.Agent)
		robots.noindex = robots.noindex || m.noindex
		robots.nofollow = robots.nofollow || m.nofollow
		if !robots.nofollow {
			for _, l := range m.links {
				c.enqueue(l, q.Depth+1)
			}
		}
	}
	if robots.noindex {
		res.Outcome, res.Detail = ReasonNoIndex, "the page asks not to be indexed (robots meta or X-Robots-Tag)"
		return res, nil
	}
	src, chunks, err := pageSource(ctx, resp, id, c.opt.ACL, c.opt.PDF)
	if err != nil {
		res.Outcome, res.Detail = ReasonContent, verity.ErrorMessage(err)
		return res, nil
	}
	hash := verity.ContentHash(src.Title, src.Text)
	if other, ok := c.hashes[hash]; ok && other != id {
		res.Outcome, res.Detail = ReasonDuplicate, "the same text as "+other
		return res, nil
	}
	outcome, err := putPage(ctx, c.store, src, chunks)
	if err != nil {
		if verity.ErrorCode(err) == verity.EINTERNAL {
			return res, fmt.Errorf("store %s: %w", id, err)
		}
		res.Outcome, res.Detail = ReasonStore, verity.ErrorMessage(err)
		return res, nil
	}
	c.hashes[hash] = id
	q.Hash, q.SourceID = hash, id
	res.Outcome, res.SourceID, res.Version = string(outcome), id, src.Version
	return res, nil
}

func (c *crawler) record(r PageResult) {
	if r.Fetched {
		c.rep.Fetched++
	}
	switch {
	case r.Stored():
		c.rep.Stored.add(verity.PutOutcome(r.Outcome))
	case r.Outcome == ReasonRobots:
		c.rep.SkippedRobots = append(c.rep.SkippedRobots, r.URL)
	case (&FetchError{Reason: r.Outcome}).Skip():
		c.rep.Skipped = append(c.rep.Skipped, r)
	default:
		c.rep.Errors = append(c.rep.Errors, r)
	}
	if c.opt.OnPage != nil {
		c.opt.OnPage(r)
	}
}
