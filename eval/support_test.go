package eval

import (
	"math"
	"strings"
	"testing"
)

func TestBinary(t *testing.T) {
	var b Binary
	for _, d := range []struct{ gold, pred bool }{
		{true, true}, {true, true}, {true, false}, {false, true}, {false, false}, {false, false}, {false, false},
	} {
		b.Add(d.gold, d.pred)
	}
	if b != (Binary{TP: 2, FP: 1, FN: 1, TN: 3}) || b.N() != 7 {
		t.Fatalf("Binary after 7 decisions = %+v (N %d), want TP 2 FP 1 FN 1 TN 3", b, b.N())
	}
	for _, tt := range []struct {
		name      string
		got, want float64
	}{
		{"Precision", b.Precision(), 2.0 / 3},
		{"Recall", b.Recall(), 2.0 / 3},
		{"Specificity", b.Specificity(), 3.0 / 4},
		{"BalancedAccuracy", b.BalancedAccuracy(), (2.0/3 + 3.0/4) / 2},
		{"F1", b.F1(), 2.0 / 3},
		{"Precision of nothing predicted", Binary{FN: 3, TN: 2}.Precision(), 0},
		{"BalancedAccuracy of always no", Binary{FN: 3, TN: 2}.BalancedAccuracy(), 0.5},
		{"F1 of nothing", Binary{}.F1(), 0},
	} {
		if math.Abs(tt.got-tt.want) > 1e-12 {
			t.Errorf("%s = %.4f, want %.4f", tt.name, tt.got, tt.want)
		}
	}
}

func TestConfusion(t *testing.T) {
	c := NewConfusion([]string{"A", "B"}, []string{"x", "y"})
	c.Add("A", "x")
	c.Add("A", "x")
	c.Add("B", "z") // a new column
	c.Add("C", "y") // a new row
	if got := strings.Join(c.Predicted, ","); got != "x,y,z" {
		t.Errorf("Predicted = %s, want x,y,z", got)
	}
	if got := strings.Join(c.Gold, ","); got != "A,B,C" {
		t.Errorf("Gold = %s, want A,B,C", got)
	}
	for _, tt := range []struct {
		gold, pred string
		want       int
	}{{"A", "x", 2}, {"A", "z", 0}, {"B", "z", 1}, {"C", "y", 1}, {"C", "q", 0}} {
		if got := c.Count(tt.gold, tt.pred); got != tt.want {
			t.Errorf("Count(%s, %s) = %d, want %d", tt.gold, tt.pred, got, tt.want)
		}
	}
}

func TestSupportPairs(t *testing.T) {
	sf, err := LoadSciFact("testdata/scifact-mini/scifact")
	if err != nil {
		t.Fatal(err)
	}
	dev, err := sf.SupportPairs("dev")
	if err != nil {
		t.Fatal(err)
	}
	var gold []string
	for _, p := range dev {
		gold = append(gold, p.Gold)
	}
	want := "SUPPORT CONTRADICT NOEVIDENCE SUPPORT SUPPORT CONTRADICT NOEVIDENCE"
	if strings.Join(gold, " ") != want {
		t.Errorf("SupportPairs(dev) gold = %s, want %s", strings.Join(gold, " "), want)
	}
	if p := dev[0]; p.ClaimID != 1 || p.DocID != "1" || !p.Positive() ||
		p.Premise != "Aspirin for stroke prevention in the elderly.\n\nWe randomised 4,000 patients aged over 70 years. In the trial, aspirin reduced the risk of stroke in older patients. Bleeding was more common with aspirin." {
		t.Errorf("SupportPairs(dev)[0] = %+v, want claim 1 on abstract 1, title as its own paragraph", p)
	}
	if train, err := sf.SupportPairs("train"); err != nil || len(train) != 2 {
		t.Errorf("SupportPairs(train) = %d pairs, %v; want 2", len(train), err)
	}
	if _, err := sf.SupportPairs("test"); err == nil {
		t.Error("SupportPairs(test) = nil error, want an invalid split")
	}
	sf.Dev[0].CitedDoc = []string{"404"}
	if _, err := sf.SupportPairs("dev"); err == nil {
		t.Error("SupportPairs with a claim citing a missing abstract = nil error")
	}
}
