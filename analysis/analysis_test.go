package analysis

import (
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestTokens(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"", nil},
		{"Hello, world!", []string{"Hello", "world"}},
		{"COVID-19 in 3.5%", []string{"COVID", "19", "in", "3", "5"}},
		{"«Ёлка» и ёж", []string{"Ёлка", "и", "ёж"}},
		{"soft\u00adhyphen", []string{"soft", "hyphen"}},
		{"bad\xffbyte", []string{"bad", "byte"}},
	}
	for _, tt := range tests {
		var got []string
		for _, tok := range Tokens(tt.in) {
			if tt.in[tok.Start:tok.End] != tok.Text {
				t.Errorf("Tokens(%q): span [%d,%d) = %q, want %q", tt.in, tok.Start, tok.End, tt.in[tok.Start:tok.End], tok.Text)
			}
			got = append(got, tok.Text)
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("Tokens(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestTerms(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"The running dogs", []string{"run", "dog"}},
		{"Растёт и растет", []string{"растет", "растет"}},
		{"ЁЛКИ ёлки елки", []string{"елк", "елк", "елк"}},
		{"Компании используют Битрикс24", []string{"компан", "исполь", "битрикс24"}},
		// Stems that Snowball leaves apart meet in their first six letters.
		{"используется использовать", []string{"исполь", "исполь"}},
		{"норманский замок норманнов", []string{"норман", "замок", "норман"}},
		{"процентная доля процентов", []string{"процен", "дол", "процен"}},
		// Every form of a pronoun is a stop word, not only Snowball's.
		{"Какие, каким, какую, который, которых, это, чьи", nil},
		{"Сколько стран", []string{"стран"}},
		{"It is not what it was", []string{"what"}},
	}
	for _, tt := range tests {
		if got := Terms(tt.in); !slices.Equal(got, tt.want) && (len(got) > 0 || len(tt.want) > 0) {
			t.Errorf("Terms(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestSentences(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"One. Two! Three?", []string{"One.", "Two!", "Three?"}},
		{"See Fig. 2 and e.g. Table 1. Next one.", []string{"See Fig. 2 and e.g. Table 1.", "Next one."}},
		{"J. Smith et al. found it. It held.", []string{"J. Smith et al. found it.", "It held."}},
		{"Он сказал: «Да.» Потом ушёл.", []string{"Он сказал: «Да.»", "Потом ушёл."}},
		{"Это т.е. пример, см. рис. 3. Конец.", []string{"Это т.е. пример, см. рис. 3.", "Конец."}},
		{"# Title\nBody text here.\n\nSecond para", []string{"# Title", "Body text here.", "Second para"}},
		{"- item one\n- item two", []string{"- item one", "- item two"}},
		{"version 1.2.3 is out. ok", []string{"version 1.2.3 is out. ok"}},
		{"  \n\n  ", nil},
	}
	for _, tt := range tests {
		var got []string
		for _, s := range Sentences(tt.in) {
			got = append(got, tt.in[s.Start:s.End])
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("Sentences(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestChunk(t *testing.T) {
	text := "# Guide\nIntro sentence one. Intro two.\n\n## Setup\nStep one is long enough. Step two follows.\n\n## Use\nUse it."
	got := Chunk(text, ChunkOptions{Target: 30, Max: 60})
	type c struct {
		text    string
		heading string
	}
	var have []c
	for _, ch := range got {
		have = append(have, c{text[ch.Start:ch.End], strings.Join(ch.Heading, " > ")})
	}
	want := []c{
		{"Intro sentence one. Intro two.", "Guide"},
		{"Step one is long enough. Step two follows.", "Guide > Setup"},
		{"Use it.", "Guide > Use"},
	}
	if !slices.Equal(have, want) {
		t.Errorf("Chunk = %q, want %q", have, want)
	}
}

func TestChunkCutsLongSentences(t *testing.T) {
	text := strings.Repeat("слово ", 200) // 1200 characters, 2400 bytes, no full stop
	chunks := Chunk(text, ChunkOptions{Target: 100, Max: 150})
	if len(chunks) < 8 {
		t.Fatalf("Chunk(long) gave %d chunks, want at least 8", len(chunks))
	}
	for _, ch := range chunks {
		if n := utf8.RuneCountInString(text[ch.Start:ch.End]); n > 150 {
			t.Errorf("chunk [%d,%d) is %d characters, want <= 150", ch.Start, ch.End, n)
		}
		if !utf8.ValidString(text[ch.Start:ch.End]) {
			t.Errorf("chunk [%d,%d) cuts a rune", ch.Start, ch.End)
		}
	}
}

func TestOffsets(t *testing.T) {
	text := "aё😀b" // 1 + 2 + 4 + 1 bytes; runes a,ё,😀,b; UTF-16 units 1,1,2,1
	tests := []struct{ byteOff, runeOff, u16Off int }{
		{0, 0, 0}, {1, 1, 1}, {3, 2, 2}, {7, 3, 4}, {8, 4, 5},
	}
	for _, tt := range tests {
		if got := RuneOffset(text, tt.byteOff); got != tt.runeOff {
			t.Errorf("RuneOffset(%d) = %d, want %d", tt.byteOff, got, tt.runeOff)
		}
		if got := UTF16Offset(text, tt.byteOff); got != tt.u16Off {
			t.Errorf("UTF16Offset(%d) = %d, want %d", tt.byteOff, got, tt.u16Off)
		}
		if got, ok := ByteOffsetOfRune(text, tt.runeOff); !ok || got != tt.byteOff {
			t.Errorf("ByteOffsetOfRune(%d) = %d, %v, want %d", tt.runeOff, got, ok, tt.byteOff)
		}
		if got, ok := ByteOffsetOfUTF16(text, tt.u16Off); !ok || got != tt.byteOff {
			t.Errorf("ByteOffsetOfUTF16(%d) = %d, %v, want %d", tt.u16Off, got, ok, tt.byteOff)
		}
	}
	if _, ok := ByteOffsetOfUTF16(text, 3); ok {
		t.Errorf("ByteOffsetOfUTF16(3) inside a surrogate pair: ok, want not ok")
	}
	if _, ok := ByteOffsetOfRune(text, 5); ok {
		t.Errorf("ByteOffsetOfRune(5) past the end: ok, want not ok")
	}
}

// FuzzOffsets checks that every conversion stays in range, lands on rune
// boundaries and round-trips.
func FuzzOffsets(f *testing.F) {
	f.Add("aё😀b", 3)
	f.Add("\xff\xfe plain", 1)
	f.Fuzz(func(t *testing.T, text string, off int) {
		text = strings.ToValidUTF8(text, "\uFFFD") // canonical text is valid UTF-8 by construction
		if off < 0 {
			off = -off
		}
		off %= len(text) + 1
		b := SnapBack(text, off)
		if b < 0 || b > len(text) || b > off {
			t.Fatalf("SnapBack(%d) = %d out of range", off, b)
		}
		if b < len(text) && !utf8.RuneStart(text[b]) {
			t.Fatalf("SnapBack(%d) = %d not on a rune start", off, b)
		}
		r := RuneOffset(text, b)
		if got, ok := ByteOffsetOfRune(text, r); !ok || got != b {
			t.Fatalf("ByteOffsetOfRune(RuneOffset(%d)) = %d, %v", b, got, ok)
		}
		u := UTF16Offset(text, b)
		if got, ok := ByteOffsetOfUTF16(text, u); !ok || got != b {
			t.Fatalf("ByteOffsetOfUTF16(UTF16Offset(%d)) = %d, %v", b, got, ok)
		}
	})
}

// FuzzChunk checks that chunks and sentences are in range, ordered, on rune
// boundaries and within the size limit unless a single word is longer.
func FuzzChunk(f *testing.F) {
	f.Add("# H\nA b. C d!\n\n## I\nÉé ёж. 😀 x")
	f.Add(strings.Repeat("word ", 100))
	f.Fuzz(func(t *testing.T, text string) {
		text = strings.ToValidUTF8(text, "\uFFFD")
		last := 0
		for _, s := range Sentences(text) {
			checkSpan(t, text, s, last)
			last = s.End
		}
		last = 0
		for _, c := range Chunk(text, ChunkOptions{Target: 40, Max: 80}) {
			checkSpan(t, text, c.Span, last)
			last = c.End
			if n := utf8.RuneCountInString(text[c.Start:c.End]); n > 80 && strings.ContainsAny(text[c.Start:c.End], " \t\n") {
				t.Fatalf("chunk %q is %d characters with spaces in it, want <= 80", text[c.Start:c.End], n)
			}
		}
	})
}

func checkSpan(t *testing.T, text string, s Span, last int) {
	t.Helper()
	if s.Start < last || s.Start >= s.End || s.End > len(text) {
		t.Fatalf("span [%d,%d) after %d out of order or range (len %d)", s.Start, s.End, last, len(text))
	}
	if !utf8.RuneStart(text[s.Start]) || (s.End < len(text) && !utf8.RuneStart(text[s.End])) {
		t.Fatalf("span [%d,%d) not on rune boundaries", s.Start, s.End)
	}
}

// TestChunkCountsCharacters: the same paragraph in Russian and in English
// is one chunk in both, though the Russian takes twice the bytes.
func TestChunkCountsCharacters(t *testing.T) {
	ru := strings.Repeat("Права доступа пересматриваются. ", 10) // 320 characters, ~600 bytes
	en := strings.Repeat("Access rights are reviewed yearly. ", 9)
	for _, text := range []string{ru, en} {
		if got := Chunk(text, ChunkOptions{Target: 400, Max: 800}); len(got) != 1 {
			t.Errorf("Chunk(%d characters, %d bytes) = %d chunks, want 1", utf8.RuneCountInString(text), len(text), len(got))
		}
	}
}
