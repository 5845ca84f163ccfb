package storetest

import (
	"context"
	"slices"
	"testing"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/receipt"
)

// testEventIDs checks that a new store's events get random 10-digit ids,
// distinct, that say nothing of their number, and that the log's order is
// the order events were logged in whatever their ids.
func testEventIDs(t *testing.T, open Opener) {
	ctx := context.Background()
	db := open(t, "")
	names := []string{"a", "b", "c", "d", "e", "f"}
	for _, id := range names {
		put(t, db, doc(id, "Text of "+id+".", verity.Public))
	}
	var logged []int64
	for _, id := range names {
		ev, _, err := db.Revoke(ctx, []verity.Ref{src(id)}, verity.Actor{Who: admin}, "test")
		if err != nil {
			t.Fatal(err)
		}
		logged = append(logged, ev.ID)
	}
	u, _, err := db.Undo(ctx, logged[2], verity.Actor{Who: admin}, "not the latest")
	if err != nil {
		t.Fatalf("Undo(%d) = %v", logged[2], err)
	}
	if u.Undoes != logged[2] {
		t.Errorf("Undo(%d).Undoes = %d, want %d", logged[2], u.Undoes, logged[2])
	}
	logged = append(logged, u.ID)
	seen := map[int64]bool{}
	for _, id := range logged {
		if !tenDigits(id) || seen[id] {
			t.Errorf("event id %d: want a distinct 10-digit id (all: %v)", id, logged)
		}
		seen[id] = true
	}
	log, err := db.RevocationLog(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if got := EventIDs(log); !slices.Equal(got, logged) {
		t.Errorf("RevocationLog ids = %v, want %v, the order of logging", got, logged)
	}
	// The order is seq's: turning seq around turns the log around.
	if _, err := db.SQL().ExecContext(ctx, db.Rebind(`UPDATE revocations SET seq = 100 - seq`)); err != nil {
		t.Fatal(err)
	}
	log, err = db.RevocationLog(ctx)
	if err != nil {
		t.Fatal(err)
	}
	reversed := slices.Clone(logged)
	slices.Reverse(reversed)
	if got := EventIDs(log); !slices.Equal(got, reversed) {
		t.Errorf("RevocationLog ids with seq reversed = %v, want %v", got, reversed)
	}
}

// testEventToken checks that the token column reaches the event.
func testEventToken(t *testing.T, open Opener) {
	ctx := context.Background()
	db := open(t, "")
	put(t, db, doc("a", "Text of a.", verity.Public))
	ev, _, err := db.Revoke(ctx, []verity.Ref{src("a")}, verity.Actor{Who: admin}, "test")
	if err != nil {
		t.Fatal(err)
	}
	if log, err := db.RevocationLog(ctx); err != nil || len(log) != 1 || log[0].Token != "" {
		t.Fatalf("RevocationLog = %+v, %v; want one event without a token", log, err)
	}
	if _, err := db.SQL().ExecContext(ctx, db.Rebind(`UPDATE revocations SET token = 'tok_1' WHERE id = ?`), ev.ID); err != nil {
		t.Fatal(err)
	}
	if log, err := db.RevocationLog(ctx); err != nil || len(log) != 1 || log[0].Token != "tok_1" {
		t.Errorf("RevocationLog after setting the token = %+v, %v; want token tok_1", log, err)
	}
}

func tenDigits(id int64) bool { return id >= 1_000_000_000 && id <= 9_999_999_999 }

// EventIDs lists the ids of events, in order.
func EventIDs(events []receipt.Event) []int64 {
	var out []int64
	for _, e := range events {
		out = append(out, e.ID)
	}
	return out
}

// testNoopRevocationLogsNothing checks that revoking what is revoked and
// unrevoking what is live store no event, while undo still logs.
func testNoopRevocationLogsNothing(t *testing.T, open Opener) {
	ctx := context.Background()
	db := open(t, "")
	put(t, db, doc("a", "Text of a.", verity.Public))
	put(t, db, doc("b", "Text of b.", verity.Public))
	first, _, err := db.Revoke(ctx, []verity.Ref{src("a")}, verity.Actor{Who: admin}, "first")
	if err != nil || !first.Logged() {
		t.Fatalf("Revoke(a) = %+v, %v, want a logged event", first, err)
	}
	tests := []struct {
		name string
		run  func(context.Context, []verity.Ref, verity.Actor, string) (receipt.Event, receipt.Change[verity.Ref], error)
		ref  verity.Ref
	}{
		{"revoke a revoked source", db.Revoke, src("a")},
		{"unrevoke a live source", db.Unrevoke, src("b")},
	}
	for _, tt := range tests {
		ev, _, err := tt.run(ctx, []verity.Ref{tt.ref}, verity.Actor{Who: admin}, tt.name)
		if err != nil || ev.Logged() {
			t.Errorf("%s: = %+v, %v, want no event and no error", tt.name, ev, err)
		}
		if log, err := db.RevocationLog(ctx); err != nil || !slices.Equal(EventIDs(log), []int64{first.ID}) {
			t.Errorf("%s: RevocationLog = %v, %v, want only %d", tt.name, EventIDs(log), err, first.ID)
		}
	}
	if st, _ := db.Source(ctx, "a"); st.Status != verity.StatusRevoked {
		t.Errorf("a after the no-ops is %s, want revoked", st.Status)
	}
	if _, _, err := db.Unrevoke(ctx, []verity.Ref{src("nothing")}, verity.Actor{Who: admin}, "unknown"); verity.ErrorCode(err) != verity.ENOTFOUND {
		t.Errorf("Unrevoke(unknown) = %v, want not found, not a no-op", err)
	}
	u, _, err := db.Undo(ctx, first.ID, verity.Actor{Who: admin}, "undo")
	if err != nil || !u.Logged() {
		t.Errorf("Undo(%d) = %+v, %v, want a logged event", first.ID, u, err)
	}
}
