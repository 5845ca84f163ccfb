package sqlstore

import (
	"slices"
	"testing"
)

func TestRebind(t *testing.T) {
	numbered := &Dialect{Numbered: true}
	for _, tc := range []struct{ in, want string }{
		{`SELECT 1`, `SELECT 1`},
		{`SELECT a FROM t WHERE b = ? AND c IN (?, ?)`, `SELECT a FROM t WHERE b = $1 AND c IN ($2, $3)`},
		{`SELECT a FROM t WHERE b = ?1 OR c = ?1`, `SELECT a FROM t WHERE b = $1 OR c = $1`},
		{`SELECT '?' || "a?b" FROM t WHERE x = ?`, `SELECT '?' || "a?b" FROM t WHERE x = $1`},
		{`SELECT 'it''s ?' WHERE y = ?`, `SELECT 'it''s ?' WHERE y = $1`},
		{`UPDATE t SET n = n + ? WHERE id = 1 RETURNING n - ?`, `UPDATE t SET n = n + $1 WHERE id = 1 RETURNING n - $2`},
	} {
		if got := numbered.rebind(tc.in); got != tc.want {
			t.Errorf("rebind(%q) = %q, want %q", tc.in, got, tc.want)
		}
		if got := numbered.rebind(tc.in); got != tc.want { // from the cache
			t.Errorf("rebind(%q) again = %q, want %q", tc.in, got, tc.want)
		}
	}
	if got := (&Dialect{}).rebind(`WHERE a = ?`); got != `WHERE a = ?` {
		t.Errorf("rebind with ? placeholders = %q, want it unchanged", got)
	}
}

func TestArgs(t *testing.T) {
	in := []any{true, "x", false, int64(3)}
	got := (&Dialect{IntBools: true}).args(in)
	if want := []any{int64(1), "x", int64(0), int64(3)}; !slices.Equal(got, want) {
		t.Errorf("args(%v) = %v, want %v", in, got, want)
	}
	if in[0] != true {
		t.Errorf("args changed its argument: %v", in)
	}
	if got := (&Dialect{}).args(in); !slices.Equal(got, in) {
		t.Errorf("args without IntBools = %v, want %v", got, in)
	}
}
