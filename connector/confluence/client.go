package confluence

import (
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

// client speaks Confluence's REST API (v1, /rest/api, which Cloud serves
// under /wiki and Data Center at the site's root or context path) with
// the connector's token: HTTP Basic with the account's email and an API
// token on Cloud, a personal access token as a bearer token on Data
// Center and Server. It retries 429 (after Retry-After) and 5xx answers,
// bounds every body, and names the connector in every error, never the
// token.
type client struct {
	name    string // the connector, for errors
	api     string // URL + "/rest/api"
	site    string // URL, which relative links resolve against
	user    string
	token   string
	http    *http.Client
	sleep   func(ctx context.Context, d time.Duration) error
	retries int
	maxBody int64
}

// errGone is a page the API says is not there (404).
var errGone = errors.New("not found")

// authError is the platform refusing the token: nothing is deleted
// because of it.
type authError struct {
	name   string
	status int
}

func (e *authError) Error() string {
	return fmt.Sprintf("connector %s: Confluence refused the token (HTTP %d): it expired, was revoked or lost access; renew it and point the connector's --token-file or --token-env at it", e.name, e.status)
}

func sleepCtx(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// get reads path (relative to the API, or a link the API gave) with query
// into v.
func (c *client) get(ctx context.Context, path string, query url.Values, v any) error {
	u := c.api + path
	if strings.HasPrefix(path, "http://") || strings.HasPrefix(path, "https://") {
		u = path
	} else if strings.HasPrefix(path, "/rest/") {
		u = c.site + path // a _links.next, relative to the site
	}
	if len(query) > 0 {
		u += "?" + query.Encode()
	}
	var last error
	for attempt := 0; ; attempt++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
		if err != nil {
			return fmt.Errorf("connector %s: %w", c.name, err)
		}
		req.Header.Set("Accept", "application/json")
		if c.user != "" {
			req.SetBasicAuth(c.user, c.token)
		} else {
			req.Header.Set("Authorization", "Bearer "+c.token)
		}
		resp, err := c.http.Do(req)
		if err != nil {
			last = fmt.Errorf("connector %s: GET %s: %w", c.name, redact(u), err)
		} else {
			body, rerr := io.ReadAll(io.LimitReader(resp.Body, c.maxBody+1))
			resp.Body.Close()
			switch {
			case rerr != nil:
				last = fmt.Errorf("connector %s: read %s: %w", c.name, redact(u), rerr)
			case resp.StatusCode == http.StatusUnauthorized:
				return &authError{name: c.name, status: resp.StatusCode}
			case resp.StatusCode == http.StatusNotFound:
				return errGone
			case resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode >= 500:
				last = fmt.Errorf("connector %s: GET %s: HTTP %d: %s", c.name, redact(u), resp.StatusCode, apiMessage(body))
				if attempt < c.retries {
					if err := c.sleep(ctx, retryAfter(resp.Header.Get("Retry-After"), attempt)); err != nil {
						return err
					}
					continue
				}
				return last
			case resp.StatusCode != http.StatusOK:
				return fmt.Errorf("connector %s: GET %s: HTTP %d: %s", c.name, redact(u), resp.StatusCode, apiMessage(body))
			case int64(len(body)) > c.maxBody:
				return fmt.Errorf("connector %s: GET %s: the answer is larger than %d bytes", c.name, redact(u), c.maxBody)
			default:
				if err := json.Unmarshal(body, v); err != nil {
					return fmt.Errorf("connector %s: GET %s: %w", c.name, redact(u), err)
				}
				return nil
			}
		}
		if attempt >= c.retries || ctx.Err() != nil {
			return last
		}
		if err := c.sleep(ctx, retryAfter("", attempt)); err != nil {
			return err
		}
	}
}

// retryAfter is how long to wait before attempt+1: the server's
// Retry-After (seconds or an HTTP date) when it gave one, at most a
// minute, else an exponential backoff from half a second.
func retryAfter(h string, attempt int) time.Duration {
	if s, err := strconv.Atoi(strings.TrimSpace(h)); err == nil && s >= 0 {
		return min(time.Duration(s)*time.Second, time.Minute)
	}
	if t, err := http.ParseTime(h); err == nil {
		return min(max(time.Until(t), 0), time.Minute)
	}
	return min(500*time.Millisecond<<attempt, 30*time.Second)
}

// apiMessage is the message of a Confluence error body ({"statusCode":
// 400, "message": "..."}), bounded.
func apiMessage(body []byte) string {
	var e struct {
		Message string `json:"message"`
	}
	if json.Unmarshal(body, &e) == nil && e.Message != "" {
		return clip(e.Message, 300)
	}
	return clip(strings.TrimSpace(string(body)), 300)
}

func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}

// redact drops a URL's query (a CQL may name spaces; nothing secret, but
// an error line stays short).
func redact(u string) string {
	if i := strings.IndexByte(u, '?'); i >= 0 {
		return u[:i]
	}
	return u
}
