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

func TestFresh(t *testing.T) {
	for _, tt := range []struct {
		replayed, fence, current string
		maxLag                   int64
		want                     bool
	}{
		{"0/100", "0/50", "0/100", 0, true},    // caught up
		{"0/FF", "0/50", "0/100", 0, false},    // one byte behind, no lag allowed
		{"0/FF", "0/50", "0/100", 16, true},    // behind by less than allowed, past the fence
		{"0/40", "0/50", "0/100", 1024, false}, // within the lag, but before the last narrowing
		{"0/50", "0/50", "0/100", 1024, true},
		{"0/60", "0/50", "0/1000", 16, false}, // past the fence, lagging too far
		{"0/110", "0/50", "0/100", 16, true},  // replayed past what the primary said
		{"0/60", "", "0/100", 1024, false},
	} {
		if got := fresh(tt.replayed, tt.fence, tt.current, tt.maxLag); got != tt.want {
			t.Errorf("fresh(%s, fence %s, current %s, lag %d) = %v, want %v", tt.replayed, tt.fence, tt.current, tt.maxLag, got, tt.want)
		}
	}
}
