package offline

import (
	"slices"
	"testing"
)

func TestStems(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		// Stop, function, cue and number words are not content.
		{"The inspections were not carried out every 12 months.", []string{"inspect", "carri"}},
		{"Aspirin reduces the risk of stroke.", []string{"aspirin", "risk", "stroke"}},
		{"Проверки проводятся не реже раза в год.", []string{"проверк", "провод"}},
		{"Doesn't the ﬁrst trial matter?", []string{"first", "trial", "matter"}}, // NFKC folds the ligature
	}
	for _, tt := range tests {
		if got := analyze(tt.in).stems(); !slices.Equal(got, tt.want) {
			t.Errorf("stems(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestIDF(t *testing.T) {
	d := analyze("Aspirin was given. Aspirin reduced stroke. Aspirin reduced bleeding.")
	x := idfOf(d)
	if x.n != 3 {
		t.Fatalf("idfOf(one text) counts %d documents, want its 3 sentences", x.n)
	}
	common, rare, absent := x.weight("aspirin"), x.weight("stroke"), x.weight("insulin")
	if !(0 < common && common < rare && rare < absent) {
		t.Errorf("weights aspirin %.3f, stroke %.3f, insulin %.3f; want 0 < in every sentence < in one < in none", common, rare, absent)
	}
	many := idfOf(analyze("aspirin stroke"), analyze("aspirin bleeding"))
	if many.n != 2 || many.df["aspirin"] != 2 || many.df["stroke"] != 1 {
		t.Errorf("idfOf(two texts) = n %d, df %v; want documents counted per text", many.n, many.df)
	}
}

func TestNearStem(t *testing.T) {
	tests := []struct {
		a, b string
		want bool
	}{
		{"reduct", "reduc", true},
		{"migrat", "migrant", true},
		{"увелич", "увеличива", true},
		{"stroke", "strong", false},
		{"metastasi", "metastat", true},
		{"prevent", "prevail", false},
		{"interact", "interfer", false},
		{"cell", "cells", false}, // too short to guess
	}
	for _, tt := range tests {
		if got := nearStem(tt.a, tt.b); got != tt.want {
			t.Errorf("nearStem(%q, %q) = %v, want %v", tt.a, tt.b, got, tt.want)
		}
	}
}

func TestCoverage(t *testing.T) {
	x := newIDF([][]string{{"aspirin", "stroke"}, {"aspirin", "bleed"}})
	tests := []struct {
		query []string
		have  []string
		want  float64
	}{
		{[]string{"aspirin", "stroke"}, []string{"aspirin", "stroke", "old"}, 1},
		{[]string{"aspirin", "stroke"}, nil, 0},
		{nil, []string{"aspirin"}, 0},
		// The rarer word weighs more: missing it costs more than missing aspirin.
		{[]string{"aspirin", "stroke"}, []string{"aspirin"}, x.weight("aspirin") / (x.weight("aspirin") + x.weight("stroke"))},
		// A near stem earns the near credit.
		{[]string{"reduct"}, []string{"reduc"}, 0.8},
		// A light word weighs less than what the claim is about.
		{[]string{"caus", "stroke"}, []string{"stroke"}, x.weight("stroke") / (x.weight("stroke") + lightWeight*x.weight("caus"))},
	}
	for _, tt := range tests {
		have := map[string]bool{}
		for _, h := range tt.have {
			have[h] = true
		}
		if got, _ := coverage(tt.query, have, x, 0.8); got < tt.want-1e-9 || got > tt.want+1e-9 {
			t.Errorf("coverage(%q, %q) = %.4f, want %.4f", tt.query, tt.have, got, tt.want)
		}
	}
}

func TestRankSentences(t *testing.T) {
	text := "Weather was fine. Aspirin reduced stroke in older patients. Stroke is common."
	ws := rankSentences(text, "Does aspirin reduce stroke?")
	if len(ws) != 3 {
		t.Fatalf("rankSentences gave %d windows, want one per sentence", len(ws))
	}
	if got := text[ws[0].Span.Start:ws[0].Span.End]; got != "Aspirin reduced stroke in older patients." {
		t.Errorf("rankSentences best = %q, want the aspirin sentence", got)
	}
	if ws[2].Score != 0 || text[ws[2].Span.Start:ws[2].Span.End] != "Weather was fine." {
		t.Errorf("rankSentences last = %q (%.2f), want the weather sentence at 0", text[ws[2].Span.Start:ws[2].Span.End], ws[2].Score)
	}
	for i := 1; i < len(ws); i++ {
		if ws[i-1].Score < ws[i].Score {
			t.Errorf("rankSentences not best first: %v", ws)
		}
	}
}
