package kb_test

import (
	"context"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/kb"
)

// TestIngestReportsChanges checks that an ingest run reports, per source,
// which fields changed and how the ACL moved, and counts the narrowed and
// widened ACLs.
func TestIngestReportsChanges(t *testing.T) {
	f := build(t)
	ctx := context.Background()
	s := f.open(t, true)
	type ps = []verity.Principal
	narrow := withACL(*corpus[0], "group:staff")
	narrow.Author = "user:ed@corp.example"
	retitled := *corpus[1]
	retitled.Title = "CRM for staff, revised"
	tests := []struct {
		name              string
		c                 verity.Caller
		src               verity.Source
		counts            [4]int // created, new versions, metadata, unchanged
		narrowed, widened int
		change            *kb.IngestChange
	}{
		{"unchanged", curOut, *corpus[1], [4]int{0, 0, 0, 1}, 0, 0, nil},
		{"a curator narrows, with an author", curOut, narrow, [4]int{0, 0, 1, 0}, 1, 0,
			&kb.IngestChange{Where: "PUB-1", ID: "PUB-1", Outcome: verity.PutMetadata, Version: 1,
				Fields: []verity.SourceField{verity.FieldACL, verity.FieldAuthor},
				ACL:    &verity.ACLChange{Added: ps{"group:staff"}, Removed: ps{verity.Public}, Narrowed: true}}},
		{"an admin widens", admin, withACL(*corpus[2], "group:board", "group:staff"), [4]int{0, 0, 1, 0}, 0, 1,
			&kb.IngestChange{Where: "BOARD-1", ID: "BOARD-1", Outcome: verity.PutMetadata, Version: 1,
				Fields: []verity.SourceField{verity.FieldACL}, ACL: &verity.ACLChange{Added: ps{"group:staff"}, Widened: true}}},
		{"a new title", curOut, retitled, [4]int{0, 1, 0, 0}, 0, 0,
			&kb.IngestChange{Where: "STAFF-1", ID: "STAFF-1", Outcome: verity.PutNewVersion, Version: 2, Fields: []verity.SourceField{verity.FieldTitle}}},
	}
	for _, tt := range tests {
		rep, err := ingest(ctx, s, tt.c, &tt.src)
		if err != nil {
			t.Errorf("%s: ingest = %v", tt.name, err)
			continue
		}
		counts := [4]int{rep.Created, rep.NewVersion, rep.Metadata, rep.Unchanged}
		if counts != tt.counts || rep.ACLNarrowed != tt.narrowed || rep.ACLWidened != tt.widened {
			t.Errorf("%s: counts %v, acls narrowed %d widened %d; want %v, %d, %d", tt.name, counts, rep.ACLNarrowed, rep.ACLWidened, tt.counts, tt.narrowed, tt.widened)
		}
		var want []kb.IngestChange
		if tt.change != nil {
			want = append(want, *tt.change)
		}
		if diff := cmp.Diff(want, rep.Changes, cmpopts.EquateEmpty()); diff != "" {
			t.Errorf("%s: changes mismatch (-want +got):\n%s", tt.name, diff)
		}
	}
}
