package web_test

import (
	"encoding/json"
	"fmt"
	"net/url"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// TestLanguage starts in the browser's language (Russian from the
// Accept-Language a Russian browser sends), switches to English with the
// button, and keeps the choice over a reload.
func TestLanguage(t *testing.T) {
	f := build(t)
	s := f.start(t, serverOptions{})
	tb := newTab(t, 1280, 800)
	if _, err := chromedp.Call(tb.ctx, emulation.SetUserAgentOverride, emulation.SetUserAgentOverrideParams{
		UserAgent: "Mozilla/5.0 (X11; Linux x86_64) verity-test", AcceptLanguage: "ru-RU,ru;q=0.9",
	}); err != nil {
		t.Fatal(err)
	}
	tb.signIn(s, f.tokens["alice"], "/?q="+url.QueryEscape("Как часто пересматриваются права доступа?"))
	tb.wait("#answer .prose")
	if got := eval[string](tb, `document.documentElement.lang`); got != "ru" {
		t.Errorf("lang = %q, want ru from Accept-Language", got)
	}
	for sel, want := range map[string]string{`#nav a[data-view="ask"]`: "Вопрос", "#answer-title": "Ответ", "#signout": "Выйти", "#lang": "English"} {
		if got := tb.textOf(sel); got != want {
			t.Errorf("in Russian %s = %q, want %q", sel, got, want)
		}
	}
	if got := tb.textOf(".claim .badge.exact"); got != "дословно" {
		t.Errorf("the exact badge in Russian = %q", got)
	}
	tb.click("#lang")
	tb.waitJS(`document.documentElement.lang === 'en'`)
	tb.wait("#answer .prose")
	for sel, want := range map[string]string{`#nav a[data-view="ask"]`: "Ask", "#answer-title": "Answer", "#lang": "Русский"} {
		if got := tb.textOf(sel); got != want {
			t.Errorf("in English %s = %q, want %q", sel, got, want)
		}
	}
	tb.do(chromedp.Reload())
	tb.wait("#answer .prose")
	if got := tb.textOf(`#nav a[data-view="ask"]`); got != "Ask" {
		t.Errorf("after a reload the switch is forgotten: %q", got)
	}
}

// TestKeyboard walks the page with Tab: the skip link comes first, every
// stop is a real link, button or field with a visible focus ring, and
// Enter on a footnote opens the source.
func TestKeyboard(t *testing.T) {
	f := build(t)
	s := f.start(t, serverOptions{})
	tb := newTab(t, 1280, 800)
	tb.signIn(s, f.tokens["alice"], "/?q="+url.QueryEscape("Как часто пересматриваются права доступа?"))
	tb.wait("#answer .prose a.footnote")
	// Start where a keyboard user starts: the top of the page.
	eval[chromedp.Void](tb, `document.querySelector('.skip').focus()`)
	type stop struct {
		Tag, Text, Outline string
		Visible            bool
	}
	var stops []stop
	for i := 0; i < 40; i++ {
		if i > 0 {
			tb.do(chromedp.KeyEvent("\t"))
		}
		raw := eval[string](tb, `JSON.stringify((() => {
			const e = document.activeElement, cs = getComputedStyle(e), r = e.getBoundingClientRect();
			return {Tag: e.tagName.toLowerCase() + (e.type ? ':' + e.type : ''), Text: (e.textContent || e.value || '').trim().slice(0, 40),
				Outline: cs.outlineStyle + ' ' + cs.outlineWidth, Visible: r.width > 0 && r.height > 0};
		})())`)
		var st stop
		if err := json.Unmarshal([]byte(raw), &st); err != nil {
			t.Fatal(err)
		}
		stops = append(stops, st)
		if strings.HasPrefix(st.Tag, "a") && st.Text == "1" {
			break // the footnote
		}
	}
	if len(stops) == 0 || stops[0].Tag != "a" || !strings.Contains(stops[0].Text, "Skip") {
		t.Errorf("the first Tab stop is %+v, want the skip link", stops[0])
	}
	for _, st := range stops {
		tag, _, _ := strings.Cut(st.Tag, ":")
		if tag != "a" && tag != "button" && tag != "textarea" && tag != "input" && tag != "summary" {
			t.Errorf("Tab stops at a %s (%q): only links, buttons and fields", st.Tag, st.Text)
		}
		if strings.HasPrefix(st.Outline, "none") || strings.HasSuffix(st.Outline, " 0px") || !st.Visible {
			t.Errorf("the focus on %s %q is not visible: outline %s", st.Tag, st.Text, st.Outline)
		}
	}
	last := stops[len(stops)-1]
	if last.Text != "1" {
		t.Fatalf("Tab never reached the footnote: %+v", stops)
	}
	tb.do(chromedp.KeyEvent("\r"))
	tb.wait("mark#highlight")
	if got := eval[string](tb, `document.activeElement.id`); got != "highlight" {
		t.Errorf("after opening the source the focus is on %q, want the highlight", got)
	}
}

// TestAnswerRendering feeds the page's own renderer an answer with what the
// offline engine does not produce — a paraphrase with a high distortion
// risk and its reasons, a second citation of the same source, a statement
// left unverified, a stage that failed — and checks what it shows; and the
// byte-span conversion on characters of one to four bytes.
func TestAnswerRendering(t *testing.T) {
	f := build(t)
	s := f.start(t, serverOptions{})
	tb := newTab(t, 390, 844)
	tb.signIn(s, f.tokens["alice"], "/")
	tb.wait("#question")
	got := eval[string](tb, `import('/assets/js/ask.js').then(m => {
		const a = {
			mode: 'grounded', outcome: 'answered', not_found_reason: '', model: 'scripted', policy: 'broad',
			answer: 'Access is reviewed once a year [1]. Leavers are blocked on their last day [1, 2].',
			claims: [
				{claim: 'Access is reviewed once a year.', is_paraphrased: true, distortion_risk: 'high',
				 distortion_reasons: ['qualifier: the quote bounds it from below ("не реже"), the claim does not', 'condition: the quote holds only under a condition ("при"), the claim leaves it out'],
				 distortions: [{kind: 'qualifier', in: 'quote', qualifier: 'lower', cues: ['не реже'], risk: 'high'}, {kind: 'condition', in: 'quote', cues: ['при'], risk: 'low'}], support: {grade: 3}, marked: true, refs: [1],
				 citations: [{n: 1, source_id: 'wiki/SEC/access-review', version: 1, title: 'Политика', system: 'confluence',
				   quote: {text: 'пересматриваются не реже одного раза в 12 месяцев', start: 10, end: 20, kind: 'normalized'}}]},
				{claim: 'Leavers are blocked on their last day.', is_paraphrased: false, distortion_risk: 'none', distortion_reasons: [], support: {grade: 1}, refs: [1, 2],
				 citations: [{n: 1, source_id: 'wiki/SEC/access-review', version: 1, title: 'Политика', system: 'confluence', quote: {text: 'блокируется в день увольнения', start: 30, end: 40, kind: 'exact'}},
				             {n: 2, source_id: 'CONF-104', version: 2, title: 'Deploys', system: 'confluence', quote: null, evidence: {start: 0, end: 5}}]},
				{claim: 'Reviews are done by the head of the unit.', is_paraphrased: true, distortion_risk: 'none', distortion_reasons: [], support: {grade: 2}, refs: [],
				 citations: [{n: 1, source_id: 'wiki/SEC/access-review', version: 1, title: 'Политика', system: 'confluence', quote: {text: 'отвечает руководитель подразделения', start: 50, end: 60, kind: 'fuzzy'}}]},
			],
			unverified_claims: [{claim: 'Audits happen weekly.', reason: 'no source supports it', stage: 'facts'}],
			failures: [{stage: 'assemble', code: 'malformed', message: 'assembled by code'}],
			hints: [], sources: [{n: 1, source_id: 'wiki/SEC/access-review', version: 1, title: 'Политика', system: 'confluence', uri: 'file:///x'},
			                     {n: 2, source_id: 'CONF-104', version: 2, title: 'Deploys', system: 'confluence', uri: 'https://wiki.corp.example/d', evidence: {start: 0, end: 5}}],
		};
		const main = document.getElementById('result');
		main.replaceChildren(m.renderAnswer(a));
		const q = (sel) => [...main.querySelectorAll(sel)];
		return JSON.stringify({
			footnotes: q('#prose a.footnote').map(a => a.getAttribute('href')),
			paraphrase: q('.claim .badge.paraphrase').length, exact: q('.claim .badge.exact').length, distortion: q('.claim .badge.distortion').length,
			marks: q('.claim').map(c => c.querySelectorAll('.badge').length),
			kinds: q('.claim .cite .kind').map(e => e.textContent),
			warning: q('.claim .warning.distortion').map(e => e.textContent),
			marked: q('.claim > p.warning').length,
			missing: q('.claim .quote.missing').length,
			unverified: q('#unverified li').map(e => e.textContent),
			failures: q('.failures li').map(e => e.textContent),
			links: q('.sources a.uri').map(a => a.href), texts: q('.sources .uri:not(a)').map(e => e.textContent),
		});
	})`)
	var r struct {
		Footnotes         []string
		Paraphrase, Exact int
		Distortion        int
		Marks             []int
		Kinds             []string
		Warning           []string
		Marked, Missing   int
		Unverified        []string
		Failures          []string
		Links, Texts      []string
	}
	if err := json.Unmarshal([]byte(got), &r); err != nil {
		t.Fatal(err)
	}
	want := []string{ // the k-th [1] opens the k-th claim's quote; [2] has no quote, so its chunk
		"/sources/wiki%2FSEC%2Faccess-review?version=1#10-20",
		"/sources/wiki%2FSEC%2Faccess-review?version=1#30-40",
		"/sources/CONF-104?version=2#0-5",
	}
	if strings.Join(r.Footnotes, " ") != strings.Join(want, " ") {
		t.Errorf("footnotes = %q, want %q", r.Footnotes, want)
	}
	// One mark per claim: the risky paraphrase is a possible distortion,
	// the faithful one a paraphrase, the third an exact quote.
	if r.Distortion != 1 || r.Paraphrase != 1 || r.Exact != 1 || fmt.Sprint(r.Marks) != "[1 1 1]" {
		t.Errorf("marks: %d distortion, %d paraphrase, %d exact, per claim %v; want one of each, one per claim", r.Distortion, r.Paraphrase, r.Exact, r.Marks)
	}
	// How a quote was found is said in words, and only when not byte for byte.
	if len(r.Kinds) != 2 || !strings.Contains(r.Kinds[0], "spacing") || !strings.Contains(r.Kinds[1], "few words") {
		t.Errorf("quote kinds shown = %q, want the normalized and the fuzzy quote's, in words", r.Kinds)
	}
	if len(r.Warning) != 1 || !strings.Contains(r.Warning[0], "high") || !strings.Contains(r.Warning[0], `the quote bounds it from below ("не реже"), the claim does not`) || !strings.Contains(r.Warning[0], `under a condition ("при")`) {
		t.Errorf("distortion warning = %q, want the risk and both reasons", r.Warning)
	}
	if r.Marked != 1 || r.Missing != 1 {
		t.Errorf("%d partly-supported marks, %d missing quotes; want 1 and 1", r.Marked, r.Missing)
	}
	if len(r.Unverified) != 1 || !strings.Contains(r.Unverified[0], "Audits happen weekly.") || !strings.Contains(r.Unverified[0], "no source supports it") {
		t.Errorf("unverified = %q, want the claim and its reason", r.Unverified)
	}
	if len(r.Failures) != 1 || !strings.Contains(r.Failures[0], "assemble") {
		t.Errorf("failures = %q", r.Failures)
	}
	if strings.Join(r.Links, " ") != "https://wiki.corp.example/d" || strings.Join(r.Texts, " ") != "file:///x" {
		t.Errorf("source uris: links %q, text %q; want only the https one linked", r.Links, r.Texts)
	}
	eval[chromedp.Void](tb, `document.querySelector('.claims').scrollIntoView()`)
	tb.screenshot("webui-answer-flags-phone", 780, 1688)

	// Byte spans over characters of 1, 2, 3 and 4 bytes.
	spans := eval[string](tb, `import('/assets/js/span.js').then(m => JSON.stringify([
		m.byteSlice('aПр✅😀b', 1, 5),
		m.byteSlice('aПр✅😀b', 5, 8),
		m.byteSlice('aПр✅😀b', 8, 12),
		m.byteSlice('aПр✅😀b', 12, 13),
		m.byteSlice('aПр✅😀b', 2, 5),
		m.byteSlice('aПр✅😀b', 9, 12),
		m.byteSlice('aПр✅😀b', 0, 14),
		m.byteSlice('aПр✅😀b', 5, 4),
		m.parseSpan('140-476'), m.parseSpan('x'), m.parseSpan('9-3'),
	]))`)
	if spans != `["Пр","✅","😀","b",null,null,null,null,{"start":140,"end":476},null,null]` {
		t.Errorf("byte spans = %s", spans)
	}
}

// TestConflictsAndParts feeds the renderer an answer to a compound
// question whose sources disagree on a date: both values are shown, each
// with the footnote that opens its own claim's quote and its source, and
// each part says whether it was answered — the hidden part with its hint.
func TestConflictsAndParts(t *testing.T) {
	f := build(t)
	s := f.start(t, serverOptions{})
	tb := newTab(t, 1280, 800)
	tb.signIn(s, f.tokens["alice"], "/")
	tb.wait("#question")
	got := eval[string](tb, `import('/assets/js/ask.js').then(m => {
		const cit = (n, id, title, start) => ({n, source_id: id, version: 1, title, system: 'file', quote: {text: 'q', start, end: start + 4, kind: 'exact'}});
		const a = {
			mode: 'grounded', outcome: 'answered', not_found_reason: '', model: 'offline', policy: 'strict',
			answer: 'Яндекс Маркет запущен в 2000 году [1]. После запуска в 2001 сервис рос [2]. Источники расходятся в дате: 2000 [1], 2001 [2].',
			claims: [
				{claim: 'Яндекс Маркет запущен в 2000 году.', is_paraphrased: false, distortion_risk: 'none', support: {grade: 1}, refs: [1], citations: [cit(1, 'DOC-1', 'История Яндекса', 10)]},
				{claim: 'После запуска в 2001 сервис рос.', is_paraphrased: false, distortion_risk: 'none', support: {grade: 1}, refs: [2], citations: [cit(2, 'DOC-3', 'Интервью с CEO', 20)]},
			],
			conflicts: [{claims: [0, 1], kind: 'date', values: ['2000', '2001']}],
			parts: [
				{question: 'Когда запустили Яндекс Маркет', outcome: 'answered', not_found_reason: '', claims: [0, 1], hints: []},
				{question: 'сколько человек сократят?', outcome: 'not_found', not_found_reason: 'insufficient_support', claims: [], hints: [{system: 'confluence', author: 'hr-lead@corp.example'}]},
			],
			unverified_claims: [{claim: 'Ozon обгоняет Маркет.', reason: 'off_topic', stage: 'relevance', relevance: {reason: 'it states no date or time'}}],
			hints: [{system: 'confluence', author: 'hr-lead@corp.example'}],
			sources: [{n: 1, source_id: 'DOC-1', version: 1, title: 'История Яндекса', system: 'file', uri: 'https://example.org/1'},
			          {n: 2, source_id: 'DOC-3', version: 1, title: 'Интервью с CEO', system: 'file', uri: 'https://example.org/3'}],
		};
		const main = document.getElementById('result');
		main.replaceChildren(m.renderAnswer(a));
		const q = (sel) => [...main.querySelectorAll(sel)];
		return JSON.stringify({
			conflict: q('#conflicts .conflict').map(e => e.textContent),
			links: q('#conflicts a.footnote').map(a => a.getAttribute('href')),
			parts: q('#parts .part').map(e => e.dataset.outcome + ': ' + e.textContent),
			offTopic: q('#unverified li').map(e => e.textContent),
		});
	})`)
	var r struct {
		Conflict, Links, Parts, OffTopic []string
	}
	if err := json.Unmarshal([]byte(got), &r); err != nil {
		t.Fatal(err)
	}
	if len(r.Conflict) != 1 || !strings.Contains(r.Conflict[0], "2000") || !strings.Contains(r.Conflict[0], "2001") ||
		!strings.Contains(r.Conflict[0], "История Яндекса") || !strings.Contains(r.Conflict[0], "Интервью с CEO") {
		t.Errorf("conflict shown = %q, want both values with their sources", r.Conflict)
	}
	if strings.Join(r.Links, " ") != "/sources/DOC-1?version=1#10-14 /sources/DOC-3?version=1#20-24" {
		t.Errorf("conflict footnotes = %q, want each value's own quote", r.Links)
	}
	if len(r.Parts) != 2 || !strings.HasPrefix(r.Parts[0], "answered") || !strings.HasPrefix(r.Parts[1], "not_found") || !strings.Contains(r.Parts[1], "hr-lead@corp.example") {
		t.Errorf("parts shown = %q, want the answered part and the hidden one with its hint", r.Parts)
	}
	if len(r.OffTopic) != 1 || !strings.Contains(r.OffTopic[0], "it states no date or time") {
		t.Errorf("off-topic claim shown = %q, want the gate's reason", r.OffTopic)
	}
}

// TestSearchFilters narrows a search from the form by system, then by date
// from the address: the page shows what the API answers for the same
// filters, and keeps the filters open and filled.
func TestSearchFilters(t *testing.T) {
	f := build(t)
	s := f.start(t, serverOptions{})
	tb := newTab(t, 390, 844)
	const q = "Bitrix24 rollback"
	tb.signIn(s, f.tokens["alice"], "/?view=search&q="+url.QueryEscape(q))
	tb.wait("#search-results .hit")
	systems := func() string {
		return eval[string](tb, `[...new Set([...document.querySelectorAll('#search-results .hit .system')].map(e => e.textContent))].sort().join(' ')`)
	}
	if got := systems(); got != "confluence web" {
		t.Fatalf("unfiltered, the hits are of %q, want confluence and web", got)
	}
	tb.click("#search-filters summary")
	tb.do(chromedp.SendKeys(chromedp.ID("search-system"), "confluence"))
	tb.click("#search")
	tb.waitJS(`location.search.includes('system=confluence')`)
	tb.wait("#search-results .hit")
	if got := systems(); got != "confluence" {
		t.Errorf("filtered by confluence, the hits are of %q", got)
	}
	if got := eval[string](tb, `document.getElementById('search-system').value + ' ' + document.getElementById('search-filters').open`); got != "confluence true" {
		t.Errorf("after filtering, the filter reads %q, want it filled and open", got)
	}
	_, body := s.api(t, "alice", "GET", "/api/v1/search?k=10&system=confluence&q="+url.QueryEscape(q), "")
	titles := eval[string](tb, `[...document.querySelectorAll('#search-results .hit h2')].map(e => e.textContent).join('|')`)
	for _, title := range strings.Split(titles, "|") {
		if !strings.Contains(body, `"title":"`+title+`"`) {
			t.Errorf("the page shows %q, which the API's answer for the same filter lacks: %s", title, body)
		}
	}
	tb.open(s.URL + "/?view=search&since=2026-09-01&q=" + url.QueryEscape(q))
	tb.wait("#search-results .empty")
	if got := eval[string](tb, `document.getElementById('search-since').value`); got != "2026-09-01" {
		t.Errorf("the date filter reads %q", got)
	}
}
