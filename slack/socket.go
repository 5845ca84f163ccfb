package slack

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"

	"golang.org/x/net/websocket"
)

// Socket Mode (api.slack.com/apis/socket-mode): for an install without a
// public URL, the app opens a WebSocket to Slack with its app-level token
// (apps.connections.open, scope connections:write) and takes the same
// deliveries over it — events, slash commands, interactions — each in an
// envelope it acknowledges by its envelope_id. The connection is
// authenticated by the token, so no signature is checked; the team id
// still must be the configured one. Slack asks for a new connection from
// time to time ("disconnect"): the app opens another.
//
// The WebSocket client is golang.org/x/net/websocket, of the Go project's
// x/net module Verity already depends on: the protocol needs only text
// frames, pings and a TLS dial, which it has.

// envelope is one Socket Mode message.
type envelope struct {
	Type           string          `json:"type"` // hello, disconnect, events_api, slash_commands, interactive
	EnvelopeID     string          `json:"envelope_id"`
	Payload        json.RawMessage `json:"payload"`
	AcceptsPayload bool            `json:"accepts_response_payload"`
	Reason         string          `json:"reason"`
}

// Socket serves the app over Socket Mode with appToken until ctx ends,
// reconnecting when Slack asks or the connection drops (after a pause
// that grows to 30 s while it keeps failing). An app token Slack refuses
// ends it with the error.
func (a *App) Socket(ctx context.Context, appToken string) error {
	api := &client{base: a.api.base, token: strings.TrimSpace(appToken), http: a.api.http}
	pause := time.Second
	for ctx.Err() == nil {
		served, err := a.socketOnce(ctx, api)
		var ae *APIError
		if errors.As(err, &ae) && (ae.Code == "invalid_auth" || ae.Code == "not_allowed_token_type" || ae.Code == "not_authed") {
			return fmt.Errorf("slack socket mode: Slack refused the app-level token (%s): give an xapp- token with connections:write", ae.Code)
		}
		if served {
			pause = time.Second
		}
		if err != nil && ctx.Err() == nil {
			a.log.Warn("slack socket mode: the connection ended; opening another", "error", err.Error(), "in", pause.String())
		}
		select {
		case <-ctx.Done():
		case <-time.After(pause):
		}
		if !served {
			pause = min(2*pause, 30*time.Second)
		}
	}
	return nil
}

// socketOnce opens one connection and serves it until Slack asks for a
// new one, it drops or ctx ends; served says whether Slack said hello.
func (a *App) socketOnce(ctx context.Context, api *client) (bool, error) {
	var open struct {
		URL string `json:"url"`
	}
	if err := api.call(ctx, "apps.connections.open", url.Values{}, &open); err != nil {
		return false, err
	}
	cfg, err := websocket.NewConfig(open.URL, "https://slack.com")
	if err != nil {
		return false, fmt.Errorf("slack socket mode: the URL Slack gave: %w", err)
	}
	ws, err := cfg.DialContext(ctx)
	if err != nil {
		return false, fmt.Errorf("slack socket mode: connect: %w", err)
	}
	defer ws.Close()
	stop := context.AfterFunc(ctx, func() { ws.Close() })
	defer stop()
	served := false
	for {
		var env envelope
		if err := websocket.JSON.Receive(ws, &env); err != nil {
			return served, err
		}
		switch env.Type {
		case "hello":
			served = true
		case "disconnect":
			return served, nil
		default:
			if env.EnvelopeID == "" {
				continue
			}
			ack, ok := a.delivery(env)
			if !ok {
				continue // not acknowledged: Slack delivers it again
			}
			if err := websocket.JSON.Send(ws, ack); err != nil {
				return served, err
			}
		}
	}
}

// delivery serves one envelope as the HTTP route would (the same code,
// without the signature) and returns its acknowledgement; false leaves
// it unacknowledged, for Slack to deliver again (the store could not take
// it).
func (a *App) delivery(env envelope) (map[string]any, bool) {
	var body []byte
	var serve func(http.ResponseWriter, []byte)
	switch env.Type {
	case "events_api":
		body, serve = env.Payload, a.events
	case "slash_commands":
		var fields map[string]any
		if json.Unmarshal(env.Payload, &fields) != nil {
			return map[string]any{"envelope_id": env.EnvelopeID}, true
		}
		form := url.Values{}
		for k, v := range fields {
			if s, ok := v.(string); ok {
				form.Set(k, s)
			}
		}
		body, serve = []byte(form.Encode()), a.commands
	case "interactive":
		body, serve = []byte(url.Values{"payload": {string(env.Payload)}}.Encode()), a.interactions
	default:
		return map[string]any{"envelope_id": env.EnvelopeID}, true
	}
	rec := &recorder{header: http.Header{}, Code: http.StatusOK}
	serve(rec, body)
	if rec.Code >= 500 {
		return nil, false
	}
	ack := map[string]any{"envelope_id": env.EnvelopeID}
	if out := bytes.TrimSpace(rec.body.Bytes()); env.AcceptsPayload && rec.Code == http.StatusOK && json.Valid(out) && len(out) > 0 {
		ack["payload"] = json.RawMessage(out)
	}
	return ack, true
}

// recorder keeps what a route wrote: its status and body.
type recorder struct {
	header http.Header
	Code   int
	body   bytes.Buffer
}

func (r *recorder) Header() http.Header         { return r.header }
func (r *recorder) Write(b []byte) (int, error) { return r.body.Write(b) }
func (r *recorder) WriteHeader(code int)        { r.Code = code }
