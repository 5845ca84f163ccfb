package slack

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

// DefaultAPIURL is Slack's Web API.
const DefaultAPIURL = "https://slack.com/api"

// client calls the Web API with the bot token; nothing of the token goes
// into an error.
type client struct {
	base, token string
	http        *http.Client
}

// APIError is the Web API's refusal of a call ({"ok":false,"error":...}).
type APIError struct{ Method, Code string }

func (e *APIError) Error() string { return "slack " + e.Method + ": " + e.Code }

// call posts params to method and decodes the answer into out: as a form
// for url.Values (Slack's read methods take no JSON), else as JSON. A 429
// is waited out (Retry-After, at most 30 s) and tried again, twice.
func (c *client) call(ctx context.Context, method string, params, out any) error {
	ctype := "application/json; charset=utf-8"
	var body []byte
	if form, ok := params.(url.Values); ok {
		ctype, body = "application/x-www-form-urlencoded", []byte(form.Encode())
	} else {
		var err error
		if body, err = json.Marshal(params); err != nil {
			return err
		}
	}
	for attempt := 0; ; attempt++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.base+"/"+method, bytes.NewReader(body))
		if err != nil {
			return fmt.Errorf("slack %s: bad API URL", method)
		}
		req.Header.Set("Content-Type", ctype)
		req.Header.Set("Authorization", "Bearer "+c.token)
		resp, err := c.http.Do(req)
		if err != nil {
			var ue *url.Error
			if errors.As(err, &ue) {
				err = ue.Err
			}
			return fmt.Errorf("slack %s: %s", method, strings.ReplaceAll(err.Error(), c.token, "…"))
		}
		if resp.StatusCode == http.StatusTooManyRequests && attempt < 2 {
			resp.Body.Close()
			wait, _ := strconv.Atoi(resp.Header.Get("Retry-After"))
			select {
			case <-ctx.Done():
				return ctx.Err()
			case <-time.After(time.Duration(min(max(wait, 1), 30)) * time.Second):
			}
			continue
		}
		raw, err := io.ReadAll(io.LimitReader(resp.Body, 8<<20))
		resp.Body.Close()
		if err != nil {
			return fmt.Errorf("slack %s: %w", method, err)
		}
		var ok struct {
			OK    bool   `json:"ok"`
			Error string `json:"error"`
		}
		if json.Unmarshal(raw, &ok) != nil {
			return fmt.Errorf("slack %s: status %d, unreadable answer", method, resp.StatusCode)
		}
		if !ok.OK {
			return &APIError{Method: method, Code: ok.Error}
		}
		if out != nil {
			return json.Unmarshal(raw, out)
		}
		return nil
	}
}

// user is users.info's user.
type user struct {
	ID           string `json:"id"`
	TeamID       string `json:"team_id"`
	Deleted      bool   `json:"deleted"`
	IsBot        bool   `json:"is_bot"`
	IsRestricted bool   `json:"is_restricted"`
	IsUltra      bool   `json:"is_ultra_restricted"`
	IsStranger   bool   `json:"is_stranger"`
	Locale       string `json:"locale"`
	Profile      struct {
		Email string `json:"email"`
	} `json:"profile"`
}

// channel is conversations.info's channel.
type channel struct {
	ID        string `json:"id"`
	IsIM      bool   `json:"is_im"`
	IsMPIM    bool   `json:"is_mpim"`
	IsPrivate bool   `json:"is_private"`
	Shared    bool   `json:"is_ext_shared"`
}

// message is chat.postMessage's and chat.postEphemeral's parameters.
type message struct {
	Channel  string  `json:"channel"`
	User     string  `json:"user,omitempty"` // ephemeral: who sees it
	Text     string  `json:"text"`
	ThreadTS string  `json:"thread_ts,omitempty"`
	Blocks   []block `json:"blocks,omitempty"`
	Unfurl   bool    `json:"unfurl_links"`
}

// block is a Block Kit block: a section of mrkdwn, or actions.
type block struct {
	Type     string    `json:"type"`
	Text     *text     `json:"text,omitempty"`
	Elements []element `json:"elements,omitempty"`
}

type text struct {
	Type string `json:"type"`
	Text string `json:"text"`
}

type element struct {
	Type     string `json:"type"`
	Text     text   `json:"text"`
	ActionID string `json:"action_id"`
	Value    string `json:"value,omitempty"`
	URL      string `json:"url,omitempty"`
}
