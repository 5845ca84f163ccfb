package searchbench

import (
	"os"
	"path/filepath"
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

func TestStorePath(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	p, fresh, cleanup, err := StorePath("")
	if err != nil || !fresh || filepath.Dir(filepath.Dir(p)) != tmp {
		t.Fatalf(`StorePath("") = %q, fresh %v, %v; want a new store under $TMPDIR`, p, fresh, err)
	}
	cleanup()
	if left, _ := os.ReadDir(tmp); len(left) != 0 {
		t.Errorf("cleanup left %v in $TMPDIR", left)
	}
	kept := filepath.Join(tmp, "kept.db")
	if p, fresh, _, err := StorePath(kept); p != kept || !fresh || err != nil {
		t.Errorf("StorePath(new file) = %q, fresh %v, %v; want it, fresh", p, fresh, err)
	}
	os.WriteFile(kept, nil, 0o644)
	if _, fresh, _, err := StorePath(kept); fresh || err != nil {
		t.Errorf("StorePath(existing file) fresh %v, %v; want it searched as it is", fresh, err)
	}
}
