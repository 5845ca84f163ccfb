package web_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestMarkdownSource opens the runbook, a long Markdown page, at spans
// inside a nested list item, across an emphasis and across a heading and
// the paragraph after it: the page shows headings, lists, a table, code, a
// quote and a link instead of their marks, and the highlight holds exactly
// the span's characters that the rendering shows. At phone width the title
// and the way back stay on screen at the end of the page.
func TestMarkdownSource(t *testing.T) {
	f := build(t)
	s := f.start(t, serverOptions{})
	tb := newTab(t, 390, 844)
	text := sourceText(t, s, "alice", runbookID)
	spanOf := func(from, to string) (int, int) {
		t.Helper()
		i := strings.Index(text, from)
		j := strings.Index(text[i:], to)
		if i < 0 || j < 0 {
			t.Fatalf("%q…%q not in the runbook", from, to)
		}
		return i, i + j + len(to)
	}
	for _, c := range []struct {
		name, from, to string
		shown          string // the span's characters the rendering shows
		inside         string // the element the first mark sits in
	}{
		{"nested list item", "Say what users see", "an outage.", "Say what users see: errors, slowness, or an outage.", "OL > LI > UL > LI"},
		{"emphasis", "The commander *approves*", "during an incident.", "The commander approves every production change during an incident.", "P"},
		{"heading and paragraph", "## Mitigation", "Prefer the fastest", "MitigationPrefer the fastest", "H3"},
	} {
		start, end := spanOf(c.from, c.to)
		if c.name == "heading and paragraph" {
			start = strings.Index(text, "## Mitigation")
		}
		path := "/sources/" + runbookID + "#" + itoa(start) + "-" + itoa(end)
		if c.name == "nested list item" {
			tb.signIn(s, f.tokens["alice"], path)
		} else {
			tb.open(s.URL + path)
		}
		tb.wait("mark#highlight")
		raw := eval[string](tb, `JSON.stringify({
			marked: [...document.querySelectorAll('#source-text mark.hl')].map(m => m.textContent).join(''),
			first: (() => { const out = []; for (let e = document.getElementById('highlight').parentElement; e && e.id !== 'source-text'; e = e.parentElement) out.unshift(e.tagName); return out.join(' > '); })(),
			focused: document.activeElement.id,
		})`)
		var got struct{ Marked, First, Focused string }
		if err := json.Unmarshal([]byte(raw), &got); err != nil {
			t.Fatal(err)
		}
		if got.Marked != c.shown {
			t.Errorf("%s: the marks hold %q, want %q (the bytes %d-%d without their Markdown)", c.name, got.Marked, c.shown, start, end)
		}
		if got.First != c.inside || got.Focused != "highlight" {
			t.Errorf("%s: the first mark is in %q (focus on %q), want %q and the focus on it", c.name, got.First, got.Focused, c.inside)
		}
	}

	// What the rendering shows of the page.
	raw := eval[string](tb, `JSON.stringify((() => {
		const body = document.getElementById('source-text');
		const q = (sel) => [...body.querySelectorAll(sel)];
		return {
			headings: q('h2, h3, h4').map(e => e.tagName + ' ' + e.textContent),
			items: q('li').length, nested: q('ol > li > ul > li').length,
			cells: q('table td').map(e => e.textContent).slice(0, 3),
			code: q('pre code').map(e => e.textContent),
			quote: q('blockquote').map(e => e.textContent),
			strong: q('strong').map(e => e.textContent),
			links: q('a').map(a => a.getAttribute('href') + ' ' + a.target + ' ' + a.textContent),
			marks: body.innerText.split('\n').filter(l => /^\s*(#|[-*+] |\||>|`+"```"+`)/.test(l)),
		};
	})())`)
	var r struct {
		Headings      []string
		Items, Nested int
		Cells, Code   []string
		Quote, Strong []string
		Links, Marks  []string
	}
	if err := json.Unmarshal([]byte(raw), &r); err != nil {
		t.Fatal(err)
	}
	if strings.Join(r.Headings, "|") != "H2 Incident runbook|H3 First five minutes|H3 Mitigation|H3 Communication|H3 Afterwards" {
		t.Errorf("headings = %q", r.Headings)
	}
	if r.Items != 8 || r.Nested != 2 {
		t.Errorf("%d list items, %d nested; want 8 and 2", r.Items, r.Nested)
	}
	if strings.Join(r.Cells, "|") != "Severity|Meaning|Who joins" || len(r.Code) != 1 || r.Code[0] != "kubectl rollout undo deployment/api" {
		t.Errorf("table cells %q, code %q", r.Cells, r.Code)
	}
	if len(r.Quote) != 1 || r.Quote[0] != "Do not debug in production while customers wait." || strings.Join(r.Strong, "|") != "pager" {
		t.Errorf("quote %q, strong %q", r.Quote, r.Strong)
	}
	if strings.Join(r.Links, "|") != "https://wiki.corp.example/postmortems _blank postmortem index" {
		t.Errorf("links = %q, want the postmortem index opening in a new tab", r.Links)
	}
	if len(r.Marks) != 0 {
		t.Errorf("lines still showing Markdown's marks: %q", r.Marks)
	}

	// At the end of the page the title and Back are still on screen.
	eval[chromedp.Void](tb, `window.scrollTo(0, document.documentElement.scrollHeight)`)
	if !eval[bool](tb, `(() => {
		const ok = (id) => { const r = document.getElementById(id).getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight && r.height > 0; };
		return scrollY > 200 && ok('source-title') && ok('back');
	})()`) {
		t.Errorf("scrolled to the end (scrollY %d), the title or Back is off screen", eval[int](tb, `Math.round(scrollY)`))
	}
}

// TestMarkdownIsText feeds the renderer what a document could hold to
// become markup or a link that runs: HTML, a javascript: link, underscores
// inside words, unclosed marks. All of it stays text; only http(s) links
// are links.
func TestMarkdownIsText(t *testing.T) {
	f := build(t)
	s := f.start(t, serverOptions{anonymous: true})
	tb := newTab(t, 1280, 800)
	tb.open(s.URL + "/")
	tb.wait("#question")
	raw := eval[string](tb, `import('/assets/js/markdown.js').then(m => {
		const text = '# <b>Title</b>\n\n[run](javascript:alert(1)) and [site](https://example.org/a) and <img src=x onerror=alert(1)>\n\nsnake_case_name and a__b__c stay; **unclosed and *half\n\n- item with `+"`code`"+`';
		const div = document.createElement('div');
		const r = m.render(text, {from: text.indexOf('snake'), to: text.indexOf(' stay')});
		div.append(r.fragment);
		return JSON.stringify({
			elements: [...div.querySelectorAll('*')].map(e => e.tagName.toLowerCase()).filter(t => !['h2', 'p', 'a', 'span', 'ul', 'li', 'code', 'mark'].includes(t)),
			links: [...div.querySelectorAll('a')].map(a => a.getAttribute('href')),
			text: div.textContent,
			marked: r.marks.map(m => m.textContent).join(''),
		});
	})`)
	var r struct {
		Elements, Links []string
		Text, Marked    string
	}
	if err := json.Unmarshal([]byte(raw), &r); err != nil {
		t.Fatal(err)
	}
	if len(r.Elements) != 0 || strings.Join(r.Links, " ") != "https://example.org/a" {
		t.Errorf("elements %q, links %q: want no element from the text and only the https link", r.Elements, r.Links)
	}
	want := "<b>Title</b>run and site and <img src=x onerror=alert(1)>snake_case_name and a__b__c stay; **unclosed and *halfitem with code"
	if r.Text != want {
		t.Errorf("rendered text = %q, want %q", r.Text, want)
	}
	if r.Marked != "snake_case_name and a__b__c" {
		t.Errorf("marked %q", r.Marked)
	}

	// Random documents of Markdown's marks, words and line breaks, and
	// random spans: what the page shows is the text less some of its
	// characters, in order, never one twice or one not there; what it
	// marks is the span's text less some of its characters, in order.
	failures := eval[string](tb, `import('/assets/js/markdown.js').then(m => {
		let seed = 7;
		const rnd = (n) => { seed = (seed * 1103515245 + 12345) % 2147483648; return Math.floor(seed / 2147483648 * n); };
		const pieces = ['#', '# ', '## ', '###### ', '-', '- ', '  - ', '* ', '1. ', '2) ', '>', '> ', '|', ' | ', '|---|', '`+"```"+`', '~~~', '\n', '\n\n', '*', '**', '_', '__', '`+"`"+`', '[', ']', '(', ')', '](https://a.example/x)', 'word', 'слово', ' ', '\t', '😀', 'x_y', '<b>', '---'];
		const within = (small, big) => { let i = 0; for (let j = 0; j < big.length && i < small.length; j++) if (big[j] === small[i]) i++; return i === small.length; };
		const out = [];
		for (let n = 0; n < 2000 && out.length < 5; n++) {
			let text = '';
			for (let i = 1 + rnd(40); i > 0; i--) text += pieces[rnd(pieces.length)];
			const from = rnd(text.length + 1), to = from + rnd(text.length - from + 1);
			let r;
			try { r = m.render(text, {from, to}); } catch (e) { out.push([text, from, to, String(e)]); continue; }
			const div = document.createElement('div');
			div.append(r.fragment);
			const marked = r.marks.map(x => x.textContent).join('');
			if (!within(div.textContent, text)) out.push([text, from, to, 'shows ' + div.textContent]);
			else if (!within(marked, text.slice(from, to))) out.push([text, from, to, 'marks ' + marked]);
			else if (r.marks.some(x => !div.contains(x))) out.push([text, from, to, 'a mark outside the page']);
		}
		return JSON.stringify(out);
	})`)
	if failures != "[]" {
		t.Errorf("rendering random Markdown: %s", failures)
	}
}
