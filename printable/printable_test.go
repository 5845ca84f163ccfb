package printable

import "testing"

func TestText(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"plain text, «кавычки», ё", "plain text, «кавычки», ё"},
		{"two\nlines\tand a tab", "two\nlines\tand a tab"},
		{"\x1b[2Jcleared", `\e[2Jcleared`},
		{"bell\x07", `bell\u0007`},
		{"\u202Eevil", `\u202Eevil`},
		{"\u2066isolate\u2069", `\u2066isolate\u2069`},
		{"del\x7f", `del\u007F`},
	} {
		if got := Text(tt.in); got != tt.want {
			t.Errorf("Text(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestLine(t *testing.T) {
	for _, tt := range []struct {
		in   string
		n    int
		want string
	}{
		{"  a   b\n c ", 10, "a b c"},
		{"Права доступа пересматриваются", 13, "Права доступа…"},
		{"exactly", 7, "exactly"},
	} {
		if got := Line(tt.in, tt.n); got != tt.want {
			t.Errorf("Line(%q, %d) = %q, want %q", tt.in, tt.n, got, tt.want)
		}
	}
}

func TestIndent(t *testing.T) {
	if got, want := Indent("a\nb", "  "), "  a\n  b"; got != want {
		t.Errorf("Indent = %q, want %q", got, want)
	}
}
