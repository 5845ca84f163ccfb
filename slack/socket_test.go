package slack_test

import (
	"context"
	"encoding/json"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"golang.org/x/net/websocket"
)

// TestSocketMode: over Socket Mode (api.slack.com/apis/socket-mode: the
// app-level token opens a connection with apps.connections.open; Slack
// sends hello, then envelopes the app acknowledges by envelope_id, and
// "disconnect" when it wants a new connection) a direct message and a
// slash command are queued and acknowledged — the command's ack carrying
// its ephemeral reply — the app reconnects when asked, a redelivered event
// is queued once, another team's event is acknowledged and dropped, and a
// refused app token ends it with an error.
func TestSocketMode(t *testing.T) {
	f := setup(t)
	acks := make(chan map[string]any, 16)
	conns := 0
	ws := httptest.NewServer(websocket.Handler(func(c *websocket.Conn) {
		conns++
		send := func(v any) { websocket.JSON.Send(c, v) }
		recv := func() {
			var ack map[string]any
			if err := websocket.JSON.Receive(c, &ack); err == nil {
				acks <- ack
			}
		}
		send(map[string]any{"type": "hello", "num_connections": 1})
		dm := map[string]any{"type": "event_callback", "team_id": team, "event_id": "EvSock1",
			"event": map[string]any{"type": "message", "channel_type": "im", "channel": "DALICE", "user": "UALICE", "text": "Where do staff park?", "ts": "1.1"}}
		if conns == 1 {
			send(map[string]any{"type": "events_api", "envelope_id": "env-1", "payload": dm})
			recv()
			send(map[string]any{"type": "slash_commands", "envelope_id": "env-2", "accepts_response_payload": true,
				"payload": map[string]any{"team_id": team, "user_id": "UALICE", "channel_id": "DALICE", "command": "/verity", "text": "Where do visitors park?"}})
			recv()
			send(map[string]any{"type": "disconnect", "reason": "refresh_requested"})
			return
		}
		send(map[string]any{"type": "events_api", "envelope_id": "env-3", "payload": dm}) // Slack redelivers
		recv()
		other := map[string]any{"type": "event_callback", "team_id": "T99", "event_id": "EvOther",
			"event": map[string]any{"type": "message", "channel_type": "im", "channel": "D9", "user": "U9", "text": "hi", "ts": "1.2"}}
		send(map[string]any{"type": "events_api", "envelope_id": "env-4", "payload": other})
		recv()
		var rest map[string]any
		websocket.JSON.Receive(c, &rest) // until the app closes the connection
	}))
	defer ws.Close()
	f.api.mu.Lock()
	f.api.socket = "ws" + strings.TrimPrefix(ws.URL, "http")
	f.api.mu.Unlock()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- f.app.Socket(ctx, appToken) }()
	var got []map[string]any
	for len(got) < 4 {
		select {
		case a := <-acks:
			got = append(got, a)
		case <-time.After(20 * time.Second):
			t.Fatalf("acks so far %v; want four", got)
		}
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatalf("Socket = %v", err)
	}
	for i, want := range []string{"env-1", "env-2", "env-3", "env-4"} {
		if got[i]["envelope_id"] != want {
			t.Errorf("ack %d = %v, want envelope %s", i, got[i], want)
		}
	}
	if p, _ := json.Marshal(got[1]["payload"]); !strings.Contains(string(p), "Looking it up") {
		t.Errorf("the command's ack = %v, want its ephemeral reply as the payload", got[1])
	}
	if f.api.opened != 2 {
		t.Errorf("connections opened = %d, want 2 (one more after disconnect)", f.api.opened)
	}
	if n := f.run(t); n != 2 {
		t.Errorf("replies queued = %d, want 2 (the message once, the command)", n)
	}
	posts := f.api.take()
	if len(posts) == 0 || !strings.Contains(string(must(json.Marshal(posts))), "north lot") {
		t.Errorf("the answers posted = %v, want alice's answer about the staff lot", posts)
	}
	if err := f.app.Socket(context.Background(), "xapp-revoked"); err == nil || !strings.Contains(err.Error(), "refused the app-level token") || strings.Contains(err.Error(), "xapp-revoked") {
		t.Errorf("a refused app token = %v, want an error without the token", err)
	}
}

func must(b []byte, _ error) []byte { return b }
