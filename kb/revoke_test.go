package kb_test

import (
	"context"
	"slices"
	"testing"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/kb"
)

// TestNoopRevocation checks that revoking what is revoked already and
// unrevoking what is live log nothing and report every ref as already so,
// for the operator and for a curator.
func TestNoopRevocation(t *testing.T) {
	f := build(t)
	ctx := context.Background()
	s := f.open(t, true)
	before, err := s.Log(ctx, local)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		c      verity.Caller
		revoke bool
		ref    verity.Ref
	}{
		{"the operator revokes a revoked page", local, true, verity.SourceRef("BOARD-2")},
		{"a curator revokes a revoked page", curIn, true, verity.SourceRef("BOARD-2")},
		{"the operator unrevokes a live page", local, false, verity.SourceRef("PUB-1")},
		{"a curator unrevokes a live page", curOut, false, verity.SourceRef("STAFF-1")},
	}
	for _, tt := range tests {
		var (
			rep *kb.RevocationReport
			err error
		)
		if tt.revoke {
			rep, err = s.Revoke(ctx, tt.c, kb.RevokeRequest{Refs: refStrings([]verity.Ref{tt.ref}), Reason: tt.name})
		} else {
			rep, err = s.Unrevoke(ctx, tt.c, kb.RevokeRequest{Refs: refStrings([]verity.Ref{tt.ref}), Reason: tt.name})
		}
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		if rep.Event != nil || !slices.Equal(rep.Already, []verity.Ref{tt.ref}) || rep.Died.Count+rep.Revived.Count+rep.Search.Sources != 0 {
			t.Errorf("%s: report = %+v, want no event, %s already so, nothing died, revived or left search", tt.name, rep, tt.ref)
		}
		after, err := s.Log(ctx, local)
		if err != nil {
			t.Fatal(err)
		}
		if len(after.Events) != len(before.Events) {
			t.Errorf("%s: the log holds %d events, want %d as before", tt.name, len(after.Events), len(before.Events))
		}
	}
}
