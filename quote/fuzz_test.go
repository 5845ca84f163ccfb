package quote

import (
	"strings"
	"testing"

	"github.com/veritykb/verity/analysis"
)

// FuzzLocate checks the invariants of any verdict: a found span lies in the
// text on rune boundaries; an exact match is the quote's bytes; a normalized
// match covers text whose matching form equals the quote's; a repaired
// match's pieces lie in order inside its span.
func FuzzLocate(f *testing.F) {
	seeds := []struct{ text, q string }{
		{pageEN, "reduced the risk of falls"},
		{pageEN, "vitamin d DEFICIENCY"},
		{pageRU, "планируется подключить"},
		{pageRU, "«Ромашка»"},
		{"ﬁnal ﬁnal", "fi"},
		{"a\u00ad\nb c", "ab"},
		{"x — y", "x-y"},
		{"\xff\xfe abc", "\xfe"},
		{"é", "\xa9"},
		{pageEN, "Vitamin D deficiency ... reduced the risk of falls"},
	}
	for _, s := range seeds {
		f.Add(s.text, s.q)
	}
	f.Fuzz(func(t *testing.T, text, q string) {
		m := Locate(text, q, Options{})
		if !m.Found {
			return
		}
		if m.Start < 0 || m.End > len(text) || m.Start > m.End {
			t.Fatalf("Locate(%q, %q) = [%d, %d), out of bounds", text, q, m.Start, m.End)
		}
		if !runeBoundary(text, m.Start) || !runeBoundary(text, m.End) {
			t.Fatalf("Locate(%q, %q) = [%d, %d), not on rune boundaries", text, q, m.Start, m.End)
		}
		if m.Score <= 0 || m.Score > 1 {
			t.Fatalf("Locate(%q, %q).Score = %v, want in (0, 1]", text, q, m.Score)
		}
		span := text[m.Start:m.End]
		switch m.Kind {
		case Exact:
			if span != strings.TrimSpace(q) {
				t.Fatalf("Locate(%q, %q) exact span = %q", text, q, span)
			}
		case Normalized:
			nq := analysis.NormalizeString(q)
			if ns := analysis.NormalizeString(span); !strings.Contains(nq, ns) {
				t.Fatalf("Locate(%q, %q) normalized span %q normalizes to %q, want %q", text, q, span, ns, nq)
			}
		case Repaired:
			prev := m.Start
			for _, p := range m.Pieces {
				if p.Start < prev || p.End > m.End || p.Start > p.End {
					t.Fatalf("Locate(%q, %q) pieces %v not in order inside [%d, %d)", text, q, m.Pieces, m.Start, m.End)
				}
				prev = p.End
			}
		}
		for _, o := range m.Occurrences {
			if o.Start < 0 || o.End > len(text) || !runeBoundary(text, o.Start) || !runeBoundary(text, o.End) {
				t.Fatalf("Locate(%q, %q) occurrence %v out of bounds or off rune boundaries", text, q, o)
			}
		}
	})
}
