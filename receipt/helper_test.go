package receipt_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/receipt"
)

// graph builds a Memory from lines "name: m1 m2 | m3", one record each, whose
// sets are separated by "|". A name defined by a line is a record; any other
// name is a source. A line without a colon names a source nothing rests on.
func graph(t testing.TB, lines ...string) *receipt.Memory {
	t.Helper()
	defined := map[string]bool{}
	var sources []verity.Ref
	for _, l := range lines {
		name, _, ok := strings.Cut(l, ":")
		if !ok {
			sources = append(sources, verity.SourceRef(strings.TrimSpace(l)))
			continue
		}
		defined[strings.TrimSpace(name)] = true
	}
	var records []verity.Record
	for _, l := range lines {
		name, body, ok := strings.Cut(l, ":")
		if !ok {
			continue
		}
		var rc verity.Receipt
		for _, part := range strings.Split(body, "|") {
			var set []verity.Ref
			for _, f := range strings.Fields(part) {
				set = append(set, ref(defined, f))
			}
			rc.Sets = append(rc.Sets, set)
		}
		records = append(records, verity.Record{ID: strings.TrimSpace(name), Receipt: rc})
	}
	m, err := receipt.FromRecords(sources, records)
	if err != nil {
		t.Fatalf("FromRecords(%q) = %v", lines, err)
	}
	return m
}

func ref(records map[string]bool, name string) verity.Ref {
	if records[name] {
		return verity.RecordRef(name)
	}
	return verity.SourceRef(name)
}

// refsOf turns short names into Refs for graph m.
func refsOf(m *receipt.Memory, names ...string) []verity.Ref {
	var out []verity.Ref
	for _, n := range names {
		if _, ok := m.Node(verity.RecordRef(n)); ok {
			out = append(out, verity.RecordRef(n))
		} else {
			out = append(out, verity.SourceRef(n))
		}
	}
	return out
}

// names turns Refs back into sorted short names.
func names(refs []verity.Ref) []string {
	out := []string{}
	for _, r := range refs {
		out = append(out, r.ID())
	}
	slices.Sort(out)
	return out
}

// dead returns the sorted names of the dead records of m.
func dead(m *receipt.Memory) []string {
	out := []string{}
	for n := receipt.Node(m.Sources()); int(n) < m.Len(); n++ {
		if !m.Alive(n) {
			out = append(out, m.Ref(n).ID())
		}
	}
	return out
}
