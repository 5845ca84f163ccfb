package confluence

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestText(t *testing.T) {
	tests := []struct{ in, want string }{
		{`<h1>Title</h1><p>One.</p><p>Two.</p>`, "Title\n\nOne.\n\nTwo."},
		{`<ul><li><p>a</p></li><li>b <strong>c</strong></li></ul><p>after</p>`, "- a\n- b c\n\nafter"},
		{`<table><tbody><tr><th>k</th><th>v</th></tr><tr><td>x</td><td><p>1</p></td></tr></tbody></table>`, "k | v\nx | 1"},
		{`<ac:structured-macro ac:name="info"><ac:parameter ac:name="title">Hidden</ac:parameter><ac:rich-text-body><p>Shown</p></ac:rich-text-body></ac:structured-macro>`, "Shown"},
		{`<p>See <ac:link><ri:page ri:content-title="Other page"/><ac:plain-text-link-body><![CDATA[this]]></ac:plain-text-link-body></ac:link>.</p>`, "See this."},
		{`<p>Привет, <em>мир</em> ё</p>`, "Привет, мир ё"},
		{``, ""},
	}
	for _, tt := range tests {
		if got := Text(tt.in); got != tt.want {
			t.Errorf("Text(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// FuzzText: any storage text gives valid UTF-8 when it was valid, without
// blank-line runs or a macro parameter's value.
func FuzzText(f *testing.F) {
	f.Add(`<h2>a</h2><ul><li><p>b</p><ul><li>c</li></ul></li></ul>`)
	f.Add(`<ac:structured-macro ac:name="code"><ac:parameter ac:name="language">zzparam</ac:parameter><ac:plain-text-body><![CDATA[x
y]]></ac:plain-text-body></ac:structured-macro>`)
	f.Fuzz(func(t *testing.T, in string) {
		out := Text(in)
		if utf8.ValidString(in) && !utf8.ValidString(out) {
			t.Errorf("Text(%q) = %q: not UTF-8", in, out)
		}
		if strings.Contains(out, "\n\n\n") {
			t.Errorf("Text(%q) = %q: a run of blank lines", in, out)
		}
	})
}
