package render

import (
	"strings"
	"testing"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/answer"
	"github.com/veritykb/verity/kb"
)

// TestChatAnswer: untrusted titles are escaped in each platform's format,
// a button's callback data stays within Telegram's 64 bytes, labels follow
// the language, and a hint's "Request access" button is only an http(s)
// link from the template, with the system and author URL-escaped.
func TestChatAnswer(t *testing.T) {
	a := &kb.Answer{ID: "AAAAAAAAAAAAAAAAAAAAAA", Mode: answer.ModeGrounded, Outcome: answer.Answered, Text: "Parking is north [1].",
		Sources: []answer.Source{{N: 1, SourceID: "S1", Title: `<b>Parking</b> & "co"`, System: "wiki"}},
		Hints:   []verity.Hint{{System: "hr sys", Author: "chair@corp.example"}}}
	for _, tc := range []struct {
		m          Markup
		lang       string
		template   string
		text, show string
		link       string
	}{
		{TelegramHTML{}, "ru", "", "&lt;b&gt;Parking&lt;/b&gt; &amp; &quot;co&quot;", "Показать источник 1", ""},
		{TelegramHTML{}, "en-GB", "https://access.corp.example/new?system={system}&owner={author}", "&lt;b&gt;", "Show source 1",
			"https://access.corp.example/new?system=hr+sys&owner=chair%40corp.example"},
		{SlackMrkdwn{}, "en", "mailto:{author}", "&lt;b&gt;Parking&lt;/b&gt; &amp; \"co\"", "Show source 1", ""},
	} {
		msg := ChatAnswer(tc.m, a, tc.lang, RequestURL(tc.template))
		if !strings.Contains(msg.Text, tc.text) || strings.Contains(msg.Text, "<b>Parking") {
			t.Errorf("%T: text %q, want the title escaped as %q", tc.m, msg.Text, tc.text)
		}
		if !strings.Contains(msg.Text, "chair@corp.example") {
			t.Errorf("%T: text %q does not name the hint's author", tc.m, msg.Text)
		}
		var show, link string
		for _, row := range msg.Buttons {
			for _, b := range row {
				if len(b.Data) > 64 {
					t.Errorf("callback data %q is %d bytes", b.Data, len(b.Data))
				}
				if strings.HasPrefix(b.Data, ShowPrefix) {
					show = b.Text
				}
				if b.URL != "" {
					link = b.URL
				}
			}
		}
		if show != tc.show || link != tc.link {
			t.Errorf("%T %s: show button %q, link %q; want %q, %q", tc.m, tc.lang, show, link, tc.show, tc.link)
		}
	}
	// An answer without an id (an anonymous caller's) has no buttons to click.
	anon := *a
	anon.ID, anon.Hints = "", nil
	if msg := ChatAnswer(TelegramHTML{}, &anon, "en", nil); len(msg.Buttons) != 0 {
		t.Errorf("an answer without an id has buttons %v", msg.Buttons)
	}
	src := ChatSource(SlackMrkdwn{}, &kb.SourceShown{N: 1, Title: "T", System: "wiki", URI: "javascript:alert(1)",
		Quotes: []kb.QuoteShown{{Claim: "c", Quote: "line one\nline <two>", Paraphrased: true, Risk: "high", Reasons: []string{"lost bound"}}}}, "en")
	if strings.Contains(src, "javascript:") || !strings.Contains(src, "> line one\n> line &lt;two&gt;") || !strings.Contains(src, "paraphrased") || !strings.Contains(src, "lost bound") {
		t.Errorf("ChatSource = %q", src)
	}
}
