package connector_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/connector"
	slackconn "github.com/veritykb/verity/connector/slack"
	"github.com/veritykb/verity/kb"
	"github.com/veritykb/verity/kb/kbtest"
)

// workspace is a double of Slack's Web API, written from
// api.slack.com/methods (auth.test, users.conversations,
// conversations.info, conversations.members, conversations.history with
// oldest/latest/inclusive, conversations.replies, users.info): read
// methods by GET with the bot token as a bearer token, cursor pagination
// in response_metadata.next_cursor (pages of two here), history newest
// first, {"ok": false, "error": "..."} with HTTP 200 for refusals
// (invalid_auth, channel_not_found, not_in_channel), 429 with Retry-After
// (api.slack.com/apis/rate-limits).
type workspace struct {
	mu       sync.Mutex
	token    string
	users    map[string]fuser
	chans    map[string]*fchan
	throttle bool
	pageSize int // items a page (2 when 0)
	// frozen says the messages no longer change: answers are encoded
	// once and served again (a benchmark measures Verity, not the double).
	frozen  bool
	encoded map[string][]byte
}

type fchan struct {
	id, name string
	private  bool
	members  []string
	left     bool // the app was removed from it
	msgs     []*fmsg
}

type fmsg struct {
	ts, thread, user, text string
	bot, edited            bool
}

func ts(day int, minute int) string {
	return fmt.Sprintf("%d.%06d", time.Date(2026, 12, day, 9, minute, 0, 0, time.UTC).Unix(), minute)
}

func (w *workspace) ServeHTTP(rw http.ResponseWriter, r *http.Request) {
	w.mu.Lock()
	defer w.mu.Unlock()
	rw.Header().Set("Content-Type", "application/json")
	reply := func(v map[string]any) { v["ok"] = true; json.NewEncoder(rw).Encode(v) }
	refuse := func(code string) { json.NewEncoder(rw).Encode(map[string]any{"ok": false, "error": code}) }
	if r.Method != http.MethodGet || r.Header.Get("Authorization") != "Bearer "+w.token {
		refuse("invalid_auth")
		return
	}
	q := r.URL.Query()
	page := func(n int) (int, int, string) { // items from cursor, two a page unless told
		start, _ := strconv.Atoi(q.Get("cursor"))
		end := min(start+max(w.pageSize, 2), n)
		next := ""
		if end < n {
			next = strconv.Itoa(end)
		}
		return start, end, next
	}
	ch := w.chans[q.Get("channel")]
	switch strings.TrimPrefix(r.URL.Path, "/api/") {
	case "auth.test":
		reply(map[string]any{"url": "https://acme.slack.com/", "team_id": "T01", "user_id": "UBOT"})
	case "users.conversations":
		var ids []map[string]any
		for _, id := range slices.Sorted(func(yield func(string) bool) {
			for id, c := range w.chans {
				if !c.left && !yield(id) {
					return
				}
			}
		}) {
			ids = append(ids, map[string]any{"id": id})
		}
		s, e, next := page(len(ids))
		reply(map[string]any{"channels": ids[s:e], "response_metadata": map[string]any{"next_cursor": next}})
	case "conversations.info":
		// A private channel the app left is not found; a public one is,
		// with is_member false.
		if ch == nil || ch.left && ch.private {
			refuse("channel_not_found")
			return
		}
		reply(map[string]any{"channel": map[string]any{"id": ch.id, "name": ch.name, "is_private": ch.private, "is_member": !ch.left}})
	case "conversations.members":
		if ch == nil || ch.left {
			refuse("channel_not_found")
			return
		}
		s, e, next := page(len(ch.members))
		reply(map[string]any{"members": ch.members[s:e], "response_metadata": map[string]any{"next_cursor": next}})
	case "users.info":
		u, ok := w.users[q.Get("user")]
		if !ok {
			refuse("user_not_found")
			return
		}
		reply(map[string]any{"user": map[string]any{"id": u.id, "name": strings.ToLower(u.name), "is_bot": u.id == "UBOT",
			"profile": map[string]any{"email": u.email, "display_name": u.name}}})
	case "conversations.history", "conversations.replies":
		if b, ok := w.encoded[r.URL.RawQuery]; ok && w.frozen {
			rw.Write(b)
			return
		}
		if w.frozen {
			rec := httptest.NewRecorder()
			w.frozen = false
			w.mu.Unlock()
			w.ServeHTTP(rec, r)
			w.mu.Lock()
			w.frozen = true
			if w.encoded == nil {
				w.encoded = map[string][]byte{}
			}
			w.encoded[r.URL.RawQuery] = rec.Body.Bytes()
			rw.Write(rec.Body.Bytes())
			return
		}
		if ch == nil || ch.left {
			refuse("not_in_channel")
			return
		}
		if w.throttle {
			w.throttle = false
			rw.Header().Set("Retry-After", "3")
			rw.WriteHeader(http.StatusTooManyRequests)
			return
		}
		var out []map[string]any
		replies, want, oldest, latest := strings.HasSuffix(r.URL.Path, "replies"), q.Get("ts"), q.Get("oldest"), q.Get("latest")
		last := map[string]string{} // a thread's latest reply
		for _, o := range ch.msgs {
			if !replies && o.thread != "" && o.ts > last[o.thread] {
				last[o.thread] = o.ts
			}
		}
		for _, m := range ch.msgs {
			in := m.thread == "" || m.thread == m.ts // history: top-level messages and thread parents
			if replies {
				in = m.ts == want || m.thread == want
			} else if (oldest != "" && m.ts < oldest) || (latest != "" && m.ts > latest) {
				in = false
			}
			if !in {
				continue
			}
			v := map[string]any{"type": "message", "ts": m.ts, "user": m.user, "text": m.text}
			if m.bot {
				v["bot_id"] = "B1"
			}
			if m.thread != "" {
				v["thread_ts"] = m.thread
			}
			if m.edited {
				v["edited"] = map[string]any{"user": m.user, "ts": ts(3, 30)}
			}
			if m.thread == m.ts && !replies {
				v["latest_reply"], v["reply_count"] = last[m.ts], 1
			}
			out = append(out, v)
		}
		if strings.HasSuffix(r.URL.Path, "history") {
			slices.Reverse(out) // newest first
		}
		s, e, next := page(len(out))
		reply(map[string]any{"messages": out[s:e], "has_more": next != "", "response_metadata": map[string]any{"next_cursor": next}})
	default:
		refuse("unknown_method")
	}
}

// newSlackServer serves w over loopback HTTP until the test ends.
func newSlackServer(tb testing.TB, w *workspace) string {
	srv := httptest.NewServer(w)
	tb.Cleanup(srv.Close)
	return srv.URL
}

type ssetup struct {
	w      *workspace
	svc    *kb.Service
	run    *connector.Runner
	sleeps []time.Duration
}

// newSlack is a workspace with #general (public) holding two messages of
// 1 December and a thread (alice asks, bob answers, the bot's reply is
// not stored), and #hr-private (alice, bob, the bot and a member without a
// visible email) holding bob's message of 2 December and the bot's.
func newSlack(t *testing.T) *ssetup {
	t.Helper()
	w := &workspace{token: "xoxb-connector-token", users: map[string]fuser{}, chans: map[string]*fchan{}}
	for _, u := range []fuser{{"UALICE", "Alice", "alice@corp.example"}, {"UBOB", "Bob", "bob@corp.example"}, {"UNEMO", "Nemo", ""}, {"UBOT", "Verity", ""}} {
		w.users[u.id] = u
	}
	w.chans["CGEN"] = &fchan{id: "CGEN", name: "general", members: []string{"UALICE", "UBOB", "UBOT"}, msgs: []*fmsg{
		{ts: ts(1, 1), user: "UALICE", text: "The new office opens on Monday."},
		{ts: ts(1, 2), user: "UBOB", text: "Parking is in the north lot."},
		{ts: ts(1, 10), thread: ts(1, 10), user: "UALICE", text: "Who orders the wombat mugs?"},
		{ts: ts(1, 11), thread: ts(1, 10), user: "UBOB", text: "Facilities orders the wombat mugs."},
		{ts: ts(1, 12), thread: ts(1, 10), user: "UBOT", text: "Answer from the bot itself", bot: true},
	}}
	w.chans["CHR"] = &fchan{id: "CHR", name: "hr-private", private: true, members: []string{"UALICE", "UBOB", "UBOT", "UNEMO"}, msgs: []*fmsg{
		{ts: ts(2, 5), user: "UBOB", text: "The quokka team budget is cut by a third."},
		{ts: ts(2, 6), user: "UBOT", text: "Bot noise", bot: true},
	}}
	url := newSlackServer(t, w)
	svc, db, err := kbtest.Open(filepath.Join(t.TempDir(), "kb.db"), t0, kb.Models{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	if _, err := svc.AddConnector(context.Background(), admin, kb.ConnectorAdd{Kind: "slack", Name: "acme", URL: url + "/api", Secret: "env:SLACK_BOT", Anyone: "group:everyone"}); err != nil {
		t.Fatal(err)
	}
	s := &ssetup{w: w, svc: svc}
	s.run = &connector.Runner{Service: svc,
		Platforms: map[string]connector.Opener{"slack": connector.Slack(slackconn.Options{PageSize: 2,
			Sleep: func(ctx context.Context, d time.Duration) error { s.sleeps = append(s.sleeps, d); return nil }})},
		Secrets: func(ref string) (string, error) {
			if ref != "env:SLACK_BOT" {
				return "", errors.New("not set")
			}
			return "xoxb-connector-token", nil
		}}
	return s
}

func (s *ssetup) sync(t *testing.T, opt kb.SyncOptions) *kb.SyncReport {
	t.Helper()
	rep, err := s.run.Sync(context.Background(), admin, "acme", opt)
	if err != nil {
		t.Fatalf("sync %+v: %v", opt, err)
	}
	return rep
}

func (s *ssetup) source(t *testing.T, id string) *verity.Source {
	t.Helper()
	v, err := s.svc.Show(context.Background(), admin, kb.ShowRequest{ID: id, All: true})
	if err != nil {
		t.Fatalf("show %s: %v", id, err)
	}
	return v.Source
}

var (
	genDay = "slack:acme:CGEN/day/2026-12-01"
	thread = "slack:acme:CGEN/thread/" + ts(1, 10)
	hrDay  = "slack:acme:CHR/day/2026-12-02"
)

// TestSlackImportsThreadsAndDays: a first pass stores each thread and
// each day of messages outside threads, without the bot's messages; a
// private channel's sources are readable by its members with a visible
// email, a public channel's by the workspace principal; a 429 is waited
// out.
func TestSlackImportsThreadsAndDays(t *testing.T) {
	s := newSlack(t)
	s.w.throttle = true
	rep := s.sync(t, kb.SyncOptions{Full: true})
	if want := []string{genDay, thread, hrDay}; !slices.Equal(rep.Created, want) || rep.Status != verity.SyncOK {
		t.Fatalf("created %v (%s %s), want %v", rep.Created, rep.Status, rep.Error, want)
	}
	if !slices.Contains(s.sleeps, 3*time.Second) {
		t.Errorf("waits %v, want the 3 s Retry-After", s.sleeps)
	}
	hr := s.source(t, hrDay)
	if !slices.Equal(hr.ACL, acl("user:alice@corp.example", "user:bob@corp.example")) || !strings.Contains(hr.Text, "quokka team budget") ||
		strings.Contains(hr.Text, "Bot noise") || hr.Author != "user:bob@corp.example" || hr.Title != "#hr-private, 2026-12-02" {
		t.Errorf("#hr-private's day = %+v", hr)
	}
	th := s.source(t, thread)
	if !slices.Equal(th.ACL, acl("group:everyone")) || !strings.Contains(th.Text, "Facilities orders the wombat mugs.") || strings.Contains(th.Text, "bot itself") ||
		!strings.HasPrefix(th.URI, "https://acme.slack.com/archives/CGEN/p") || !strings.HasPrefix(th.Title, "#general: Who orders the wombat mugs?") {
		t.Errorf("the thread = %+v", th)
	}
	if day := s.source(t, genDay); strings.Contains(day.Text, "wombat") || !strings.Contains(day.Text, "north lot") {
		t.Errorf("#general's day holds %q: want the messages outside the thread", day.Text)
	}
	if !strings.Contains(strings.Join(rep.Warnings, "\n"), "UNEMO has no visible email") {
		t.Errorf("warnings %q do not name the member left out", rep.Warnings)
	}
}

// TestSlackChanges: an edit gives its day a new version on the next
// incremental pass; a member removed from the private channel narrows its
// sources at the next full pass; the app removed from #general and every
// message of a day deleted revoke their sources; a revoked token fails
// the pass and revokes nothing.
func TestSlackChanges(t *testing.T) {
	s := newSlack(t)
	s.sync(t, kb.SyncOptions{Full: true})
	s.w.mu.Lock()
	s.w.chans["CHR"].msgs[0].text, s.w.chans["CHR"].msgs[0].edited = "The quokka team budget is cut by half.", true
	s.w.mu.Unlock()
	rep := s.sync(t, kb.SyncOptions{})
	if !slices.Equal(rep.Versions, []string{hrDay}) || len(rep.Created) != 0 {
		t.Fatalf("after an edit: %+v, want one new version of %s", rep, hrDay)
	}
	s.w.mu.Lock()
	s.w.chans["CHR"].members = []string{"UALICE", "UBOT"}
	s.w.mu.Unlock()
	if rep = s.sync(t, kb.SyncOptions{Full: true}); !slices.Equal(rep.Narrowed, []string{hrDay}) || !slices.Equal(s.source(t, hrDay).ACL, acl("user:alice@corp.example")) {
		t.Fatalf("after bob left #hr-private: %+v, want its day narrowed to alice", rep)
	}
	s.w.mu.Lock()
	s.w.chans["CGEN"].left = true
	s.w.chans["CHR"].msgs = s.w.chans["CHR"].msgs[1:] // only the bot's message is left
	s.w.mu.Unlock()
	rep = s.sync(t, kb.SyncOptions{Full: true, ConfirmDeletions: true})
	if want := []string{genDay, thread, hrDay}; !slices.Equal(rep.Revoked, want) {
		t.Fatalf("after the app left #general and the day's messages were deleted: revoked %v, want %v", rep.Revoked, want)
	}
	s.w.mu.Lock()
	s.w.token = "xoxb-rotated"
	s.w.mu.Unlock()
	rep, err := s.run.Sync(context.Background(), admin, "acme", kb.SyncOptions{Full: true})
	if err == nil || !strings.Contains(err.Error(), "Slack refused the token") || strings.Contains(err.Error(), "xoxb-connector-token") || rep == nil || len(rep.Revoked) != 0 {
		t.Errorf("a revoked token: %v, %+v; want Slack's refusal, nothing revoked, no token in the error", err, rep)
	}
}

// TestSlackHints: a hint (the Slack app heard a message event) reads the
// thread or day again: a thread whose messages were deleted is revoked, a
// forged hint for a thread that still stands changes nothing, and a key
// that is not a thread or day is refused.
func TestSlackHints(t *testing.T) {
	s := newSlack(t)
	ctx := context.Background()
	s.sync(t, kb.SyncOptions{Full: true})
	key := "CGEN/thread/" + ts(1, 10)
	if rep, err := s.run.Hint(ctx, admin, "acme", []string{key}); err != nil || len(rep.Revoked) != 0 || rep.Unchanged != 1 {
		t.Errorf("a hint for a standing thread = %+v, %v; want it unchanged", rep, err)
	}
	s.w.mu.Lock()
	var kept []*fmsg
	for _, m := range s.w.chans["CGEN"].msgs {
		if m.thread != ts(1, 10) {
			kept = append(kept, m)
		}
	}
	s.w.chans["CGEN"].msgs = kept
	s.w.mu.Unlock()
	rep, err := s.run.Hint(ctx, admin, "acme", []string{key})
	if err != nil || !slices.Equal(rep.Revoked, []string{thread}) {
		t.Errorf("a hint after the thread was deleted = %+v, %v; want it revoked", rep, err)
	}
	if _, err := s.run.Hint(ctx, admin, "acme", []string{"../CGEN"}); verity.ErrorCode(err) != verity.EINVALID {
		t.Errorf("a hint naming no thread or day = %v, want invalid", err)
	}
}

// TestSlackMembershipHints: a membership change the Slack app hears
// (member_left_channel, member_joined_channel, channel_left) re-applies
// the channel's readers to every source of it at once, without reading
// the messages again: a member who left no longer finds them, one who
// joined does, and the app removed from a channel revokes its sources.
func TestSlackMembershipHints(t *testing.T) {
	s := newSlack(t)
	ctx := context.Background()
	s.sync(t, kb.SyncOptions{Full: true})
	run := func(msgs ...kb.SlackMessage) *kb.SyncReport {
		t.Helper()
		qs, err := s.svc.SlackHint(ctx, msgs)
		if err != nil || len(qs) != 1 || len(qs[0].Jobs) != 1 {
			t.Fatalf("SlackHint %+v = %+v, %v; want one job", msgs, qs, err)
		}
		res, err := s.svc.RunJob(ctx, qs[0].Jobs[0], kb.JobHandlers{verity.JobSync: s.run.Handler()})
		if err != nil {
			t.Fatal(err)
		}
		return res.(*kb.SyncReport)
	}
	s.w.mu.Lock()
	s.w.chans["CHR"].members = []string{"UALICE", "UBOT"}
	s.w.mu.Unlock()
	rep := run(kb.SlackMessage{Channel: "CHR", Members: true})
	if !slices.Equal(rep.Narrowed, []string{hrDay}) || !slices.Equal(s.source(t, hrDay).ACL, acl("user:alice@corp.example")) {
		t.Fatalf("bob left #hr-private: %+v, want its day narrowed to alice", rep)
	}
	if src := s.source(t, hrDay); !strings.Contains(src.Text, "quokka team budget") || src.Title != "#hr-private, 2026-12-02" || src.Version != 1 {
		t.Errorf("the day after the narrowing = %q %q v%d: want its text and title kept, no new version", src.Title, src.Text, src.Version)
	}
	s.w.mu.Lock()
	s.w.chans["CHR"].members = []string{"UALICE", "UBOB", "UBOT"}
	s.w.mu.Unlock()
	if rep := run(kb.SlackMessage{Channel: "CHR", Members: true}); !slices.Equal(rep.Widened, []string{hrDay}) {
		t.Errorf("bob joined again: %+v, want the day widened", rep)
	}
	s.w.mu.Lock()
	s.w.chans["CGEN"].left = true
	s.w.mu.Unlock()
	// Two of the three sources at once is over the guard's share: held
	// back until confirmed.
	rep = run(kb.SlackMessage{Channel: "CGEN", Members: true})
	if rep.Status != verity.SyncBlocked || !strings.Contains(rep.Error, "2 of 3") || len(rep.Revoked) != 0 {
		t.Fatalf("the app left #general: %+v, want its two sources held back by the guard", rep)
	}
	if rep := s.sync(t, kb.SyncOptions{Full: true, ConfirmDeletions: true}); !slices.Equal(rep.Revoked, []string{genDay, thread}) {
		t.Errorf("confirmed: revoked %v, want #general's sources", rep.Revoked)
	}
}

// TestSlackSharesTheIntegration: a Slack connector added without a token
// or a workspace principal takes them from the store's Slack settings
// (verity slack configure): one Slack integration per store.
func TestSlackSharesTheIntegration(t *testing.T) {
	s := newSlack(t)
	ctx := context.Background()
	if _, err := s.svc.ConfigureSlack(ctx, admin, kb.SlackSettings{TeamID: "T01", BotToken: "/run/secrets/slack-bot", SigningSecret: "env:SLACK_SIGNING", Workspace: "group:everyone"}); err != nil {
		t.Fatal(err)
	}
	c, err := s.svc.AddConnector(ctx, admin, kb.ConnectorAdd{Kind: "slack", Name: "shared", URL: "https://slack.com/api"})
	if err != nil || c.Secret != "file:/run/secrets/slack-bot" || c.Anyone != "group:everyone" {
		t.Errorf("a Slack connector without its own token = %+v, %v; want the integration's token reference and workspace", c, err)
	}
}
