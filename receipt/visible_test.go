package receipt_test

import (
	"context"
	"testing"

	"pgregory.net/rapid"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/receipt"
)

// viewer returns a Viewer over m for a caller who may read everything but
// hidden.
func viewer(m *receipt.Memory, hidden map[verity.Ref]bool) *receipt.Viewer {
	receiptOf := func(r verity.Ref) (verity.Receipt, bool) {
		n, ok := m.Node(r)
		if !ok || m.IsSource(n) {
			return verity.Receipt{}, false
		}
		var rc verity.Receipt
		for _, set := range m.Receipt(n) {
			var refs []verity.Ref
			for _, x := range set {
				refs = append(refs, m.Ref(x))
			}
			rc.Sets = append(rc.Sets, refs)
		}
		return rc, true
	}
	alive := func(r verity.Ref) bool {
		n, ok := m.Node(r)
		return ok && m.Alive(n)
	}
	return receipt.NewViewer(receiptOf, alive, func(r verity.Ref) bool { return !hidden[r] })
}

func TestViewer(t *testing.T) {
	tests := []struct {
		name    string
		graph   []string
		revoke  []string
		hidden  []string
		visible []string
		want    []bool
	}{
		{"readable source", []string{"a: s1"}, nil, nil, []string{"a", "s1"}, []bool{true, true}},
		{"hidden source hides the record", []string{"a: s1"}, nil, []string{"s1"}, []string{"a", "s1"}, []bool{false, false}},
		{"another readable set shows it", []string{"a: s1 | s2"}, nil, []string{"s1"}, []string{"a"}, []bool{true}},
		{"a set must be readable entirely", []string{"a: s1 s2"}, nil, []string{"s2"}, []string{"a"}, []bool{false}},
		{"a readable set must be live", []string{"a: s1 | s2"}, []string{"s2"}, []string{"s1"}, []string{"a"}, []bool{false}},
		{"hidden record hides what rests on it", []string{"a: s1", "b: a"}, nil, []string{"a"}, []string{"b"}, []bool{false}},
		{"through records", []string{"a: s1", "b: a | s2", "c: b"}, nil, []string{"s2"}, []string{"c"}, []bool{true}},
		{"a cycle does not vouch for itself", []string{"a: s1 | b", "b: a | s2"}, nil, []string{"s1", "s2"}, []string{"a", "b"}, []bool{false, false}},
		{"a cycle entered through a readable source", []string{"a: s1 | b", "b: a | s2"}, nil, []string{"s1"}, []string{"a", "b"}, []bool{true, true}},
		{"dead records are hidden", []string{"a: s1"}, []string{"s1"}, nil, []string{"a"}, []bool{false}},
		{"unknown refs are hidden", []string{"a: s1"}, nil, nil, []string{"zz"}, []bool{false}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := graph(t, tt.graph...)
			if _, err := receipt.Revoke(context.Background(), m.Refs(), refsOf(m, tt.revoke...)); err != nil {
				t.Fatal(err)
			}
			hidden := map[verity.Ref]bool{}
			for _, r := range refsOf(m, tt.hidden...) {
				hidden[r] = true
			}
			v := viewer(m, hidden)
			for i, r := range refsOf(m, tt.visible...) {
				if got := v.Visible(r); got != tt.want[i] {
					t.Errorf("Visible(%s) = %v, want %v", r, got, tt.want[i])
				}
			}
		})
	}
}

// TestViewerEqualsRecompute checks visibility against its definition: what
// stays alive when everything the caller may not read is revoked.
func TestViewerEqualsRecompute(t *testing.T) {
	ctx := context.Background()
	rapid.Check(t, func(t *rapid.T) {
		m, all := randomGraph(t)
		revoked := rapid.SliceOfN(rapid.SampledFrom(all), 0, 3).Draw(t, "revoked")
		if _, err := receipt.Revoke(ctx, m.Refs(), revoked); err != nil {
			t.Fatal(err)
		}
		hiddenList := rapid.SliceOfN(rapid.SampledFrom(all), 0, 4).Draw(t, "hidden")
		hidden := map[verity.Ref]bool{}
		for _, r := range hiddenList {
			hidden[r] = true
		}
		oracle := m.Clone()
		if _, err := receipt.Revoke(ctx, oracle.Refs(), hiddenList); err != nil {
			t.Fatal(err)
		}
		v := viewer(m, hidden)
		order := rapid.Permutation(all).Draw(t, "order")
		for _, r := range order {
			n, _ := oracle.Node(r)
			if got, want := v.Visible(r), oracle.Alive(n); got != want {
				t.Fatalf("Visible(%s) = %v, want %v", r, got, want)
			}
		}
	})
}

// TestReadableEqualsRecompute checks readability against its definition:
// with everything the caller may not read revoked, a record is readable when
// it would be alive if it were not revoked itself.
func TestReadableEqualsRecompute(t *testing.T) {
	ctx := context.Background()
	rapid.Check(t, func(t *rapid.T) {
		m, all := randomGraph(t)
		revoked := rapid.SliceOfN(rapid.SampledFrom(all), 0, 4).Draw(t, "revoked")
		if _, err := receipt.Revoke(ctx, m.Refs(), revoked); err != nil {
			t.Fatal(err)
		}
		hiddenList := rapid.SliceOfN(rapid.SampledFrom(all), 0, 4).Draw(t, "hidden")
		hidden := map[verity.Ref]bool{}
		for _, r := range hiddenList {
			hidden[r] = true
		}
		v := viewer(m, hidden)
		for _, r := range rapid.Permutation(all).Draw(t, "order") {
			want := !hidden[r]
			if want && r.Kind() == verity.RefRecord {
				oracle := m.Clone()
				if _, err := receipt.Revoke(ctx, oracle.Refs(), hiddenList); err != nil {
					t.Fatal(err)
				}
				if _, err := receipt.Unrevoke(ctx, oracle.Refs(), []verity.Ref{r}); err != nil {
					t.Fatal(err)
				}
				n, _ := oracle.Node(r)
				want = oracle.Alive(n)
			}
			if got := v.Readable(r); got != want {
				t.Fatalf("Readable(%s) = %v, want %v", r, got, want)
			}
		}
	})
}

func TestReadableRevokedRecord(t *testing.T) {
	m := graph(t, "a: s1 | s2", "b: a", "c: s3")
	if _, err := receipt.Revoke(context.Background(), m.Refs(), refsOf(m, "a", "s3")); err != nil {
		t.Fatal(err)
	}
	v := viewer(m, map[verity.Ref]bool{refsOf(m, "s2")[0]: true})
	for _, tt := range []struct {
		name string
		want bool
	}{{"a", true}, {"b", false}, {"c", false}, {"s3", true}, {"s2", false}} {
		r := refsOf(m, tt.name)[0]
		if got := v.Readable(r); got != tt.want {
			t.Errorf("Readable(%s) = %v, want %v", tt.name, got, tt.want)
		}
	}
	if v.Visible(refsOf(m, "a")[0]) {
		t.Errorf("Visible(a) = true for a revoked record, want false")
	}
}
