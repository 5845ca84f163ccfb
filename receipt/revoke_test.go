package receipt_test

import (
	"context"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/veritykb/verity"
	"github.com/veritykb/verity/receipt"
)

func TestRevoke(t *testing.T) {
	tests := []struct {
		name         string
		graph        []string
		initialDead  []string
		revoke       []string
		wantDied     []string
		wantSurvived []string
	}{
		{
			name:     "single set dies",
			graph:    []string{"a: s1"},
			revoke:   []string{"s1"},
			wantDied: []string{"a"},
		},
		{
			name:         "another set survives",
			graph:        []string{"a: s1 | s2"},
			revoke:       []string{"s1"},
			wantSurvived: []string{"a"},
		},
		{
			name:         "a set needs every member",
			graph:        []string{"a: s1 s2 | s3"},
			revoke:       []string{"s2", "s3"},
			wantDied:     []string{"a"},
			wantSurvived: []string{},
		},
		{
			name:         "cascade through records",
			graph:        []string{"a: s1", "b: a", "c: b | s2", "d: c"},
			revoke:       []string{"s1"},
			wantDied:     []string{"a", "b"},
			wantSurvived: []string{"c"},
		},
		{
			name:         "cycle with outside support on both ends survives",
			graph:        []string{"a: s1 | b", "b: a | s2"},
			revoke:       []string{"s1"},
			wantSurvived: []string{"a"},
		},
		{
			name:     "cycle loses its last outside support",
			graph:    []string{"a: s1 | b", "b: a | s2"},
			revoke:   []string{"s1", "s2"},
			wantDied: []string{"a", "b"},
		},
		{
			name:     "cycle entered from one source only",
			graph:    []string{"a: s1 | b", "b: a"},
			revoke:   []string{"s1"},
			wantDied: []string{"a", "b"},
		},
		{
			name:     "long cycle entered once",
			graph:    []string{"a: s1 | d", "b: a", "c: b", "d: c", "e: d | s2"},
			revoke:   []string{"s1"},
			wantDied: []string{"a", "b", "c", "d"},
			// e loses the set {d} and lives on s2.
			wantSurvived: []string{"e"},
		},
		{
			name:        "a pure cycle is dead from the start",
			graph:       []string{"a: b", "b: a", "c: s1"},
			initialDead: []string{"a", "b"},
			revoke:      []string{"s1"},
			wantDied:    []string{"c"},
		},
		{
			name:     "revoking a record kills what rests on it",
			graph:    []string{"a: s1", "b: a", "c: b | s1"},
			revoke:   []string{"a"},
			wantDied: []string{"a", "b"},
			// c's set {b} died but c lives on s1.
			wantSurvived: []string{"c"},
		},
		{
			name:         "support moves to a set that was not the support",
			graph:        []string{"x: s2", "a: s1 | x", "b: a s3"},
			revoke:       []string{"s1"},
			wantSurvived: []string{"a"},
		},
		{
			name:     "self reference is no support",
			graph:    []string{"a: s1 | a"},
			revoke:   []string{"s1"},
			wantDied: []string{"a"},
		},
		{
			name:   "nothing rests on the source",
			graph:  []string{"a: s1", "s2"},
			revoke: []string{"s2"},
		},
	}
	ctx := context.Background()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := graph(t, tt.graph...)
			if got := dead(m); !slices.Equal(got, nilToEmpty(tt.initialDead)) {
				t.Fatalf("dead records of %q = %v, want %v", tt.graph, got, tt.initialDead)
			}
			before := m.Clone()
			refs := refsOf(m, tt.revoke...)
			impact, err := receipt.Impact(ctx, m.Refs(), refs)
			if err != nil {
				t.Fatalf("Impact(%v) = %v", tt.revoke, err)
			}
			if !m.SameLiveness(before) {
				t.Fatalf("Impact(%v) changed the graph", tt.revoke)
			}
			c, err := receipt.Revoke(ctx, m.Refs(), refs)
			if err != nil {
				t.Fatalf("Revoke(%v) = %v", tt.revoke, err)
			}
			if diff := cmp.Diff(impact, c); diff != "" {
				t.Errorf("Impact(%v) differs from Revoke (-impact +revoke):\n%s", tt.revoke, diff)
			}
			if got := names(c.Died); !slices.Equal(got, nilToEmpty(tt.wantDied)) {
				t.Errorf("Revoke(%v).Died = %v, want %v", tt.revoke, got, tt.wantDied)
			}
			if got := names(c.Survived); !slices.Equal(got, nilToEmpty(tt.wantSurvived)) {
				t.Errorf("Revoke(%v).Survived = %v, want %v", tt.revoke, got, tt.wantSurvived)
			}
			check := m.Clone()
			check.Recompute()
			if !m.SameLiveness(check) {
				t.Errorf("after Revoke(%v) dead = %v, recomputed %v", tt.revoke, dead(m), dead(check))
			}
			u, err := receipt.Unrevoke(ctx, m.Refs(), c.Revoked)
			if err != nil {
				t.Fatalf("Unrevoke(%v) = %v", c.Revoked, err)
			}
			if got := names(u.Revived); !slices.Equal(got, nilToEmpty(tt.wantDied)) {
				t.Errorf("Unrevoke(%v).Revived = %v, want %v", c.Revoked, got, tt.wantDied)
			}
			if !m.SameLiveness(before) {
				t.Errorf("after Unrevoke(%v) dead = %v, want %v", c.Revoked, dead(m), dead(before))
			}
		})
	}
}

func nilToEmpty(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

func TestRevokeIgnoresRevoked(t *testing.T) {
	ctx := context.Background()
	m := graph(t, "a: s1", "b: s1 s2", "s3")
	first, err := receipt.Revoke(ctx, m.Refs(), refsOf(m, "s1"))
	if err != nil {
		t.Fatal(err)
	}
	c, err := receipt.Revoke(ctx, m.Refs(), refsOf(m, "s1", "s2", "s2"))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := names(c.Revoked), []string{"s2"}; !slices.Equal(got, want) {
		t.Errorf("Revoke(s1 s2 s2) after Revoke(s1).Revoked = %v, want %v", got, want)
	}
	if len(c.Died) != 0 {
		t.Errorf("Revoke(s1 s2 s2) after Revoke(s1).Died = %v, want none (first revocation killed %v)", names(c.Died), names(first.Died))
	}
	u, err := receipt.Unrevoke(ctx, m.Refs(), refsOf(m, "s2", "s3"))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := names(u.Unrevoked), []string{"s2"}; !slices.Equal(got, want) {
		t.Errorf("Unrevoke(s2 s3).Unrevoked = %v, want %v", got, want)
	}
	if got, want := dead(m), []string{"a", "b"}; !slices.Equal(got, want) {
		t.Errorf("dead after unrevoking s2 with s1 revoked = %v, want %v", got, want)
	}
}

func TestRevokeUnknownRef(t *testing.T) {
	m := graph(t, "a: s1")
	_, err := receipt.Revoke(context.Background(), m.Refs(), []verity.Ref{verity.SourceRef("nope")})
	if got := verity.ErrorCode(err); got != verity.ENOTFOUND {
		t.Errorf("Revoke(unknown) error code = %q (%v), want %q", got, err, verity.ENOTFOUND)
	}
}

func TestUnrevokeRecord(t *testing.T) {
	ctx := context.Background()
	m := graph(t, "a: s1", "b: a | c", "c: b")
	if _, err := receipt.Revoke(ctx, m.Refs(), refsOf(m, "a", "s1")); err != nil {
		t.Fatal(err)
	}
	if got, want := dead(m), []string{"a", "b", "c"}; !slices.Equal(got, want) {
		t.Fatalf("dead after Revoke(a s1) = %v, want %v", got, want)
	}
	// Unrevoking a alone brings nothing back: its only set rests on s1.
	u, err := receipt.Unrevoke(ctx, m.Refs(), refsOf(m, "a"))
	if err != nil {
		t.Fatal(err)
	}
	if len(u.Revived) != 0 {
		t.Errorf("Unrevoke(a) with s1 revoked revived %v, want none", names(u.Revived))
	}
	u, err = receipt.Unrevoke(ctx, m.Refs(), refsOf(m, "s1"))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := names(u.Revived), []string{"a", "b", "c"}; !slices.Equal(got, want) {
		t.Errorf("Unrevoke(s1).Revived = %v, want %v", got, want)
	}
}

func TestRevokeCanceled(t *testing.T) {
	m := graph(t, "a: s1", "b: a")
	before := m.Clone()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := receipt.Revoke(ctx, m, []receipt.Node{0}); err == nil {
		t.Errorf("Revoke(canceled context) = nil error, want context.Canceled")
	}
	if _, err := receipt.Unrevoke(ctx, m, []receipt.Node{0}); err != nil {
		t.Errorf("Unrevoke(canceled context, nothing revoked) = %v, want nil: there is nothing to follow", err)
	}
	if !m.SameLiveness(before) {
		t.Errorf("a canceled Revoke changed the graph: dead = %v", dead(m))
	}
}
