// Package slack is the connector's client of Slack's Web API: the
// conversations the app's bot is a member of (or those the connector
// names), each thread one source and each day of messages outside
// threads one source, with the authors as the workspace names them.
// Who may read a source is who may read its channel: a private channel's
// members (user:EMAIL from users.info; a member without a visible email is
// left out, which only narrows), a public channel's workspace principal
// (the connector's --anyone; no one without it, with a warning). The
// bot's own messages are never stored. A channel the app leaves, a thread
// or day whose messages were all deleted, are no longer listed: a full
// pass revokes them; an edited or deleted message gives its source a new
// version when it is read again.
//
// Written from api.slack.com/methods: auth.test, users.conversations,
// conversations.info, conversations.history and conversations.replies
// (cursor pagination in response_metadata.next_cursor), conversations.
// members, users.info; every answer {"ok": true|false, "error"}; 429 with
// Retry-After per method's rate-limit tier (api.slack.com/apis/rate-limits),
// waited out by the shared client.
package slack

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"maps"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"golang.org/x/sync/errgroup"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/connector/rest"
	"github.com/veritykb/verity/kb"
)

// Options tune a Slack connector; the zero value is the default (200
// messages a history request; incremental passes re-read from a day
// before the cursor, so that late edits and replies are seen).
type Options = rest.Options

// Slack is one connector's client of a Slack workspace.
type Slack struct {
	c      *rest.Client
	conn   verity.Connector
	opt    Options
	warn   func(string)
	bot    string // the bot's user id: its messages are never stored
	site   string // https://WORKSPACE.slack.com/, for permalinks
	chans  map[string]*channel
	emails map[string]string // user id → email ("" when hidden)
	names  map[string]string // user id → display name
	warned map[string]bool
	mu     sync.Mutex // guards emails, names and warned
}

// New returns the client of connector conn (its URL the Web API's root,
// https://slack.com/api) with its resolved bot token.
func New(conn verity.Connector, secret string, warn func(string), opt Options) *Slack {
	opt = opt.WithDefaults(200, 24*time.Hour)
	if warn == nil {
		warn = func(string) {}
	}
	return &Slack{c: opt.Client(conn.Name, "Slack", strings.TrimRight(conn.URL, "/"), conn.URL, "", secret), conn: conn, opt: opt, warn: warn,
		chans: map[string]*channel{}, emails: map[string]string{}, names: map[string]string{}, warned: map[string]bool{}}
}

// answer is what every Web API answer carries.
type answer struct {
	OK       bool   `json:"ok"`
	Error    string `json:"error"`
	Metadata struct {
		NextCursor string `json:"next_cursor"`
	} `json:"response_metadata"`
}

func (a *answer) result() *answer { return a }

// call reads a Web API method into out; an answer the token cannot get is
// the platform refusing the token (nothing is revoked because of it).
func (s *Slack) call(ctx context.Context, method string, q url.Values, out interface{ result() *answer }) error {
	if err := s.c.Get(ctx, "/"+method, q, out); err != nil {
		return err
	}
	a := out.result()
	switch {
	case a.OK:
		return nil
	case a.Error == "invalid_auth" || a.Error == "not_authed" || a.Error == "token_revoked" || a.Error == "token_expired" || a.Error == "account_inactive":
		return &rest.AuthError{Name: s.conn.Name, Platform: "Slack", Status: http.StatusUnauthorized}
	case a.Error == "channel_not_found" || a.Error == "not_in_channel" || a.Error == "thread_not_found":
		return rest.ErrGone
	}
	return fmt.Errorf("connector %s: slack %s: %s", s.conn.Name, method, a.Error)
}

type channel struct {
	ID        string `json:"id"`
	Name      string `json:"name"`
	IsPrivate bool   `json:"is_private"`
	IsIM      bool   `json:"is_im"`
	IsMPIM    bool   `json:"is_mpim"`
	IsMember  bool   `json:"is_member"`
	acl       []verity.Principal
}

type message struct {
	Type       string `json:"type"`
	Subtype    string `json:"subtype"`
	User       string `json:"user"`
	BotID      string `json:"bot_id"`
	Text       string `json:"text"`
	TS         string `json:"ts"`
	ThreadTS   string `json:"thread_ts"`
	ReplyCount int    `json:"reply_count"`
	LatestRepl string `json:"latest_reply"`
	Edited     *struct {
		TS string `json:"ts"`
	} `json:"edited"`
}

// hello reads who the bot is and where the workspace is.
func (s *Slack) hello(ctx context.Context) error {
	if s.bot != "" {
		return nil
	}
	var who struct {
		answer
		URL    string `json:"url"`
		UserID string `json:"user_id"`
	}
	if err := s.call(ctx, "auth.test", nil, &who); err != nil {
		return err
	}
	s.bot, s.site = who.UserID, who.URL
	return nil
}

// channels are the conversations synced: those the connector names, else
// every public and private channel the bot is a member of.
func (s *Slack) channels(ctx context.Context) ([]*channel, error) {
	var ids []string
	if len(s.conn.Spaces) > 0 {
		ids = s.conn.Spaces
	} else {
		cursor := ""
		for {
			var l struct {
				answer
				Channels []channel `json:"channels"`
			}
			q := url.Values{"types": {"public_channel,private_channel"}, "exclude_archived": {"true"}, "limit": {"200"}}
			if cursor != "" {
				q.Set("cursor", cursor)
			}
			if err := s.call(ctx, "users.conversations", q, &l); err != nil {
				return nil, err
			}
			for _, c := range l.Channels {
				ids = append(ids, c.ID)
			}
			if cursor = l.Metadata.NextCursor; cursor == "" {
				break
			}
		}
	}
	var out []*channel
	for _, id := range ids {
		c, err := s.channel(ctx, id)
		if errors.Is(err, rest.ErrGone) {
			continue // left, archived or gone: its sources are no longer listed
		}
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, nil
}

// channel reads a conversation and who may read it, once a pass.
func (s *Slack) channel(ctx context.Context, id string) (*channel, error) {
	if c, ok := s.chans[id]; ok {
		return c, nil
	}
	var info struct {
		answer
		Channel channel `json:"channel"`
	}
	if err := s.call(ctx, "conversations.info", url.Values{"channel": {id}}, &info); err != nil {
		return nil, err
	}
	c := &info.Channel
	if c.IsIM || c.IsMPIM {
		return nil, rest.ErrGone // direct messages are not synced
	}
	if !c.IsPrivate {
		if s.conn.Anyone != "" {
			c.acl = []verity.Principal{s.conn.Anyone}
		} else {
			c.acl = []verity.Principal{}
			s.once("anyone", fmt.Sprintf("%s: #%s is public in the workspace; no --anyone principal (the workspace's) is configured, so its messages are readable by no one", s.conn.Origin(), c.Name))
		}
		s.chans[id] = c
		return c, nil
	}
	c.acl = []verity.Principal{}
	cursor := ""
	for {
		var m struct {
			answer
			Members []string `json:"members"`
		}
		q := url.Values{"channel": {id}, "limit": {"200"}}
		if cursor != "" {
			q.Set("cursor", cursor)
		}
		if err := s.call(ctx, "conversations.members", q, &m); err != nil {
			return nil, err
		}
		for _, u := range m.Members {
			if u == s.bot {
				continue
			}
			if e := s.email(ctx, u); e != "" {
				if p, err := verity.UserPrincipal(e); err == nil {
					c.acl = append(c.acl, p)
					continue
				}
			}
			s.once("member "+u, fmt.Sprintf("%s: #%s's member %s has no visible email: left out (fewer readers)", s.conn.Origin(), c.Name, u))
		}
		if cursor = m.Metadata.NextCursor; cursor == "" {
			break
		}
	}
	slices.Sort(c.acl)
	c.acl = slices.Compact(c.acl)
	s.chans[id] = c
	return c, nil
}

// email is a user's email, read once a pass; "" when hidden or a bot.
func (s *Slack) email(ctx context.Context, id string) string {
	e, _ := s.user(ctx, id)
	return e
}

// user is a user's email ("" when hidden or a bot) and shown name, read
// once a pass; threads are read concurrently, so the cache is guarded.
func (s *Slack) user(ctx context.Context, id string) (string, string) {
	s.mu.Lock()
	e, ok := s.emails[id]
	name := s.names[id]
	s.mu.Unlock()
	if ok {
		return e, name
	}
	var u struct {
		answer
		User struct {
			Name    string `json:"name"`
			IsBot   bool   `json:"is_bot"`
			Profile struct {
				Email       string `json:"email"`
				DisplayName string `json:"display_name"`
				RealName    string `json:"real_name"`
			} `json:"profile"`
		} `json:"user"`
	}
	if s.call(ctx, "users.info", url.Values{"user": {id}}, &u) == nil && !u.User.IsBot {
		e = u.User.Profile.Email
	}
	name = u.User.Profile.DisplayName
	if name == "" {
		name = u.User.Profile.RealName
	}
	if name == "" {
		name = u.User.Name
	}
	s.mu.Lock()
	s.emails[id], s.names[id] = e, name
	s.mu.Unlock()
	return e, name
}

func (s *Slack) once(key, msg string) {
	s.mu.Lock()
	seen := s.warned[key]
	s.warned[key] = true
	s.mu.Unlock()
	if !seen {
		s.warn(msg)
	}
}

// Known says what the store holds of a source: its version and whether it
// is live.
type Known = func(key string) (version string, live, ok bool)

// List reads the synced channels: every thread and day of messages when
// full (or with no cursor), else those with a message or reply since the
// cursor (from a day before it), each read whole again. It returns the
// cursor to commit once every channel is stored: the newest message's
// time.
func (s *Slack) List(ctx context.Context, cursor string, full bool, known Known, each func([]kb.SyncPage, string) error) (string, error) {
	if err := s.hello(ctx); err != nil {
		return cursor, err
	}
	chans, err := s.channels(ctx)
	if err != nil {
		return cursor, err
	}
	since, ok := parseTS(cursor)
	incremental := !full && ok
	latest := since
	for _, c := range chans {
		q := url.Values{"channel": {c.ID}, "limit": {strconv.Itoa(s.opt.PageSize)}}
		if incremental {
			q.Set("oldest", formatTS(since.Add(-s.opt.Margin)))
		}
		days, threads := map[string]bool{}, map[string]bool{}
		for page := ""; ; {
			if page != "" {
				q.Set("cursor", page)
			}
			var h struct {
				answer
				Messages []message `json:"messages"`
			}
			if err := s.call(ctx, "conversations.history", q, &h); err != nil {
				if errors.Is(err, rest.ErrGone) {
					break
				}
				return cursor, err
			}
			for _, m := range h.Messages {
				at, _ := parseTS(m.TS)
				if r, ok := parseTS(m.LatestRepl); ok && r.After(at) {
					at = r
				}
				if at.After(latest) {
					latest = at
				}
				switch {
				case m.ThreadTS != "" && m.ThreadTS == m.TS:
					threads[m.TS] = true
				case m.ThreadTS == "":
					if t, ok := parseTS(m.TS); ok {
						days[t.UTC().Format(time.DateOnly)] = true
					}
				}
			}
			if page = h.Metadata.NextCursor; page == "" {
				break
			}
		}
		// Each thread and day is a request of its own: a few at once (a
		// 429 is waited out by the client), kept in their order.
		// Handed over a hundred at a time, so that storing overlaps
		// reading; the cursor moves only at the end: a channel read later
		// may hold messages older than one read before it.
		for keys := range slices.Chunk(sortedKeys(c.ID, "thread", threads, "day", days), 100) {
			pages, err := s.pages(ctx, c, keys)
			if err != nil {
				return cursor, err
			}
			var batch []kb.SyncPage
			for _, r := range pages {
				if !r.found {
					continue
				}
				if incremental && known != nil {
					if v, live, ok := known(r.page.Key); ok && live && v == r.page.Version {
						continue
					}
				}
				batch = append(batch, r.page)
			}
			if err := each(batch, cursor); err != nil {
				return cursor, err
			}
		}
	}
	if latest.IsZero() {
		return cursor, nil
	}
	return formatTS(latest), nil
}

type read struct {
	page  kb.SyncPage
	found bool
}

// pages reads keys with up to four requests at once, in their order.
func (s *Slack) pages(ctx context.Context, c *channel, keys []string) ([]read, error) {
	out := make([]read, len(keys))
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(4)
	for i, key := range keys {
		g.Go(func() error {
			p, found, err := s.page(gctx, c, key)
			out[i] = read{p, found}
			return err
		})
	}
	return out, g.Wait()
}

func sortedKeys(ch, a string, as map[string]bool, b string, bs map[string]bool) []string {
	var out []string
	for k := range as {
		out = append(out, ch+"/"+a+"/"+k)
	}
	for k := range bs {
		out = append(out, ch+"/"+b+"/"+k)
	}
	slices.Sort(out)
	return out
}

// Page reads one source again (CHANNEL/thread/TS or CHANNEL/day/DATE):
// found is false when it holds no message any more, or its channel is no
// longer the app's.
func (s *Slack) Page(ctx context.Context, key string, _ Known) (kb.SyncPage, bool, error) {
	parts := strings.Split(key, "/")
	if len(parts) != 3 || (parts[1] != "thread" && parts[1] != "day") {
		return kb.SyncPage{}, false, verity.Errorf(verity.EINVALID, "connector %s: %q is not a thread or a day of a channel", s.conn.Name, key)
	}
	if err := s.hello(ctx); err != nil {
		return kb.SyncPage{}, false, err
	}
	if len(s.conn.Spaces) > 0 && !slices.Contains(s.conn.Spaces, parts[0]) {
		return kb.SyncPage{}, false, nil
	}
	c, err := s.channel(ctx, parts[0])
	if errors.Is(err, rest.ErrGone) {
		return kb.SyncPage{}, false, nil
	}
	if err != nil {
		return kb.SyncPage{}, false, err
	}
	return s.page(ctx, c, key)
}

// Scope says a hint CHANNEL/members names every source of the channel:
// its members changed.
func (s *Slack) Scope(key string) (string, bool) {
	ch, ok := strings.CutSuffix(key, "/members")
	if !ok || ch == "" || strings.Contains(ch, "/") {
		return "", false
	}
	return ch + "/", true
}

// Permit reads who may read the channel of key (CHANNEL/members) again
// and gives its sources held with that ACL, their text kept: a member who
// left no longer reads them, one who joined does. found is false when the
// app is no longer in the channel (or it is gone, or no longer synced):
// its sources are revoked.
func (s *Slack) Permit(ctx context.Context, key string, held map[string]string) ([]kb.SyncPage, bool, error) {
	ch, ok := strings.CutSuffix(key, "/members")
	if !ok {
		return nil, false, verity.Errorf(verity.EINVALID, "connector %s: %q is not a channel's members", s.conn.Name, key)
	}
	if err := s.hello(ctx); err != nil {
		return nil, false, err
	}
	if len(s.conn.Spaces) > 0 && !slices.Contains(s.conn.Spaces, ch) {
		return nil, false, nil
	}
	c, err := s.channel(ctx, ch)
	if errors.Is(err, rest.ErrGone) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, err
	}
	if !c.IsMember {
		return nil, false, nil
	}
	pages := make([]kb.SyncPage, 0, len(held))
	for _, k := range slices.Sorted(maps.Keys(held)) {
		pages = append(pages, kb.SyncPage{Key: k, Version: held[k], Source: &verity.Source{ACL: slices.Clone(c.acl)}})
	}
	return pages, true, nil
}

// page reads a thread (conversations.replies) or a day
// (conversations.history between its bounds, outside threads) whole.
func (s *Slack) page(ctx context.Context, c *channel, key string) (kb.SyncPage, bool, error) {
	parts := strings.Split(key, "/")
	method, q := "conversations.replies", url.Values{"channel": {c.ID}, "ts": {parts[2]}, "limit": {strconv.Itoa(s.opt.PageSize)}}
	if parts[1] == "day" {
		day, err := time.Parse(time.DateOnly, parts[2])
		if err != nil {
			return kb.SyncPage{}, false, verity.Errorf(verity.EINVALID, "connector %s: %q is not a day", s.conn.Name, parts[2])
		}
		method = "conversations.history"
		q = url.Values{"channel": {c.ID}, "oldest": {formatTS(day)}, "latest": {formatTS(day.Add(24 * time.Hour))}, "inclusive": {"true"}, "limit": {strconv.Itoa(s.opt.PageSize)}}
	}
	var msgs []message
	for page := ""; ; {
		if page != "" {
			q.Set("cursor", page)
		}
		var h struct {
			answer
			Messages []message `json:"messages"`
		}
		err := s.call(ctx, method, q, &h)
		if errors.Is(err, rest.ErrGone) {
			return kb.SyncPage{}, false, nil
		}
		if err != nil {
			return kb.SyncPage{}, false, err
		}
		for _, m := range h.Messages {
			keep := m.BotID == "" && m.User != s.bot && m.User != "" && (m.Subtype == "" || m.Subtype == "thread_broadcast")
			if parts[1] == "day" && m.ThreadTS != "" {
				keep = false // a thread is a source of its own
			}
			if keep {
				msgs = append(msgs, m)
			}
		}
		if page = h.Metadata.NextCursor; page == "" {
			break
		}
	}
	if len(msgs) == 0 {
		return kb.SyncPage{}, false, nil
	}
	slices.SortFunc(msgs, func(a, b message) int { return strings.Compare(pad(a.TS), pad(b.TS)) })
	var text strings.Builder
	var newest time.Time
	for _, m := range msgs {
		at, _ := parseTS(m.TS)
		if m.Edited != nil {
			if e, ok := parseTS(m.Edited.TS); ok && e.After(at) {
				at = e
			}
		}
		if at.After(newest) {
			newest = at
		}
		_, who := s.user(ctx, m.User)
		if who == "" {
			who = m.User
		}
		t, _ := parseTS(m.TS)
		fmt.Fprintf(&text, "%s, %s:\n%s\n\n", who, t.UTC().Format("2006-01-02 15:04"), strings.TrimSpace(m.Text))
	}
	body := strings.TrimSpace(text.String())
	sum := sha256.Sum256([]byte(body))
	first := msgs[0]
	title := "#" + c.Name + ", " + parts[2]
	if parts[1] == "thread" {
		title = "#" + c.Name + ": " + clip(strings.Join(strings.Fields(first.Text), " "), 60)
	}
	src := &verity.Source{URI: s.permalink(c.ID, first.TS, parts[1] == "thread"), Title: title, ACL: slices.Clone(c.acl), UpdatedAt: newest, Text: body}
	if p, ok := verity.AuthorPrincipal(s.email(ctx, first.User)); ok {
		src.Author = p
	}
	return kb.SyncPage{Key: key, Version: hex.EncodeToString(sum[:8]), Source: src}, true, nil
}

// permalink is a message's link in the workspace (archives/CHANNEL/pTS).
func (s *Slack) permalink(ch, ts string, thread bool) string {
	site := strings.TrimRight(s.site, "/")
	if site == "" {
		site = "https://slack.com"
	}
	u := site + "/archives/" + ch + "/p" + strings.ReplaceAll(ts, ".", "")
	if thread {
		u += "?thread_ts=" + ts
	}
	return u
}

// Groups: Slack's ACLs name users, never groups.
func (s *Slack) Groups(ctx context.Context) ([]kb.PlatformGroup, error) { return nil, nil }

// parseTS reads a Slack timestamp ("1764763200.000100") or a cursor.
func parseTS(s string) (time.Time, bool) {
	sec, frac, _ := strings.Cut(s, ".")
	n, err := strconv.ParseInt(sec, 10, 64)
	if err != nil || s == "" {
		return time.Time{}, false
	}
	us, _ := strconv.ParseInt((frac + "000000")[:6], 10, 64)
	return time.Unix(n, us*1000).UTC(), true
}

func formatTS(t time.Time) string { return fmt.Sprintf("%d.%06d", t.Unix(), t.Nanosecond()/1000) }

// pad makes timestamps compare as strings.
func pad(ts string) string {
	sec, frac, _ := strings.Cut(ts, ".")
	return fmt.Sprintf("%012s.%-6s", sec, frac)
}

func clip(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n]) + "…"
}
