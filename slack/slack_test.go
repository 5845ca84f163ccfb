package slack_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/kb"
	"github.com/veritykb/verity/kb/kbtest"
	"github.com/veritykb/verity/offline"
	"github.com/veritykb/verity/slack"
	"github.com/veritykb/verity/verify"
)

const (
	botToken = "xoxb-test-bot-token-never-logged"
	appToken = "xapp-test-app-token"
	secret   = "signing-secret-of-the-test"
	team     = "T01"
)

var t0 = time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)

// webAPI is a double of Slack's Web API: users.info, conversations.info
// and conversations.members answer from its tables (read methods take
// forms, as Slack's do; members come in pages of one), chat.postMessage and
// chat.postEphemeral are recorded (write methods take JSON).
type webAPI struct {
	mu       sync.Mutex
	users    map[string]map[string]any
	channels map[string]map[string]any
	members  map[string][]string
	posts    []post
	auth     []string
	socket   string // the WebSocket URL apps.connections.open gives (Socket Mode)
	opened   int
}

type post struct {
	Method string         `json:"method"`
	Body   map[string]any `json:"body"`
}

func (d *webAPI) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.auth = append(d.auth, r.Header.Get("Authorization"))
	w.Header().Set("Content-Type", "application/json")
	if strings.HasSuffix(r.URL.Path, "/apps.connections.open") {
		// Socket Mode: the app-level token opens a connection, nothing else.
		if r.Header.Get("Authorization") != "Bearer "+appToken {
			io.WriteString(w, `{"ok":false,"error":"invalid_auth"}`)
			return
		}
		d.opened++
		json.NewEncoder(w).Encode(map[string]any{"ok": true, "url": d.socket})
		return
	}
	if r.Header.Get("Authorization") != "Bearer "+botToken {
		io.WriteString(w, `{"ok":false,"error":"invalid_auth"}`)
		return
	}
	method := strings.TrimPrefix(r.URL.Path, "/api/")
	reply := func(v map[string]any) { v["ok"] = true; json.NewEncoder(w).Encode(v) }
	switch method {
	case "users.info", "conversations.info", "conversations.members":
		if !strings.HasPrefix(r.Header.Get("Content-Type"), "application/x-www-form-urlencoded") {
			io.WriteString(w, `{"ok":false,"error":"invalid_form_data"}`)
			return
		}
		r.ParseForm()
		switch method {
		case "users.info":
			u, ok := d.users[r.Form.Get("user")]
			if !ok {
				io.WriteString(w, `{"ok":false,"error":"user_not_found"}`)
				return
			}
			reply(map[string]any{"user": u})
		case "conversations.info":
			reply(map[string]any{"channel": d.channels[r.Form.Get("channel")]})
		default:
			ms, i := d.members[r.Form.Get("channel")], 0
			if c := r.Form.Get("cursor"); c != "" {
				i = int(c[0] - '0')
			}
			next := ""
			if i+1 < len(ms) {
				next = string(rune('0' + i + 1))
			}
			reply(map[string]any{"members": ms[i : i+1], "response_metadata": map[string]any{"next_cursor": next}})
		}
	case "chat.postMessage", "chat.postEphemeral":
		var body map[string]any
		if json.NewDecoder(r.Body).Decode(&body) != nil {
			io.WriteString(w, `{"ok":false,"error":"invalid_json"}`)
			return
		}
		d.posts = append(d.posts, post{Method: method, Body: body})
		reply(map[string]any{"ts": "1.000"})
	default:
		io.WriteString(w, `{"ok":false,"error":"unknown_method"}`)
	}
}

func (d *webAPI) take() []post {
	d.mu.Lock()
	defer d.mu.Unlock()
	out := d.posts
	d.posts = nil
	return out
}

func person(id, email string, extra map[string]any) map[string]any {
	u := map[string]any{"id": id, "team_id": team, "profile": map[string]any{"email": email}, "locale": "en-US"}
	for k, v := range extra {
		u[k] = v
	}
	return u
}

type fixture struct {
	svc   *kb.Service
	app   *slack.App
	api   *webAPI
	srv   *httptest.Server
	done  map[int64]bool
	clock time.Time
}

// setup is a store with a staff page (alice is in staff, eve is not) and
// a public page, Slack configured for team T01, the app over it, and a
// double of the Web API.
func setup(t *testing.T) *fixture {
	t.Helper()
	ctx := context.Background()
	engine := offline.New(offline.Options{})
	svc, db, err := kbtest.Open(filepath.Join(t.TempDir(), "slack.db"), t0, kb.Fixed(engine, verify.NewJudge(engine, verify.JudgeOptions{Votes: 1})))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	pages := []*verity.Source{
		{ID: "STAFF-1", URI: "https://wiki.corp.example/staff", System: verity.SystemConfluence, Title: "Staff parking",
			Author: "user:facilities@corp.example", ACL: []verity.Principal{"group:staff"}, Text: "Parking for staff is in the north lot behind building nine."},
		{ID: "PUB-1", URI: "https://corp.example/visit", System: verity.SystemWeb, Title: "Visitors",
			ACL: []verity.Principal{verity.Public}, Text: "Parking for visitors is in the south lot behind building two."},
	}
	if err := kbtest.Seed(ctx, svc, nil, pages, t0); err != nil {
		t.Fatal(err)
	}
	op := verity.LocalOperator("admin")
	if _, err := svc.AddToGroup(ctx, op, kb.GroupChange{Group: "staff", Users: []string{"alice@corp.example"}, Create: true}); err != nil {
		t.Fatal(err)
	}
	api := &webAPI{
		users: map[string]map[string]any{
			"UALICE": person("UALICE", "alice@corp.example", nil),
			"UEVE":   person("UEVE", "eve@corp.example", nil),
			"UGUEST": person("UGUEST", "guest@else.example", map[string]any{"is_restricted": true}),
			"UBOT":   person("UBOT", "", map[string]any{"is_bot": true}),
		},
		channels: map[string]map[string]any{
			"CMIXED": {"id": "CMIXED", "is_private": true}, "CALICE": {"id": "CALICE", "is_private": true}, "DALICE": {"id": "DALICE", "is_im": true},
		},
		members: map[string][]string{"CMIXED": {"UALICE", "UBOT", "UEVE"}, "CALICE": {"UALICE", "UBOT"}},
	}
	srv := httptest.NewServer(api)
	t.Cleanup(srv.Close)
	set, err := svc.ConfigureSlack(ctx, op, kb.SlackSettings{TeamID: team, BotToken: "env:SLACK_BOT_TOKEN", SigningSecret: "/run/secrets/slack-signing", APIURL: srv.URL + "/api"})
	if err != nil {
		t.Fatal(err)
	}
	f := &fixture{svc: svc, api: api, done: map[int64]bool{}, clock: t0}
	f.app, err = slack.New(svc, slack.Options{Settings: set, BotToken: botToken, SigningSecret: secret, Now: func() time.Time { return f.clock }})
	if err != nil {
		t.Fatal(err)
	}
	f.srv = httptest.NewServer(f.app.Handler())
	t.Cleanup(f.srv.Close)
	return f
}

// send posts body to path signed with secret at time at.
func (f *fixture) send(t *testing.T, path, ctype string, body []byte, sign string, at time.Time) (int, string) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodPost, f.srv.URL+path, bytes.NewReader(body))
	req.Header = slack.Sign(sign, body, at)
	req.Header.Set("Content-Type", ctype)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

func (f *fixture) event(t *testing.T, id string, ev map[string]any) int {
	body, _ := json.Marshal(map[string]any{"type": "event_callback", "team_id": team, "event_id": id, "event": ev})
	code, _ := f.send(t, "/slack/events", "application/json", body, secret, f.clock)
	return code
}

func (f *fixture) click(t *testing.T, userID, channel, value string) {
	payload, _ := json.Marshal(map[string]any{"type": "block_actions", "team": map[string]any{"id": team}, "user": map[string]any{"id": userID},
		"channel": map[string]any{"id": channel}, "actions": []map[string]any{{"action_id": "a0", "value": value, "type": "button"}}})
	if code, body := f.send(t, "/slack/interactions", "application/x-www-form-urlencoded", []byte(url.Values{"payload": {string(payload)}}.Encode()), secret, f.clock); code != 200 {
		t.Fatalf("interaction = %d %s", code, body)
	}
	f.app.Wait()
}

// run works the queued chat replies not yet run, as a worker would.
func (f *fixture) run(t *testing.T) int {
	t.Helper()
	jobs, err := f.svc.Jobs(context.Background(), verity.LocalOperator("admin"), kb.JobQuery{})
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, j := range jobs {
		if f.done[j.ID] {
			continue
		}
		f.done[j.ID], n = true, n+1
		if _, err := f.svc.RunJob(context.Background(), j, kb.JobHandlers{kb.JobChatReply: f.app.Reply}); err != nil {
			t.Fatalf("job %d: %v", j.ID, err)
		}
	}
	return n
}

func values(p post) []string {
	var out []string
	blocks, _ := p.Body["blocks"].([]any)
	for _, b := range blocks {
		els, _ := b.(map[string]any)["elements"].([]any)
		for _, e := range els {
			if v, _ := e.(map[string]any)["value"].(string); v != "" {
				out = append(out, v)
			}
		}
	}
	return out
}

// TestSignedRequests: a request not signed with the signing secret, or
// signed more than five minutes ago, is refused with 401; one from another
// team with 403; the URL check answers its challenge once signed.
func TestSignedRequests(t *testing.T) {
	f := setup(t)
	body := []byte(`{"type":"url_verification","challenge":"c-123"}`)
	if code, _ := f.send(t, "/slack/events", "application/json", body, "wrong-secret", f.clock); code != 401 {
		t.Errorf("a bad signature = %d, want 401", code)
	}
	if code, _ := f.send(t, "/slack/events", "application/json", body, secret, f.clock.Add(-6*time.Minute)); code != 401 {
		t.Errorf("a replayed request (6 minutes old) = %d, want 401", code)
	}
	if code, got := f.send(t, "/slack/events", "application/json", body, secret, f.clock.Add(-time.Minute)); code != 200 || !strings.Contains(got, "c-123") {
		t.Errorf("url_verification = %d %s, want the challenge", code, got)
	}
	other, _ := json.Marshal(map[string]any{"type": "event_callback", "team_id": "T99", "event_id": "Ev0", "event": map[string]any{"type": "app_mention", "user": "UALICE", "text": "hi", "channel": "CMIXED"}})
	if code, _ := f.send(t, "/slack/events", "application/json", other, secret, f.clock); code != 403 {
		t.Errorf("another team's event = %d, want 403", code)
	}
	cmd := url.Values{"team_id": {"T99"}, "user_id": {"UALICE"}, "channel_id": {"CMIXED"}, "text": {"hi"}}.Encode()
	if code, _ := f.send(t, "/slack/commands", "application/x-www-form-urlencoded", []byte(cmd), secret, f.clock); code != 403 {
		t.Errorf("another team's command = %d, want 403", code)
	}
	if n := f.run(t); n != 0 {
		t.Errorf("%d jobs queued by refused requests", n)
	}
}

// TestChannelReadsLessThanTheAsker is the "done when" for Slack:
// alice asks in a direct message and gets the staff page, clicks "show
// source" and reads the quote; in a private channel that includes eve the
// answer uses nothing eve may not read; eve's click on alice's button
// shows her nothing; a retried event is answered once; feedback counts.
func TestChannelReadsLessThanTheAsker(t *testing.T) {
	f := setup(t)
	question := "Where is parking for staff?"
	if code := f.event(t, "Ev1", map[string]any{"type": "message", "channel_type": "im", "user": "UALICE", "text": question, "ts": "10.1", "channel": "DALICE"}); code != 200 {
		t.Fatalf("event = %d", code)
	}
	if code := f.event(t, "Ev1", map[string]any{"type": "message", "channel_type": "im", "user": "UALICE", "text": question, "ts": "10.1", "channel": "DALICE"}); code != 200 {
		t.Fatalf("retried event = %d", code)
	}
	if n := f.run(t); n != 1 {
		t.Fatalf("%d jobs for one event delivered twice, want 1", n)
	}
	posts := f.api.take()
	if len(posts) != 1 || posts[0].Method != "chat.postMessage" || !strings.Contains(posts[0].Body["text"].(string), "Staff parking") || posts[0].Body["thread_ts"] != "10.1" {
		t.Fatalf("alice's direct message: %+v, want one answer citing the staff page in the thread", posts)
	}
	var show, up string
	for _, v := range values(posts[0]) {
		if strings.HasPrefix(v, "s:") && show == "" {
			show = v
		}
		if strings.HasSuffix(v, ":up") {
			up = v
		}
	}
	if show == "" || up == "" {
		t.Fatalf("buttons %v, want show source and 👍", values(posts[0]))
	}
	f.click(t, "UALICE", "DALICE", show)
	posts = f.api.take()
	if len(posts) != 1 || posts[0].Method != "chat.postEphemeral" || posts[0].Body["user"] != "UALICE" || !strings.Contains(posts[0].Body["text"].(string), "> Parking for staff is in the north lot") {
		t.Fatalf("alice's click: %+v, want the quote to her alone", posts)
	}
	f.click(t, "UEVE", "DALICE", show)
	posts = f.api.take()
	if b, _ := json.Marshal(posts); len(posts) != 1 || posts[0].Body["user"] != "UEVE" || strings.Contains(string(b), "north lot") || strings.Contains(string(b), "Staff parking") {
		t.Fatalf("eve's click: %s, want one ephemeral refusal without the staff page", b)
	}
	// A private channel with eve in it: what every member may read.
	f.event(t, "Ev2", map[string]any{"type": "app_mention", "user": "UALICE", "text": "<@UVERITY> " + question, "ts": "11.1", "channel": "CMIXED"})
	f.run(t)
	posts = f.api.take()
	var answer post
	for _, p := range posts {
		if p.Method == "chat.postMessage" {
			answer = p
		}
	}
	if b, _ := json.Marshal(answer); answer.Method == "" || strings.Contains(string(b), "north lot") || strings.Contains(string(b), "Staff parking") {
		t.Fatalf("the mixed channel's answer: %s, want one without the staff page", b)
	}
	// The hint goes to alice alone, ephemerally — never to the channel.
	for _, p := range posts {
		if p.Method == "chat.postEphemeral" && p.Body["user"] != "UALICE" {
			t.Errorf("an ephemeral message to %v in the channel: %+v", p.Body["user"], p)
		}
	}
	// A private channel of alice (and a bot) alone reads as alice.
	f.event(t, "Ev3", map[string]any{"type": "app_mention", "user": "UALICE", "text": "<@UVERITY> " + question, "ts": "12.1", "channel": "CALICE"})
	f.run(t)
	posts = f.api.take()
	if len(posts) == 0 || !strings.Contains(posts[0].Body["text"].(string), "Staff parking") {
		t.Fatalf("alice's own channel: %+v, want the staff page", posts)
	}
	// Feedback as the clicker.
	f.click(t, "UALICE", "DALICE", up)
	fb, err := f.svc.Feedback(context.Background(), verity.LocalOperator("admin"))
	if err != nil || len(fb.Feedback) != 1 || fb.Feedback[0].Transport != "slack" || fb.Feedback[0].By != "user:alice@corp.example" {
		t.Fatalf("feedback = %+v, %v", fb, err)
	}
}

// TestRefusedAndIgnored: a guest is told why it gets no answer; the bot's
// own messages and edits are never answered; /verity queues its question
// and acknowledges at once.
func TestRefusedAndIgnored(t *testing.T) {
	f := setup(t)
	f.event(t, "Ev10", map[string]any{"type": "message", "channel_type": "im", "user": "UGUEST", "text": "Where is parking?", "ts": "1.1", "channel": "DGUEST"})
	f.run(t)
	posts := f.api.take()
	if len(posts) != 1 || posts[0].Method != "chat.postEphemeral" || !strings.Contains(posts[0].Body["text"].(string), "guests") {
		t.Fatalf("a guest's question: %+v, want one refusal saying why", posts)
	}
	f.event(t, "Ev11", map[string]any{"type": "message", "channel_type": "im", "bot_id": "B1", "user": "UBOT", "text": "Where is parking?", "ts": "1.2", "channel": "DALICE"})
	f.event(t, "Ev12", map[string]any{"type": "message", "channel_type": "im", "subtype": "message_changed", "user": "UALICE", "text": "x", "ts": "1.3", "channel": "DALICE"})
	if n := f.run(t); n != 0 {
		t.Fatalf("%d jobs for a bot's message and an edit, want 0", n)
	}
	cmd := url.Values{"team_id": {team}, "user_id": {"UALICE"}, "channel_id": {"DALICE"}, "command": {"/verity"}, "text": {"Where is parking for visitors?"}}.Encode()
	code, body := f.send(t, "/slack/commands", "application/x-www-form-urlencoded", []byte(cmd), secret, f.clock)
	if code != 200 || !strings.Contains(body, `"ephemeral"`) {
		t.Fatalf("/verity = %d %s", code, body)
	}
	if n := f.run(t); n != 1 {
		t.Fatalf("/verity queued %d jobs, want 1", n)
	}
	if posts := f.api.take(); len(posts) != 1 || !strings.Contains(posts[0].Body["text"].(string), "south lot") {
		t.Fatalf("/verity's answer: %+v", posts)
	}
	for _, a := range f.api.auth {
		if a != "Bearer "+botToken {
			t.Fatalf("a Web API call authorized as %q", a)
		}
	}
}

// TestTokenNeverLogged: with the Web API unreachable, the app's failures
// are logged, and no line holds the bot token or the signing secret.
func TestTokenNeverLogged(t *testing.T) {
	f := setup(t)
	set, err := f.svc.Slack(context.Background(), verity.LocalOperator("admin"))
	if err != nil {
		t.Fatal(err)
	}
	set.APIURL = "http://127.0.0.1:1/api"
	var logs bytes.Buffer
	app, err := slack.New(f.svc, slack.Options{Settings: set, BotToken: botToken, SigningSecret: secret, Log: slog.New(slog.NewTextHandler(&logs, nil))})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(app.Handler())
	defer srv.Close()
	payload, _ := json.Marshal(map[string]any{"type": "block_actions", "team": map[string]any{"id": team}, "user": map[string]any{"id": "UALICE"},
		"channel": map[string]any{"id": "DALICE"}, "actions": []map[string]any{{"value": "r:x:up"}}})
	body := []byte(url.Values{"payload": {string(payload)}}.Encode())
	req, _ := http.NewRequest(http.MethodPost, srv.URL+"/slack/interactions", bytes.NewReader(body))
	req.Header = slack.Sign(secret, body, time.Now())
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	app.Wait()
	if !strings.Contains(logs.String(), "chat.postEphemeral failed") {
		t.Fatalf("no failure logged:\n%s", logs.String())
	}
	if strings.Contains(logs.String(), botToken) || strings.Contains(logs.String(), secret) {
		t.Fatalf("a secret is in the log:\n%s", logs.String())
	}
}

// TestMessageEventsHintConnectors: a channel's message posted, edited or
// deleted, heard on /slack/events, queues a re-reading of its thread or
// day by the Slack connector that syncs the channel (a hint: the
// connector reads it again itself); a channel it does not sync queues
// nothing, and a delivery from another team is refused before anything.
func TestMessageEventsHintConnectors(t *testing.T) {
	f := setup(t)
	ctx := context.Background()
	op := verity.LocalOperator("admin")
	if _, err := f.svc.AddConnector(ctx, op, kb.ConnectorAdd{Kind: "slack", Name: "acme", URL: "https://slack.com/api", Secret: "env:SLACK_BOT", Spaces: []string{"CGEN"}}); err != nil {
		t.Fatal(err)
	}
	keys := func() []string {
		jobs, err := f.svc.Jobs(ctx, op, kb.JobQuery{})
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, j := range jobs {
			var a kb.SyncArgs
			if j.Kind == verity.JobSync && json.Unmarshal(j.Request.Args, &a) == nil {
				out = append(out, a.Keys...)
			}
		}
		return out
	}
	for i, ev := range []map[string]any{
		{"type": "message", "channel": "CGEN", "channel_type": "channel", "user": "UALICE", "text": "Lunch at noon", "ts": "1764763200.000100"},
		{"type": "message", "subtype": "message_deleted", "channel": "CGEN", "channel_type": "channel", "deleted_ts": "1764763300.000200",
			"previous_message": map[string]any{"ts": "1764763300.000200", "thread_ts": "1764763000.000300"}},
		{"type": "message", "channel": "COTHER", "channel_type": "group", "user": "UALICE", "text": "elsewhere", "ts": "1764763200.000400"},
		// Membership: a private channel's member leaving, the app leaving;
		// a public channel's member joining changes no reader.
		{"type": "member_left_channel", "user": "UBOB", "channel": "CGEN", "channel_type": "G", "team": "T01"},
		{"type": "channel_left", "channel": "CGEN", "actor_id": "UALICE"},
		{"type": "member_joined_channel", "user": "UCAROL", "channel": "CGEN", "channel_type": "C", "team": "T01"},
	} {
		if code := f.event(t, fmt.Sprintf("EvHint%d", i), ev); code != 200 {
			t.Fatalf("event %d = %d", i, code)
		}
	}
	want := []string{"CGEN/day/2025-12-03", "CGEN/members", "CGEN/members", "CGEN/thread/1764763000.000300"}
	if got := slices.Sorted(slices.Values(keys())); !slices.Equal(got, want) {
		t.Errorf("hinted sources = %v, want %v", got, want)
	}
	body, _ := json.Marshal(map[string]any{"type": "event_callback", "team_id": "T99", "event_id": "EvHintX",
		"event": map[string]any{"type": "message", "channel": "CGEN", "channel_type": "channel", "user": "U9", "text": "x", "ts": "1764763400.000500"}})
	if code, _ := f.send(t, "/slack/events", "application/json", body, secret, f.clock); code != 403 || len(keys()) != 4 {
		t.Errorf("another team's message = %d, %d hints; want 403 and nothing queued", code, len(keys()))
	}
}
