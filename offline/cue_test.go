package offline

import (
	"fmt"
	"slices"
	"testing"
)

func TestCues(t *testing.T) {
	tests := []struct {
		in   string
		want []string // kind:text
	}{
		{"not less than every 12 months; more often in emergencies", []string{"lower:not less than", "lower:more often"}},
		{"He did not go, never without a reason", []string{"negation:not", "negation:never", "negation:without"}},
		{"It doesn't work and can't fail to", []string{"negation:n't", "negation:n't", "negation:fail to"}},
		{"only if the treatment fails to work", []string{"condition:only if", "negation:fails to"}},
		{"at most 5, up to 7, except Sundays, unless it rains", []string{"upper:at most", "upper:up to", "except:except", "condition:unless"}},
		{"not only X but whether or not Y", []string{"inert:not only", "inert:whether or not"}},
		{"не реже раза в год, не менее 5, не более 7, только если, кроме пятницы, при аварии", []string{
			"lower:не реже", "lower:не менее", "upper:не более", "only:только", "condition:если", "except:кроме", "condition:при"}},
		{"не утвердил, нет данных, без ошибок, ни разу", []string{"negation:не", "negation:нет", "negation:без", "negation:ни"}},
		{"aspirin reduces risk and increases survival; the tumor suppressor was activated", []string{"down:reduces", "up:increases"}},
		{"снизила число аварий и повысила выручку", []string{"down:снизила", "up:повысила"}},
		{"we examined whether it may help", []string{"hedge:whether", "hedge:may"}},
	}
	for _, tt := range tests {
		var got []string
		for _, c := range analyze(tt.in).Cues {
			got = append(got, fmt.Sprintf("%s:%s", c.Kind, c.Text))
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("cues(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestInScope(t *testing.T) {
	d := analyze("In older patients aspirin did not reduce stroke, but it reduced bleeding.")
	var neg cue
	for _, c := range d.Cues {
		if c.Kind == cueNegation {
			neg = c
		}
	}
	word := func(f string) int {
		for i, w := range d.Words {
			if w.Fold == f {
				return i
			}
		}
		t.Fatalf("no word %q", f)
		return -1
	}
	if !d.inScope(neg, word("stroke"), 6) {
		t.Error("inScope(not, stroke) = false, want true")
	}
	if d.inScope(neg, word("bleeding"), 20) {
		t.Error("inScope(not, bleeding) = true, want false: a comma ends the clause")
	}
	if !d.inScope(neg, word("aspirin"), 6) {
		t.Error("inScope(not, aspirin) = false, want true: a subject right before the negation is in its reach")
	}
	if d.inScope(neg, word("patients"), 6) {
		t.Error("inScope(not, patients) = true, want false: it is three words before the negation")
	}
}
