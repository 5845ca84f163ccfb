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
