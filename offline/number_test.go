package offline

import (
	"fmt"
	"math"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestQuantities(t *testing.T) {
	type q struct {
		text  string
		value float64
		dim   string
	}
	tests := []struct {
		in   string
		want []q
	}{
		{"12 months", []q{{"12 months", 365.25, dimTime}}},
		{"a 12-month trial", []q{{"12-month", 365.25, dimTime}}},
		{"9,6 млн рублей", []q{{"9,6 млн рублей", 9.6e6, dimRUB}}},
		{"9,6 млн", []q{{"9,6 млн", 9.6e6, dimPlain}}},
		{"1,000 users", []q{{"1,000", 1000, dimPlain}}},
		{"1,000,000 and 1.000.000", []q{{"1,000,000", 1e6, dimPlain}, {"1.000.000", 1e6, dimPlain}}},
		{"1,000.5 and 1.000,5", []q{{"1,000.5", 1000.5, dimPlain}, {"1.000,5", 1000.5, dimPlain}}},
		{"0,125 and 3.125", []q{{"0,125", 0.125, dimPlain}, {"3.125", 3.125, dimPlain}}},
		{"1 000 000 рублей", []q{{"1 000 000 рублей", 1e6, dimRUB}}},
		{"50%", []q{{"50%", 50, dimPercent}}},
		{"50 % of them", []q{{"50 %", 50, dimPercent}}},
		{"40 percent", []q{{"40 percent", 40, dimPercent}}},
		{"P = .58", []q{{".58", 0.58, dimPlain}}},
		{"HR -1.29 (0.85-1.09)", []q{{"-1.29", -1.29, dimPlain}, {"0.85", 0.85, dimPlain}, {"1.09", 1.09, dimPlain}}},
		{"400mg daily", []q{{"400mg", 0.4, dimMass}, {"daily", 1, dimFreq}}},
		{"2 kg", []q{{"2 kg", 2000, dimMass}}},
		{"3-fold", []q{{"3-fold", 3, dimTimes}}},
		{"в 2 раза", []q{{"2 раза", 2, dimTimes}}},
		{"37 °C", []q{{"37 °C", 37, dimTemp}}},
		{"$5 million", []q{{"5 million", 5e6, dimUSD}}},
		{"two years", []q{{"two years", 2 * daysPerYear, dimTime}}},
		{"one of the trials", nil},
		{"COVID-19, IL-6, 4-PBA, BRCA1, 3D", nil},
		{"in 2021 and в 2021 году", []q{{"2021", 2021, dimPlain}, {"2021 году", 2021, dimPlain}}},
		{"once a year", []q{{"once a year", 1 / daysPerYear, dimFreq}}},
		{"twice per week", []q{{"twice per week", 2.0 / 7, dimFreq}}},
		{"every 12 months", []q{{"every 12 months", 1 / daysPerYear, dimFreq}}},
		{"every month", []q{{"every month", 1 / daysPerMonth, dimFreq}}},
		{"раз в год", []q{{"раз в год", 1 / daysPerYear, dimFreq}}},
		{"одного раза в 12 месяцев", []q{{"одного раза в 12 месяцев", 1 / daysPerYear, dimFreq}}},
		{"2 раза в месяц", []q{{"2 раза в месяц", 2 / daysPerMonth, dimFreq}}},
		{"каждые 3 дня", []q{{"каждые 3 дня", 1.0 / 3, dimFreq}}},
		{"ежегодно", []q{{"ежегодно", 1 / daysPerYear, dimFreq}}},
		{"one in five trials", []q{{"one in five", 0.2, dimRatio}}},
		{"1 in 5 million", []q{{"1 in 5 million", 1 / 5e6, dimRatio}}},
		{"3 out of 10", []q{{"3 out of 10", 0.3, dimRatio}}},
		{"один из пяти", []q{{"один из пяти", 0.2, dimRatio}}},
	}
	for _, tt := range tests {
		d := analyze(tt.in)
		var got []q
		for _, x := range d.Quants {
			got = append(got, q{tt.in[x.Start:x.End], x.Value, x.Dim})
		}
		if len(got) != len(tt.want) {
			t.Errorf("quantities(%q) = %v, want %v", tt.in, got, tt.want)
			continue
		}
		for i := range got {
			if got[i].text != tt.want[i].text || got[i].dim != tt.want[i].dim ||
				math.Abs(got[i].value-tt.want[i].value) > 1e-9*math.Abs(tt.want[i].value) {
				t.Errorf("quantities(%q)[%d] = %v, want %v", tt.in, i, got[i], tt.want[i])
			}
		}
	}
}

func TestQuantitySame(t *testing.T) {
	one := func(s string) quantity {
		qs := analyze(s).Quants
		if len(qs) != 1 {
			t.Fatalf("quantities(%q) = %v, want one", s, qs)
		}
		return qs[0]
	}
	tests := []struct {
		a, b string
		want bool
	}{
		{"12 months", "1 year", true},
		{"18 месяцев", "1,5 года", true},
		{"every 12 months", "once a year", true},
		{"одного раза в 12 месяцев", "раз в год", true},
		{"twice a year", "once a year", false},
		{"9,6 млн", "9 600 000", true},
		{"32%", "32.1%", false},
		{"2019", "2021", false},
		{"50%", "50", false},
		{"5 mg", "5 g", false},
	}
	for _, tt := range tests {
		if got := one(tt.a).same(one(tt.b)); got != tt.want {
			t.Errorf("same(%q, %q) = %v, want %v", tt.a, tt.b, got, tt.want)
		}
	}
}

func TestNumeral(t *testing.T) {
	tests := []struct {
		groups, seps []string
		want         float64
	}{
		{[]string{"12"}, nil, 12},
		{[]string{"1", "000"}, []string{","}, 1000},
		{[]string{"9", "6"}, []string{","}, 9.6},
		{[]string{"0", "125"}, []string{","}, 0.125},
		{[]string{"3", "125"}, []string{"."}, 3.125},
		{[]string{"1", "000", "000"}, []string{",", ","}, 1e6},
		{[]string{"1", "000", "5"}, []string{".", ","}, 1000.5},
		{[]string{"1", "000", "000"}, []string{" ", " "}, 1e6},
		{[]string{"1", "000", "5"}, []string{" ", ","}, 1000.5},
	}
	for _, tt := range tests {
		got, ok := numeral(tt.groups, tt.seps)
		if !ok || got != tt.want {
			t.Errorf("numeral(%q, %q) = %v, %v; want %v", tt.groups, tt.seps, got, ok, tt.want)
		}
	}
}

// FuzzAnalyze checks that analysing any text keeps every span inside it,
// in order, and never panics.
func FuzzAnalyze(f *testing.F) {
	for _, s := range []string{premiseEN, premiseRU, "1,000.5 -3 .5 $5 50% 12-month «x» \"y\"", "раз в год каждые 3 дня",
		"\xff\xfe 1 in", "9,6 млн ₽ 37 °C", "n't can't"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		d := analyze(s)
		check := func(kind string, start, end, first, last int) {
			if start < 0 || end > len(s) || start > end || first < 0 || last > len(d.Words) || first > last {
				t.Fatalf("%s span [%d,%d) words [%d,%d) out of range in %q (%d words)", kind, start, end, first, last, s, len(d.Words))
			}
		}
		prev := 0
		for _, q := range d.Quants {
			check("quantity", q.Start, q.End, q.First, q.Last)
			if q.First < prev {
				t.Fatalf("quantities out of order in %q", s)
			}
			prev = q.First
		}
		for _, c := range d.Cues {
			check("cue", 0, 0, c.First, c.Last)
		}
		for _, n := range d.Names {
			check("name", n.Start, n.End, max(n.First, 0), n.Last)
			if !utf8.ValidString(s) {
				continue
			}
			if !strings.Contains(s, n.Text) {
				t.Fatalf("name %q not in %q", n.Text, s)
			}
		}
		_ = fmt.Sprint(checkSupport(d, analyze("claim 12 not"), DefaultSupport, nil))
	})
}
