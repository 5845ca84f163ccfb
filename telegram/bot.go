package telegram

import (
	"context"
	"crypto/subtle"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/kb"
	"github.com/veritykb/verity/render"
)

// Options configure a bot.
type Options struct {
	Token  string       // the bot's token: never logged, never in an error
	APIURL string       // the Bot API (DefaultAPIURL when empty): a local Bot API server, or a test's double
	Client *http.Client // nil: a client with a timeout past long polling's
	Log    *slog.Logger // nil: discarded
	// Anonymous lets an unlinked account read public answers in a private
	// chat (verity telegram --anonymous read); feedback still needs a link.
	Anonymous bool
	// RequestAccess is the template of a hint's "Request access" link, with
	// {system} and {author}; empty: no button (the hint names the author).
	RequestAccess string
	// Secret is the webhook's secret token, checked on every delivery in
	// the X-Telegram-Bot-Api-Secret-Token header.
	Secret string
	// Timeout bounds the work of one update (0: 2 minutes).
	Timeout time.Duration
}

// Bot answers Telegram updates through the service.
type Bot struct {
	svc     *kb.Service
	api     *client
	opt     Options
	log     *slog.Logger
	request func(system, author string) string
	wg      sync.WaitGroup
	// busy bounds the webhook's updates in work at once: past it, a
	// delivery waits for a slot before it is acknowledged, so Telegram
	// slows down rather than the server piling up work.
	busy chan struct{}
}

// maxBusy is how many webhook updates are worked on at once.
const maxBusy = 16

// New returns a bot over svc. It refuses an empty token.
func New(svc *kb.Service, opt Options) (*Bot, error) {
	if strings.TrimSpace(opt.Token) == "" {
		return nil, verity.Errorf(verity.EINVALID, "telegram: no bot token (give --token-file or VERITY_TELEGRAM_TOKEN)")
	}
	if opt.Timeout <= 0 {
		opt.Timeout = 2 * time.Minute
	}
	b := &Bot{svc: svc, api: newClient(opt.APIURL, strings.TrimSpace(opt.Token), opt.Client), opt: opt, log: opt.Log, request: render.RequestURL(opt.RequestAccess), busy: make(chan struct{}, maxBusy)}
	if b.log == nil {
		b.log = slog.New(slog.DiscardHandler)
	}
	return b, nil
}

// Poll reads updates with getUpdates (long polling) and handles each until
// ctx ends; a failed poll is logged and retried after a pause.
func (b *Bot) Poll(ctx context.Context) error {
	var offset int64
	for ctx.Err() == nil {
		var ups []Update
		err := b.api.call(ctx, "getUpdates", getUpdates{Offset: offset, Timeout: 30, Allowed: []string{"message", "callback_query"}}, &ups)
		if err != nil {
			if ctx.Err() != nil {
				break
			}
			b.log.Warn("telegram: getUpdates failed; retrying", "error", err.Error())
			select {
			case <-ctx.Done():
			case <-time.After(3 * time.Second):
			}
			continue
		}
		for _, u := range ups {
			offset = max(offset, u.ID+1)
			b.Handle(ctx, u)
		}
	}
	b.wg.Wait()
	return nil
}

// Handler serves Telegram's webhook: a delivery without the secret token
// is refused with 401 before its body is read; an accepted one is
// acknowledged at once and handled in the background, within Timeout.
func (b *Bot) Handler() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost {
			Refuse(w, http.StatusMethodNotAllowed, "POST updates here")
			return
		}
		got := r.Header.Get("X-Telegram-Bot-Api-Secret-Token")
		if b.opt.Secret == "" || subtle.ConstantTimeCompare([]byte(got), []byte(b.opt.Secret)) != 1 {
			Refuse(w, http.StatusUnauthorized, "bad or missing secret token")
			return
		}
		var u Update
		if err := json.NewDecoder(r.Body).Decode(&u); err != nil {
			Refuse(w, http.StatusBadRequest, "the body is not an update")
			return
		}
		select {
		case b.busy <- struct{}{}:
		case <-r.Context().Done():
			Refuse(w, http.StatusServiceUnavailable, "busy")
			return
		}
		b.wg.Add(1)
		go func() {
			defer func() { <-b.busy; b.wg.Done() }()
			b.Handle(context.WithoutCancel(r.Context()), u)
		}()
		w.WriteHeader(http.StatusOK)
	})
}

// Wait waits for the updates the webhook is still handling.
func (b *Bot) Wait() { b.wg.Wait() }

// Refuse writes a refusal of the webhook route: a status and a line of
// text (Telegram reads only the status).
func Refuse(w http.ResponseWriter, status int, message string) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.WriteHeader(status)
	io.WriteString(w, message+"\n")
}

// Handle answers one update.
func (b *Bot) Handle(ctx context.Context, u Update) {
	ctx, cancel := context.WithTimeout(ctx, b.opt.Timeout)
	defer cancel()
	switch {
	case u.Message != nil && u.Message.From != nil && !u.Message.From.IsBot:
		b.message(ctx, u.Message)
	case u.Callback != nil:
		b.click(ctx, u.Callback)
	}
}

// words are the bot's own sentences, by language.
var words = map[string]map[string]string{
	"en": {
		"link":     "To ask Verity here, link your account: ask an admin (or open Verity's web UI) for a code, then send /start CODE in this chat.",
		"linked":   "Linked: you ask as %s until %s.",
		"badcode":  "That code did not work: %s",
		"refused":  "Verity refuses this account now (deactivated, or its link is gone). Ask an admin.",
		"failed":   "Verity could not answer: %s",
		"unlinked": "This account is no longer linked.",
		"open":     "Open a private chat with the bot and send /start first: quotes are sent there, to you alone.",
		"gone":     "This source is not available to you.",
		"sent":     "Sent to your private chat with the bot.",
		"thanks":   "Thanks for the feedback.",
		"needlink": "Feedback needs a linked account: send /start CODE to the bot in a private chat.",
		"ask":      "Ask with /ask QUESTION, or reply to one of my answers.",
	},
	"ru": {
		"link":     "Чтобы спрашивать Verity здесь, привяжите аккаунт: попросите у администратора (или в веб-интерфейсе Verity) код и отправьте в этот чат /start КОД.",
		"linked":   "Готово: вы спрашиваете как %s до %s.",
		"badcode":  "Код не подошёл: %s",
		"refused":  "Verity больше не принимает этот аккаунт (он отключён или привязка снята). Обратитесь к администратору.",
		"failed":   "Verity не смогла ответить: %s",
		"unlinked": "Аккаунт отвязан.",
		"open":     "Откройте личный чат с ботом и отправьте /start: цитаты приходят туда, только вам.",
		"gone":     "Этот источник вам недоступен.",
		"sent":     "Отправлено в ваш личный чат с ботом.",
		"thanks":   "Спасибо за отзыв.",
		"needlink": "Для отзыва нужен привязанный аккаунт: отправьте боту /start КОД в личном чате.",
		"ask":      "Спросите командой /ask ВОПРОС или ответьте на мой ответ.",
	},
}

func say(lang, key string) string { return words[render.ChatLanguage(lang)][key] }

var html = render.TelegramHTML{}

// account is who wrote, and where.
func account(from User, chat Chat) kb.Account {
	return kb.Account{Platform: "telegram", ID: strconv.FormatInt(from.ID, 10), Chat: strconv.FormatInt(chat.ID, 10), Private: chat.Type == "private"}
}

// message answers a message: a command, or a question.
func (b *Bot) message(ctx context.Context, m *Message) {
	lang, acct := m.From.Language, account(*m.From, m.Chat)
	text := strings.TrimSpace(m.Text)
	cmd, rest := command(text)
	switch cmd {
	case "/start":
		if rest == "" {
			b.send(ctx, m.Chat.ID, m.ID, html.Escape(say(lang, "link")), nil)
			return
		}
		l, err := b.svc.Link(ctx, acct, rest)
		if err != nil {
			b.send(ctx, m.Chat.ID, m.ID, html.Escape(fmt.Sprintf(say(lang, "badcode"), message(err))), nil)
			return
		}
		b.send(ctx, m.Chat.ID, m.ID, html.Escape(fmt.Sprintf(say(lang, "linked"), string(l.Principal), l.ExpiresAt.Format("2006-01-02"))), nil)
		return
	case "/unlink":
		c, err := b.svc.Clicker(ctx, acct)
		if err == nil {
			_, err = b.svc.Unlink(ctx, c, "telegram", acct.ID)
		}
		if err != nil {
			b.send(ctx, m.Chat.ID, m.ID, html.Escape(fmt.Sprintf(say(lang, "failed"), message(err))), nil)
			return
		}
		b.send(ctx, m.Chat.ID, m.ID, html.Escape(say(lang, "unlinked")), nil)
		return
	case "/help":
		b.send(ctx, m.Chat.ID, m.ID, html.Escape(say(lang, "link")+"\n"+say(lang, "ask")), nil)
		return
	case "/ask":
		text = rest
	case "":
	default:
		return // another bot's command, or one Verity does not have
	}
	follow := answerOf(m.ReplyTo)
	if !acct.Private && cmd != "/ask" && follow == "" {
		return // in a group, the bot answers /ask and replies to its answers only
	}
	if text == "" {
		b.send(ctx, m.Chat.ID, m.ID, html.Escape(say(lang, "ask")), nil)
		return
	}
	c, err := b.svc.ChatCaller(ctx, acct, b.opt.Anonymous)
	switch {
	case kb.NotLinked(err):
		b.send(ctx, m.Chat.ID, m.ID, html.Escape(say(lang, "link")), nil)
		return
	case verity.ErrorCode(err) == verity.EUNAUTHORIZED:
		b.send(ctx, m.Chat.ID, m.ID, html.Escape(say(lang, "refused")), nil)
		return
	case err != nil:
		b.fail(ctx, m, err)
		return
	}
	a, err := b.svc.Ask(ctx, c, kb.AskRequest{Question: text, Transport: "telegram", FollowUp: follow})
	if verity.ErrorCode(err) == verity.ENOTFOUND && follow != "" {
		// A reply to an answer given to someone else: asked on its own.
		a, err = b.svc.Ask(ctx, c, kb.AskRequest{Question: text, Transport: "telegram"})
	}
	if err != nil {
		b.fail(ctx, m, err)
		return
	}
	msg := render.ChatAnswer(html, a, lang, b.request)
	b.send(ctx, m.Chat.ID, m.ID, msg.Text, msg.Buttons)
}

// fail tells the chat that the answer failed, with the error's message
// (kb's errors are written for the caller), and logs it.
func (b *Bot) fail(ctx context.Context, m *Message, err error) {
	b.log.Warn("telegram: an update failed", "chat_type", m.Chat.Type, "code", verity.ErrorCode(err), "error", err.Error())
	b.send(ctx, m.Chat.ID, m.ID, html.Escape(fmt.Sprintf(say(m.From.Language, "failed"), message(err))), nil)
}

// click answers a button: "show source" sends the quote to the clicker's
// private chat after kb re-checks the clicker's rights; 👍/👎 record
// feedback as the clicker.
func (b *Bot) click(ctx context.Context, q *CallbackQuery) {
	lang := q.From.Language
	acct := kb.Account{Platform: "telegram", ID: strconv.FormatInt(q.From.ID, 10)}
	c, err := b.svc.Clicker(ctx, acct)
	if err != nil {
		key := "open"
		if strings.HasPrefix(q.Data, render.RatePrefix) {
			key = "needlink"
		}
		if !kb.NotLinked(err) {
			key = "refused"
		}
		b.answer(ctx, q.ID, say(lang, key), true)
		return
	}
	switch {
	case strings.HasPrefix(q.Data, render.ShowPrefix):
		id, n, _ := strings.Cut(strings.TrimPrefix(q.Data, render.ShowPrefix), ":")
		num, _ := strconv.Atoi(n)
		s, err := b.svc.ShowSource(ctx, c, kb.ShowSourceRequest{Answer: id, N: num})
		if err != nil {
			if verity.ErrorCode(err) != verity.ENOTFOUND {
				b.log.Warn("telegram: show source failed", "code", verity.ErrorCode(err), "error", err.Error())
			}
			b.answer(ctx, q.ID, say(lang, "gone"), true)
			return
		}
		// The quote goes to the clicker alone: its private chat with the
		// bot, whose id is the clicker's own.
		err = b.api.call(ctx, "sendMessage", sendMessage{ChatID: q.From.ID, Text: render.ChatSource(html, s, lang), ParseMode: "HTML",
			NoPreview: &linkPreview{Disabled: true}}, nil)
		var apiErr *APIError
		if errors.As(err, &apiErr) && apiErr.Code == http.StatusForbidden {
			b.answer(ctx, q.ID, say(lang, "open"), true)
			return
		}
		if err != nil {
			b.log.Warn("telegram: sending a quote failed", "error", err.Error())
		}
		text := ""
		if q.Message == nil || q.Message.Chat.Type != "private" {
			text = say(lang, "sent")
		}
		b.answer(ctx, q.ID, text, false)
	case strings.HasPrefix(q.Data, render.RatePrefix):
		id, rating, _ := strings.Cut(strings.TrimPrefix(q.Data, render.RatePrefix), ":")
		if _, err := b.svc.Rate(ctx, c, kb.FeedbackRequest{Answer: id, Rating: rating, Transport: "telegram"}); err != nil {
			b.answer(ctx, q.ID, fmt.Sprintf(say(lang, "failed"), message(err)), true)
			return
		}
		b.answer(ctx, q.ID, say(lang, "thanks"), false)
	default:
		b.answer(ctx, q.ID, "", false)
	}
}

// send sends an HTML message, as a reply to replyTo when it is not 0.
func (b *Bot) send(ctx context.Context, chat, replyTo int64, text string, buttons [][]render.ChatButton) {
	p := sendMessage{ChatID: chat, Text: text, ParseMode: "HTML", NoPreview: &linkPreview{Disabled: true}}
	if replyTo != 0 {
		p.ReplyTo = &replyParameters{MessageID: replyTo}
	}
	if len(buttons) > 0 {
		p.Markup = &InlineKeyboardMarkup{Rows: [][]InlineKeyboardButton{}}
		for _, row := range buttons {
			var r []InlineKeyboardButton
			for _, x := range row {
				r = append(r, InlineKeyboardButton{Text: x.Text, Data: x.Data, URL: x.URL})
			}
			p.Markup.Rows = append(p.Markup.Rows, r)
		}
	}
	if err := b.api.call(ctx, "sendMessage", p, nil); err != nil {
		b.log.Warn("telegram: sendMessage failed", "error", err.Error())
	}
}

// answer answers a callback query; an alert holds at most 200 characters.
func (b *Bot) answer(ctx context.Context, id, text string, alert bool) {
	if r := []rune(text); len(r) > 200 {
		text = string(r[:199]) + "…"
	}
	if err := b.api.call(ctx, "answerCallbackQuery", answerCallback{ID: id, Text: text, ShowAlert: alert}, nil); err != nil {
		b.log.Warn("telegram: answerCallbackQuery failed", "error", err.Error())
	}
}

// command splits "/cmd@bot rest" into "/cmd" and "rest"; text that is no
// command gives "".
func command(text string) (string, string) {
	if !strings.HasPrefix(text, "/") {
		return "", text
	}
	head, rest, _ := strings.Cut(text, " ")
	head, _, _ = strings.Cut(head, "@")
	return strings.ToLower(head), strings.TrimSpace(rest)
}

// answerOf is the answer id a message of the bot carries in its buttons,
// "" for a message that is none of the bot's answers.
func answerOf(m *Message) string {
	if m == nil || m.Markup == nil {
		return ""
	}
	for _, row := range m.Markup.Rows {
		for _, x := range row {
			for _, p := range []string{render.ShowPrefix, render.RatePrefix} {
				if strings.HasPrefix(x.Data, p) {
					id, _, _ := strings.Cut(strings.TrimPrefix(x.Data, p), ":")
					return id
				}
			}
		}
	}
	return ""
}

// message is what a person is told of an error: kb's message for the
// errors kb writes for callers, a plain word for the rest.
func message(err error) string {
	switch verity.ErrorCode(err) {
	case verity.EINTERNAL, "":
		return "an internal error"
	}
	var e *verity.Error
	if errors.As(err, &e) {
		return e.Message
	}
	return err.Error()
}

// Secret returns a secret (the bot's token, the webhook's secret token)
// from file when one is given, else env, the value of its environment
// variable; what: the flag and variable, for the error of neither.
func Secret(file, env, what string) (string, error) {
	if file != "" {
		b, err := os.ReadFile(file)
		if err != nil {
			return "", verity.Errorf(verity.EINVALID, "read %s: %w", what, err)
		}
		env = string(b)
	}
	if s := strings.TrimSpace(env); s != "" {
		return s, nil
	}
	return "", verity.Errorf(verity.EINVALID, "give %s", what)
}
