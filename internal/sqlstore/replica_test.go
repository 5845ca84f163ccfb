package sqlstore

import "testing"

func TestLSNAtLeast(t *testing.T) {
	for _, tt := range []struct {
		a, b string
		want bool
	}{
		{"0/16B3750", "0/16B3748", true},
		{"0/16B3748", "0/16B3748", true},
		{"0/16B3748", "0/16B3750", false},
		{"1/0", "0/FFFFFFFF", true},
		{"0/FFFFFFFF", "1/0", false},
		{"A/10", "9/FFFFFFF0", true},
		{"", "0/0", false},
		{"0/0", "junk", false},
		{"0/1/2", "0/0", false},
	} {
		if got := lsnAtLeast(tt.a, tt.b); got != tt.want {
			t.Errorf("lsnAtLeast(%q, %q) = %v, want %v", tt.a, tt.b, got, tt.want)
		}
	}
}
