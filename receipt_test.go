package verity

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestReceiptMinimal(t *testing.T) {
	s1, s2, s3, r1 := SourceRef("1"), SourceRef("2"), SourceRef("3"), RecordRef("a")
	tests := []struct {
		name string
		in   [][]Ref
		want [][]Ref
	}{
		{"empty", nil, [][]Ref{}},
		{"sorts and deduplicates members", [][]Ref{{s2, s1, s2}}, [][]Ref{{s1, s2}}},
		{"drops empty sets", [][]Ref{{}, {s1}}, [][]Ref{{s1}}},
		{"drops duplicate sets", [][]Ref{{s1, s2}, {s2, s1}}, [][]Ref{{s1, s2}}},
		{"drops supersets", [][]Ref{{s1, s2, s3}, {s2}, {s1, r1}}, [][]Ref{{s2}, {r1, s1}}},
		{"smallest first, ties by content", [][]Ref{{s3, s2}, {s3}, {s1, s2}}, [][]Ref{{s3}, {s1, s2}}},
	}
	for _, tt := range tests {
		got := Receipt{Sets: tt.in}.Minimal()
		if diff := cmp.Diff(tt.want, got.Sets); diff != "" {
			t.Errorf("%s: Minimal(%v) mismatch (-want +got):\n%s", tt.name, tt.in, diff)
		}
	}
}

func TestReceiptMinimalDoesNotAlias(t *testing.T) {
	in := Receipt{Sets: [][]Ref{{SourceRef("2"), SourceRef("1")}}}
	_ = in.Minimal()
	if in.Sets[0][0] != SourceRef("2") {
		t.Errorf("Minimal sorted its input in place: %v", in.Sets)
	}
}

func TestReceiptCapped(t *testing.T) {
	s := func(ids ...string) []Ref {
		var out []Ref
		for _, id := range ids {
			out = append(out, SourceRef(id))
		}
		return out
	}
	in := Receipt{Sets: [][]Ref{s("a", "b", "c"), s("d"), s("e", "f"), s("g"), s("h", "i")}}
	tests := []struct {
		n    int
		want [][]Ref
	}{
		{4, [][]Ref{s("d"), s("g"), s("e", "f"), s("h", "i")}},
		{2, [][]Ref{s("d"), s("g")}},
		{0, [][]Ref{s("d"), s("g"), s("e", "f"), s("h", "i"), s("a", "b", "c")}}, // no cap
		{9, [][]Ref{s("d"), s("g"), s("e", "f"), s("h", "i"), s("a", "b", "c")}},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, in.Capped(tt.n).Sets); diff != "" {
			t.Errorf("Capped(%d) mismatch (-want +got):\n%s", tt.n, diff)
		}
	}
}
