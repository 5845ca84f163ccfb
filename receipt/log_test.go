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
		{"id zero", clock(), []receipt.Event{{ID: 0}}},
		{"negative id", clock(), []receipt.Event{{ID: -4}}},
		{"duplicate id", clock(), []receipt.Event{ok, ok}},
		{"duplicate id apart", clock(), []receipt.Event{{ID: 7}, ok, {ID: 7}}},
		{"undo of unknown event", clock(), []receipt.Event{ok, {ID: 2, Undoes: 7}}},
		{"undo before the event it undoes", clock(), []receipt.Event{{ID: 5, Undoes: 9}, {ID: 9}}},
		{"undone twice", clock(), []receipt.Event{ok, {ID: 2, Undoes: 1}, {ID: 3, Undoes: 1}}},
	}
	for _, tt := range tests {
		if _, err := receipt.NewLog(tt.now, tt.events); verity.ErrorCode(err) != verity.EINVALID {
			t.Errorf("NewLog(%s) = %v, want code %s", tt.name, err, verity.EINVALID)
		}
	}
}

// TestNewLogAnyIDs checks that a log takes its order from the events as
// given, not from their ids, and finds each event by id.
func TestNewLogAnyIDs(t *testing.T) {
	past := []receipt.Event{
		{ID: 7300000000, Action: receipt.ActionRevoke},
		{ID: 1200000000, Action: receipt.ActionRevoke},
		{ID: 9900000000, Action: receipt.ActionUnrevoke, Undoes: 7300000000},
		{ID: 4400000000, Action: receipt.ActionRevoke},
	}
	l, err := receipt.NewLog(clock(), past)
	if err != nil {
		t.Fatalf("NewLog(non-monotonic ids) = %v, want no error", err)
	}
	if got := eventIDs(l.Events()); !slices.Equal(got, eventIDs(past)) {
		t.Errorf("NewLog(past).Events() ids = %v, want %v", got, eventIDs(past))
	}
	for _, e := range past {
		if got, ok := l.Event(e.ID); !ok || got.ID != e.ID || got.Undoes != e.Undoes {
			t.Errorf("Event(%d) = %+v, %v, want the event, true", e.ID, got, ok)
		}
	}
	if _, ok := l.Event(5); ok {
		t.Errorf("Event(5) found an event, want none")
	}
	if by, ok := l.UndoneBy(7300000000); !ok || by != 9900000000 {
		t.Errorf("UndoneBy(7300000000) = %d, %v, want 9900000000, true", by, ok)
	}
	if _, ok := l.UndoneBy(1200000000); ok {
		t.Errorf("UndoneBy(1200000000) found an undo, want none")
	}
}

func eventIDs(events []receipt.Event) []int64 {
	var out []int64
	for _, e := range events {
		out = append(out, e.ID)
	}
	return out
}

// scripted returns a generator handing out ids in turn, then 0.
func scripted(ids ...int64) func() int64 {
	return func() int64 {
		if len(ids) == 0 {
			return 0
		}
		id := ids[0]
		ids = ids[1:]
		return id
	}
}

func TestLogWithIDs(t *testing.T) {
	ctx := context.Background()
	m := graph(t, "a: s1", "b: s2", "c: s3")
	s := m.Refs()
	past := []receipt.Event{{ID: 5000000000, Action: receipt.ActionRevoke, Changed: refsOf(m, "s3")}}
	if _, err := receipt.Revoke(ctx, s, refsOf(m, "s3")); err != nil {
		t.Fatal(err)
	}
	// The generator proposes a taken id, a zero and a negative one before
	// free ones: the log skips those and asks again.
	l, err := receipt.NewLog(clock(), past, receipt.WithIDs(scripted(5000000000, 0, -1, 8000000000, 3000000000, 8000000000, 6000000000, 1000000000)))
	if err != nil {
		t.Fatal(err)
	}
	e1, _, err := l.Revoke(ctx, s, refsOf(m, "s1"), "user:ann", "")
	if err != nil {
		t.Fatal(err)
	}
	if e1.ID != 8000000000 {
		t.Errorf("Revoke(s1).ID = %d, want 8000000000, the first free id the generator gave", e1.ID)
	}
	e2, _, err := l.Revoke(ctx, s, refsOf(m, "s2"), "user:ann", "")
	if err != nil {
		t.Fatal(err)
	}
	if e2.ID != 3000000000 {
		t.Errorf("Revoke(s2).ID = %d, want 3000000000", e2.ID)
	}
	// Undo an event that is neither the latest nor the largest id: the
	// generator's repeat of 8000000000 is refused as taken.
	u, c, err := l.Undo(ctx, s, e1.ID, "user:ann", "")
	if err != nil {
		t.Fatalf("Undo(%d) = %v", e1.ID, err)
	}
	if u.ID != 6000000000 || u.Undoes != e1.ID || u.Action != receipt.ActionUnrevoke {
		t.Errorf("Undo(%d) = %+v, want unrevoke event 6000000000 undoing %d", e1.ID, u, e1.ID)
	}
	if got, want := names(c.Revived), []string{"a"}; !slices.Equal(got, want) {
		t.Errorf("Undo(%d).Revived = %v, want %v", e1.ID, got, want)
	}
	if got, want := dead(m), []string{"b", "c"}; !slices.Equal(got, want) {
		t.Errorf("dead after Undo(%d) = %v, want %v", e1.ID, got, want)
	}
	if u2, _, err := l.Undo(ctx, s, past[0].ID, "user:ann", ""); err != nil || u2.ID != 1000000000 {
		t.Errorf("Undo(%d) = %+v, %v, want event 1000000000", past[0].ID, u2, err)
	}
	want := []int64{5000000000, 8000000000, 3000000000, 6000000000, 1000000000}
	if got := eventIDs(l.Events()); !slices.Equal(got, want) {
		t.Errorf("Events() ids = %v, want %v (log order, not id order)", got, want)
	}
	// A generator that only proposes taken ids makes the log fail before
	// anything changes.
	stuck := func() int64 { return 8000000000 }
	l2, err := receipt.NewLog(clock(), l.Events(), receipt.WithIDs(stuck))
	if err != nil {
		t.Fatal(err)
	}
	before := m.Clone()
	if _, _, err := l2.Revoke(ctx, s, refsOf(m, "s1"), "user:ann", ""); verity.ErrorCode(err) != verity.EINTERNAL {
		t.Errorf("Revoke with a stuck generator = %v, want code %s", err, verity.EINTERNAL)
	}
	if !m.SameLiveness(before) || len(l2.Events()) != len(want) {
		t.Errorf("Revoke with a stuck generator changed the graph or the log")
	}
}

// TestLogFallbackIDs checks that without a generator new ids follow the
// largest id so far, whatever the order of the past.
func TestLogFallbackIDs(t *testing.T) {
	ctx := context.Background()
	m := graph(t, "a: s1")
	l, err := receipt.NewLog(clock(), []receipt.Event{{ID: 9, Action: receipt.ActionRevoke}, {ID: 4, Action: receipt.ActionRevoke}})
	if err != nil {
		t.Fatal(err)
	}
	e, _, err := l.Revoke(ctx, m.Refs(), refsOf(m, "s1"), "user:ann", "")
	if err != nil || e.ID != 10 {
		t.Errorf("Revoke after events 9, 4 = %+v, %v, want event 10", e, err)
	}
}

// TestLogNoop checks that a revocation or unrevocation that flips nothing
// appends no event and returns the zero Event, while an undo is appended
// even when later events already flipped back what it would undo.
func TestLogNoop(t *testing.T) {
	ctx := context.Background()
	m := graph(t, "a: s1", "b: s2")
	s := m.Refs()
	l, err := receipt.NewLog(clock(), nil)
	if err != nil {
		t.Fatal(err)
	}
	e1, _, err := l.Revoke(ctx, s, refsOf(m, "s1"), "user:ann", "first")
	if err != nil || !e1.Logged() {
		t.Fatalf("Revoke(s1) = %+v, %v, want a logged event", e1, err)
	}
	tests := []struct {
		name   string
		action receipt.Action
		refs   []string
	}{
		{"revoke of a revoked source", receipt.ActionRevoke, []string{"s1"}},
		{"unrevoke of a live source", receipt.ActionUnrevoke, []string{"s2"}},
		{"unrevoke of a live record", receipt.ActionUnrevoke, []string{"b"}},
		{"unrevoke of a record dead but not revoked", receipt.ActionUnrevoke, []string{"a"}},
	}
	for _, tt := range tests {
		before := m.Clone()
		run := l.Revoke
		if tt.action == receipt.ActionUnrevoke {
			run = l.Unrevoke
		}
		e, c, err := run(ctx, s, refsOf(m, tt.refs...), "user:ann", tt.name)
		if err != nil {
			t.Errorf("%s: %s(%v) = %v", tt.name, tt.action, tt.refs, err)
			continue
		}
		if e.Logged() || e.ID != 0 {
			t.Errorf("%s: %s(%v) = event %+v, want the zero Event", tt.name, tt.action, tt.refs, e)
		}
		if len(c.Revoked)+len(c.Unrevoked)+len(c.Died)+len(c.Revived) != 0 {
			t.Errorf("%s: %s(%v) change = %+v, want none", tt.name, tt.action, tt.refs, c)
		}
		if !m.SameLiveness(before) {
			t.Errorf("%s: %s(%v) changed the graph", tt.name, tt.action, tt.refs)
		}
		if got := eventIDs(l.Events()); !slices.Equal(got, []int64{e1.ID}) {
			t.Errorf("%s: events after %s(%v) = %v, want only %d", tt.name, tt.action, tt.refs, got, e1.ID)
		}
	}
	// Unrevoking s1 by hand leaves event 1 nothing to flip back; undoing it
	// is still logged, and marks it undone.
	e2, _, err := l.Unrevoke(ctx, s, refsOf(m, "s1"), "user:ann", "by hand")
	if err != nil || !e2.Logged() {
		t.Fatalf("Unrevoke(s1) = %+v, %v, want a logged event", e2, err)
	}
	u, _, err := l.Undo(ctx, s, e1.ID, "user:ann", "tidy")
	if err != nil || !u.Logged() || u.Undoes != e1.ID || len(u.Changed) != 0 {
		t.Errorf("Undo(%d) after the refs came back = %+v, %v, want a logged undo changing nothing", e1.ID, u, err)
	}
	if by, ok := l.UndoneBy(e1.ID); !ok || by != u.ID {
		t.Errorf("UndoneBy(%d) = %d, %v, want %d, true", e1.ID, by, ok, u.ID)
	}
}
