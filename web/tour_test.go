package web_test

import (
	"encoding/json"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/answer"
	"github.com/veritykb/verity/extract"
	"github.com/veritykb/verity/quote"
	"github.com/veritykb/verity/receipt"
	"github.com/veritykb/verity/relocate"
)

// vocabulary is the API's English vocabulary: the values its answers
// carry that the UI turns into labels (quote kinds, marks, policies, the
// offline model, statuses, entity types, record kinds, log actions,
// outcomes, stages, roles, principals' kinds). In Russian none of them may
// show in the UI's own words.
func vocabulary() map[string]bool {
	words := []string{
		string(quote.Exact), string(quote.Normalized), string(quote.Repaired), string(quote.Fuzzy),
		"paraphrase", "paraphrased", "distortion", "verbatim",
		string(answer.Strict), string(answer.Broad), string(answer.RiskLow), string(answer.RiskHigh), string(answer.RiskNone),
		string(answer.Answered), string(answer.NotFound), string(answer.NotInCorpus), string(answer.InsufficientSupport), string(answer.Retracted),
		string(answer.ModeGrounded), string(answer.ModeConversational),
		"offline", "model", "policy", "score", "support",
		string(verity.StatusActive), string(verity.StatusRevoked),
		string(verity.StateAlive), string(verity.StateDead), string(verity.StateUndetermined),
		extract.SubjectOrganization, extract.SubjectProduct, extract.ShapePerson,
		string(verity.KindEdge), string(verity.KindEvidence), string(verity.KindEntity), string(verity.KindMerge),
		string(verity.KindSentence), string(verity.KindStatement), string(verity.KindQuote), string(verity.KindPublication),
		string(receipt.ActionRevoke), string(receipt.ActionUnrevoke), string(relocate.Who), "undo", "undone", "undoes",
		extract.Accepted, extract.Rejected, extract.Review, extract.Duplicate, "approve", "reject",
		extract.StepCandidates, extract.StepShape, extract.StepReferent, extract.StepPanel, extract.StepDecision, extract.StepRelocate,
		"search", "draft", "verify", "facts", "assemble", "relevance", "quotes", "check", "done", "running",
		"record", "records", "claim", "claims", "statement", "statements", "supported",
		string(verity.RoleCurator), string(verity.RoleAdmin), string(verity.Public), "user", "group",
		"confidence", "votes", "answered", "source", "sources", "version", "bytes", "span",
	}
	m := map[string]bool{}
	for _, w := range words {
		for _, part := range strings.FieldsFunc(w, func(r rune) bool { return r == '_' || r == '-' }) {
			m[strings.ToLower(part)] = true
		}
	}
	return m
}

// chromeWords returns the Latin words of the UI's own text on the page —
// every text node, title, aria-label and placeholder outside what the UI
// marks as a document's, a model's or a person's text (class "doc"), code
// and form values — each with where it stands.
func chromeWords(tb *tab) map[string]string {
	tb.t.Helper()
	raw := eval[string](tb, `JSON.stringify((() => {
		const out = [];
		const skip = (el) => !!el.closest('.doc, code, pre, script, style, textarea, [hidden], noscript');
		const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
		for (let n = walker.nextNode(); n; n = walker.nextNode()) {
			if (n.parentElement && !skip(n.parentElement) && n.textContent.trim()) out.push([n.textContent, n.parentElement.tagName + '.' + n.parentElement.className]);
		}
		for (const el of document.querySelectorAll('[title], [aria-label], [placeholder]')) {
			if (skip(el)) continue;
			for (const a of ['title', 'aria-label', 'placeholder']) if (el.getAttribute(a)) out.push([el.getAttribute(a), el.tagName + '[' + a + ']']);
		}
		return out;
	})())`)
	var texts [][2]string
	if err := json.Unmarshal([]byte(raw), &texts); err != nil {
		tb.t.Fatal(err)
	}
	out := map[string]string{}
	for _, tx := range texts {
		for _, w := range strings.FieldsFunc(tx[0], func(r rune) bool { return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r == '_') }) {
			out[strings.ToLower(w)] = tx[1] + ": " + strings.TrimSpace(tx[0])
		}
	}
	return out
}

// checkRussian fails the test on any word of the API's vocabulary in the
// UI's own text of the page.
func checkRussian(tb *tab, page string, vocab map[string]bool) {
	tb.t.Helper()
	words := chromeWords(tb)
	if len(words) == 0 && eval[int](tb, `document.body.innerText.length`) == 0 {
		tb.t.Fatalf("%s: the page shows nothing", page)
	}
	for w, where := range words {
		for _, part := range strings.Split(w, "_") {
			if vocab[part] {
				tb.t.Errorf("%s in Russian shows the API's word %q in %s", page, part, where)
			}
		}
	}
}

// TestTour walks every view as the curator — the empty ask page with its
// examples, an answer, its source, search, the graph with an explanation,
// the review queue and the revocation log after a revoke, its undo and
// another revoke — in English and in Russian, at desktop and phone width.
// In Russian no word of the API's vocabulary may show in the UI's own
// text; in both the log names sources by their titles and offers undo only
// where it can work, search highlights the query's words, the tabs all
// fit the width, and the views are photographed for the README.
func TestTour(t *testing.T) {
	f := build(t)
	vocab := vocabulary()
	for _, lang := range []string{"en", "ru"} {
		for _, size := range []struct {
			name          string
			width, height int64
		}{{"desktop", 1280, 800}, {"phone", 390, 844}} {
			t.Run(lang+"-"+size.name, func(t *testing.T) {
				s := f.start(t, serverOptions{})
				// The log: a revoke, its undo, a revoke still standing, and
				// an edge's revoke and undo.
				edge := edgeOf(t, s, "Acme")
				for _, call := range []struct{ path, body string }{
					{"/api/v1/revoke", `{"refs":["` + romashkaID + `"],"reason":"the case was withdrawn"}`},
					{"/api/v1/undo", ""}, // the last event, known once it is logged
					{"/api/v1/revoke", `{"refs":["` + runbookID + `"],"reason":"outdated"}`},
					{"/api/v1/revoke", `{"refs":["record:` + edge + `"],"reason":"checking"}`},
					{"/api/v1/undo", ""},
				} {
					if call.path == "/api/v1/undo" {
						evs := logEvents(t, s, "curator")
						call.body = `{"event":` + itoa(int(evs[len(evs)-1].ID)) + `}`
					}
					if st, body := s.api(t, "curator", "POST", call.path, call.body); st != 200 {
						t.Fatalf("POST %s = %d %s", call.path, st, body)
					}
				}
				tb := newTab(t, size.width, size.height, "400 (Bad Request) "+s.URL+"/api/v1/impact") // the refused preview
				scale := 1
				if size.width < 500 {
					scale = 2
				}
				shot := func(page string) {
					t.Helper()
					name := "webui-" + page + "-" + size.name
					if lang != "en" {
						name += "-" + lang
					}
					tb.screenshot(name, int(size.width)*scale, int(size.height)*scale)
				}
				check := func(page string) {
					t.Helper()
					if got := eval[string](tb, `document.documentElement.lang`); got != lang {
						t.Fatalf("%s: the page is in %q, want %q", page, got, lang)
					}
					if lang == "ru" {
						checkRussian(tb, page, vocab)
					}
					// Every tab fits the width, wrapped if need be.
					if n := eval[int](tb, `[...document.querySelectorAll('#nav a')].filter(a => { const r = a.getBoundingClientRect(); return r.left < 0 || r.right > document.documentElement.clientWidth || r.width === 0; }).length`); n != 0 {
						t.Errorf("%s: %d tabs do not fit the width", page, n)
					}
				}
				tb.do(chromedp.Navigate(s.URL + "/assets/icon.svg"))
				eval[chromedp.Void](tb, `localStorage.setItem('verity.lang', '`+lang+`')`)
				tb.signIn(s, f.tokens["curator"], "/")

				// The empty ask page offers questions about sources the
				// curator may read.
				tb.wait("#examples a.example")
				examples := eval[string](tb, `[...document.querySelectorAll('#examples a.example')].map(a => a.textContent).join('\n')`)
				if !strings.Contains(examples, "Политика пересмотра прав доступа") || strings.Contains(examples, "План сокращений") {
					t.Errorf("example questions = %q, want titles the curator may read and none of HR's", examples)
				}
				check("empty ask page")

				tb.open(s.URL + "/?q=" + url.QueryEscape("Как часто пересматриваются права доступа?"))
				tb.wait("#answer .prose a.footnote")
				if n := eval[int](tb, `document.querySelectorAll('.claim .badge').length - document.querySelectorAll('.claim').length`); n != 0 {
					t.Errorf("claims carry %d marks more than one each", n)
				}
				check("answer")
				shot("ask")

				tb.click("#prose a.footnote")
				tb.wait("mark#highlight")
				check("source")
				shot("source")

				q := map[string]string{"en": "rollback deploys", "ru": "пересмотр прав доступа"}[lang]
				tb.open(s.URL + "/?view=search&q=" + url.QueryEscape(q))
				tb.wait("#search-results .hit")
				marks := eval[string](tb, `[...document.querySelectorAll('#search-results mark.term')].map(m => m.textContent.toLowerCase()).join(' ')`)
				if marks == "" {
					t.Errorf("search for %q highlights nothing", q)
				}
				for _, m := range strings.Fields(marks) {
					if !strings.Contains(strings.ToLower(q), string([]rune(m)[:3])) {
						t.Errorf("search for %q highlights %q, not a word of the query", q, m)
					}
				}
				check("search")
				shot("search")

				tb.open(s.URL + "/?view=graph")
				tb.wait(".entities a")
				tb.do(chromedp.Evaluate[chromedp.Void](`[...document.querySelectorAll('.entities a')].find(a => a.textContent.includes('Acme')).click()`))
				tb.wait(".edges .edge .explain-button")
				tb.click(".edges .edge .explain-button")
				tb.wait(`.explain .step table.criteria`)
				check("graph")
				shot("graph")

				tb.open(s.URL + "/?view=review")
				tb.wait(".queue .item")
				check("review queue")

				tb.open(s.URL + "/?view=log")
				tb.wait(".eventlist .event")
				check("revocation log")
				evs := logEvents(t, s, "curator")
				if len(evs) != 5 {
					t.Fatalf("log = %+v, want five events", evs)
				}
				undo := eval[string](tb, `[...document.querySelectorAll('.eventlist .event')].map(e => e.dataset.event + ':' + !!e.querySelector('button.undo')).join(' ')`)
				want := ""
				for i := len(evs) - 1; i >= 0; i-- { // newest first; the two undone ones offer none
					want += itoa(int(evs[i].ID)) + ":" + strconv.FormatBool(i != 0 && i != 3) + " "
				}
				want = strings.TrimSpace(want)
				if undo != want {
					t.Errorf("undo offered (event:offered, newest first) = %s, want %s: not on the event already undone", undo, want)
				}
				if n := eval[int](tb, `[...document.querySelectorAll('.eventlist .event .line')].filter(p => p.getBoundingClientRect().height > 1.6 * parseFloat(getComputedStyle(p).lineHeight)).length`); n != 0 && size.name == "desktop" {
					t.Errorf("%d log events take more than one line on a desktop: %s", n, tb.textOf(".eventlist"))
				}
				refs := eval[string](tb, `[...document.querySelectorAll('.eventlist .event a.ref')].map(a => a.textContent).join('|')`)
				if !strings.Contains(refs, "Кейс: Ромашка") || !strings.Contains(refs, "Incident runbook") || !strings.Contains(refs, "Acme uses Битрикс24") {
					t.Errorf("the log names its refs %q, want the sources' titles and the edge", refs)
				}
				if eval[bool](tb, `[...document.querySelectorAll('.eventlist .event')].some(e => /^\s*·|·\s*$|·\s*·/.test(e.textContent))`) {
					t.Errorf("a log line has a dangling separator: %s", tb.textOf(".eventlist"))
				}
				shot("log")

				// An error the server explains: its code in the UI's words,
				// the server's message as its detail.
				tb.do(chromedp.SendKeys(chromedp.ID("impact-refs"), "record:"))
				tb.click("#preview")
				tb.wait("#impact-result .error")
				if got := tb.textOf("#impact-result .error"); !strings.Contains(got, map[string]string{"en": "not accepted", "ru": "не принят"}[lang]) {
					t.Errorf("a refused preview says %q", got)
				}
				check("refused preview")

				// An answer with what the offline engine does not give here:
				// every distortion reason the server writes, a paraphrase,
				// quotes found other than byte for byte, a part not found,
				// a conflict, a statement dropped and a stage failed.
				tb.open(s.URL + "/")
				tb.wait("#question")
				eval[chromedp.Void](tb, `import('/assets/js/ask.js').then(m => document.getElementById('result').replaceChildren(m.renderAnswer(`+markedAnswer(t)+`)))`)
				tb.wait(".claims .claim .badge.distortion")
				check("answer with every mark")
			})
		}
	}
}

// edgeOf returns the id of the graph's edge whose subject is subject.
func edgeOf(t *testing.T, s *server, subject string) string {
	t.Helper()
	st, body := s.api(t, "curator", "GET", "/api/v1/graph", "")
	var g struct {
		Edges []struct{ ID, Subject string } `json:"edges"`
	}
	if st != 200 || json.Unmarshal([]byte(body), &g) != nil {
		t.Fatalf("graph = %d %s", st, body)
	}
	for _, e := range g.Edges {
		if e.Subject == subject {
			return e.ID
		}
	}
	t.Fatalf("no edge of %s in %s", subject, body)
	return ""
}

// markedAnswer is an answer as the API writes it, in JSON, whose claims
// carry the distortion reasons answer.Distortion gives for pairs that
// raise each of them.
func markedAnswer(t *testing.T) string {
	t.Helper()
	cite := func(kind string) []map[string]any {
		return []map[string]any{{"n": 1, "source_id": accessID, "version": 1, "title": "Политика", "system": "confluence",
			"quote": map[string]any{"text": "пересматриваются", "start": 0, "end": 4, "kind": kind}}}
	}
	var claims []map[string]any
	seen := map[string]bool{}
	for _, p := range [][2]string{
		{"Права пересматриваются раз в 12 месяцев.", "Права пересматриваются не реже одного раза в 12 месяцев, кроме случаев инцидентов."},
		{"Отпуск составляет 30 дней.", "Отпуск составляет 28 дней."},
		{"Деплой разрешён в пятницу.", "Деплой не разрешён в пятницу."},
		{"Деплой не разрешён в пятницу.", "Деплой разрешён в пятницу."},
		{"Возможно, деплой разрешён.", "Деплой разрешён, если тесты прошли."},
		{"Deploys happen only on weekdays, at most twice a day.", "Deploys happen on weekdays."},
		{"Deploys may happen on Friday if approved.", "Deploys happen on Friday."},
		{"Deploys happen on Friday.", "Deploys probably happen on Friday."},
	} {
		risk, diffs := answer.Distortion(p[0], p[1])
		for _, d := range diffs {
			seen[d.Kind] = true
		}
		claims = append(claims, map[string]any{"claim": p[0], "is_paraphrased": true, "distortion_risk": risk, "distortion_reasons": answer.Reasons(diffs), "distortions": diffs,
			"refs": []int{1}, "citations": cite(string(quote.Exact))})
	}
	for _, kind := range []string{"number", "negation", "qualifier", "condition", "hedge"} {
		if !seen[kind] {
			t.Fatalf("no pair raises a %s reason", kind)
		}
	}
	claims = append(claims,
		map[string]any{"claim": "Права пересматривают.", "is_paraphrased": true, "distortion_risk": answer.RiskNone, "refs": []int{1}, "citations": cite(string(quote.Normalized))},
		map[string]any{"claim": "Права пересматриваются.", "is_paraphrased": false, "distortion_risk": answer.RiskNone, "refs": []int{1}, "citations": cite(string(quote.Fuzzy)), "marked": true},
		map[string]any{"claim": "Права пересматриваются.", "is_paraphrased": false, "distortion_risk": answer.RiskNone, "refs": []int{1}, "citations": cite(string(quote.Repaired))},
	)
	a := map[string]any{
		"mode": answer.ModeGrounded, "outcome": answer.Answered, "model": "offline", "policy": answer.Broad, "cached": true,
		"answer": "Права пересматриваются [1].", "claims": claims,
		"conflicts":         []map[string]any{{"claims": []int{0, 1}, "kind": answer.ConflictNumber, "values": []string{"12", "30"}}},
		"parts":             []map[string]any{{"question": "Когда?", "outcome": answer.NotFound, "not_found_reason": answer.InsufficientSupport, "claims": []int{}, "hints": []any{}}},
		"unverified_claims": []map[string]any{{"claim": "Аудит еженедельный.", "reason": "no source supports it", "stage": "check"}},
		"failures":          []map[string]any{{"stage": "assemble", "code": "malformed", "message": "assembled by code"}},
		"sources":           []map[string]any{{"n": 1, "source_id": accessID, "version": 1, "title": "Политика", "system": "confluence", "uri": "https://wiki.corp.example/x"}},
	}
	b, err := json.Marshal(a)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
