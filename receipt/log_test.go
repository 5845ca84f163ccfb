package receipt_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/receipt"
)

func clock() func() time.Time {
	t := time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)
	return func() time.Time { t = t.Add(time.Minute); return t }
}

func TestLogRevokeUndo(t *testing.T) {
	ctx := context.Background()
	m := graph(t, "a: s1", "b: s1 | s2", "c: a")
	s := m.Refs()
	l, err := receipt.NewLog(clock(), nil)
	if err != nil {
		t.Fatal(err)
	}
	e1, _, err := l.Revoke(ctx, s, refsOf(m, "s1"), "user:ann", "fabricated figures")
	if err != nil {
		t.Fatal(err)
	}
	if e1.ID != 1 || e1.Died != 2 || e1.Who != "user:ann" || e1.Why != "fabricated figures" || !e1.At.Equal(time.Date(2026, 3, 1, 9, 1, 0, 0, time.UTC)) {
		t.Errorf("Revoke(s1) event = %+v, want id 1, 2 died, by user:ann at 09:01 with the reason", e1)
	}
	// s1 is already revoked: the second event changes only s2.
	e2, _, err := l.Revoke(ctx, s, refsOf(m, "s1", "s2"), "user:bob", "")
	if err != nil {
		t.Fatal(err)
	}
	if got, want := names(e2.Changed), []string{"s2"}; !slices.Equal(got, want) {
		t.Errorf("Revoke(s1 s2) after Revoke(s1).Changed = %v, want %v", got, want)
	}
	// Undoing the first event unrevokes s1 only, which is enough to bring
	// a, b (through its set {s1}) and c back; s2 stays revoked.
	u, c, err := l.Undo(ctx, s, e1.ID, "user:ann", "false alarm")
	if err != nil {
		t.Fatal(err)
	}
	if u.Action != receipt.ActionUnrevoke || u.Undoes != e1.ID || u.ID != 3 {
		t.Errorf("Undo(1) = %+v, want unrevoke event 3 undoing 1", u)
	}
	if got, want := names(c.Revived), []string{"a", "b", "c"}; !slices.Equal(got, want) {
		t.Errorf("Undo(1).Revived = %v, want %v", got, want)
	}
	if got := m.Revoked(mustNode(t, m, verity.SourceRef("s2"))); !got {
		t.Errorf("Undo(1) unrevoked s2, which event 2 revoked")
	}
	if _, _, err := l.Undo(ctx, s, e1.ID, "user:ann", ""); verity.ErrorCode(err) != verity.ECONFLICT {
		t.Errorf("Undo(1) twice = %v, want code %s", err, verity.ECONFLICT)
	}
	if _, _, err := l.Undo(ctx, s, 99, "user:ann", ""); verity.ErrorCode(err) != verity.ENOTFOUND {
		t.Errorf("Undo(99) = %v, want code %s", err, verity.ENOTFOUND)
	}
	if _, _, err := l.Revoke(ctx, s, refsOf(m, "s1"), "", ""); verity.ErrorCode(err) != verity.EINVALID {
		t.Errorf("Revoke without who = %v, want code %s", err, verity.EINVALID)
	}
	if _, _, err := l.Revoke(ctx, s, []verity.Ref{"s1"}, "user:ann", ""); verity.ErrorCode(err) != verity.EINVALID {
		t.Errorf("Revoke(malformed ref) = %v, want code %s", err, verity.EINVALID)
	}
	// The log reloads from its events and goes on numbering after them.
	l2, err := receipt.NewLog(clock(), l.Events())
	if err != nil {
		t.Fatalf("NewLog(events) = %v", err)
	}
	if by, ok := l2.UndoneBy(e1.ID); !ok || by != u.ID {
		t.Errorf("reloaded UndoneBy(1) = %d, %v, want %d, true", by, ok, u.ID)
	}
	e4, _, err := l2.Undo(ctx, s, e2.ID, "user:bob", "")
	if err != nil {
		t.Fatal(err)
	}
	if e4.ID != 4 {
		t.Errorf("reloaded log's next event id = %d, want 4", e4.ID)
	}
	if got := dead(m); len(got) != 0 {
		t.Errorf("dead after undoing both revocations = %v, want none", got)
	}
}

func mustNode(t *testing.T, m *receipt.Memory, r verity.Ref) receipt.Node {
	t.Helper()
	n, ok := m.Node(r)
	if !ok {
		t.Fatalf("no node %s", r)
	}
	return n
}

func TestNewLogRejects(t *testing.T) {
	ok := receipt.Event{ID: 1, Action: receipt.ActionRevoke}
	tests := []struct {
		name   string
		now    func() time.Time
		events []receipt.Event
	}{
		{"no clock", nil, nil},
		{"ids out of order", clock(), []receipt.Event{{ID: 2}, {ID: 1}}},
		{"duplicate id", clock(), []receipt.Event{ok, ok}},
		{"undo of unknown event", clock(), []receipt.Event{ok, {ID: 2, Undoes: 7}}},
		{"undone twice", clock(), []receipt.Event{ok, {ID: 2, Undoes: 1}, {ID: 3, Undoes: 1}}},
	}
	for _, tt := range tests {
		if _, err := receipt.NewLog(tt.now, tt.events); verity.ErrorCode(err) != verity.EINVALID {
			t.Errorf("NewLog(%s) = %v, want code %s", tt.name, err, verity.EINVALID)
		}
	}
}
