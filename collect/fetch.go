package collect

import (
	"context"
	"errors"
	"fmt"
	"io"
	"mime"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/veritykb/verity/llm"
)

// Defaults of a Fetcher.
const (
	// DefaultAgent is the product token robots.txt groups are matched on.
	DefaultAgent = "Verity"
	// DefaultUserAgent names Verity and where to read about it, so a site
	// owner who sees it in a log knows what it is and whom to ask.
	DefaultUserAgent = "Verity/0.1 (+https://github.com/veritykb/verity; knowledge-base crawler)"

	DefaultDelay        = time.Second
	DefaultTimeout      = 20 * time.Second
	DefaultMaxBytes     = 8 << 20
	DefaultMaxRetries   = 2
	DefaultMaxRetryWait = time.Minute
	// DefaultMaxCrawlDelay caps a site's Crawl-delay: a larger one is
	// honoured only up to this, and the report says so.
	DefaultMaxCrawlDelay = 5 * time.Minute
	maxRedirects         = 5
)

// FetchOptions configure a Fetcher. Zero values take the defaults above.
type FetchOptions struct {
	// Client makes the requests; nil is a client with the default
	// transport. Its redirect policy is replaced: the Fetcher follows
	// redirects itself, checking each hop.
	Client    *http.Client
	UserAgent string // the User-Agent header
	Agent     string // the product token matched against robots.txt groups
	// Delay is the least time between two requests to the same host; a
	// robots.txt Crawl-delay that is longer wins (up to MaxCrawlDelay).
	Delay         time.Duration
	Timeout       time.Duration // per request, the body included
	MaxBytes      int64         // larger responses are refused
	MaxRetries    int           // retries of a 429 or 503, honouring Retry-After
	MaxRetryWait  time.Duration // a longer Retry-After gives up on the URL
	MaxCrawlDelay time.Duration
	// IgnoreRobots turns robots.txt off. Only tests of the crawler's own
	// behaviour set it; the CLI has no flag for it.
	IgnoreRobots bool
	Clock        llm.Clock // nil: the system clock
}

// Fetcher makes polite HTTP requests: robots.txt checked for every URL and
// every redirect hop, a delay between requests to one host, Retry-After
// honoured, timeouts and a size limit. It is safe for concurrent use.
type Fetcher struct {
	opt    FetchOptions
	client *http.Client

	mu     sync.Mutex
	next   map[string]time.Time // host → earliest start of its next request
	delay  map[string]time.Duration
	robots map[string]*RobotsInfo
}

// NewFetcher returns a Fetcher with opt's zero fields set to the defaults.
func NewFetcher(opt FetchOptions) *Fetcher {
	if opt.UserAgent == "" {
		opt.UserAgent = DefaultUserAgent
	}
	if opt.Agent == "" {
		opt.Agent = DefaultAgent
	}
	if opt.Delay < 0 {
		opt.Delay = 0
	} else if opt.Delay == 0 {
		opt.Delay = DefaultDelay
	}
	if opt.Timeout <= 0 {
		opt.Timeout = DefaultTimeout
	}
	if opt.MaxBytes <= 0 {
		opt.MaxBytes = DefaultMaxBytes
	}
	if opt.MaxRetries < 0 {
		opt.MaxRetries = 0
	} else if opt.MaxRetries == 0 {
		opt.MaxRetries = DefaultMaxRetries
	}
	if opt.MaxRetryWait <= 0 {
		opt.MaxRetryWait = DefaultMaxRetryWait
	}
	if opt.MaxCrawlDelay <= 0 {
		opt.MaxCrawlDelay = DefaultMaxCrawlDelay
	}
	if opt.Clock == nil {
		opt.Clock = llm.SystemClock
	}
	c := &http.Client{}
	if opt.Client != nil {
		*c = *opt.Client
	}
	c.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	c.Timeout = 0 // each request has a context deadline instead
	return &Fetcher{opt: opt, client: c, next: map[string]time.Time{},
		delay: map[string]time.Duration{}, robots: map[string]*RobotsInfo{}}
}

// Options returns the options in effect.
func (f *Fetcher) Options() FetchOptions { return f.opt }

// Reasons a URL was not fetched or not used. The first group are skips (the
// page is not for us), the second failures.
const (
	ReasonRobots      = "robots"       // robots.txt disallows it
	ReasonType        = "type"         // neither HTML nor PDF
	ReasonTooLarge    = "too_large"    // over the size limit
	ReasonRedirect    = "redirect"     // redirected where this run does not go (off the site, banned)
	ReasonNoIndex     = "noindex"      // the page asks not to be indexed
	ReasonDuplicate   = "duplicate"    // the same text as a page already stored in this run
	ReasonStatus      = "http_status"  // a 4xx or 5xx answer
	ReasonRateLimited = "rate_limited" // 429/503 that did not clear within the retries
	ReasonTimeout     = "timeout"
	ReasonNetwork     = "network"
	ReasonContent     = "content" // the body could not be read as text (broken PDF, undecodable charset)
	ReasonStore       = "store"   // the store refused the page (an id already used for another uri)
)

// FetchError is why one URL failed or was skipped: a value in a run's
// report, never the end of the run.
type FetchError struct {
	URL    string
	Reason string // one of the Reason* constants
	Status int    // the HTTP status, when there was one
	Err    error
}

func (e *FetchError) Error() string {
	var b strings.Builder
	b.WriteString(e.Reason)
	if e.Status != 0 {
		fmt.Fprintf(&b, " (HTTP %d)", e.Status)
	}
	if e.Err != nil {
		b.WriteString(": " + e.Err.Error())
	}
	return b.String()
}

func (e *FetchError) Unwrap() error { return e.Err }

// Skip reports whether the reason is a skip (the page is not for this run)
// rather than a failure.
func (e *FetchError) Skip() bool {
	switch e.Reason {
	case ReasonRobots, ReasonType, ReasonTooLarge, ReasonRedirect, ReasonNoIndex, ReasonDuplicate:
		return true
	}
	return false
}

// Response is a fetched page.
type Response struct {
	URL       string // where the content came from, after redirects
	Status    int
	MediaType string // "text/html", "application/pdf", ...
	Charset   string // the charset HTML was decoded from ("utf-8", "windows-1251"); "" for other types
	Body      []byte // HTML as UTF-8; anything else as it came
	Header    http.Header
	FetchedAt time.Time
	Redirects []string // the URLs redirected from, in order
}

// Get is one fetch.
type Get struct {
	URL string
	// Accept says which media types are read; nil reads any. A refused
	// type is a ReasonType skip, decided before the body is read when the
	// server declares its type.
	Accept func(mediaType string) bool
	// Follow decides whether a redirect to to may be followed; nil follows
	// any. A refusal is a ReasonRedirect skip.
	Follow func(to *url.URL) error
	// MaxBytes overrides the Fetcher's size limit for this request.
	MaxBytes int64
}

// AcceptPage accepts what Verity reads as a page: HTML and PDF.
func AcceptPage(mediaType string) bool {
	switch mediaType {
	case "text/html", "application/xhtml+xml", "application/pdf":
		return true
	}
	return false
}

// Fetch fetches g.URL. Per-URL failures are *FetchError values; an error of
// another kind is the context ending.
func (f *Fetcher) Fetch(ctx context.Context, g Get) (*Response, error) {
	u, err := parseWebURL(g.URL)
	if err != nil {
		return nil, &FetchError{URL: g.URL, Reason: ReasonNetwork, Err: err}
	}
	max := g.MaxBytes
	if max <= 0 {
		max = f.opt.MaxBytes
	}
	var redirects []string
	retries := 0
	for {
		if err := f.allowed(ctx, u); err != nil {
			if len(redirects) > 0 {
				return nil, &FetchError{URL: g.URL, Reason: ReasonRobots, Err: fmt.Errorf("redirected to %s, which robots.txt disallows", u.Redacted())}
			}
			return nil, err
		}
		resp, err := f.do(ctx, u, "text/html,application/xhtml+xml,application/pdf;q=0.9,*/*;q=0.1")
		if err != nil {
			return nil, err
		}
		switch {
		case resp.StatusCode >= 300 && resp.StatusCode < 400 && resp.Header.Get("Location") != "":
			discard(resp)
			next, err := u.Parse(resp.Header.Get("Location"))
			if err != nil || (next.Scheme != "http" && next.Scheme != "https") {
				return nil, &FetchError{URL: g.URL, Reason: ReasonRedirect, Status: resp.StatusCode, Err: fmt.Errorf("bad redirect target %q", resp.Header.Get("Location"))}
			}
			next.Fragment = ""
			if len(redirects) >= maxRedirects {
				return nil, &FetchError{URL: g.URL, Reason: ReasonRedirect, Status: resp.StatusCode, Err: fmt.Errorf("more than %d redirects", maxRedirects)}
			}
			if g.Follow != nil {
				if err := g.Follow(next); err != nil {
					return nil, &FetchError{URL: g.URL, Reason: ReasonRedirect, Status: resp.StatusCode, Err: fmt.Errorf("redirects to %s: %w", next.Redacted(), err)}
				}
			}
			redirects = append(redirects, u.String())
			u = next
			continue
		case resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode == http.StatusServiceUnavailable:
			discard(resp)
			wait, ok := retryAfter(resp.Header, f.opt.Clock.Now())
			if !ok {
				wait = max64(f.hostDelay(u), time.Second) << retries
			}
			if retries >= f.opt.MaxRetries {
				return nil, &FetchError{URL: g.URL, Reason: ReasonRateLimited, Status: resp.StatusCode, Err: fmt.Errorf("still refused after %d retries", retries)}
			}
			if wait > f.opt.MaxRetryWait {
				return nil, &FetchError{URL: g.URL, Reason: ReasonRateLimited, Status: resp.StatusCode,
					Err: fmt.Errorf("Retry-After %s is longer than the %s this run waits", wait, f.opt.MaxRetryWait)}
			}
			retries++
			// The host asked everyone to wait: push its next slot back, so
			// no other request to it goes out earlier either.
			f.mu.Lock()
			if t := f.opt.Clock.Now().Add(wait); t.After(f.next[hostKey(u)]) {
				f.next[hostKey(u)] = t
			}
			f.mu.Unlock()
			continue
		case resp.StatusCode >= 400:
			discard(resp)
			return nil, &FetchError{URL: g.URL, Reason: ReasonStatus, Status: resp.StatusCode, Err: errors.New(http.StatusText(resp.StatusCode))}
		case resp.StatusCode >= 300 || resp.StatusCode < 200:
			discard(resp)
			return nil, &FetchError{URL: g.URL, Reason: ReasonStatus, Status: resp.StatusCode, Err: errors.New("no content")}
		}
		out, err := f.read(ctx, resp, u, g, max)
		if out != nil {
			out.Redirects = redirects
		}
		if fe, ok := err.(*FetchError); ok {
			fe.URL = g.URL
		}
		return out, err
	}
}

// read reads a 2xx response's body within the size limit and decodes HTML
// to UTF-8.
func (f *Fetcher) read(ctx context.Context, resp *http.Response, u *url.URL, g Get, max int64) (*Response, error) {
	defer resp.Body.Close()
	declared := resp.Header.Get("Content-Type")
	mt, _, _ := mime.ParseMediaType(declared)
	mt = strings.ToLower(mt)
	known := mt != "" && mt != "application/octet-stream" && mt != "binary/octet-stream"
	if known && g.Accept != nil && !g.Accept(mt) {
		return nil, &FetchError{Reason: ReasonType, Status: resp.StatusCode, Err: fmt.Errorf("content type %s", mt)}
	}
	if resp.ContentLength > max {
		return nil, &FetchError{Reason: ReasonTooLarge, Status: resp.StatusCode, Err: fmt.Errorf("%d bytes declared, the limit is %d", resp.ContentLength, max)}
	}
	body, err := io.ReadAll(io.LimitReader(resp.Body, max+1))
	if err != nil {
		return nil, f.classify(ctx, err)
	}
	if int64(len(body)) > max {
		return nil, &FetchError{Reason: ReasonTooLarge, Status: resp.StatusCode, Err: fmt.Errorf("more than %d bytes", max)}
	}
	if !known {
		mt, _, _ = mime.ParseMediaType(http.DetectContentType(body))
		if g.Accept != nil && !g.Accept(mt) {
			return nil, &FetchError{Reason: ReasonType, Status: resp.StatusCode, Err: fmt.Errorf("content type %s (sniffed)", mt)}
		}
	}
	out := &Response{URL: u.String(), Status: resp.StatusCode, MediaType: mt, Body: body,
		Header: resp.Header, FetchedAt: f.opt.Clock.Now()}
	if mt == "text/html" || mt == "application/xhtml+xml" {
		text, cs, err := decodeHTML(body, declared)
		if err != nil {
			return nil, &FetchError{Reason: ReasonContent, Status: resp.StatusCode, Err: err}
		}
		out.Body, out.Charset = text, cs
	}
	return out, nil
}

// do sends one GET after the host's politeness delay.
func (f *Fetcher) do(ctx context.Context, u *url.URL, accept string) (*http.Response, error) {
	if err := f.wait(ctx, u); err != nil {
		return nil, err
	}
	rctx, cancel := context.WithTimeout(ctx, f.opt.Timeout)
	req, err := http.NewRequestWithContext(rctx, http.MethodGet, u.String(), nil)
	if err != nil {
		cancel()
		return nil, &FetchError{URL: u.String(), Reason: ReasonNetwork, Err: err}
	}
	req.Header.Set("User-Agent", f.opt.UserAgent)
	req.Header.Set("Accept", accept)
	resp, err := f.client.Do(req)
	if err != nil {
		cancel()
		return nil, f.classify(ctx, err)
	}
	resp.Body = cancelOnClose{resp.Body, cancel}
	return resp, nil
}

// classify turns a transport error into a FetchError, or returns the
// context's error when the run itself is ending.
func (f *Fetcher) classify(ctx context.Context, err error) error {
	if ctx.Err() != nil {
		return ctx.Err()
	}
	var ne net.Error
	if errors.Is(err, context.DeadlineExceeded) || (errors.As(err, &ne) && ne.Timeout()) {
		return &FetchError{Reason: ReasonTimeout, Err: fmt.Errorf("no complete answer within %s", f.opt.Timeout)}
	}
	return &FetchError{Reason: ReasonNetwork, Err: err}
}

type cancelOnClose struct {
	io.ReadCloser
	cancel context.CancelFunc
}

func (c cancelOnClose) Close() error {
	err := c.ReadCloser.Close()
	c.cancel()
	return err
}

// discard drains a little of a body so the connection can be reused, and
// closes it.
func discard(resp *http.Response) {
	io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
	resp.Body.Close()
}

func hostKey(u *url.URL) string { return strings.ToLower(u.Scheme + "://" + u.Host) }

// wait reserves the host's next request slot and sleeps until it. Slots are
// spaced by the host's delay, so concurrent callers queue up politely.
func (f *Fetcher) wait(ctx context.Context, u *url.URL) error {
	key := hostKey(u)
	f.mu.Lock()
	now := f.opt.Clock.Now()
	slot := f.next[key]
	if slot.Before(now) {
		slot = now
	}
	d, ok := f.delay[key]
	if !ok {
		d = f.opt.Delay
	}
	f.next[key] = slot.Add(d)
	f.mu.Unlock()
	return f.opt.Clock.Sleep(ctx, slot.Sub(now))
}

func (f *Fetcher) hostDelay(u *url.URL) time.Duration {
	f.mu.Lock()
	defer f.mu.Unlock()
	if d, ok := f.delay[hostKey(u)]; ok {
		return d
	}
	return f.opt.Delay
}

func max64(a, b time.Duration) time.Duration {
	if a > b {
		return a
	}
	return b
}

// retryAfter reads a Retry-After header: delta seconds or an HTTP date.
func retryAfter(h http.Header, now time.Time) (time.Duration, bool) {
	v := strings.TrimSpace(h.Get("Retry-After"))
	if v == "" {
		return 0, false
	}
	if secs, err := strconv.Atoi(v); err == nil && secs >= 0 {
		return time.Duration(secs) * time.Second, true
	}
	if t, err := http.ParseTime(v); err == nil {
		if d := t.Sub(now); d > 0 {
			return d, true
		}
		return 0, true
	}
	return 0, false
}

// RobotsInfo is what a host's robots.txt says to this Fetcher's agent.
type RobotsInfo struct {
	Rules    RobotsRules
	Sitemaps []string
	// Status says how it was read: "ok", "none (HTTP 404)", or
	// "unreachable (...): everything disallowed".
	Status string
	// DelayNote is set when the site's Crawl-delay was capped.
	DelayNote string
}

// Robots returns the robots.txt rules of u's host for this Fetcher's agent,
// fetching the file once per host. Following RFC 9309: a 4xx answer (other
// than 429) means no rules; a 429, a 5xx or a network failure means
// everything is disallowed; redirects are followed, across hosts too.
func (f *Fetcher) Robots(ctx context.Context, u *url.URL) (*RobotsInfo, error) {
	key := hostKey(u)
	f.mu.Lock()
	ri, ok := f.robots[key]
	f.mu.Unlock()
	if ok {
		return ri, nil
	}
	ri = &RobotsInfo{}
	if f.opt.IgnoreRobots {
		ri.Status = "ignored"
	} else if err := f.fetchRobots(ctx, u, ri); err != nil {
		return nil, err
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if prior, ok := f.robots[key]; ok {
		return prior, nil
	}
	f.robots[key] = ri
	d := f.opt.Delay
	if cd := ri.Rules.Delay; cd > d {
		d = cd
		if cd > f.opt.MaxCrawlDelay {
			d = f.opt.MaxCrawlDelay
			ri.DelayNote = fmt.Sprintf("Crawl-delay %s capped to %s", cd, d)
		}
	}
	f.delay[key] = d
	// The robots.txt request itself counts: the first page waits the
	// site's delay after it, not the default one.
	if t := f.opt.Clock.Now().Add(d); t.After(f.next[key]) {
		f.next[key] = t
	}
	return ri, nil
}

func (f *Fetcher) fetchRobots(ctx context.Context, u *url.URL, ri *RobotsInfo) error {
	cur := &url.URL{Scheme: u.Scheme, Host: u.Host, Path: "/robots.txt"}
	for hop := 0; ; hop++ {
		resp, err := f.do(ctx, cur, "text/plain,*/*;q=0.1")
		if err != nil {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			ri.Rules.DisallowAll = true
			ri.Status = fmt.Sprintf("unreachable (%v): everything disallowed", err)
			return nil
		}
		switch st := resp.StatusCode; {
		case st >= 300 && st < 400 && resp.Header.Get("Location") != "" && hop < maxRedirects:
			discard(resp)
			next, err := cur.Parse(resp.Header.Get("Location"))
			if err != nil || (next.Scheme != "http" && next.Scheme != "https") {
				ri.Status = "none (bad redirect)"
				return nil
			}
			cur = next
			continue
		case st >= 200 && st < 300:
			body, err := io.ReadAll(io.LimitReader(resp.Body, maxRobotsBytes))
			resp.Body.Close()
			if err != nil {
				if ctx.Err() != nil {
					return ctx.Err()
				}
				ri.Rules.DisallowAll = true
				ri.Status = fmt.Sprintf("unreachable (%v): everything disallowed", err)
				return nil
			}
			r := ParseRobots(body)
			ri.Rules = r.For(f.opt.Agent)
			ri.Sitemaps = r.Sitemaps
			ri.Status = "ok"
			return nil
		case st == http.StatusTooManyRequests || st >= 500:
			discard(resp)
			ri.Rules.DisallowAll = true
			ri.Status = fmt.Sprintf("unreachable (HTTP %d): everything disallowed", st)
			return nil
		default:
			discard(resp)
			ri.Status = fmt.Sprintf("none (HTTP %d)", st)
			return nil
		}
	}
}

// allowed checks u against its host's robots.txt.
func (f *Fetcher) allowed(ctx context.Context, u *url.URL) error {
	ri, err := f.Robots(ctx, u)
	if err != nil {
		return err
	}
	pq := u.EscapedPath()
	if u.RawQuery != "" {
		pq += "?" + u.RawQuery
	}
	if !ri.Rules.Allowed(pq) {
		why := "disallowed by robots.txt"
		if ri.Rules.DisallowAll {
			why = "robots.txt " + ri.Status
		}
		return &FetchError{URL: u.String(), Reason: ReasonRobots, Err: errors.New(why)}
	}
	return nil
}

// Allowed reports whether robots.txt lets this Fetcher fetch rawURL, and
// if not, why.
func (f *Fetcher) Allowed(ctx context.Context, rawURL string) (bool, error) {
	u, err := parseWebURL(rawURL)
	if err != nil {
		return false, err
	}
	if err := f.allowed(ctx, u); err != nil {
		var fe *FetchError
		if errors.As(err, &fe) {
			return false, nil
		}
		return false, err
	}
	return true, nil
}
