package render

import (
	"fmt"
	"net/url"
	"strconv"
	"strings"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/answer"
	"github.com/veritykb/verity/kb"
	"github.com/veritykb/verity/printable"
)

// Chat messages: an answer kept short for a chat (the prose with its
// numbered citations and a line per source), the buttons under it, and
// what a "show source" click sends. A Markup writes them in a platform's
// own format (Telegram's HTML, Slack's mrkdwn); every untrusted string
// goes through its Escape.

// Markup is a chat platform's text format.
type Markup interface {
	Escape(s string) string
	Bold(s string) string         // s is already escaped
	Quote(s string) string        // a block quote; s is already escaped
	Link(text, uri string) string // text is already escaped; uri is raw
}

// ChatMessage is an answer as a chat shows it: the text, and the buttons
// under it in rows.
type ChatMessage struct {
	Text    string
	Buttons [][]ChatButton
}

// ChatButton is a button: a callback (Data, resolved by the server) or a
// link (URL).
type ChatButton struct {
	Text string
	Data string
	URL  string
}

// Callback data of the buttons: an answer's id (22 characters) and a
// number or a rating, well under Telegram's 64 bytes and opaque to anyone
// who sees them: the server resolves each click with the clicker's rights.
const (
	ShowPrefix = "s:"
	RatePrefix = "r:"
)

// MaxChatText is how much of an answer's prose a chat message holds, and
// MaxChatSources how many of its sources it lists (with a button each):
// the message stays under Telegram's 4,096 characters and Slack's 3,000
// per section.
const (
	MaxChatText    = 2000
	MaxChatSources = 8
)

// chatWords are a chat's words in Russian and English.
var chatWords = map[string]map[string]string{
	"en": {"show": "Show source", "sources": "Sources", "notfound": "Not found", "request": "Request access", "hint": "A record in %s that you cannot read would also answer this%s.",
		"ask": "; ask %s for access", "quote": "verbatim quote", "paraphrase": "paraphrased", "exact": "exact", "risk": "Distortion risk: %s", "noquote": "No verbatim quote was located in this source for the answer's claims.",
		"conversational":   "Nothing in the knowledge base: a conversational reply, nothing cited.",
		"nf-not_in_corpus": "nothing you may read in the knowledge base answers this.", "nf-retracted": "the answer rested on sources that have since been revoked.",
		"nf-insufficient_support": "records about this were found, but nothing in them answers it."},
	"ru": {"show": "Показать источник", "sources": "Источники", "notfound": "Не найдено", "request": "Запросить доступ", "hint": "Запись в %s, которую вы не можете читать, тоже отвечает на вопрос%s.",
		"ask": "; доступ даёт %s", "quote": "дословная цитата", "paraphrase": "пересказ", "exact": "точно", "risk": "Риск искажения: %s", "noquote": "Дословной цитаты для утверждений ответа в этом источнике не найдено.",
		"conversational":   "В базе знаний ничего нет: ответ без источников.",
		"nf-not_in_corpus": "в доступной вам базе знаний ответа нет.", "nf-retracted": "ответ опирался на источники, которые с тех пор отозваны.",
		"nf-insufficient_support": "записи на эту тему нашлись, но ответа в них нет."},
}

// ChatLanguage picks ru or en from a platform's language code.
func ChatLanguage(code string) string {
	if strings.HasPrefix(strings.ToLower(code), "ru") {
		return "ru"
	}
	return "en"
}

func word(lang, key string) string { return chatWords[ChatLanguage(lang)][key] }

// ChatAnswer renders an answer for a chat: short prose with [N] citations,
// one button per source ("Show source N"), 👍/👎 when the answer has an id,
// and each hint's system and author, with a "Request access" button when
// requestURL gives a link (see hintLines).
func ChatAnswer(m Markup, a *kb.Answer, lang string, requestURL func(system, author string) string) ChatMessage {
	var b strings.Builder
	var msg ChatMessage
	switch {
	case a.Mode == answer.ModeConversational:
		b.WriteString(m.Escape(word(lang, "conversational")) + "\n\n" + m.Escape(clip(printable.Text(a.Text), MaxChatText)))
	case a.Outcome == answer.NotFound:
		b.WriteString(m.Bold(m.Escape(word(lang, "notfound"))) + ": " + m.Escape(notFoundWords(lang, a.NotFoundReason)))
	default:
		b.WriteString(m.Escape(clip(printable.Text(a.Text), MaxChatText)))
		if len(a.Sources) > 0 {
			b.WriteString("\n\n" + m.Bold(m.Escape(word(lang, "sources"))))
		}
		var row []ChatButton
		for i, s := range a.Sources {
			if i == MaxChatSources {
				fmt.Fprintf(&b, "\n… +%d", len(a.Sources)-i)
				break
			}
			fmt.Fprintf(&b, "\n[%d] %s — %s", s.N, m.Escape(printable.Line(titleOrID(s.Title, s.SourceID), 100)), m.Escape(printable.Text(s.System)))
			if a.ID == "" {
				continue
			}
			row = append(row, ChatButton{Text: word(lang, "show") + " " + strconv.Itoa(s.N), Data: ShowPrefix + a.ID + ":" + strconv.Itoa(s.N)})
			if len(row) == 2 {
				msg.Buttons, row = append(msg.Buttons, row), nil
			}
		}
		if len(row) > 0 {
			msg.Buttons = append(msg.Buttons, row)
		}
	}
	hintLines(m, &b, &msg, a.Hints, lang, requestURL)
	if a.ID != "" && a.Mode != answer.ModeConversational {
		msg.Buttons = append(msg.Buttons, []ChatButton{{Text: "👍", Data: RatePrefix + a.ID + ":up"}, {Text: "👎", Data: RatePrefix + a.ID + ":down"}})
	}
	msg.Text = b.String()
	return msg
}

// RequestURL returns the "Request access" link of a template into which
// only the system and the author are put, URL-escaped: {system},
// {author}. An empty template gives nil: no button (the hint's text names
// the author to write to).
func RequestURL(template string) func(system, author string) string {
	if template == "" {
		return nil
	}
	return func(system, author string) string {
		return strings.NewReplacer("{system}", url.QueryEscape(system), "{author}", url.QueryEscape(author)).Replace(template)
	}
}

// ChatSource renders what a "show source" click sends: the source's
// title, system and link, then each quote as a block quote with its
// exact/paraphrase mark and any distortion warning.
func ChatSource(m Markup, s *kb.SourceShown, lang string) string {
	var b strings.Builder
	title := m.Bold(m.Escape(fmt.Sprintf("[%d] %s", s.N, printable.Line(titleOrID(s.Title, s.SourceID), 200))))
	if u, err := url.Parse(s.URI); err == nil && (u.Scheme == "https" || u.Scheme == "http") {
		title = m.Link(title, s.URI)
	}
	b.WriteString(title + " — " + m.Escape(printable.Text(s.System)))
	if len(s.Quotes) == 0 {
		b.WriteString("\n\n" + m.Escape(word(lang, "noquote")))
	}
	for _, q := range s.Quotes {
		mark := word(lang, "exact")
		if q.Paraphrased {
			mark = word(lang, "paraphrase")
		}
		b.WriteString("\n\n" + m.Quote(m.Escape(clip(printable.Text(q.Quote), 1500))))
		b.WriteString("\n" + m.Escape(word(lang, "quote")+" · "+mark+" — "+clip(printable.Text(q.Claim), 300)))
		if q.Risk != "" && q.Risk != string(answer.RiskNone) {
			r := q.Risk
			if len(q.Reasons) > 0 {
				r += ": " + strings.Join(q.Reasons, "; ")
			}
			b.WriteString("\n⚠️ " + m.Escape(fmt.Sprintf(word(lang, "risk"), printable.Text(r))))
		}
	}
	return b.String()
}

// notFoundWords says why nothing was found, in lang.
func notFoundWords(lang string, r answer.Reason) string {
	if s := word(lang, "nf-"+string(r)); s != "" {
		return s
	}
	return word(lang, "nf-not_in_corpus")
}

// clip cuts s to at most n runes, marking the cut.
func clip(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}

// TelegramHTML is Telegram's HTML parse mode.
type TelegramHTML struct{}

var htmlEscaper = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;")

func (TelegramHTML) Escape(s string) string { return htmlEscaper.Replace(s) }
func (TelegramHTML) Bold(s string) string   { return "<b>" + s + "</b>" }
func (TelegramHTML) Quote(s string) string  { return "<blockquote>" + s + "</blockquote>" }
func (TelegramHTML) Link(text, uri string) string {
	return `<a href="` + htmlEscaper.Replace(uri) + `">` + text + "</a>"
}

// ChatHints renders permission hints for the person who asked alone (an
// answer given to a room has none): each names a system and an author,
// with a "Request access" button.
func ChatHints(m Markup, hints []verity.Hint, lang string, requestURL func(system, author string) string) ChatMessage {
	var b strings.Builder
	var msg ChatMessage
	hintLines(m, &b, &msg, hints, lang, requestURL)
	msg.Text = strings.TrimSpace(b.String())
	return msg
}

// hintLines writes a line per hint to b (the author's email in it) and,
// when requestURL is set, its "Request access" button to msg: only an
// http(s) link, since chat platforms refuse a button to anything else (a
// mailto among them).
func hintLines(m Markup, b *strings.Builder, msg *ChatMessage, hints []verity.Hint, lang string, requestURL func(system, author string) string) {
	for _, h := range hints {
		ask := ""
		if h.Author != "" {
			ask = fmt.Sprintf(word(lang, "ask"), m.Escape(printable.Text(h.Author)))
		}
		b.WriteString("\n\n" + fmt.Sprintf(m.Escape(word(lang, "hint")), m.Escape(printable.Text(h.System)), ask))
		if requestURL == nil {
			continue
		}
		if u, err := url.Parse(requestURL(h.System, h.Author)); err == nil && (u.Scheme == "https" || u.Scheme == "http") && u.Host != "" {
			msg.Buttons = append(msg.Buttons, []ChatButton{{Text: word(lang, "request") + ": " + printable.Line(h.System, 40), URL: u.String()}})
		}
	}
}

// SlackMrkdwn is Slack's mrkdwn text format.
type SlackMrkdwn struct{}

var mrkdwnEscaper = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;")

func (SlackMrkdwn) Escape(s string) string { return mrkdwnEscaper.Replace(s) }
func (SlackMrkdwn) Bold(s string) string   { return "*" + s + "*" }
func (SlackMrkdwn) Quote(s string) string  { return "> " + strings.ReplaceAll(s, "\n", "\n> ") }
func (SlackMrkdwn) Link(text, uri string) string {
	return "<" + strings.NewReplacer("|", "%7C", "<", "%3C", ">", "%3E").Replace(uri) + "|" + text + ">"
}
