package collect

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/llm"
)

// Searcher is a web-search provider: the research agent's only way to find
// pages. Implementations speak one provider's wire format; the CLI picks
// one and passes its endpoint and key in. A failure is an error with a
// verity code: EUNAVAILABLE for a provider that is down or rate-limits,
// EINVALID for one that refuses the request (a bad key, JSON disabled).
type Searcher interface {
	Search(ctx context.Context, q Query) ([]Hit, error)
	// Name says which provider answered, for reports ("searxng", "brave").
	Name() string
}

// Query is one web search.
type Query struct {
	Text     string
	Language string // "ru", "en"; "" for the provider's default
	Limit    int    // hits wanted at most; providers may return fewer
}

// Hit is one search result.
type Hit struct {
	URL     string `json:"url"`
	Title   string `json:"title"`
	Snippet string `json:"snippet"`
	Rank    int    `json:"rank"`             // 1-based position in the results
	Engine  string `json:"engine,omitempty"` // the engine behind a metasearch result
}

// SearchHTTP is what the HTTP search clients share: the client, a timeout,
// and how long a Retry-After they wait out once.
type SearchHTTP struct {
	Client       *http.Client  // nil: http.DefaultClient
	Timeout      time.Duration // per request; 0: 20s
	UserAgent    string        // "": DefaultUserAgent
	MaxRetryWait time.Duration // 0: DefaultMaxRetryWait
	Clock        llm.Clock     // nil: the system clock
}

func (h SearchHTTP) withDefaults() SearchHTTP {
	if h.Client == nil {
		h.Client = http.DefaultClient
	}
	if h.Timeout <= 0 {
		h.Timeout = DefaultTimeout
	}
	if h.UserAgent == "" {
		h.UserAgent = DefaultUserAgent
	}
	if h.MaxRetryWait <= 0 {
		h.MaxRetryWait = DefaultMaxRetryWait
	}
	if h.Clock == nil {
		h.Clock = llm.SystemClock
	}
	return h
}

// getJSON sends GET u with header and decodes a 2xx JSON answer into out.
// A 429 or 503 is retried once after its Retry-After (when that is short
// enough); other failures say what the provider answered.
func (h SearchHTTP) getJSON(ctx context.Context, provider string, u *url.URL, header http.Header, out any) error {
	for attempt := 0; ; attempt++ {
		rctx, cancel := context.WithTimeout(ctx, h.Timeout)
		req, err := http.NewRequestWithContext(rctx, http.MethodGet, u.String(), nil)
		if err != nil {
			cancel()
			return verity.Errorf(verity.EINVALID, "%s: %w", provider, err)
		}
		for k, vs := range header {
			req.Header[k] = vs
		}
		req.Header.Set("User-Agent", h.UserAgent)
		req.Header.Set("Accept", "application/json")
		resp, err := h.Client.Do(req)
		if err != nil {
			cancel()
			if ctx.Err() != nil {
				return ctx.Err()
			}
			return verity.Errorf(verity.EUNAVAILABLE, "%s: %w", provider, err)
		}
		body, err := io.ReadAll(io.LimitReader(resp.Body, 16<<20))
		resp.Body.Close()
		cancel()
		if err != nil {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			return verity.Errorf(verity.EUNAVAILABLE, "%s: read answer: %w", provider, err)
		}
		switch st := resp.StatusCode; {
		case st == http.StatusTooManyRequests || st == http.StatusServiceUnavailable:
			wait, ok := retryAfter(resp.Header, h.Clock.Now())
			if !ok {
				wait = time.Second
			}
			if attempt > 0 || wait > h.MaxRetryWait {
				return verity.Errorf(verity.EUNAVAILABLE, "%s: HTTP %d (rate limited; Retry-After %s)", provider, st, wait)
			}
			if err := h.Clock.Sleep(ctx, wait); err != nil {
				return err
			}
			continue
		case st >= 500:
			return verity.Errorf(verity.EUNAVAILABLE, "%s: HTTP %d: %s", provider, st, snippetOf(body))
		case st >= 400:
			return verity.Errorf(verity.EINVALID, "%s: HTTP %d: %s", provider, st, snippetOf(body))
		case st < 200 || st >= 300:
			return verity.Errorf(verity.EUNAVAILABLE, "%s: HTTP %d", provider, st)
		}
		if err := json.Unmarshal(body, out); err != nil {
			return verity.Errorf(verity.EUNAVAILABLE, "%s: the answer is not the expected JSON: %w (%s)", provider, err, snippetOf(body))
		}
		return nil
	}
}

// snippetOf shows the start of an error body on one line.
func snippetOf(body []byte) string {
	s := strings.Join(strings.Fields(string(body)), " ")
	if len(s) > 200 {
		s = s[:200] + "…"
	}
	if s == "" {
		return "(empty body)"
	}
	return s
}

// SearXNG searches through a SearXNG instance's JSON API
// (GET /search?q=...&format=json). The instance must list "json" under
// search.formats in its settings.yml; otherwise it answers 403, which is
// reported as such.
type SearXNG struct {
	base       *url.URL
	categories string
	engines    string
	header     http.Header
	http       SearchHTTP
}

// SearXNGConfig configures a SearXNG client.
type SearXNGConfig struct {
	BaseURL    string      // the instance, e.g. http://localhost:8888
	Categories string      // "general" when empty
	Engines    string      // comma-separated engines; "" for the instance's defaults
	Header     http.Header // extra headers, e.g. for an authenticating proxy
	HTTP       SearchHTTP
}

// NewSearXNG returns a SearXNG client.
func NewSearXNG(cfg SearXNGConfig) (*SearXNG, error) {
	u, err := url.Parse(strings.TrimRight(cfg.BaseURL, "/"))
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, verity.Errorf(verity.EINVALID, "searxng: base URL %q must be an http(s) URL", cfg.BaseURL)
	}
	if cfg.Categories == "" {
		cfg.Categories = "general"
	}
	return &SearXNG{base: u, categories: cfg.Categories, engines: cfg.Engines, header: cfg.Header, http: cfg.HTTP.withDefaults()}, nil
}

// Name implements Searcher.
func (s *SearXNG) Name() string { return "searxng" }

// searxngAnswer is the part of SearXNG's JSON answer Verity reads.
type searxngAnswer struct {
	Results []struct {
		URL     string   `json:"url"`
		Title   string   `json:"title"`
		Content string   `json:"content"`
		Engine  string   `json:"engine"`
		Engines []string `json:"engines"`
	} `json:"results"`
	Unresponsive [][]string `json:"unresponsive_engines"`
}

// Search implements Searcher.
func (s *SearXNG) Search(ctx context.Context, q Query) ([]Hit, error) {
	u := s.base.JoinPath("search")
	v := url.Values{"q": {q.Text}, "format": {"json"}, "pageno": {"1"}, "categories": {s.categories}, "safesearch": {"0"}}
	if q.Language != "" {
		v.Set("language", q.Language)
	}
	if s.engines != "" {
		v.Set("engines", s.engines)
	}
	u.RawQuery = v.Encode()
	var ans searxngAnswer
	if err := s.http.getJSON(ctx, "searxng", u, s.header, &ans); err != nil {
		if verity.ErrorCode(err) == verity.EINVALID && strings.Contains(err.Error(), "HTTP 403") {
			return nil, verity.Errorf(verity.EINVALID, "%w (enable the JSON format: add json under search.formats in the instance's settings.yml)", err)
		}
		return nil, err
	}
	if len(ans.Results) == 0 && len(ans.Unresponsive) > 0 {
		var names []string
		for _, e := range ans.Unresponsive {
			names = append(names, strings.Join(e, ": "))
		}
		return nil, verity.Errorf(verity.EUNAVAILABLE, "searxng: no results and engines did not answer: %s", strings.Join(names, "; "))
	}
	var hits []Hit
	for _, r := range ans.Results {
		if q.Limit > 0 && len(hits) >= q.Limit {
			break
		}
		engine := r.Engine
		if engine == "" && len(r.Engines) > 0 {
			engine = r.Engines[0]
		}
		hits = append(hits, Hit{URL: r.URL, Title: r.Title, Snippet: r.Content, Rank: len(hits) + 1, Engine: engine})
	}
	return hits, nil
}

// Brave searches through the Brave Search API
// (GET https://api.search.brave.com/res/v1/web/search, key in the
// X-Subscription-Token header).
type Brave struct {
	base *url.URL
	key  string
	http SearchHTTP
}

// BraveConfig configures a Brave Search client.
type BraveConfig struct {
	Key     string // the subscription token
	BaseURL string // "" for the public endpoint; tests point it at a fake
	HTTP    SearchHTTP
}

// DefaultBraveURL is the Brave Search API's web search endpoint.
const DefaultBraveURL = "https://api.search.brave.com/res/v1/web/search"

// NewBrave returns a Brave Search client.
func NewBrave(cfg BraveConfig) (*Brave, error) {
	if strings.TrimSpace(cfg.Key) == "" {
		return nil, verity.Errorf(verity.EINVALID, "brave: no API key")
	}
	if cfg.BaseURL == "" {
		cfg.BaseURL = DefaultBraveURL
	}
	u, err := url.Parse(cfg.BaseURL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, verity.Errorf(verity.EINVALID, "brave: endpoint %q must be an http(s) URL", cfg.BaseURL)
	}
	return &Brave{base: u, key: cfg.Key, http: cfg.HTTP.withDefaults()}, nil
}

// Name implements Searcher.
func (b *Brave) Name() string { return "brave" }

type braveAnswer struct {
	Web struct {
		Results []struct {
			URL         string `json:"url"`
			Title       string `json:"title"`
			Description string `json:"description"`
		} `json:"results"`
	} `json:"web"`
}

// Search implements Searcher.
func (b *Brave) Search(ctx context.Context, q Query) ([]Hit, error) {
	u := *b.base
	v := url.Values{"q": {q.Text}}
	if q.Limit > 0 {
		v.Set("count", fmt.Sprint(min(q.Limit, 20)))
	}
	if q.Language != "" {
		v.Set("search_lang", q.Language)
	}
	u.RawQuery = v.Encode()
	var ans braveAnswer
	if err := b.http.getJSON(ctx, "brave", &u, http.Header{"X-Subscription-Token": {b.key}}, &ans); err != nil {
		return nil, err
	}
	var hits []Hit
	for _, r := range ans.Web.Results {
		if q.Limit > 0 && len(hits) >= q.Limit {
			break
		}
		hits = append(hits, Hit{URL: r.URL, Title: stripTags(r.Title), Snippet: stripTags(r.Description), Rank: len(hits) + 1})
	}
	return hits, nil
}

// stripTags removes the <strong> highlighting some providers put in
// titles and snippets.
func stripTags(s string) string {
	if !strings.Contains(s, "<") {
		return s
	}
	var b strings.Builder
	in := false
	for _, r := range s {
		switch {
		case r == '<':
			in = true
		case r == '>' && in:
			in = false
		case !in:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// SearchSpecHelp describes the web-search specs SearchFromSpec takes and
// their environment, for help texts and errors.
const SearchSpecHelp = `  searxng:URL   a SearXNG instance's JSON API (a bare http(s) URL means the same);
                "json" must be listed under search.formats in its settings.yml
  brave         the Brave Search API; key in BRAVE_API_KEY (or VERITY_SEARCH_KEY)
  brave:URL     the same at another endpoint`

// SearchFromSpec builds the web-search provider a spec names (see
// [SearchSpecHelp]); from says where the spec came from (a flag, a
// variable), for errors. Keys come from getenv only, never from the spec,
// so they stay out of shell history and process lists. It returns the
// provider and a description of it.
func SearchFromSpec(spec, from string, getenv func(string) string) (Searcher, string, error) {
	spec = strings.TrimSpace(spec)
	if spec == "" {
		return nil, "", verity.Errorf(verity.EINVALID, "no web-search provider: give --search or set VERITY_SEARCH to one of\n%s", SearchSpecHelp)
	}
	kind, rest, _ := strings.Cut(spec, ":")
	if kind == "http" || kind == "https" {
		kind, rest = "searxng", spec
	}
	http := SearchHTTP{}
	switch kind {
	case "searxng":
		s, err := NewSearXNG(SearXNGConfig{BaseURL: rest, HTTP: http})
		if err != nil {
			return nil, "", fmt.Errorf("%s: %w", from, err)
		}
		return s, "searxng " + rest, nil
	case "brave":
		key := getenv("BRAVE_API_KEY")
		if key == "" {
			key = getenv("VERITY_SEARCH_KEY")
		}
		if key == "" {
			return nil, "", verity.Errorf(verity.EINVALID, "%s: brave needs a key: set BRAVE_API_KEY", from)
		}
		b, err := NewBrave(BraveConfig{Key: key, BaseURL: rest, HTTP: http})
		if err != nil {
			return nil, "", fmt.Errorf("%s: %w", from, err)
		}
		return b, "brave", nil
	}
	return nil, "", verity.Errorf(verity.EINVALID, "%s: unknown web-search provider %q; use one of\n%s", from, spec, SearchSpecHelp)
}
