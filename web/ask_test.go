package web_test

import (
	"encoding/json"
	"net/url"
	"strings"
	"testing"
)

// sourceText returns the canonical text of a source as caller reads it.
func sourceText(t *testing.T, s *server, caller, id string) string {
	t.Helper()
	st, body := s.api(t, caller, "GET", "/api/v1/source?id="+url.QueryEscape(id), "")
	var src struct {
		Text string `json:"text"`
	}
	if st != 200 || json.Unmarshal([]byte(body), &src) != nil {
		t.Fatalf("source %s as %s = %d %s", id, caller, st, body)
	}
	return src.Text
}

// TestAskThenSource asks a question from the corpus as alice, sees the
// answer stream through its stages and arrive with a footnote and a
// verbatim quote, clicks the footnote, and finds the source open with the
// highlighted text equal to the bytes the citation's span names — at
// desktop and phone width (TestTour photographs the pages).
func TestAskThenSource(t *testing.T) {
	f := build(t)
	const question = "Как часто пересматриваются права доступа?"
	for _, size := range []struct {
		name          string
		width, height int64
	}{{"desktop", 1280, 800}, {"phone", 390, 844}} {
		t.Run(size.name, func(t *testing.T) {
			s := f.start(t, serverOptions{}) // a fresh answer cache: the stages stream
			tb := newTab(t, size.width, size.height)
			tb.signIn(s, f.tokens["alice"], "/?q="+url.QueryEscape(question))
			tb.wait("#answer .prose a.footnote")
			if got := tb.principalOf("#actor"); got != "user:alice@corp.example" {
				t.Errorf("acting as %q, want user:alice@corp.example", got)
			}
			if n := eval[int](tb, `document.querySelectorAll('#stages li.done').length`); n < 2 {
				t.Errorf("%d stages shown done, want the search and the rest", n)
			}
			if !eval[bool](tb, `!!document.querySelector('#stages li[data-stage="search"].done')`) {
				t.Errorf("no search stage shown: %s", tb.textOf("#stages"))
			}
			quote := tb.textOf(".claim blockquote .quote-link")
			if !strings.Contains(quote, "пересматриваются не реже одного раза в 12 месяцев") {
				t.Errorf("quote = %q, want the access policy's sentence", quote)
			}
			if got := tb.textOf(".claim .badge.exact"); got == "" {
				t.Errorf("no exact badge on the claim")
			}
			// 👍 under the answer stores alice's rating: the same rating sent
			// again changes nothing.
			tb.click("#feedback-up")
			tb.waitJS(`document.getElementById('feedback-status').textContent !== ''`)
			if got := tb.textOf("#feedback-status"); !strings.Contains(got, "Спасибо") && !strings.Contains(got, "Thanks") {
				t.Errorf("after 👍 the status says %q", got)
			}
			// The header makes alice a one-time code to link her Telegram account.
			tb.click("#link-telegram")
			tb.wait("#link-code")
			if code := tb.textOf("#link-code"); !strings.HasPrefix(code, "/start ") || len(code) < len("/start ")+32 {
				t.Errorf("link code = %q, want /start and 192 random bits", code)
			}
			id := eval[string](tb, `document.querySelector('section.feedback').dataset.answer`)
			if st, body := s.api(t, "alice", "POST", "/api/v1/feedback", `{"answer_id":"`+id+`","rating":"up"}`); st != 200 || !strings.Contains(body, `"changed":false`) {
				t.Errorf("rating answer %q up again = %d %s, want unchanged (the click stored it)", id, st, body)
			}

			tb.click("#prose a.footnote")
			tb.wait("mark#highlight")
			loc := eval[string](tb, `location.pathname + location.search + location.hash`)
			if !strings.HasPrefix(loc, "/sources/wiki%2FSEC%2Faccess-review?version=1#") {
				t.Errorf("the footnote opened %s, want /sources/wiki%%2FSEC%%2Faccess-review?version=1#START-END", loc)
			}
			start := eval[int](tb, `Number(document.getElementById('highlight').dataset.start)`)
			end := eval[int](tb, `Number(document.getElementById('highlight').dataset.end)`)
			text := sourceText(t, s, "alice", accessID)
			if start < 0 || end > len(text) || start >= end {
				t.Fatalf("span %d-%d outside the text of %d bytes", start, end, len(text))
			}
			marked := tb.textOf("mark#highlight")
			if marked != text[start:end] || marked != quote {
				t.Errorf("highlighted %q; the span's bytes are %q, the quote %q", marked, text[start:end], quote)
			}
			if start == len([]rune(text[:start])) {
				t.Errorf("span starts at byte %d = rune %d: the test needs multi-byte text before the quote", start, start)
			}
			if !eval[bool](tb, `(() => { const r = document.getElementById('highlight').getBoundingClientRect(); return r.top >= 0 && r.top < innerHeight; })()`) {
				t.Errorf("the highlight is not scrolled into view")
			}
			if got := tb.textOf("#source-title"); got != "Политика пересмотра прав доступа" {
				t.Errorf("source title = %q", got)
			}
			meta := tb.textOf(".source .meta")
			for _, want := range []string{"confluence", "security-lead@corp.example", "1"} {
				if !strings.Contains(meta, want) {
					t.Errorf("source details %q lack %q", meta, want)
				}
			}
			if href := eval[string](tb, `document.querySelector('.source .meta a.uri').href`); href != "https://wiki.corp.example/display/SEC/Access+Review" {
				t.Errorf("original link = %q", href)
			}

			// Back to the answer, which is not asked again.
			tb.click("#back")
			tb.wait("#answer .prose a.footnote")
		})
	}
}

// TestSourceDeepLink opens /sources/ID#START-END directly, with an id
// holding "/" and a span computed over the UTF-8 bytes, after emoji (four
// bytes, two UTF-16 units each) and Cyrillic (two bytes, one unit): the
// highlight is exactly those bytes. A span that cuts a character in two
// highlights nothing and says so.
func TestSourceDeepLink(t *testing.T) {
	f := build(t)
	s := f.start(t, serverOptions{})
	tb := newTab(t, 1280, 800)
	text := sourceText(t, s, "alice", accessID)
	want := "За пересмотр отвечает руководитель подразделения."
	start := strings.Index(text, want)
	if start < 0 {
		t.Fatalf("%q not in the access policy", want)
	}
	end := start + len(want)
	tb.signIn(s, f.tokens["alice"], "/sources/"+url.PathEscape(accessID)+"#"+itoa(start)+"-"+itoa(end))
	tb.wait("mark#highlight")
	if got := tb.textOf("mark#highlight"); got != want {
		t.Errorf("deep link highlighted %q, want %q", got, want)
	}
	// One byte into a two-byte letter.
	tb.open(s.URL + "/sources/" + url.PathEscape(accessID) + "#" + itoa(start+1) + "-" + itoa(end))
	tb.wait("#span-note.warning")
	if eval[bool](tb, `!!document.getElementById('highlight')`) {
		t.Errorf("a span inside a character was highlighted")
	}
	tb.click("#plain")
	if got := tb.textOf("#source-text"); got != text {
		t.Errorf("the plain source text shown differs from the canonical text")
	}
}

func itoa(n int) string {
	b, _ := json.Marshal(n)
	return string(b)
}
