package analysis

import (
	"strings"
	"testing"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

func TestNormalize(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"empty", "", ""},
		{"ascii case", "Hello World", "hello world"},
		{"cyrillic case and yo", "ЁЛКА Ёж Всё", "елка еж все"},
		{"ligature", "ﬁnal ﬂow", "final flow"},
		{"fullwidth", "ＡＢＣ１２", "abc12"},
		{"guillemets", "«ёлка»", `"елка"`},
		{"curly quotes", "“a” ‘b’ „c“", `"a" "b" "c"`},
		{"apostrophes", "don’t don't", `don"t don"t`},
		{"quote runs collapse", "``a''", `"a"`},
		{"separate quotes keep the space", `"a" "b"`, `"a" "b"`},
		{"dashes", "a—b a–b a‒b a―b a−b a‐b", "a-b a-b a-b a-b a-b a-b"},
		{"spaced dash", "1990 – 2000 and a - b", "1990-2000 and a-b"},
		{"double hyphen", "wait -- what", "wait-what"},
		{"ellipsis", "so… then", "so... then"},
		{"whitespace runs", "  a \t\n b\u00a0\u00a0c\u2009d\u202fe  ", "a b c d e"},
		{"zero width", "a\u200bb\u200dc\ufeffd\u2060e", "abcde"},
		{"soft hyphen", "tech\u00adnology", "technology"},
		{"soft hyphen at break", "tech\u00ad\nnology", "technology"},
		{"line break hyphenation", "tech-\nnology", "technology"},
		{"hyphenation with spaces", "tech-  \r\n  nology", "technology"},
		{"unicode hyphen at break", "tech\u2010\nnology", "technology"},
		{"hyphen before capital is kept", "Smith-\nJones", "smith-jones"},
		{"hyphen without break is kept", "well-known", "well-known"},
		{"composed accent", "cafe\u0301", "café"},
		{"russian hyphenation", "техно-\nлогия", "технология"},
		{"controls", "a\x00b\x07c", "abc"},
		{"invalid utf8", "a\xffb", "a\ufffdb"},
		{"kelvin sign", "\u212a", "k"},
		{"nbsp only", "\u00a0", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Normalize(tt.in)
			if got.Text != tt.want {
				t.Errorf("Normalize(%q).Text = %q, want %q", tt.in, got.Text, tt.want)
			}
			if s := NormalizeString(tt.in); s != tt.want {
				t.Errorf("NormalizeString(%q) = %q, want %q", tt.in, s, tt.want)
			}
			checkMap(t, tt.in, &got)
		})
	}
}

func TestNormalizeToOriginal(t *testing.T) {
	tests := []struct {
		name, in, find, want string
	}{
		{"plain", "Alpha beta gamma", "beta", "beta"},
		{"folded", "ALPHA BETA GAMMA", "beta gamma", "BETA GAMMA"},
		{"ligature widens", "the ﬁnal word", "final", "ﬁnal"},
		{"whitespace run inside", "one \u00a0\n two", "one two", "one \u00a0\n two"},
		{"hyphenated word", "new tech-\nnology here", "technology", "tech-\nnology"},
		{"first half of hyphenated word", "new tech-\nnology here", "new tech", "new tech"},
		{"soft hyphen excluded at edge", "ab\u00adcd", "ab", "ab"},
		{"soft hyphen at start excluded", "ab\u00adcd", "cd", "cd"},
		{"dash spacing", "from 1990 — 2000 on", "1990-2000", "1990 — 2000"},
		{"guillemets", "he said «да» twice", `"да"`, "«да»"},
		{"cyrillic", "Привет, Мир", "мир", "Мир"},
		{"ellipsis", "wait… and", "wait...", "wait…"},
		{"partial ellipsis widens", "wait… and", "wait.", "wait…"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			n := Normalize(tt.in)
			i := strings.Index(n.Text, tt.find)
			if i < 0 {
				t.Fatalf("Normalize(%q).Text = %q, does not contain %q", tt.in, n.Text, tt.find)
			}
			s, e := n.ToOriginal(i, i+len(tt.find))
			if got := tt.in[s:e]; got != tt.want {
				t.Errorf("ToOriginal(%d, %d) on %q = %q, want %q", i, i+len(tt.find), tt.in, got, tt.want)
			}
			ns, ne := n.FromOriginal(s, e)
			if ns > i || ne < i+len(tt.find) {
				t.Errorf("FromOriginal(%d, %d) = [%d, %d), want it to cover [%d, %d)", s, e, ns, ne, i, i+len(tt.find))
			}
		})
	}
}

// TestCyrillicFastPath checks that the shortcut for Cyrillic letters gives
// what the general path would: every letter in U+0400..U+047F is in NFKC and
// folds to a two-byte letter.
func TestCyrillicFastPath(t *testing.T) {
	for r := rune(0x400); r <= 0x47F; r++ {
		s := string(r)
		if !norm.NFKC.IsNormalString(s) {
			t.Errorf("U+%04X is not in NFKC", r)
		}
		if f := FoldRune(r); utf8.RuneLen(f) != 2 {
			t.Errorf("FoldRune(U+%04X) = U+%04X, want a two-byte rune", r, f)
		}
		want := string(FoldRune(r))
		if got := NormalizeString("a" + s + "b"); got != "a"+want+"b" {
			t.Errorf("NormalizeString(%q) = %q, want %q", "a"+s+"b", got, "a"+want+"b")
		}
	}
}

// checkMap verifies the invariants of the offset map of n, built from in:
// every mapped offset is in range and on a rune boundary of the original,
// mappings are monotonic, and normalizing what a range maps back to gives a
// text that contains the range.
func checkMap(t *testing.T, in string, n *Normalized) {
	t.Helper()
	bounds := runeBounds(in)
	nb := runeBounds(n.Text)
	var pts []int
	for p := range nb {
		pts = append(pts, p)
	}
	prevS, prevE := -1, -1
	for p := 0; p <= len(n.Text); p++ {
		s, _ := n.ToOriginal(p, p)
		_, e := n.ToOriginal(0, p)
		if s < 0 || s > len(in) || e < 0 || e > len(in) {
			t.Fatalf("ToOriginal at %d = %d, %d, out of [0, %d]", p, s, e, len(in))
		}
		if !bounds[s] || !bounds[e] {
			t.Fatalf("ToOriginal at %d of %q = %d, %d, not on rune boundaries", p, in, s, e)
		}
		if s < prevS || e < prevE {
			t.Fatalf("ToOriginal not monotonic at %d of %q: start %d after %d, end %d after %d", p, in, s, prevS, e, prevE)
		}
		prevS, prevE = s, e
	}
	prevS, prevE = -1, -1
	for p := 0; p <= len(in); p++ {
		s, _ := n.FromOriginal(p, p)
		_, e := n.FromOriginal(0, p)
		if s < 0 || s > len(n.Text) || e < 0 || e > len(n.Text) {
			t.Fatalf("FromOriginal at %d = %d, %d, out of [0, %d]", p, s, e, len(n.Text))
		}
		if s < prevS || e < prevE {
			t.Fatalf("FromOriginal not monotonic at %d of %q", p, in)
		}
		prevS, prevE = s, e
	}
	// Round trip: a normalized range on rune boundaries maps to an original
	// range whose own mapping covers it again.
	for _, a := range pts {
		for _, b := range pts {
			if b < a || b-a > 12 {
				continue
			}
			s, e := n.ToOriginal(a, b)
			if s > e {
				t.Fatalf("ToOriginal(%d, %d) of %q = %d > %d", a, b, in, s, e)
			}
			fs, fe := n.FromOriginal(s, e)
			if a < b && (fs > a || fe < b) {
				t.Fatalf("FromOriginal(ToOriginal(%d, %d) = %d, %d) of %q = %d, %d, does not cover", a, b, s, e, in, fs, fe)
			}
		}
	}
}

func runeBounds(s string) map[int]bool {
	b := map[int]bool{len(s): true}
	for i := range s {
		b[i] = true
	}
	return b
}

func FuzzNormalize(f *testing.F) {
	for _, s := range []string{
		"", "Hello, World", "«ёлка» — tech-\nnology…", "a\u00ad\nb", "ﬁ ﬂ", "e\u0301\u0301",
		"a \u200b b", "x - - y", "\xff\xfe", "’’\"", "Ⅻ ½ ㍻", "\u00a8a", "a\u0308\u0323",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		n := Normalize(in)
		if s := NormalizeString(in); s != n.Text {
			t.Fatalf("NormalizeString(%q) = %q, Normalize gives %q", in, s, n.Text)
		}
		if utf8.ValidString(in) && !utf8.ValidString(n.Text) {
			t.Fatalf("Normalize(%q) = %q, not valid UTF-8", in, n.Text)
		}
		checkMap(t, in, &n)
		// The matching form is a fixed point: normalizing it again changes
		// nothing, so a quote and a page meet in the same form.
		if again := NormalizeString(n.Text); again != n.Text && utf8.ValidString(in) && norm.NFKC.IsNormalString(in) {
			t.Fatalf("NormalizeString(%q) = %q, want the fixed point %q", n.Text, again, n.Text)
		}
	})
}

func BenchmarkNormalize(b *testing.B) {
	for _, bb := range []struct{ name, text string }{
		{"en", strings.Repeat("The quick brown fox — jumps over the “lazy” dog; tech-\nnology and 12 %.\n", 1400)},
		{"ru", strings.Repeat("Съешь же ещё этих мягких «французских» булок — да выпей чаю.\u00a0Ёлка.\n", 1400)},
	} {
		b.Run(bb.name, func(b *testing.B) {
			b.SetBytes(int64(len(bb.text)))
			for b.Loop() {
				Normalize(bb.text)
			}
		})
	}
}
