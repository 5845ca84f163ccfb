package telegram_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/kb"
	"github.com/veritykb/verity/kb/kbtest"
	"github.com/veritykb/verity/offline"
	"github.com/veritykb/verity/telegram"
	"github.com/veritykb/verity/verify"
)

const token = "123456:SECRET-bot-token-never-logged"

// botAPI is a double of Telegram's Bot API: it answers POST
// /bot<token>/<method> with {"ok":true,"result":...} as Telegram does,
// records every call, serves queued updates to getUpdates, and refuses
// sendMessage to the chats in blocked with 403 (a user who never started
// the bot).
type botAPI struct {
	mu      sync.Mutex
	calls   []apiCall
	updates []telegram.Update
	offsets []int64
	blocked map[int64]bool
}

type apiCall struct {
	method string
	body   map[string]any
}

func (d *botAPI) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	method, ok := strings.CutPrefix(r.URL.Path, "/bot"+token+"/")
	if !ok || r.Method != http.MethodPost || r.Header.Get("Content-Type") != "application/json" {
		w.WriteHeader(http.StatusNotFound)
		io.WriteString(w, `{"ok":false,"error_code":404,"description":"Not Found"}`)
		return
	}
	var body map[string]any
	json.NewDecoder(r.Body).Decode(&body)
	d.mu.Lock()
	defer d.mu.Unlock()
	d.calls = append(d.calls, apiCall{method, body})
	w.Header().Set("Content-Type", "application/json")
	switch method {
	case "getUpdates":
		off, _ := body["offset"].(float64)
		d.offsets = append(d.offsets, int64(off))
		var out []telegram.Update
		for _, u := range d.updates {
			if u.ID >= int64(off) {
				out = append(out, u)
			}
		}
		res, _ := json.Marshal(out)
		io.WriteString(w, `{"ok":true,"result":`+string(res)+`}`)
	case "sendMessage":
		if chat, _ := body["chat_id"].(float64); d.blocked[int64(chat)] {
			w.WriteHeader(http.StatusForbidden)
			io.WriteString(w, `{"ok":false,"error_code":403,"description":"Forbidden: bot can't initiate conversation with a user"}`)
			return
		}
		io.WriteString(w, `{"ok":true,"result":{"message_id":1,"chat":{"id":1,"type":"private"},"date":0}}`)
	case "answerCallbackQuery":
		io.WriteString(w, `{"ok":true,"result":true}`)
	default:
		w.WriteHeader(http.StatusNotFound)
		io.WriteString(w, `{"ok":false,"error_code":404,"description":"Not Found: method not found"}`)
	}
}

// take returns the calls made since the last take.
func (d *botAPI) take() []apiCall {
	d.mu.Lock()
	defer d.mu.Unlock()
	out := d.calls
	d.calls = nil
	return out
}

var t0 = time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)

// setup is a store with a staff page and a public page, alice in staff
// (the directory), eve in nothing, and a bot over it talking to a double.
func setup(t *testing.T, opt telegram.Options) (*kb.Service, *telegram.Bot, *botAPI, *bytes.Buffer) {
	t.Helper()
	ctx := context.Background()
	engine := offline.New(offline.Options{})
	models := kb.Fixed(engine, verify.NewJudge(engine, verify.JudgeOptions{Votes: 1}))
	svc, db, err := kbtest.Open(filepath.Join(t.TempDir(), "tg.db"), t0, models)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	pages := []*verity.Source{
		{ID: "STAFF-1", URI: "https://wiki.corp.example/staff", System: verity.SystemConfluence, Title: "Staff parking",
			ACL: []verity.Principal{"group:staff"}, Text: "Parking for staff is in the north lot behind building nine."},
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
	api := &botAPI{blocked: map[int64]bool{}}
	srv := httptest.NewServer(api)
	t.Cleanup(srv.Close)
	logs := &bytes.Buffer{}
	opt.Token, opt.APIURL = token, srv.URL
	opt.Log = slog.New(slog.NewJSONHandler(&lockedWriter{w: logs}, &slog.HandlerOptions{Level: slog.LevelDebug}))
	bot, err := telegram.New(svc, opt)
	if err != nil {
		t.Fatal(err)
	}
	return svc, bot, api, logs
}

type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

// Telegram accounts of the test.
var (
	alice = telegram.User{ID: 111, Language: "ru"}
	eve   = telegram.User{ID: 222, Language: "en"}
	carol = telegram.User{ID: 333, Language: "en"} // never linked
)

func private(u telegram.User) telegram.Chat { return telegram.Chat{ID: u.ID, Type: "private"} }

func msg(id int64, from telegram.User, chat telegram.Chat, text string) telegram.Update {
	f := from
	return telegram.Update{ID: id, Message: &telegram.Message{ID: id, From: &f, Chat: chat, Text: text}}
}

func click(id int64, from telegram.User, chat telegram.Chat, data string) telegram.Update {
	return telegram.Update{ID: id, Callback: &telegram.CallbackQuery{ID: "cb" + string(rune('a'+id%26)), From: from, Data: data,
		Message: &telegram.Message{ID: 9, Chat: chat}}}
}

// link makes a code for who and sends /start CODE from u.
func link(t *testing.T, svc *kb.Service, bot *telegram.Bot, api *botAPI, u telegram.User, who string) {
	t.Helper()
	code, err := svc.CreateLinkCode(context.Background(), verity.LocalOperator("admin"), kb.LinkRequest{Platform: "telegram", Principal: who})
	if err != nil {
		t.Fatal(err)
	}
	bot.Handle(context.Background(), msg(1, u, private(u), "/start "+code.Code))
	calls := api.take()
	if len(calls) != 1 || !strings.Contains(calls[0].body["text"].(string), who) {
		t.Fatalf("/start CODE as %s: calls %+v, want one reply naming %s", who, calls, who)
	}
}

// sent returns the texts of the sendMessage calls to chat.
func sent(calls []apiCall, chat int64) []apiCall {
	var out []apiCall
	for _, c := range calls {
		if c.method == "sendMessage" && int64(c.body["chat_id"].(float64)) == chat {
			out = append(out, c)
		}
	}
	return out
}

// buttons returns the callback data and texts of a message's buttons.
func buttons(c apiCall) (data, texts []string) {
	m, _ := c.body["reply_markup"].(map[string]any)
	rows, _ := m["inline_keyboard"].([]any)
	for _, row := range rows {
		for _, b := range row.([]any) {
			b := b.(map[string]any)
			d, _ := b["callback_data"].(string)
			data = append(data, d)
			texts = append(texts, b["text"].(string))
		}
	}
	return data, texts
}

// TestAskShowSource is the "done when" for Telegram: alice, linked,
// asks and gets a short answer with «Показать источник» buttons whose
// callback data is at most 64 bytes; her click sends her the verbatim
// quote; eve's click on the same button gets nothing she may not read; an
// unlinked account is told how to link and gets no answer; a group chat
// gets only what public may read; 👍 is stored and counted.
func TestAskShowSource(t *testing.T) {
	ctx := context.Background()
	svc, bot, api, logs := setup(t, telegram.Options{})
	link(t, svc, bot, api, alice, "user:alice@corp.example")
	link(t, svc, bot, api, eve, "user:eve@corp.example")

	bot.Handle(ctx, msg(2, alice, private(alice), "Where is parking for staff?"))
	out := sent(api.take(), alice.ID)
	if len(out) != 1 {
		t.Fatalf("alice's question: %d messages, want 1", len(out))
	}
	text := out[0].body["text"].(string)
	if !strings.Contains(text, "[1]") || !strings.Contains(text, "Staff parking") || out[0].body["parse_mode"] != "HTML" {
		t.Fatalf("answer = %q, want numbered citations of the staff page", text)
	}
	data, texts := buttons(out[0])
	var show, up string
	for i, d := range data {
		if len(d) > 64 {
			t.Errorf("callback data %q is %d bytes, more than Telegram's 64", d, len(d))
		}
		if strings.HasPrefix(d, "s:") && show == "" {
			show = d
			if !strings.HasPrefix(texts[i], "Показать источник") {
				t.Errorf("button %q, want «Показать источник» for a Russian-speaking user", texts[i])
			}
		}
		if strings.HasSuffix(d, ":up") {
			up = d
		}
	}
	if show == "" || up == "" {
		t.Fatalf("buttons %v: want show source and 👍", data)
	}
	// alice's click: the quote, to her alone.
	bot.Handle(ctx, click(3, alice, private(alice), show))
	calls := api.take()
	quote := sent(calls, alice.ID)
	if len(quote) != 1 || !strings.Contains(quote[0].body["text"].(string), "<blockquote>Parking for staff is in the north lot") {
		t.Fatalf("alice's click: %+v, want the verbatim quote as a block quote", calls)
	}
	if calls[len(calls)-1].method != "answerCallbackQuery" {
		t.Errorf("alice's click was not answered: %+v", calls)
	}
	// eve's click on the same button: an alert, no quote anywhere.
	bot.Handle(ctx, click(4, eve, private(eve), show))
	calls = api.take()
	if len(calls) != 1 || calls[0].method != "answerCallbackQuery" || calls[0].body["show_alert"] != true {
		t.Fatalf("eve's click: %+v, want one alert", calls)
	}
	if b, _ := json.Marshal(calls); strings.Contains(string(b), "north lot") || strings.Contains(string(b), "Staff parking") {
		t.Fatalf("eve's click shows the staff page: %s", b)
	}
	// An account that never linked: how to link, no answer.
	bot.Handle(ctx, msg(5, carol, private(carol), "Where is parking for staff?"))
	calls = api.take()
	if len(calls) != 1 || !strings.Contains(calls[0].body["text"].(string), "/start CODE") {
		t.Fatalf("an unlinked account's question: %+v, want the linking message alone", calls)
	}
	// A group chat: public only, whoever asks.
	room := telegram.Chat{ID: -500, Type: "supergroup"}
	bot.Handle(ctx, msg(6, alice, room, "/ask@verity_bot Where is parking for staff?"))
	calls = sent(api.take(), room.ID)
	if len(calls) != 1 || strings.Contains(calls[0].body["text"].(string), "Staff parking") || strings.Contains(calls[0].body["text"].(string), "north lot") {
		t.Fatalf("group chat's answer: %+v, want one answer without the staff page", calls)
	}
	bot.Handle(ctx, msg(7, alice, room, "chatter that is not for the bot"))
	if calls := api.take(); len(calls) != 0 {
		t.Fatalf("the bot answered group chatter: %+v", calls)
	}
	// Feedback, as the clicker; an unlinked clicker is told to link.
	bot.Handle(ctx, click(8, alice, private(alice), up))
	if calls := api.take(); len(calls) != 1 || calls[0].body["show_alert"] == true {
		t.Fatalf("👍: %+v", calls)
	}
	bot.Handle(ctx, click(9, carol, private(carol), up))
	if calls := api.take(); len(calls) != 1 || calls[0].body["show_alert"] != true {
		t.Fatalf("👍 by an unlinked account: %+v, want an alert", calls)
	}
	fb, err := svc.Feedback(ctx, verity.LocalOperator("admin"))
	if err != nil || len(fb.Feedback) != 1 || fb.Feedback[0].By != "user:alice@corp.example" || fb.Feedback[0].Transport != "telegram" || fb.Feedback[0].Rating != "up" {
		t.Fatalf("feedback = %+v, %v; want alice's 👍 from telegram", fb, err)
	}
	// A reply to the answer is asked with the previous question as context.
	reply := msg(10, alice, private(alice), "and for visitors?")
	reply.Message.ReplyTo = &telegram.Message{ID: 2, Chat: private(alice), Markup: &telegram.InlineKeyboardMarkup{Rows: [][]telegram.InlineKeyboardButton{{{Text: "x", Data: show}}}}}
	bot.Handle(ctx, reply)
	if calls := sent(api.take(), alice.ID); len(calls) != 1 {
		t.Fatalf("follow-up: %+v", calls)
	}
	// Deactivated: refused at the next message, and the click too.
	if _, err := svc.SetUserActive(ctx, verity.LocalOperator("admin"), "alice@corp.example", false); err != nil {
		t.Fatal(err)
	}
	bot.Handle(ctx, msg(11, alice, private(alice), "Where is parking for staff?"))
	calls = api.take()
	if len(calls) != 1 || strings.Contains(calls[0].body["text"].(string), "north lot") || calls[0].body["reply_markup"] != nil {
		t.Fatalf("deactivated alice's question: %+v, want one refusal", calls)
	}
	bot.Handle(ctx, click(12, alice, private(alice), show))
	if calls := api.take(); len(calls) != 1 || calls[0].method != "answerCallbackQuery" {
		t.Fatalf("deactivated alice's click: %+v, want one alert", calls)
	}
	if strings.Contains(logs.String(), token) || strings.Contains(logs.String(), "SECRET-bot-token") {
		t.Fatalf("the token is in the log:\n%s", logs)
	}
}

// TestClickerWhoNeverStartedTheBot: a linked member of a group chat who
// has no private chat with the bot clicks "show source": the quote cannot
// be sent to it alone, so it gets an alert saying to open the bot, and
// the group gets nothing.
func TestClickerWhoNeverStartedTheBot(t *testing.T) {
	ctx := context.Background()
	svc, bot, api, _ := setup(t, telegram.Options{})
	link(t, svc, bot, api, alice, "user:alice@corp.example")
	room := telegram.Chat{ID: -600, Type: "group"}
	bot.Handle(ctx, msg(2, eve, room, "/ask Where is parking for visitors?"))
	out := sent(api.take(), room.ID)
	if len(out) != 1 {
		t.Fatalf("group answer: %+v", out)
	}
	data, _ := buttons(out[0])
	if len(data) == 0 || !strings.HasPrefix(data[0], "s:") {
		t.Fatalf("group answer %q: buttons %v, want show source first", out[0].body["text"], data)
	}
	api.blocked[alice.ID] = true
	bot.Handle(ctx, click(3, alice, room, data[0]))
	calls := api.take()
	last := calls[len(calls)-1]
	if last.method != "answerCallbackQuery" || last.body["show_alert"] != true || !strings.Contains(last.body["text"].(string), "/start") {
		t.Fatalf("click without a private chat: %+v, want an alert to open the bot", calls)
	}
	if len(sent(calls, room.ID)) != 0 {
		t.Fatal("the quote went to the group")
	}
}

// TestWebhookAndPolling: the webhook refuses a delivery without the
// secret token (401) and handles one with it; long polling reads updates
// with getUpdates and moves its offset past each; a Bot API that fails
// leaves no token in the log.
func TestWebhookAndPolling(t *testing.T) {
	svc, bot, api, logs := setup(t, telegram.Options{Secret: "s3cret-header"})
	code, _ := svc.CreateLinkCode(context.Background(), verity.LocalOperator("admin"), kb.LinkRequest{Platform: "telegram", Principal: "user:alice@corp.example"})
	body, _ := json.Marshal(msg(1, alice, private(alice), "/start "+code.Code))
	for _, secret := range []string{"", "wrong"} {
		rec := httptest.NewRecorder()
		req := httptest.NewRequest(http.MethodPost, "/telegram/webhook", bytes.NewReader(body))
		if secret != "" {
			req.Header.Set("X-Telegram-Bot-Api-Secret-Token", secret)
		}
		bot.Handler().ServeHTTP(rec, req)
		if rec.Code != http.StatusUnauthorized {
			t.Errorf("webhook with secret %q = %d, want 401", secret, rec.Code)
		}
	}
	bot.Wait()
	if calls := api.take(); len(calls) != 0 {
		t.Fatalf("refused deliveries were handled: %+v", calls)
	}
	rec := httptest.NewRecorder()
	req := httptest.NewRequest(http.MethodPost, "/telegram/webhook", bytes.NewReader(body))
	req.Header.Set("X-Telegram-Bot-Api-Secret-Token", "s3cret-header")
	bot.Handler().ServeHTTP(rec, req)
	bot.Wait()
	if calls := api.take(); rec.Code != http.StatusOK || len(calls) != 1 || !strings.Contains(calls[0].body["text"].(string), "user:alice@corp.example") {
		t.Fatalf("webhook with the secret = %d, calls %+v; want alice linked", rec.Code, calls)
	}
	// Polling: two updates, then the offset moves past them.
	api.mu.Lock()
	api.updates = []telegram.Update{msg(40, alice, private(alice), "/help"), msg(41, carol, private(carol), "/help")}
	api.mu.Unlock()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error)
	go func() { done <- bot.Poll(ctx) }()
	for {
		api.mu.Lock()
		n := len(api.offsets)
		api.mu.Unlock()
		if n >= 3 {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	cancel()
	<-done
	api.mu.Lock()
	offsets := api.offsets
	api.mu.Unlock()
	if offsets[0] != 0 || offsets[1] != 42 {
		t.Errorf("getUpdates offsets %v, want 0 then 42", offsets)
	}
	// A Bot API that is gone: the errors are logged without the token.
	broken, err := telegram.New(svc, telegram.Options{Token: token, APIURL: "http://127.0.0.1:1", Log: slog.New(slog.NewTextHandler(logs, nil))})
	if err != nil {
		t.Fatal(err)
	}
	broken.Handle(context.Background(), msg(50, alice, private(alice), "/help"))
	if !strings.Contains(logs.String(), "sendMessage failed") {
		t.Fatalf("no failure was logged:\n%s", logs)
	}
	if strings.Contains(logs.String(), "SECRET-bot-token") {
		t.Fatalf("the token is in the log:\n%s", logs)
	}
}
