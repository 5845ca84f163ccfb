package offline

import (
	"slices"
	"testing"
)

func TestNames(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"Yesterday Alice met Bob Smith in New York.", []string{"Alice", "Bob Smith", "New York"}},
		{"Alice met him.", nil}, // a capital opening a sentence is grammar
		{"PrP, mRNA, BRCA1 and p53 in the UK", []string{"PrP", "mRNA", "BRCA1", "p53", "UK"}},
		{"Договор подписали «Альфа Групп» и “Beta Corp”.", []string{"Альфа Групп", "Beta Corp"}},
		{"The trial. The end.", nil},
	}
	for _, tt := range tests {
		var got []string
		for _, n := range analyze(tt.in).Names {
			got = append(got, n.Text)
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("names(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestHasName(t *testing.T) {
	d := analyze("Встреча прошла в Москве с компанией «Альфа».")
	for _, tt := range []struct {
		name string
		want bool
	}{
		{"Совещание в Москва.", true}, // inflected forms share a stem
		{"Совещание в Казани.", false},
		{"Договор с «Альфой».", true},
	} {
		ns := analyze(tt.name).Names
		if len(ns) != 1 {
			t.Fatalf("names(%q) = %v, want one", tt.name, ns)
		}
		if got := d.hasName(ns[0]); got != tt.want {
			t.Errorf("hasName(%q) = %v, want %v", ns[0].Text, got, tt.want)
		}
	}
}
