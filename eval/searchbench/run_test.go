package searchbench

import (
	"testing"
	"time"
)

func TestLatencies(t *testing.T) {
	took := make([]time.Duration, 100)
	for i := range took {
		took[i] = time.Duration(100-i) * time.Millisecond // 100 ms down to 1 ms
	}
	p50, p99, mean := latencies(took)
	if p50 != 50 || p99 != 99 || mean != 50.5 {
		t.Errorf("latencies(1..100 ms) = %v, %v, %v; want 50, 99, 50.5", p50, p99, mean)
	}
	if p50, p99, mean := latencies([]time.Duration{3 * time.Millisecond}); p50 != 3 || p99 != 3 || mean != 3 {
		t.Errorf("latencies(3 ms) = %v, %v, %v; want 3, 3, 3", p50, p99, mean)
	}
}
