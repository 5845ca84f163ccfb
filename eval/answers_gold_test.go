package eval

import "testing"

// TestContainsGold: gold answers are found as whole words after SQuAD's
// normalization, not as substrings.
func TestContainsGold(t *testing.T) {
	for _, c := range []struct {
		text string
		gold []string
		want bool
	}{
		{"Deploys stop on Friday at two.", []string{"Friday"}, true},
		{"В большинстве стран деятельность регулируется законодательством об аптечной практике.", []string{"законодательством  об аптечной практике"}, true},
		{"Перехвачено два мяча, оба вернули тачдауном.", []string{"два."}, true},
		{"It was built in 2015.", []string{"2"}, false},
		{"It was built in 2015.", []string{"2015"}, true},
		{"The Denver Broncos won.", []string{"Denver Broncos"}, true},
		{"Denver won.", []string{"the Denver Broncos"}, false},
		{"гипотеза n2 + 1 верна", []string{"n2 + 1"}, true},
		{"Nothing here.", []string{"", "  "}, false},
		{"ЧЕТЫРЕ перехвата", []string{"четыре"}, true},
	} {
		if got := containsGold(c.text, c.gold); got != c.want {
			t.Errorf("containsGold(%q, %q) = %v, want %v", c.text, c.gold, got, c.want)
		}
	}
}
