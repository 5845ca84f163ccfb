// Package rest is the HTTP client the connectors' platform clients share:
// JSON GETs with the connector's token (HTTP Basic with an account's email
// and an API token on Atlassian Cloud, a bearer token otherwise), retries
// of 429 (after Retry-After) and 5xx answers, a bound on every body, and
// errors that name the connector and the platform, never the token.
package rest

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// Client is one connector's client of its platform's REST API.
type Client struct {
	Name     string // the connector, for errors
	Platform string // Confluence, Jira…, for errors
	API      string // the API's root: relative paths are appended to it
	Site     string // the site: paths starting /rest/ resolve against it
	User     string // "" for a bearer token
	Token    string
	HTTP     *http.Client
	Sleep    func(ctx context.Context, d time.Duration) error // nil: a timer
	Retries  int
	MaxBody  int64
}

// ErrGone is what the API says of a thing that is not there (404).
var ErrGone = errors.New("not found")

// AuthError is the platform refusing the token (401): nothing is deleted
// because of it.
type AuthError struct {
	Name, Platform string
	Status         int
}

func (e *AuthError) Error() string {
	return fmt.Sprintf("connector %s: %s refused the token (HTTP %d): it expired, was revoked or lost access; renew it and point the connector's --token-file or --token-env at it", e.Name, e.Platform, e.Status)
}

// SleepCtx waits d or until ctx is done.
func SleepCtx(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// Get reads path (relative to the API, a /rest/ path of the site, or a
// whole link the API gave) with query into v.
func (c *Client) Get(ctx context.Context, path string, query url.Values, v any) error {
	return c.do(ctx, http.MethodGet, path, query, nil, v, c.MaxBody)
}

// Download reads path (as Get resolves it) as bytes, at most limit of
// them: a file, not JSON.
func (c *Client) Download(ctx context.Context, path string, limit int64) ([]byte, error) {
	var b []byte
	err := c.do(ctx, http.MethodGet, path, nil, nil, &b, limit)
	return b, err
}

// Post sends body as JSON to path (as Get resolves it) and reads the
// answer into v: a read that takes its arguments in a body, such as
// Confluence's users-bulk.
func (c *Client) Post(ctx context.Context, path string, body, v any) error {
	b, err := json.Marshal(body)
	if err != nil {
		return fmt.Errorf("connector %s: %w", c.Name, err)
	}
	return c.do(ctx, http.MethodPost, path, nil, b, v, c.MaxBody)
}

// do sends one request, retrying 429 and 5xx answers, and reads an answer
// of at most limit bytes into v: JSON, or the bytes themselves when v is
// a *[]byte.
func (c *Client) do(ctx context.Context, method, path string, query url.Values, send []byte, v any, limit int64) error {
	u := c.API + path
	if strings.HasPrefix(path, "http://") || strings.HasPrefix(path, "https://") {
		// A whole link the API gave: the token goes only to the API's own
		// site.
		if origin(path) != origin(c.API) {
			return fmt.Errorf("connector %s: the API's link %s leaves its site %s: not followed", c.Name, Redact(path), origin(c.API))
		}
		u = path
	} else if strings.HasPrefix(path, "/rest/") {
		u = c.Site + path
	}
	if len(query) > 0 {
		u += "?" + query.Encode()
	}
	sleep := c.Sleep
	if sleep == nil {
		sleep = SleepCtx
	}
	var last error
	for attempt := 0; ; attempt++ {
		var rd io.Reader
		if send != nil {
			rd = bytes.NewReader(send)
		}
		req, err := http.NewRequestWithContext(ctx, method, u, rd)
		if err != nil {
			return fmt.Errorf("connector %s: %w", c.Name, err)
		}
		if _, raw := v.(*[]byte); !raw {
			req.Header.Set("Accept", "application/json")
		}
		if send != nil {
			req.Header.Set("Content-Type", "application/json")
		}
		if c.User != "" {
			req.SetBasicAuth(c.User, c.Token)
		} else {
			req.Header.Set("Authorization", "Bearer "+c.Token)
		}
		resp, err := c.HTTP.Do(req)
		if err != nil {
			last = fmt.Errorf("connector %s: %s %s: %w", c.Name, method, Redact(u), err)
		} else {
			body, rerr := io.ReadAll(io.LimitReader(resp.Body, limit+1))
			resp.Body.Close()
			switch {
			case rerr != nil:
				last = fmt.Errorf("connector %s: read %s: %w", c.Name, Redact(u), rerr)
			case resp.StatusCode == http.StatusUnauthorized:
				return &AuthError{Name: c.Name, Platform: c.Platform, Status: resp.StatusCode}
			case resp.StatusCode == http.StatusNotFound:
				return ErrGone
			case resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode >= 500:
				last = fmt.Errorf("connector %s: %s %s: HTTP %d: %s", c.Name, method, Redact(u), resp.StatusCode, Message(body))
				if attempt < c.Retries {
					if err := sleep(ctx, RetryAfter(resp.Header.Get("Retry-After"), attempt)); err != nil {
						return err
					}
					continue
				}
				return last
			case resp.StatusCode != http.StatusOK:
				return fmt.Errorf("connector %s: %s %s: HTTP %d: %s", c.Name, method, Redact(u), resp.StatusCode, Message(body))
			case int64(len(body)) > limit:
				return fmt.Errorf("connector %s: %s %s: the answer is larger than %d bytes", c.Name, method, Redact(u), limit)
			default:
				if raw, ok := v.(*[]byte); ok {
					*raw = body
					return nil
				}
				if err := json.Unmarshal(body, v); err != nil {
					return fmt.Errorf("connector %s: %s %s: %w", c.Name, method, Redact(u), err)
				}
				return nil
			}
		}
		if attempt >= c.Retries || ctx.Err() != nil {
			return last
		}
		if err := sleep(ctx, RetryAfter("", attempt)); err != nil {
			return err
		}
	}
}

// origin is a URL's scheme and host.
func origin(s string) string {
	u, err := url.Parse(s)
	if err != nil {
		return ""
	}
	return u.Scheme + "://" + u.Host
}

// RetryAfter is how long to wait before attempt+1: the server's
// Retry-After (seconds or an HTTP date) when it gave one, at most a
// minute, else an exponential backoff from half a second.
func RetryAfter(h string, attempt int) time.Duration {
	if s, err := strconv.Atoi(strings.TrimSpace(h)); err == nil && s >= 0 {
		return min(time.Duration(s)*time.Second, time.Minute)
	}
	if t, err := http.ParseTime(h); err == nil {
		return min(max(time.Until(t), 0), time.Minute)
	}
	return min(500*time.Millisecond<<attempt, 30*time.Second)
}

// Message is the message of a platform's error body, bounded:
// Confluence's {"message"}, Jira's {"errorMessages": [...]}, or the body.
func Message(body []byte) string {
	var e struct {
		Message  string   `json:"message"`
		Messages []string `json:"errorMessages"`
	}
	if json.Unmarshal(body, &e) == nil {
		if e.Message != "" {
			return clip(e.Message, 300)
		}
		if len(e.Messages) > 0 {
			return clip(strings.Join(e.Messages, "; "), 300)
		}
	}
	return clip(strings.TrimSpace(string(body)), 300)
}

func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}

// Redact drops a URL's query (a query language's filter may name projects
// or spaces; nothing secret, but an error line stays short).
func Redact(u string) string {
	if i := strings.IndexByte(u, '?'); i >= 0 {
		return u[:i]
	}
	return u
}

// Options tune a platform's client; the zero value is the default, and a
// platform may give its own default page size and margin.
type Options struct {
	HTTP     *http.Client                                     // http.DefaultClient when nil
	Sleep    func(ctx context.Context, d time.Duration) error // waits between retries; tests shorten it
	PageSize int                                              // results per listing request
	Retries  int                                              // retries of a 429 or 5xx (5)
	MaxBody  int64                                            // bound of one answer (32 MiB)
	MaxText  int                                              // bound of a page's text (16 MiB): longer text is cut, with a warning
	// Margin is how far before the cursor an incremental listing starts,
	// so that what the platform's clock or query language rounds is not
	// missed.
	Margin time.Duration
}

// WithDefaults fills what o leaves zero, with the platform's page size
// and margin.
func (o Options) WithDefaults(pageSize int, margin time.Duration) Options {
	if o.HTTP == nil {
		o.HTTP = http.DefaultClient
	}
	if o.Sleep == nil {
		o.Sleep = SleepCtx
	}
	if o.PageSize <= 0 {
		o.PageSize = pageSize
	}
	if o.Retries == 0 {
		o.Retries = 5
	}
	if o.MaxBody <= 0 {
		o.MaxBody = 32 << 20
	}
	if o.MaxText <= 0 {
		o.MaxText = 16 << 20
	}
	if o.Margin == 0 {
		o.Margin = margin
	}
	return o
}

// Client is the client of connector name on platform with o's transport,
// retries and bound: api is the API's root, site what /rest/ paths
// resolve against, user "" for a bearer token.
func (o Options) Client(name, platform, api, site, user, token string) *Client {
	return &Client{Name: name, Platform: platform, API: api, Site: site, User: user, Token: token, HTTP: o.HTTP, Sleep: o.Sleep, Retries: o.Retries, MaxBody: o.MaxBody}
}

// ParseTime reads an Atlassian timestamp (Confluence's RFC 3339, Jira's
// 2006-01-02T15:04:05.000-0700), in UTC; zero when it is neither.
func ParseTime(s string) time.Time {
	for _, layout := range []string{time.RFC3339Nano, "2006-01-02T15:04:05.000-0700", "2006-01-02T15:04:05.000-07:00"} {
		if t, err := time.Parse(layout, s); err == nil {
			return t.UTC()
		}
	}
	return time.Time{}
}

// ParseCursor reads a cursor FormatCursor wrote; false when there is none.
func ParseCursor(s string) (time.Time, bool) {
	t, err := time.Parse(time.RFC3339Nano, s)
	return t, err == nil && s != ""
}

// FormatCursor is the cursor of a pass that has seen changes up to t.
func FormatCursor(t time.Time) string { return t.UTC().Format(time.RFC3339Nano) }
