package receipttest_test

import (
	"context"
	"slices"
	"testing"

	"github.com/veritykb/verity/receipt"
	"github.com/veritykb/verity/receipt/receipttest"
)

// TestGeneratePlants checks the promise benchmarks rely on: revoking a
// plant's source kills exactly its records, matching a recomputation, and
// unrevoking restores the graph.
func TestGeneratePlants(t *testing.T) {
	ctx := context.Background()
	cfg := receipttest.Config{Sources: 500, Records: 20_000, Seed: 7, Plants: []int{1, 10, 1000}, Window: 2000}
	g, err := receipttest.Generate(cfg)
	if err != nil {
		t.Fatal(err)
	}
	for n := receipt.Node(0); int(n) < g.Len(); n++ {
		if !g.Alive(n) {
			t.Fatalf("Generate(%+v): node %d is dead before any revocation", cfg, n)
		}
	}
	initial := g.Clone()
	for _, p := range g.Plants {
		c, err := receipt.Revoke(ctx, g.Memory, []receipt.Node{p.Source})
		if err != nil {
			t.Fatal(err)
		}
		want := make([]receipt.Node, p.Size)
		for i := range want {
			want[i] = p.First + receipt.Node(i)
		}
		got := slices.Sorted(slices.Values(c.Died))
		if !slices.Equal(got, want) {
			t.Errorf("Revoke(plant of %d).Died = %d records, want exactly the plant's %d", p.Size, len(got), p.Size)
		}
		fresh := g.Clone()
		fresh.Recompute()
		if !g.SameLiveness(fresh) {
			t.Errorf("after Revoke(plant of %d) the graph differs from a recomputation", p.Size)
		}
		if _, err := receipt.Unrevoke(ctx, g.Memory, c.Revoked); err != nil {
			t.Fatal(err)
		}
		if !g.SameLiveness(initial) {
			t.Errorf("after Unrevoke(plant of %d) the graph differs from before", p.Size)
		}
	}
	again, err := receipttest.Generate(cfg)
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []receipt.Node{500, 7_000, 19_999} {
		if a, b := g.Receipt(n), again.Receipt(n); !slices.EqualFunc(a, b, slices.Equal) {
			t.Errorf("Generate(%+v) twice: record %d = %v, then %v", cfg, n, a, b)
		}
	}
}

// TestGenerateRandomRevocations revokes random batches of bulk sources in a
// generated graph, cycles and plant links included, and compares with a
// recomputation each time: the property test at a larger size.
func TestGenerateRandomRevocations(t *testing.T) {
	ctx := context.Background()
	g, err := receipttest.Generate(receipttest.Config{Sources: 300, Records: 30_000, Seed: 3, Plants: []int{100}, Window: 500, CycleShare: 0.2})
	if err != nil {
		t.Fatal(err)
	}
	var revoked []receipt.Node
	for step := range 30 {
		batch := []receipt.Node{receipt.Node(step * 7 % 299), receipt.Node(step * 13 % 299)}
		c, err := receipt.Revoke(ctx, g.Memory, batch)
		if err != nil {
			t.Fatal(err)
		}
		revoked = append(revoked, c.Revoked...)
		if step%3 == 2 {
			u, err := receipt.Unrevoke(ctx, g.Memory, revoked[:len(revoked)/2])
			if err != nil {
				t.Fatal(err)
			}
			revoked = slices.DeleteFunc(revoked, func(n receipt.Node) bool { return slices.Contains(u.Unrevoked, n) })
		}
		fresh := g.Clone()
		fresh.Recompute()
		if !g.SameLiveness(fresh) {
			t.Fatalf("step %d: after revoking %v the graph differs from a recomputation", step, batch)
		}
	}
}
