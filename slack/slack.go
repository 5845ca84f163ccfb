package slack

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/kb"
	"github.com/veritykb/verity/render"
)

// ReplayWindow is how old (or how far ahead) a request's timestamp may be.
const ReplayWindow = 5 * time.Minute

// userTTL is how long users.info's word on a member is kept: minutes, so
// that a changed email or a deactivation is seen soon.
const userTTL = 5 * time.Minute

// Options configure the app.
type Options struct {
	Settings      *kb.SlackSettings // the store's integration (verity slack configure)
	BotToken      string            // the secrets its settings point at, read by the caller
	SigningSecret string
	Client        *http.Client // nil: a client with a 30 s timeout
	Log           *slog.Logger // nil: discarded
	Now           func() time.Time
	RequestAccess string        // a hint's "Request access" link template ({system}, {author})
	Timeout       time.Duration // of one click's work (0: 1 minute)
}

// App serves Slack's requests and answers its questions.
type App struct {
	svc     *kb.Service
	set     kb.SlackSettings
	api     *client
	secret  []byte
	log     *slog.Logger
	now     func() time.Time
	request func(system, author string) string
	timeout time.Duration
	mu      sync.Mutex
	users   map[string]cachedUser
	wg      sync.WaitGroup
	busy    chan struct{} // clicks in work at once; past it, a click waits for a slot
}

type cachedUser struct {
	u  user
	at time.Time
}

// New returns the app over svc.
func New(svc *kb.Service, opt Options) (*App, error) {
	if opt.Settings == nil || opt.Settings.TeamID == "" {
		return nil, verity.Errorf(verity.EINVALID, "slack is not configured: verity slack configure --team-id T...")
	}
	if strings.TrimSpace(opt.BotToken) == "" || strings.TrimSpace(opt.SigningSecret) == "" {
		return nil, verity.Errorf(verity.EINVALID, "slack: the bot token and the signing secret are both needed")
	}
	a := &App{svc: svc, set: *opt.Settings, secret: []byte(strings.TrimSpace(opt.SigningSecret)), log: opt.Log, now: opt.Now,
		request: render.RequestURL(opt.RequestAccess), timeout: opt.Timeout, users: map[string]cachedUser{}, busy: make(chan struct{}, 16)}
	base := a.set.APIURL
	if base == "" {
		base = DefaultAPIURL
	}
	hc := opt.Client
	if hc == nil {
		hc = &http.Client{Timeout: 30 * time.Second}
	}
	a.api = &client{base: strings.TrimRight(base, "/"), token: strings.TrimSpace(opt.BotToken), http: hc}
	if a.log == nil {
		a.log = slog.New(slog.DiscardHandler)
	}
	if a.now == nil {
		a.now = time.Now
	}
	if a.timeout <= 0 {
		a.timeout = time.Minute
	}
	return a, nil
}

// Refuse writes a refusal of a Slack route: a status and a line of text.
func Refuse(w http.ResponseWriter, status int, message string) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.WriteHeader(status)
	io.WriteString(w, message+"\n")
}

// Handler serves POST /slack/events, /slack/interactions and
// /slack/commands. Every request is refused (401) unless its signature is
// the signing secret's over its raw body and its timestamp is within
// ReplayWindow; one from another team is refused with 403.
func (a *App) Handler() http.Handler {
	mux := http.NewServeMux()
	for path, h := range map[string]func(http.ResponseWriter, []byte){
		"POST /slack/events": a.events, "POST /slack/interactions": a.interactions, "POST /slack/commands": a.commands,
	} {
		mux.HandleFunc(path, func(w http.ResponseWriter, r *http.Request) {
			body, err := io.ReadAll(r.Body)
			if err != nil {
				Refuse(w, http.StatusRequestEntityTooLarge, "the body is too large")
				return
			}
			if !a.signed(r.Header, body) {
				Refuse(w, http.StatusUnauthorized, "bad or stale signature")
				return
			}
			h(w, body)
		})
	}
	return mux
}

// signed checks Slack's v0 signature: HMAC-SHA256 of "v0:TS:BODY" under
// the signing secret, with TS within the replay window.
func (a *App) signed(h http.Header, body []byte) bool {
	ts := h.Get("X-Slack-Request-Timestamp")
	sec, err := strconv.ParseInt(ts, 10, 64)
	if err != nil || a.now().Sub(time.Unix(sec, 0)).Abs() > ReplayWindow {
		return false
	}
	mac := hmac.New(sha256.New, a.secret)
	mac.Write([]byte("v0:" + ts + ":"))
	mac.Write(body)
	return hmac.Equal([]byte("v0="+hex.EncodeToString(mac.Sum(nil))), []byte(h.Get("X-Slack-Signature")))
}

// Sign returns the headers of body signed with secret at t, as Slack signs
// its requests (for tests and tools that replay one).
func Sign(secret string, body []byte, t time.Time) http.Header {
	ts := strconv.FormatInt(t.Unix(), 10)
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write([]byte("v0:" + ts + ":"))
	mac.Write(body)
	return http.Header{"X-Slack-Request-Timestamp": {ts}, "X-Slack-Signature": {"v0=" + hex.EncodeToString(mac.Sum(nil))}}
}

// replyArgs are a reply job's: the message to answer.
type replyArgs struct {
	Team        string `json:"team"`
	User        string `json:"user"`
	Channel     string `json:"channel"`
	ChannelType string `json:"channel_type,omitempty"` // im for a direct message
	Text        string `json:"text"`
	TS          string `json:"ts,omitempty"` // answered in its thread
	ThreadTS    string `json:"thread_ts,omitempty"`
}

// events takes the Events API's deliveries: the URL check, and mentions
// and direct messages, each queued once whatever Slack retries.
func (a *App) events(w http.ResponseWriter, body []byte) {
	var env struct {
		Type      string `json:"type"`
		Challenge string `json:"challenge"`
		TeamID    string `json:"team_id"`
		EventID   string `json:"event_id"`
		Event     struct {
			Type        string  `json:"type"`
			Subtype     string  `json:"subtype"`
			BotID       string  `json:"bot_id"`
			User        string  `json:"user"`
			Text        string  `json:"text"`
			TS          string  `json:"ts"`
			ThreadTS    string  `json:"thread_ts"`
			Channel     string  `json:"channel"`
			ChannelType string  `json:"channel_type"`
			DeletedTS   string  `json:"deleted_ts"`
			Message     *posted `json:"message"`
			Previous    *posted `json:"previous_message"`
		} `json:"event"`
	}
	if err := json.Unmarshal(body, &env); err != nil {
		Refuse(w, http.StatusBadRequest, "the body is not an event")
		return
	}
	if env.Type == "url_verification" {
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(map[string]string{"challenge": env.Challenge})
		return
	}
	if env.TeamID != a.set.TeamID {
		Refuse(w, http.StatusForbidden, "not this store's workspace")
		return
	}
	ev := env.Event
	if env.Type == "event_callback" && ev.Type == "message" && (ev.ChannelType == "channel" || ev.ChannelType == "group") {
		// A channel's message posted, edited or deleted: the Slack
		// connectors that sync the channel read its thread or day again.
		ts, thread := ev.TS, ev.ThreadTS
		for _, m := range []*posted{ev.Message, ev.Previous} {
			if m != nil && m.TS != "" {
				ts, thread = m.TS, m.ThreadTS
			}
		}
		if ev.DeletedTS != "" && ts == "" {
			ts = ev.DeletedTS
		}
		if ev.BotID == "" || ev.Subtype != "" {
			if _, err := a.svc.SlackHint(context.Background(), []kb.SlackMessage{{Channel: ev.Channel, TS: ts, ThreadTS: thread}}); err != nil {
				a.log.Warn("slack: a connector hint could not be queued", "error", err.Error())
			}
		}
	}
	if env.Type == "event_callback" && ev.Channel != "" && (ev.Type == "channel_left" || ev.Type == "group_left" ||
		ev.Type == "member_joined_channel" || ev.Type == "member_left_channel") {
		// A channel's members changed, or the app left it: kb decides
		// what the connectors that sync it read again.
		public := ev.ChannelType == "C" && ev.Type != "channel_left"
		if _, err := a.svc.SlackHint(context.Background(), []kb.SlackMessage{{Channel: ev.Channel, Members: true, Public: public}}); err != nil {
			a.log.Warn("slack: a connector hint could not be queued", "error", err.Error())
		}
	}
	// The bot's own messages (and every bot's, and edits) are never answered.
	answer := env.Type == "event_callback" && ev.BotID == "" && ev.Subtype == "" && ev.User != "" &&
		(ev.Type == "app_mention" || (ev.Type == "message" && ev.ChannelType == "im"))
	if !answer {
		w.WriteHeader(http.StatusOK)
		return
	}
	ctx := context.Background()
	first, err := a.svc.FirstDelivery(ctx, "slack", env.EventID)
	if err != nil {
		a.log.Warn("slack: an event could not be recorded", "error", err.Error())
		Refuse(w, http.StatusServiceUnavailable, "try again")
		return
	}
	if first {
		a.queue(w, replyArgs{Team: env.TeamID, User: ev.User, Channel: ev.Channel, ChannelType: ev.ChannelType, Text: ev.Text, TS: ev.TS, ThreadTS: ev.ThreadTS})
		return
	}
	w.WriteHeader(http.StatusOK)
}

// commands takes /verity QUESTION: queued, acknowledged ephemerally.
func (a *App) commands(w http.ResponseWriter, body []byte) {
	form, err := url.ParseQuery(string(body))
	if err != nil {
		Refuse(w, http.StatusBadRequest, "the body is not a command")
		return
	}
	if form.Get("team_id") != a.set.TeamID {
		Refuse(w, http.StatusForbidden, "not this store's workspace")
		return
	}
	w.Header().Set("Content-Type", "application/json")
	if strings.TrimSpace(form.Get("text")) == "" {
		json.NewEncoder(w).Encode(map[string]string{"response_type": "ephemeral", "text": "Ask with /verity QUESTION"})
		return
	}
	ct := ""
	if strings.HasPrefix(form.Get("channel_id"), "D") {
		ct = "im"
	}
	args, _ := json.Marshal(replyArgs{Team: a.set.TeamID, User: form.Get("user_id"), Channel: form.Get("channel_id"), ChannelType: ct, Text: form.Get("text")})
	if _, err := a.svc.QueueChatReply(context.Background(), "slack", a.set.TeamID, args); err != nil {
		a.log.Warn("slack: a command could not be queued", "error", err.Error())
		json.NewEncoder(w).Encode(map[string]string{"response_type": "ephemeral", "text": "Verity could not take the question: try again."})
		return
	}
	json.NewEncoder(w).Encode(map[string]string{"response_type": "ephemeral", "text": "Looking it up…"})
}

// queue queues a reply and acknowledges the delivery.
func (a *App) queue(w http.ResponseWriter, args replyArgs) {
	b, _ := json.Marshal(args)
	if _, err := a.svc.QueueChatReply(context.Background(), "slack", args.Team, b); err != nil {
		a.log.Warn("slack: a question could not be queued", "error", err.Error())
		Refuse(w, http.StatusServiceUnavailable, "try again")
		return
	}
	w.WriteHeader(http.StatusOK)
}

// interactions takes button clicks: "show source" and 👍/👎, each
// answered to the clicker alone, after kb checks the clicker now.
func (a *App) interactions(w http.ResponseWriter, body []byte) {
	form, _ := url.ParseQuery(string(body))
	var p struct {
		Type string `json:"type"`
		Team struct {
			ID string `json:"id"`
		} `json:"team"`
		User struct {
			ID string `json:"id"`
		} `json:"user"`
		Channel struct {
			ID string `json:"id"`
		} `json:"channel"`
		Actions []struct {
			Value string `json:"value"`
		} `json:"actions"`
	}
	if err := json.Unmarshal([]byte(form.Get("payload")), &p); err != nil {
		Refuse(w, http.StatusBadRequest, "the body is not an interaction")
		return
	}
	if p.Team.ID != a.set.TeamID {
		Refuse(w, http.StatusForbidden, "not this store's workspace")
		return
	}
	if p.Type != "block_actions" || len(p.Actions) == 0 {
		w.WriteHeader(http.StatusOK)
		return
	}
	a.busy <- struct{}{}
	w.WriteHeader(http.StatusOK)
	a.wg.Add(1)
	go func() {
		defer func() { <-a.busy; a.wg.Done() }()
		ctx, cancel := context.WithTimeout(context.Background(), a.timeout)
		defer cancel()
		a.click(ctx, p.User.ID, p.Channel.ID, p.Actions[0].Value)
	}()
}

// Wait waits for the clicks still being answered.
func (a *App) Wait() { a.wg.Wait() }

// click answers a button as the clicker, ephemerally.
func (a *App) click(ctx context.Context, userID, channelID, value string) {
	u, err := a.user(ctx, userID)
	var c verity.Caller
	if err == nil {
		c, err = a.svc.SlackCaller(ctx, a.set.TeamID, slackUser(u))
	}
	if err != nil {
		a.ephemeral(ctx, channelID, userID, render.ChatMessage{Text: refusal(err)})
		return
	}
	lang := u.Locale
	switch {
	case strings.HasPrefix(value, render.ShowPrefix):
		id, n, _ := strings.Cut(strings.TrimPrefix(value, render.ShowPrefix), ":")
		num, _ := strconv.Atoi(n)
		s, err := a.svc.ShowSource(ctx, c, kb.ShowSourceRequest{Answer: id, N: num})
		if err != nil {
			a.ephemeral(ctx, channelID, userID, render.ChatMessage{Text: "This source is not available to you."})
			return
		}
		a.ephemeral(ctx, channelID, userID, render.ChatMessage{Text: render.ChatSource(render.SlackMrkdwn{}, s, lang)})
	case strings.HasPrefix(value, render.RatePrefix):
		id, rating, _ := strings.Cut(strings.TrimPrefix(value, render.RatePrefix), ":")
		if _, err := a.svc.Rate(ctx, c, kb.FeedbackRequest{Answer: id, Rating: rating, Transport: "slack"}); err != nil {
			a.ephemeral(ctx, channelID, userID, render.ChatMessage{Text: refusal(err)})
			return
		}
		a.ephemeral(ctx, channelID, userID, render.ChatMessage{Text: "Thanks for the feedback."})
	}
}

// mention matches a user mention, <@U123> or <@U123|name>.
var mention = regexp.MustCompile(`<@[A-Z0-9]+(\|[^>]*)?>`)

// Reply is the handler of chat-reply jobs: it establishes who asked (and,
// in a channel, whom the answer is for) through kb now, asks, and posts
// the answer in the message's thread; a channel's hints go to the asker
// alone.
func (a *App) Reply(ctx context.Context, _ verity.Caller, j *verity.Job, _ func(done, total int)) (any, error) {
	var args replyArgs
	if err := json.Unmarshal(j.Request.Args, &args); err != nil {
		return nil, verity.Errorf(verity.EINVALID, "job %d: %v", j.ID, err)
	}
	u, err := a.user(ctx, args.User)
	var asker verity.Caller
	if err == nil {
		asker, err = a.svc.SlackCaller(ctx, a.set.TeamID, slackUser(u))
	}
	if err != nil {
		a.ephemeral(ctx, args.Channel, args.User, render.ChatMessage{Text: refusal(err)})
		return map[string]string{"refused": verity.ErrorCode(err)}, nil
	}
	question := strings.TrimSpace(mention.ReplaceAllString(args.Text, ""))
	if question == "" {
		a.ephemeral(ctx, args.Channel, args.User, render.ChatMessage{Text: "Ask me a question."})
		return nil, nil
	}
	c := asker
	if args.ChannelType != "im" {
		if c, err = a.audience(ctx, args.Channel); err != nil {
			return nil, err
		}
	}
	ans, err := a.svc.Ask(ctx, c, kb.AskRequest{Question: question, Transport: "slack"})
	if err != nil {
		a.ephemeral(ctx, args.Channel, args.User, render.ChatMessage{Text: "Verity could not answer: " + refusal(err)})
		return nil, err
	}
	msg := render.ChatAnswer(render.SlackMrkdwn{}, ans, u.Locale, a.request)
	thread := args.ThreadTS
	if thread == "" {
		thread = args.TS
	}
	if err := a.api.call(ctx, "chat.postMessage", message{Channel: args.Channel, Text: msg.Text, ThreadTS: thread, Blocks: blocks(msg)}, nil); err != nil {
		return nil, err
	}
	if c.Audience() {
		// Hints are the asker's: told to the asker alone.
		if res, err := a.svc.Search(ctx, asker, kb.SearchRequest{Query: question}); err == nil && len(res.Hints) > 0 {
			a.ephemeral(ctx, args.Channel, args.User, render.ChatHints(render.SlackMrkdwn{}, res.Hints, u.Locale, a.request))
		}
	}
	return map[string]string{"answer_id": ans.ID}, nil
}

// audience is whom a channel's answer is for, as kb decides from its
// members: listed with conversations.members (every page), each described
// by users.info, bots left out; one Slack would not describe is unmapped.
func (a *App) audience(ctx context.Context, channelID string) (verity.Caller, error) {
	var info struct {
		Channel channel `json:"channel"`
	}
	if err := a.api.call(ctx, "conversations.info", url.Values{"channel": {channelID}}, &info); err != nil {
		return verity.Caller{}, err
	}
	req := kb.ChannelRequest{Team: a.set.TeamID, Private: info.Channel.IsPrivate || info.Channel.IsMPIM}
	max := a.set.MaxAudience
	if max <= 0 {
		max = kb.DefaultMaxAudience
	}
	cursor := ""
	for {
		var page struct {
			Members []string `json:"members"`
			Meta    struct {
				Next string `json:"next_cursor"`
			} `json:"response_metadata"`
		}
		if err := a.api.call(ctx, "conversations.members", url.Values{"channel": {channelID}, "limit": {"200"}, "cursor": {cursor}}, &page); err != nil {
			return verity.Caller{}, err
		}
		for _, id := range page.Members {
			u, err := a.user(ctx, id)
			switch {
			case err != nil:
				req.Unmapped++
			case u.IsBot || id == "USLACKBOT":
			default:
				req.Members = append(req.Members, slackUser(u))
			}
		}
		if cursor = page.Meta.Next; cursor == "" || len(req.Members) > max {
			break
		}
	}
	return a.svc.ChannelAudience(ctx, &a.set, req), nil
}

// user is users.info's member, kept for userTTL.
func (a *App) user(ctx context.Context, id string) (user, error) {
	a.mu.Lock()
	c, ok := a.users[id]
	a.mu.Unlock()
	if ok && a.now().Sub(c.at) < userTTL {
		return c.u, nil
	}
	var out struct {
		User user `json:"user"`
	}
	if err := a.api.call(ctx, "users.info", url.Values{"user": {id}, "include_locale": {"true"}}, &out); err != nil {
		return user{}, err
	}
	a.mu.Lock()
	a.users[id] = cachedUser{u: out.User, at: a.now()}
	a.mu.Unlock()
	return out.User, nil
}

func slackUser(u user) kb.SlackUser {
	return kb.SlackUser{ID: u.ID, TeamID: u.TeamID, Email: u.Profile.Email, Bot: u.IsBot, Deleted: u.Deleted,
		Restricted: u.IsRestricted, UltraRestricted: u.IsUltra, Stranger: u.IsStranger}
}

// ephemeral shows msg to one user in a channel.
func (a *App) ephemeral(ctx context.Context, channelID, userID string, msg render.ChatMessage) {
	if err := a.api.call(ctx, "chat.postEphemeral", message{Channel: channelID, User: userID, Text: msg.Text, Blocks: blocks(msg)}, nil); err != nil {
		a.log.Warn("slack: chat.postEphemeral failed", "error", err.Error())
	}
}

// blocks is msg as Block Kit: a mrkdwn section, and the buttons.
func blocks(msg render.ChatMessage) []block {
	out := []block{{Type: "section", Text: &text{Type: "mrkdwn", Text: clip(msg.Text, 3000)}}}
	var els []element
	for _, row := range msg.Buttons {
		for _, b := range row {
			e := element{Type: "button", Text: text{Type: "plain_text", Text: b.Text}, ActionID: "a" + strconv.Itoa(len(els)), Value: b.Data, URL: b.URL}
			els = append(els, e)
		}
	}
	if len(els) > 0 {
		out = append(out, block{Type: "actions", Elements: els[:min(len(els), 25)]})
	}
	return out
}

func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	r := []rune(s[:n-3])
	return string(r[:len(r)-1]) + "…"
}

// refusal is what a person is told of an error: kb's message when kb
// wrote it for the caller, a plain word for the rest.
func refusal(err error) string {
	var e *verity.Error
	if errors.As(err, &e) && e.Code != verity.EINTERNAL {
		return e.Message
	}
	return "an internal error"
}

// posted is an edited or deleted message's ts and thread, as message
// events carry them (message, previous_message).
type posted struct {
	TS       string `json:"ts"`
	ThreadTS string `json:"thread_ts"`
}
