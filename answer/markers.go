package answer

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// marker matches one citation marker: [1], [1, 2], [1,2;3], with optional
// spaces inside the brackets. Numbers have at most three digits, so a year
// in brackets ("[2027]") is text, not a citation.
var marker = regexp.MustCompile(`\[\s*\d{1,3}(?:\s*[,;]\s*\d{1,3})*\s*\]`)

// Markers returns the citation numbers of text in order of first use,
// reading merged markers ("[1, 2]") and runs ("[1][2]") alike, each number
// once. Numbers are as written: 0 and numbers past the documents are the
// caller's to reject.
func Markers(text string) []int {
	var out []int
	for _, m := range marker.FindAllString(text, -1) {
		for _, f := range strings.FieldsFunc(m[1:len(m)-1], func(r rune) bool { return r == ',' || r == ';' || r == ' ' }) {
			n, err := strconv.Atoi(f)
			if err == nil && !slices.Contains(out, n) {
				out = append(out, n)
			}
		}
	}
	return out
}

// StripMarkers returns text without its citation markers, with the spaces
// they leave behind tidied ("X [1]." → "X.").
func StripMarkers(text string) string {
	s := text
	// Removing a marker can close a new one around it ("[1[2]]" → "[1]"),
	// so strip until none is left; each pass removes at least one.
	for marker.MatchString(s) {
		s = marker.ReplaceAllString(s, "")
	}
	s = strings.Join(strings.Fields(s), " ")
	for _, p := range []string{".", ",", ";", ":", "!", "?", "…"} {
		s = strings.ReplaceAll(s, " "+p, p)
	}
	return strings.TrimSpace(s)
}

// FormatMarkers returns refs as one merged marker, "[1, 2]", sorted; "" for
// none. Stage 3 of VeriCite merges "[1][2]" into this form.
func FormatMarkers(refs []int) string {
	if len(refs) == 0 {
		return ""
	}
	rs := slices.Clone(refs)
	slices.Sort(rs)
	rs = slices.Compact(rs)
	parts := make([]string, len(rs))
	for i, r := range rs {
		parts[i] = strconv.Itoa(r)
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

// withMarkers appends a merged marker to a statement, before its final
// punctuation: "X." with [1, 2] → "X [1, 2].".
func withMarkers(text string, refs []int) string {
	m := FormatMarkers(refs)
	if m == "" {
		return text
	}
	t := strings.TrimSpace(text)
	end := len(t)
	for end > 0 {
		r, size := utf8.DecodeLastRuneInString(t[:end])
		if !strings.ContainsRune(".!?…", r) {
			break
		}
		end -= size
	}
	return t[:end] + " " + m + t[end:]
}
