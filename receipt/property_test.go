package receipt_test

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/receipt"
)

// randomGraph draws sources and records resting on sources and on other
// records, 1–4 sets of 1–3 members each. Acyclic graphs only let a record
// rest on earlier ones; cyclic graphs let it rest on any record, itself
// included.
func randomGraph(t *rapid.T) (*receipt.Memory, []verity.Ref) {
	cyclic := rapid.Bool().Draw(t, "cyclic")
	nSources := rapid.IntRange(1, 8).Draw(t, "sources")
	nRecords := rapid.IntRange(0, 24).Draw(t, "records")
	var all, sources []verity.Ref
	for i := range nSources {
		sources = append(sources, verity.SourceRef(fmt.Sprint("s", i)))
	}
	all = append(all, sources...)
	for i := range nRecords {
		all = append(all, verity.RecordRef(fmt.Sprint("r", i)))
	}
	var records []verity.Record
	for i := range nRecords {
		reach := nSources + i
		if cyclic {
			reach = len(all)
		}
		var rc verity.Receipt
		if reach == 0 {
			reach = 1
		}
		nSets := rapid.IntRange(1, 4).Draw(t, fmt.Sprint("sets of r", i))
		for j := range nSets {
			members := rapid.SliceOfN(rapid.IntRange(0, reach-1), 1, 3).Draw(t, fmt.Sprint("r", i, " set ", j))
			var set []verity.Ref
			for _, k := range members {
				set = append(set, all[k])
			}
			rc.Sets = append(rc.Sets, set)
		}
		records = append(records, verity.Record{ID: fmt.Sprint("r", i), Receipt: rc})
	}
	m, err := receipt.FromRecords(sources, records)
	if err != nil {
		t.Fatalf("FromRecords = %v", err)
	}
	return m, all
}

// TestIncrementalEqualsRecompute drives random graphs through random
// revocations, unrevocations and undos, single and batched, and after every
// step compares the incremental state with a recomputation from scratch.
func TestIncrementalEqualsRecompute(t *testing.T) {
	ctx := context.Background()
	rapid.Check(t, func(t *rapid.T) {
		m, all := randomGraph(t)
		store := m.Refs()
		initial := m.Clone()
		checkSupports(t, m)
		tick := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
		log, err := receipt.NewLog(func() time.Time { tick = tick.Add(time.Second); return tick }, nil)
		if err != nil {
			t.Fatal(err)
		}
		steps := rapid.IntRange(1, 20).Draw(t, "steps")
		for step := range steps {
			before := m.Clone()
			var c receipt.Change[verity.Ref]
			switch op := rapid.IntRange(0, 2).Draw(t, "op"); op {
			case 0, 1:
				refs := rapid.SliceOfN(rapid.SampledFrom(all), 1, 4).Draw(t, "refs")
				if op == 0 {
					impact, err := receipt.Impact(ctx, store, refs)
					if err != nil {
						t.Fatalf("step %d: Impact(%v) = %v", step, refs, err)
					}
					if !m.SameLiveness(before) {
						t.Fatalf("step %d: Impact(%v) changed the graph", step, refs)
					}
					_, c, err = log.Revoke(ctx, store, refs, "user:test", "property")
					if err != nil {
						t.Fatalf("step %d: Revoke(%v) = %v", step, refs, err)
					}
					if diff := cmp.Diff(impact, c); diff != "" {
						t.Fatalf("step %d: Impact(%v) differs from Revoke (-impact +revoke):\n%s", step, refs, diff)
					}
				} else {
					_, c, err = log.Unrevoke(ctx, store, refs, "user:test", "property")
					if err != nil {
						t.Fatalf("step %d: Unrevoke(%v) = %v", step, refs, err)
					}
				}
			case 2:
				var open []int64
				for _, e := range log.Events() {
					if _, done := log.UndoneBy(e.ID); !done {
						open = append(open, e.ID)
					}
				}
				if len(open) == 0 {
					continue
				}
				id := rapid.SampledFrom(open).Draw(t, "undo")
				_, c, err = log.Undo(ctx, store, id, "user:test", "property")
				if err != nil {
					t.Fatalf("step %d: Undo(%d) = %v", step, id, err)
				}
			}
			checkStep(t, m, before, c)
		}
		// Undoing every event in reverse, undos included, restores the
		// initial state.
		events := log.Events()
		for i := len(events) - 1; i >= 0; i-- {
			e := events[i]
			if e.Action == receipt.ActionRevoke {
				_, err = receipt.Unrevoke(ctx, store, e.Changed)
			} else {
				_, err = receipt.Revoke(ctx, store, e.Changed)
			}
			if err != nil {
				t.Fatalf("rolling back event %d = %v", e.ID, err)
			}
		}
		if !m.SameLiveness(initial) {
			t.Fatalf("after rolling back %d events dead = %v, want %v", len(events), dead(m), dead(initial))
		}
	})
}

// checkStep compares m, after change c, with a recomputation and with before.
func checkStep(t *rapid.T, m, before *receipt.Memory, c receipt.Change[verity.Ref]) {
	t.Helper()
	fresh := m.Clone()
	fresh.Recompute()
	if !m.SameLiveness(fresh) {
		t.Fatalf("incremental dead = %v, recomputed dead = %v", dead(m), dead(fresh))
	}
	checkSupports(t, m)
	var died, revived, survived, revoked, unrevoked []string
	for n := range receipt.Node(m.Len()) {
		name := m.Ref(n).ID()
		was, is := before.Alive(n), m.Alive(n)
		if !m.IsSource(n) {
			if was && !is {
				died = append(died, name)
			}
			if !was && is {
				revived = append(revived, name)
			}
		}
		if !before.Revoked(n) && m.Revoked(n) {
			revoked = append(revoked, name)
		}
		if before.Revoked(n) && !m.Revoked(n) {
			unrevoked = append(unrevoked, name)
		}
		if m.IsSource(n) || !was || !is || len(c.Revoked) == 0 {
			continue
		}
		lost := false
		for _, set := range m.Receipt(n) {
			for _, x := range set {
				lost = lost || (before.Alive(x) && !m.Alive(x))
			}
		}
		if lost {
			survived = append(survived, name)
		}
	}
	for _, f := range []struct {
		field string
		got   []verity.Ref
		want  []string
	}{
		{"Died", c.Died, died}, {"Revived", c.Revived, revived}, {"Survived", c.Survived, survived},
		{"Revoked", c.Revoked, revoked}, {"Unrevoked", c.Unrevoked, unrevoked},
	} {
		want := nilToEmpty(f.want)
		slices.Sort(want)
		if got := names(f.got); !slices.Equal(got, want) {
			t.Fatalf("Change.%s = %v, want %v", f.field, got, want)
		}
	}
}

// checkSupports verifies that every alive record's support is a set of alive
// members and that supports never loop, which the engine relies on.
func checkSupports(t *rapid.T, m *receipt.Memory) {
	t.Helper()
	const (
		unvisited = iota
		onPath
		done
	)
	state := make([]int, m.Len())
	var visit func(r receipt.Node)
	visit = func(r receipt.Node) {
		switch state[r] {
		case onPath:
			t.Fatalf("support of %s loops back to itself", m.Ref(r))
		case done:
			return
		}
		state[r] = onPath
		if !m.IsSource(r) && m.Alive(r) {
			s := m.Support(r)
			sets := m.Receipt(r)
			if s < 0 || s >= len(sets) {
				t.Fatalf("alive %s has support %d of %d sets", m.Ref(r), s, len(sets))
			}
			for _, x := range sets[s] {
				if !m.Alive(x) {
					t.Fatalf("alive %s rests on set %d with dead %s", m.Ref(r), s, m.Ref(x))
				}
				visit(x)
			}
		}
		state[r] = done
	}
	for n := range receipt.Node(m.Len()) {
		if !m.IsSource(n) && !m.Alive(n) && m.Support(n) != -1 {
			t.Fatalf("dead %s has support %d, want -1", m.Ref(n), m.Support(n))
		}
		visit(n)
	}
}

// TestAddEqualsRecompute stores random nodes as if just inserted (records
// dead with no support, sources alive, what rests on them dead) and checks
// that Add settles the graph to the recomputed fixed point.
func TestAddEqualsRecompute(t *testing.T) {
	ctx := context.Background()
	rapid.Check(t, func(t *rapid.T) {
		m, all := randomGraph(t)
		want := m.Clone()
		added := rapid.SliceOfN(rapid.SampledFrom(all), 1, 5).Draw(t, "added")
		store := m.Refs()
		c, err := receipt.Revoke(ctx, store, added)
		if err != nil {
			t.Fatal(err)
		}
		// Clearing the flags without the engine leaves exactly the state
		// a store has right after inserting these nodes.
		if err := store.Apply(ctx, receipt.Change[verity.Ref]{Unrevoked: c.Revoked}); err != nil {
			t.Fatal(err)
		}
		before := m.Clone()
		a, err := receipt.Add(ctx, store, added)
		if err != nil {
			t.Fatalf("Add(%v) = %v", added, err)
		}
		if !m.SameLiveness(want) {
			t.Fatalf("after Add(%v) dead = %v, recomputed %v", added, dead(m), dead(want))
		}
		checkSupports(t, m)
		var revived []string
		for n := range receipt.Node(m.Len()) {
			if !m.IsSource(n) && !before.Alive(n) && m.Alive(n) {
				revived = append(revived, m.Ref(n).ID())
			}
		}
		slices.Sort(revived)
		if got := names(a.Revived); !slices.Equal(got, nilToEmpty(revived)) {
			t.Fatalf("Add(%v).Revived = %v, want %v", added, got, revived)
		}
	})
}

// TestDenseEqualsRecompute drives a Memory directly, through its dense
// bookkeeping and reused buffers, where the test above goes through Refs and
// maps.
func TestDenseEqualsRecompute(t *testing.T) {
	ctx := context.Background()
	rapid.Check(t, func(t *rapid.T) {
		m, _ := randomGraph(t)
		initial := m.Clone()
		nodes := make([]receipt.Node, m.Len())
		for i := range nodes {
			nodes[i] = receipt.Node(i)
		}
		var changes []receipt.Change[receipt.Node]
		for range rapid.IntRange(1, 20).Draw(t, "steps") {
			before := m.Clone()
			batch := rapid.SliceOfN(rapid.SampledFrom(nodes), 1, 4).Draw(t, "batch")
			var c receipt.Change[receipt.Node]
			var err error
			if rapid.Bool().Draw(t, "revoke") {
				c, err = receipt.Revoke(ctx, m, batch)
			} else {
				c, err = receipt.Unrevoke(ctx, m, batch)
			}
			if err != nil {
				t.Fatal(err)
			}
			changes = append(changes, c)
			checkStep(t, m, before, refChange(m, c))
		}
		for i := len(changes) - 1; i >= 0; i-- {
			var err error
			if len(changes[i].Revoked) > 0 {
				_, err = receipt.Unrevoke(ctx, m, changes[i].Revoked)
			} else {
				_, err = receipt.Revoke(ctx, m, changes[i].Unrevoked)
			}
			if err != nil {
				t.Fatal(err)
			}
		}
		if !m.SameLiveness(initial) {
			t.Fatalf("after rolling back dead = %v, want %v", dead(m), dead(initial))
		}
	})
}

func refChange(m *receipt.Memory, c receipt.Change[receipt.Node]) receipt.Change[verity.Ref] {
	conv := func(ns []receipt.Node) []verity.Ref {
		var out []verity.Ref
		for _, n := range ns {
			out = append(out, m.Ref(n))
		}
		return out
	}
	return receipt.Change[verity.Ref]{
		Revoked: conv(c.Revoked), Unrevoked: conv(c.Unrevoked), Died: conv(c.Died),
		Revived: conv(c.Revived), Survived: conv(c.Survived), Examined: c.Examined,
	}
}
