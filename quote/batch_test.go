package quote

import (
	"bytes"
	"strings"
	"testing"
)

// TestBatch answers every line in order, on all cores, and goes on past a
// malformed line, counting it.
func TestBatch(t *testing.T) {
	var in strings.Builder
	for i := range 130 {
		if i == 70 {
			in.WriteString(`{"id":"bad", "text": }` + "\n")
			continue
		}
		in.WriteString(`{"id":` + itoa(i) + `,"text":"Права доступа пересматриваются раз в год.","quote":"пересматриваются"}` + "\n")
	}
	in.WriteString(`{"id":"x","text":"no quote field"}` + "\n\n")
	var out bytes.Buffer
	failed, err := Batch(strings.NewReader(in.String()), &out, Options{})
	if err != nil || failed != 2 {
		t.Fatalf("Batch = %d failed, %v; want 2 failed, no error", failed, err)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 131 {
		t.Fatalf("Batch wrote %d lines, want 131", len(lines))
	}
	for i, l := range lines[:130] {
		switch {
		case i == 70:
			if !strings.Contains(l, `"id":"bad","line":71,"error":"malformed JSON`) {
				t.Errorf("line 71 = %s, want its id, line and error", l)
			}
		case !strings.HasPrefix(l, `{"id":`+itoa(i)+`,"found":true,"start":26,"end":58,"kind":"exact"`):
			t.Errorf("line %d = %s, want the verdict of request %d", i+1, l, i)
		}
	}
	if !strings.Contains(lines[130], `want fields \"text\" and \"quote\"`) {
		t.Errorf("last line = %s, want the missing field named", lines[130])
	}
}

func itoa(i int) string {
	if i < 10 {
		return string(rune('0' + i))
	}
	return itoa(i/10) + string(rune('0'+i%10))
}
