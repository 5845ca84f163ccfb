package verity_test

import (
	"reflect"
	"testing"

	"github.com/veritykb/verity"
)

func TestDiffACL(t *testing.T) {
	type ps = []verity.Principal
	const (
		pub   = verity.Public
		staff = verity.Principal("group:staff")
		hr    = verity.Principal("group:hr")
		ann   = verity.Principal("user:ann@corp.example")
	)
	tests := []struct {
		name        string
		prior, next ps
		want        verity.ACLChange
	}{
		{"same", ps{staff, hr}, ps{hr, staff}, verity.ACLChange{}},
		{"both empty", nil, ps{}, verity.ACLChange{}},
		{"public to a group narrows", ps{pub}, ps{staff}, verity.ACLChange{Added: ps{staff}, Removed: ps{pub}, Narrowed: true}},
		{"a group to public widens", ps{staff}, ps{pub}, verity.ACLChange{Added: ps{pub}, Removed: ps{staff}, Widened: true}},
		{"a principal removed narrows", ps{staff, hr}, ps{hr}, verity.ACLChange{Removed: ps{staff}, Narrowed: true}},
		{"a principal added widens", ps{hr}, ps{hr, ann, ann}, verity.ACLChange{Added: ps{ann}, Widened: true}},
		{"one swapped for another does both", ps{staff}, ps{hr}, verity.ACLChange{Added: ps{hr}, Removed: ps{staff}, Narrowed: true, Widened: true}},
		{"beside public neither", ps{pub, staff}, ps{pub, hr}, verity.ACLChange{Added: ps{hr}, Removed: ps{staff}}},
		{"readable by no one to a group widens", nil, ps{hr}, verity.ACLChange{Added: ps{hr}, Widened: true}},
		{"a group to no one narrows", ps{hr}, nil, verity.ACLChange{Removed: ps{hr}, Narrowed: true}},
	}
	for _, tt := range tests {
		got := verity.DiffACL(tt.prior, tt.next)
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("DiffACL(%v, %v) = %+v, want %+v (%s)", tt.prior, tt.next, got, tt.want, tt.name)
		}
		if got.Changed() != (len(tt.want.Added)+len(tt.want.Removed) > 0) {
			t.Errorf("DiffACL(%v, %v).Changed() = %v (%s)", tt.prior, tt.next, got.Changed(), tt.name)
		}
	}
}
