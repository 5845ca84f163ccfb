package answer

import (
	"slices"
	"testing"
	"unicode/utf8"
)

func TestMarkers(t *testing.T) {
	tests := []struct {
		in        string
		refs      []int
		stripped  string
		formatted string
	}{
		{"Backups run at 02:00 [1].", []int{1}, "Backups run at 02:00.", "[1]"},
		{"A [1][2] and B [2, 3].", []int{1, 2, 3}, "A and B.", "[1, 2, 3]"},
		{"Merged [3,1; 2] marker", []int{3, 1, 2}, "Merged marker", "[1, 2, 3]"},
		{"Spaces [ 4 ] inside", []int{4}, "Spaces inside", "[4]"},
		{"Zero [0] is kept as written", []int{0}, "Zero is kept as written", "[0]"},
		{"A year [2027] is text", nil, "A year [2027] is text", ""},
		{"No markers at all.", nil, "No markers at all.", ""},
		{"Русский текст [1] , и ещё [2].", []int{1, 2}, "Русский текст, и ещё.", "[1, 2]"},
	}
	for _, tt := range tests {
		if got := Markers(tt.in); !slices.Equal(got, tt.refs) {
			t.Errorf("Markers(%q) = %v, want %v", tt.in, got, tt.refs)
		}
		if got := StripMarkers(tt.in); got != tt.stripped {
			t.Errorf("StripMarkers(%q) = %q, want %q", tt.in, got, tt.stripped)
		}
		if got := FormatMarkers(tt.refs); got != tt.formatted {
			t.Errorf("FormatMarkers(%v) = %q, want %q", tt.refs, got, tt.formatted)
		}
	}
}

func TestWithMarkers(t *testing.T) {
	tests := []struct {
		text string
		refs []int
		want string
	}{
		{"Backups run nightly.", []int{2, 1}, "Backups run nightly [1, 2]."},
		{"Really?!", []int{1}, "Really [1]?!"},
		{"Ends with an ellipsis…", []int{3}, "Ends with an ellipsis [3]…"},
		{"No punctuation", []int{1}, "No punctuation [1]"},
		{"Nothing cited.", nil, "Nothing cited."},
	}
	for _, tt := range tests {
		if got := withMarkers(tt.text, tt.refs); got != tt.want {
			t.Errorf("withMarkers(%q, %v) = %q, want %q", tt.text, tt.refs, got, tt.want)
		}
	}
}

// FuzzMarkers: whatever the text, reading markers never panics, stripped
// text holds no marker, and formatting the refs reads back as the same set.
func FuzzMarkers(f *testing.F) {
	for _, s := range []string{"A [1][2].", "[1, 2; 3]", "[", "[]", "[1", "x [999] y [1000]", "[0]", "ё [1]…"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		refs := Markers(s)
		stripped := StripMarkers(s)
		if got := Markers(stripped); len(got) != 0 {
			t.Errorf("StripMarkers(%q) = %q still has markers %v", s, stripped, got)
		}
		if utf8.ValidString(s) && !utf8.ValidString(stripped) {
			t.Errorf("StripMarkers(%q) = %q is not valid UTF-8", s, stripped)
		}
		back := Markers(FormatMarkers(refs))
		a, b := slices.Clone(refs), back
		slices.Sort(a)
		if !slices.Equal(a, b) {
			t.Errorf("Markers(FormatMarkers(%v)) = %v", refs, back)
		}
	})
}
