package ingest

import (
	"strings"
	"testing"
)

func TestHTMLDepth(t *testing.T) {
	nested := func(tag string, n int, closed bool) []byte {
		s := strings.Repeat("<"+tag+">", n) + "text"
		if closed {
			s += strings.Repeat("</"+tag+">", n)
		}
		return []byte("<html><body>" + s + "</body></html>")
	}
	tests := []struct {
		name string
		data []byte
		ok   bool
	}{
		{"500 nested divs", nested("div", 500, true), true},
		{"600 nested divs", nested("div", 600, true), false},
		{"100,000 nested divs", nested("div", 100_000, true), false},
		{"2,000 paragraphs left open", nested("p", 2000, false), true},
		{"2,000 list items left open", nested("li", 2000, false), true},
		{"2,000 line breaks", nested("br", 2000, false), true},
		{"2,000 sibling divs", []byte(strings.Repeat("<div>a</div>", 2000)), true},
		{"600 unclosed spans", nested("span", 600, false), false},
	}
	for _, tt := range tests {
		_, err := HTML(tt.data, "https://example.org/")
		refused := err != nil && strings.Contains(err.Error(), "nested more than 512 deep")
		if refused == tt.ok {
			t.Errorf("HTML(%s) error = %v, want refused %v", tt.name, err, !tt.ok)
		}
	}
}

// TestHTMLKeepsLogoTexts checks that alt texts and captions stay in the
// canonical text where the quote finder can find them verbatim, one logo a
// paragraph when the logos stand without words of their own, and in their
// sentence when an image sits in running text.
func TestHTMLKeepsLogoTexts(t *testing.T) {
	intro := "<p>" + strings.Repeat("Мы помогаем компаниям автоматизировать продажи и сервис уже пятнадцать лет. ", 6) + "</p>"
	tests := []struct {
		name string
		body string
		want []string // paragraphs of the text, in order, among others
	}{
		{"a grid of linked logos", `<h1>Наши клиенты</h1>` + intro + `<div class="grid"><div><a href="/a"><img src="a.png" alt="ООО «Альфа»"></a></div><div><a href="/b"><img src="b.png" alt="Сеть клиник «Медлайн»"></a></div></div>`,
			[]string{"# Наши клиенты", "ООО «Альфа»", "Сеть клиник «Медлайн»"}},
		{"a row of logos in one paragraph", `<h1>Our customers</h1>` + intro + `<p><img alt="Acme Logistics GmbH"> <img alt="Nordwind AB"></p>`,
			[]string{"Acme Logistics GmbH", "Nordwind AB"}},
		{"figures with captions", `<h1>Наши клиенты</h1><figure><img src="g.png" alt="Лаборатория «Гемалаб»"><figcaption>Лаборатория «Гемалаб», Казань</figcaption></figure>`,
			[]string{"Лаборатория «Гемалаб»", "Лаборатория «Гемалаб», Казань"}},
		{"a list of logos", `<h1>Нам доверяют</h1><ul><li><img alt="АО «Северный ветер»"></li><li><a href="/l"><img alt="ПАО «Лотос Банк»"></a></li></ul>`,
			[]string{"- АО «Северный ветер»", "- ПАО «Лотос Банк»"}},
		{"an image in running text", `<h1>News</h1><p>We chose <img alt="Bitrix24"> for sales.</p>`,
			[]string{"We chose Bitrix24 for sales."}},
	}
	for _, tt := range tests {
		for _, wrap := range []string{"", "<main><article>%s</article></main>"} {
			body := tt.body
			if wrap != "" {
				body = strings.Replace(wrap, "%s", body, 1)
			}
			p, err := HTML([]byte("<html><head><title>t</title></head><body>"+body+"</body></html>"), "https://vendor.example/clients")
			if err != nil {
				t.Fatal(err)
			}
			paras := strings.Split(p.Text, "\n\n")
			at := 0
			for _, w := range tt.want {
				i := slicesIndex(paras[at:], w)
				if i < 0 {
					t.Errorf("HTML(%s) text lacks the paragraph %q in order:\n%s", tt.name, w, p.Text)
					break
				}
				at += i + 1
			}
		}
	}
}

func slicesIndex(ss []string, s string) int {
	for i, x := range ss {
		if x == s {
			return i
		}
	}
	return -1
}
