package web_test

import (
	"net/url"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
)

// leaks returns the secrets of the HR page that text holds.
func leaks(text string) []string {
	var out []string
	for _, s := range secrets {
		if strings.Contains(text, s) {
			out = append(out, s)
		}
	}
	return out
}

// TestOutsiderSeesAHintOnly asks and searches as eve, who may not read the
// HR plan: the answer is "not found" with its reason, a hint names only
// the system and the author's email with a request-access link, and
// nothing of the plan is anywhere in the page's DOM. HR, asking the same,
// sees the plan (so the check can see it); an anonymous reader gets no
// hint at all.
func TestOutsiderSeesAHintOnly(t *testing.T) {
	f := build(t)
	s := f.start(t, serverOptions{anonymous: true})
	const question = "Что будет с сокращениями в 2027 году?"

	tb := newTab(t, 1280, 800, "404 (Not Found) "+s.URL+"/api/v1/source?id="+hrID) // HR-1 is not eve's to read
	tb.signIn(s, f.tokens["eve"], "/?q="+url.QueryEscape(question))
	tb.wait("#notfound")
	if got := eval[string](tb, `document.getElementById('notfound').dataset.reason`); got != "not_in_corpus" {
		t.Errorf("not found reason = %q, want not_in_corpus", got)
	}
	if got := tb.textOf("#notfound .reason"); !strings.Contains(got, "Nothing you may read") {
		t.Errorf("not-found text = %q", got)
	}
	tb.wait(".hints .hint")
	hint := tb.textOf(".hints .hint")
	if !strings.Contains(hint, "confluence") || !strings.Contains(hint, "hr-lead@corp.example") {
		t.Errorf("hint = %q, want the system and the author", hint)
	}
	href := eval[string](tb, `document.querySelector('.hints a.request').getAttribute('href')`)
	if !strings.HasPrefix(href, "mailto:hr-lead%40corp.example?subject=") {
		t.Errorf("request-access link = %q, want a mailto to the author", href)
	}
	if l := leaks(tb.dom()); len(l) > 0 {
		t.Errorf("eve's answer page holds %q", l)
	}
	tb.open(s.URL + "/?view=search&q=" + url.QueryEscape("квазипарабола склад"))
	tb.wait("#search-results .hints .hint")
	// The query itself is eve's own words; nothing else of the plan may show.
	if l := leaks(strings.ReplaceAll(tb.dom(), "квазипарабола склад", "")); len(l) > 0 {
		t.Errorf("eve's search page holds %q", l)
	}
	tb.open(s.URL + "/sources/" + url.PathEscape(hrID))
	tb.wait(".source .error")
	if got := tb.textOf(".source .error"); !strings.Contains(got, "not yours to read") {
		t.Errorf("eve opening HR-1 sees %q", got)
	}
	if l := leaks(strings.ReplaceAll(tb.dom(), hrID, "")); len(l) > 0 {
		t.Errorf("eve's view of HR-1's address holds %q", l)
	}

	// The control: HR reads the plan.
	hr := newTab(t, 1280, 800)
	hr.signIn(s, f.tokens["hr"], "/?view=search&q="+url.QueryEscape("квазипарабола склад"))
	hr.wait("#search-results .hit")
	if l := leaks(hr.dom()); len(l) == 0 {
		t.Errorf("HR's search shows nothing of the plan: the check cannot see a leak")
	}

	// Anonymous: no hints.
	anon := newTab(t, 1280, 800)
	anon.open(s.URL + "/?q=" + url.QueryEscape(question))
	anon.wait("#notfound")
	if got := anon.textOf("#who"); !strings.Contains(got, "anonymously") {
		t.Errorf("anonymous header = %q", got)
	}
	if eval[bool](anon, `!!document.querySelector('.hints')`) {
		t.Errorf("an anonymous reader was shown hints")
	}
	if l := leaks(anon.dom()); len(l) > 0 {
		t.Errorf("the anonymous page holds %q", l)
	}
}

// TestScriptPayloadsAreText opens the page whose title, uri and text are
// script payloads — as a source, as a search result and as a cited answer
// — and checks that no script ran (no dialog, no global set), the payloads
// show as text, and the javascript: uri is not a link.
func TestScriptPayloadsAreText(t *testing.T) {
	f := build(t)
	s := f.start(t, serverOptions{})
	tb := newTab(t, 1280, 800)
	tb.signIn(s, f.tokens["alice"], "/sources/"+xssID)
	tb.wait("#source-title")
	const title = `<img src=x onerror="window.__xss='title';alert('title')">`
	if got := tb.textOf("#source-title"); got != title {
		t.Errorf("title shown as %q, want the payload as text", got)
	}
	// Rendered, its paragraphs are elements; as plain text, the text itself.
	if got, want := tb.textOf("#source-text"), strings.ReplaceAll(sourceText(t, s, "alice", xssID), "\n\n", ""); got != want {
		t.Errorf("text rendered as %q, want %q", got, want)
	}
	tb.click("#plain")
	if got := tb.textOf("#source-text"); got != sourceText(t, s, "alice", xssID) {
		t.Errorf("plain text shown as %q", got)
	}
	if got := tb.textOf(`dd[data-field="original"]`); got != "javascript:window.__xss='uri'" {
		t.Errorf("uri shown as %q", got)
	}
	if eval[bool](tb, `!!document.querySelector('dd[data-field="original"] a')`) {
		t.Errorf("the javascript: uri became a link")
	}
	noScript := func(where string) {
		t.Helper()
		if got := eval[string](tb, `String(window.__xss)`); got != "undefined" {
			t.Errorf("%s: a payload ran: window.__xss = %s", where, got)
		}
		if n := eval[int](tb, `document.querySelectorAll('main img, main script, main svg, main iframe, main [onerror], main [onload]').length`); n != 0 {
			t.Errorf("%s: %d elements from the payloads in the page", where, n)
		}
		if n := eval[int](tb, `[...document.querySelectorAll('a[href]')].filter(a => !/^(https?:|mailto:|\/|#)/.test(a.getAttribute('href'))).length`); n != 0 {
			t.Errorf("%s: %d links to something other than http, mailto or the UI", where, n)
		}
	}
	noScript("source")

	tb.open(s.URL + "/?view=search&q=" + url.QueryEscape("пароли хранилище секретов"))
	tb.wait("#search-results .hit")
	if got := tb.textOf("#search-results .hit h2"); got != title {
		t.Errorf("search result title %q, want the payload as text", got)
	}
	noScript("search")

	tb.open(s.URL + "/?q=" + url.QueryEscape("Где хранятся пароли?"))
	tb.wait("#answer .prose a.footnote")
	if got := tb.textOf(".claim blockquote .quote-link"); !strings.Contains(got, `<img src=x onerror="window.__xss='quote';alert('quote')">`) {
		t.Errorf("quote shown as %q, want the payload as text", got)
	}
	noScript("answer")
	tb.click("#prose a.footnote")
	tb.wait("mark#highlight")
	if got := tb.textOf("mark#highlight"); !strings.Contains(got, "<img src=x") {
		t.Errorf("highlight %q", got)
	}
	noScript("highlighted source")
}

// TestSignInWithAToken signs in through the form: a bad token is refused
// with one message, a good one shows who the UI acts as, the token stays
// out of the address and in session storage (local storage only when
// remembered), and signing out forgets it.
func TestSignInWithAToken(t *testing.T) {
	f := build(t)
	s := f.start(t, serverOptions{})
	tb := newTab(t, 1280, 800, "status of 401")
	tb.open(s.URL + "/?q=" + url.QueryEscape("How many vacation days carry over?"))
	tb.wait("#signin-form #token")
	if eval[bool](tb, `!document.getElementById('nav').hidden`) {
		t.Errorf("the views are offered before signing in")
	}
	tb.do(chromedp.SendKeys(chromedp.ID("token"), "vty_0123456789abcdef_wrong"))
	tb.click("#signin-form button[type=submit]")
	tb.wait("#signin-error")
	if got := tb.textOf("#signin-error"); !strings.Contains(got, "refused") {
		t.Errorf("a bad token says %q", got)
	}
	tb.do(chromedp.SendKeys(chromedp.ID("token"), f.tokens["alice"]))
	tb.click("#signin-form button[type=submit]")
	tb.wait("#actor")
	if got := tb.principalOf("#actor"); got != "user:alice@corp.example" {
		t.Errorf("signed in as %q", got)
	}
	// The deep link's question is asked once signed in.
	tb.wait("#answer .prose")
	if loc := eval[string](tb, `location.href`); strings.Contains(loc, "vty_") {
		t.Errorf("the token is in the address: %s", loc)
	}
	if got := eval[string](tb, `sessionStorage.getItem('verity.token') || ''`); got != f.tokens["alice"] {
		t.Errorf("session storage holds %q", got)
	}
	if got := eval[string](tb, `localStorage.getItem('verity.token') || ''`); got != "" {
		t.Errorf("local storage holds a token without remember: %q", got)
	}
	if l := leaks(tb.dom()); len(l) > 0 {
		t.Errorf("alice's page holds %q", l)
	}
	tb.do(chromedp.Reload())
	tb.wait("#actor")
	tb.click("#signout")
	tb.wait("#signin-form #token")
	if got := eval[string](tb, `(sessionStorage.getItem('verity.token') || '') + (localStorage.getItem('verity.token') || '')`); got != "" {
		t.Errorf("after sign-out the storage holds %q", got)
	}
	if eval[bool](tb, `!!document.getElementById('answer')`) {
		t.Errorf("alice's answer is still on screen after sign-out")
	}

	// Remembered: local storage, and a new tab of the origin is signed in.
	tb.do(chromedp.SendKeys(chromedp.ID("token"), f.tokens["curator"]))
	tb.click("#remember")
	tb.click("#signin-form button[type=submit]")
	tb.wait("#actor")
	if got := eval[string](tb, `localStorage.getItem('verity.token') || ''`); got != f.tokens["curator"] {
		t.Errorf("remembered token in local storage = %q", got)
	}
	other := newTab(t, 1280, 800)
	other.open(s.URL + "/")
	other.wait("#actor")
	if got := other.principalOf("#actor"); got != "user:cur@corp.example" {
		t.Errorf("a second tab acts as %q", got)
	}
	other.click("#signout")
	other.wait("#signin-form #token")
}

// TestSignedInByTheProxy serves behind a trusted proxy (the browser sends
// its user header): the UI acts as the proxy's user without a token and
// says so, with no sign-out button of its own.
func TestSignedInByTheProxy(t *testing.T) {
	f := build(t)
	proxy := loopback()
	proxy.GroupsHeader = "X-Forwarded-Groups"
	s := f.start(t, serverOptions{proxy: proxy})
	tb := newTab(t, 1280, 800)
	if _, err := chromedp.Call(tb.ctx, network.Enable, network.EnableParams{}); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Call(tb.ctx, network.SetExtraHTTPHeaders, network.SetExtraHTTPHeadersParams{Headers: network.Headers{"X-Forwarded-Email": "alice@corp.example", "X-Forwarded-Groups": "staff"}}); err != nil {
		t.Fatal(err)
	}
	tb.open(s.URL + "/")
	tb.wait("#actor")
	if got := tb.principalOf("#actor"); got != "user:alice@corp.example" {
		t.Errorf("behind the proxy acting as %q", got)
	}
	if got := tb.textOf("#who"); !strings.Contains(got, "Signed in by your organization") {
		t.Errorf("header = %q", got)
	}
	if eval[bool](tb, `!!document.getElementById('signout')`) {
		t.Errorf("a sign-out button behind the proxy, which cannot sign out")
	}
	tb.open(s.URL + "/?view=search&q=" + url.QueryEscape("vacation days"))
	tb.wait("#search-results .hit")
	if got := tb.textOf("#search-results .hit h2"); got != "Vacation policy" {
		t.Errorf("alice behind the proxy found %q, want the staff page", got)
	}
}

// TestPolicyInForce checks that the browser enforces the UI's policy: a
// string assigned to innerHTML is refused (Trusted Types), an inline
// script never runs, and a style attribute is not applied — so a mistake
// in the scripts could not turn a document's text into markup either.
func TestPolicyInForce(t *testing.T) {
	f := build(t)
	s := f.start(t, serverOptions{anonymous: true})
	tb := newTab(t, 1280, 800, "TrustedHTML", "TrustedScript", "Content Security Policy")
	tb.open(s.URL + "/")
	tb.wait("#question")
	if got := eval[string](tb, `(() => { try { document.getElementById('main').innerHTML = '<img src=x onerror="window.__xss=1">'; return 'assigned'; } catch (e) { return e.name; } })()`); got != "TypeError" {
		t.Errorf("assigning a string to innerHTML = %s, want a TypeError from Trusted Types", got)
	}
	eval[chromedp.Void](tb, `(() => { try { const s = document.createElement('script'); s.textContent = 'window.__xss = 2'; document.body.append(s); } catch (e) {} })()`)
	eval[chromedp.Void](tb, `(() => { const d = document.createElement('div'); d.setAttribute('style', 'display: none'); d.id = 'styled'; d.textContent = 'x'; document.body.append(d); })()`)
	tb.waitJS(`!!document.getElementById('styled')`)
	if got := eval[string](tb, `String(window.__xss)`); got != "undefined" {
		t.Errorf("a script ran despite the policy: window.__xss = %s", got)
	}
	if got := eval[string](tb, `getComputedStyle(document.getElementById('styled')).display`); got == "none" {
		t.Errorf("an inline style attribute was applied despite the policy")
	}
}

// TestAnonymousThenToken reads anonymously where the server allows it, signs
// in with a token from the header's button (a refused one leaves the
// reader anonymous), and signs out back to anonymous reading.
func TestAnonymousThenToken(t *testing.T) {
	f := build(t)
	s := f.start(t, serverOptions{anonymous: true})
	tb := newTab(t, 390, 844, "status of 401") // the refused token
	tb.open(s.URL + "/?view=search&q=" + url.QueryEscape("vacation days"))
	tb.wait("#search-results")
	if got := tb.textOf("#who"); !strings.Contains(got, "anonymously") {
		t.Errorf("header = %q, want anonymous reading", got)
	}
	if eval[bool](tb, `!!document.querySelector('#search-results .hit')`) {
		t.Errorf("an anonymous reader found the staff page")
	}
	tb.click("#signin")
	tb.wait("#signin-form #token")
	tb.do(chromedp.SendKeys(chromedp.ID("token"), "vty_0123456789abcdef_wrong"))
	tb.click("#signin-form button[type=submit]")
	tb.wait("#signin-error")
	if got := tb.textOf("#who"); !strings.Contains(got, "anonymously") {
		t.Errorf("after a refused token the header = %q, want anonymous reading still", got)
	}
	tb.do(chromedp.SendKeys(chromedp.ID("token"), f.tokens["alice"]))
	tb.click("#signin-form button[type=submit]")
	tb.wait("#search-results .hit")
	if got := tb.principalOf("#actor"); got != "user:alice@corp.example" {
		t.Errorf("signed in as %q", got)
	}
	tb.click("#signout")
	tb.waitJS(`document.getElementById('who').textContent.includes('anonymously')`)
	tb.wait("#search-results")
	if eval[bool](tb, `!!document.querySelector('#search-results .hit')`) {
		t.Errorf("after sign-out the staff page is still shown")
	}
}

// TestQuietLoad loads the UI as a visitor the server does not know, and as
// an anonymous reader, reading the browser's console: no request fails on
// load (no 401 from asking who a visitor without a token is where only
// tokens get in; an icon at /favicon.ico), and the anonymous reader's
// example questions name public records only.
func TestQuietLoad(t *testing.T) {
	f := build(t)
	closed := f.start(t, serverOptions{})
	tb := newTab(t, 1280, 800) // fails on any console error, a failed request's included
	tb.open(closed.URL + "/")
	tb.wait("#signin-form #token")
	if got := eval[string](tb, `fetch('/favicon.ico').then(r => r.status + ' ' + r.headers.get('Content-Type'))`); got != "200 image/x-icon" {
		t.Errorf("/favicon.ico = %s, want 200 image/x-icon", got)
	}
	tb.do(chromedp.SendKeys(chromedp.ID("token"), f.tokens["alice"]))
	tb.click("#signin-form button[type=submit]")
	tb.wait("#examples a.example")

	open := f.start(t, serverOptions{anonymous: true})
	anon := newTab(t, 390, 844)
	anon.open(open.URL + "/")
	anon.wait("#examples a.example")
	examples := anon.textOf("#examples")
	if !strings.Contains(examples, "Политика пересмотра прав доступа") {
		t.Errorf("anonymous examples %q lack the public access policy", examples)
	}
	for _, private := range []string{"Vacation policy", "План сокращений"} {
		if strings.Contains(examples, private) {
			t.Errorf("anonymous examples %q name %q, which is not public", examples, private)
		}
	}
	anon.click("#examples a.example")
	anon.waitJS(`!!document.getElementById('answer') || !!document.getElementById('notfound')`)
}
