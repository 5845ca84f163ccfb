package storetest

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"pgregory.net/rapid"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/receipt/receipttest"
)

const admin = verity.Principal("user:admin@corp.example")

func rec(id string, sets ...[]verity.Ref) *verity.Record {
	return &verity.Record{ID: id, Kind: verity.KindSentence, Receipt: verity.Receipt{Sets: sets}, Body: []byte(`{"text":"` + id + `"}`)}
}

func src(id string) verity.Ref { return verity.SourceRef(id) }
func rr(id string) verity.Ref  { return verity.RecordRef(id) }

func alive(t *testing.T, db Store) []string {
	t.Helper()
	recs, err := db.Records(context.Background(), verity.RecordFilter{AliveOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, r := range recs {
		ids = append(ids, r.ID)
	}
	return ids
}

func testRecordsRevocation(t *testing.T, open Opener) {
	ctx := context.Background()
	db := open(t, "")
	for _, id := range []string{"a", "b", "c"} {
		put(t, db, doc(id, "text of "+id, verity.Public))
	}
	_, err := db.PutRecords(ctx, []*verity.Record{
		rec("s1", []verity.Ref{src("a")}),                         // only a
		rec("s2", []verity.Ref{src("a")}, []verity.Ref{src("b")}), // a or b
		rec("s3", []verity.Ref{rr("s1"), src("c")}),               // s1 and c
		rec("x", []verity.Ref{rr("y")}, []verity.Ref{src("a")}),   // a cycle held up by a
		rec("y", []verity.Ref{rr("x")}),
	})
	if err != nil {
		t.Fatal(err)
	}
	if got := alive(t, db); !slices.Equal(got, []string{"s1", "s2", "s3", "x", "y"}) {
		t.Fatalf("alive after put = %v, want all", got)
	}
	impact, err := db.Impact(ctx, []verity.Ref{src("a")})
	if err != nil {
		t.Fatal(err)
	}
	if got := refIDs(impact.Died); !slices.Equal(got, []string{"s1", "s3", "x", "y"}) {
		t.Errorf("Impact(a).Died = %v, want s1 s3 x y (the cycle dies with its only outside support)", got)
	}
	if got := refIDs(impact.Survived); !slices.Equal(got, []string{"s2"}) {
		t.Errorf("Impact(a).Survived = %v, want s2", got)
	}
	if got := alive(t, db); len(got) != 5 {
		t.Errorf("Impact changed the store: alive = %v", got)
	}
	ev, change, err := db.Revoke(ctx, []verity.Ref{src("a")}, verity.Actor{Who: admin}, "retracted by the vendor")
	if err != nil {
		t.Fatal(err)
	}
	if ev.ID == 0 || ev.Died != 4 || len(change.Died) != 4 {
		t.Errorf("Revoke(a) = event %+v, died %v; want an event killing 4", ev, change.Died)
	}
	if got := alive(t, db); !slices.Equal(got, []string{"s2"}) {
		t.Errorf("alive after revoking a = %v, want [s2]", got)
	}
	if res := search(t, db, "text", verity.NewCaller()); len(res.Results) != 2 {
		t.Errorf("search after revoking a = %d results, want b and c", len(res.Results))
	}
	if _, _, err := db.Revoke(ctx, []verity.Ref{src("b")}, verity.Actor{Who: admin}, "also gone"); err != nil {
		t.Fatal(err)
	}
	if got := alive(t, db); len(got) != 0 {
		t.Errorf("alive after revoking a and b = %v, want none", got)
	}
	// Undo the first revocation: a comes back and with it exactly what rested on it.
	if _, _, err := db.Undo(ctx, ev.ID, verity.Actor{Who: admin}, "vendor restored the page"); err != nil {
		t.Fatal(err)
	}
	if got := alive(t, db); !slices.Equal(got, []string{"s1", "s2", "s3", "x", "y"}) {
		t.Errorf("alive after undo = %v, want all (s2 lives on a again)", got)
	}
	if _, _, err := db.Undo(ctx, ev.ID, verity.Actor{Who: admin}, "twice"); verity.ErrorCode(err) != verity.ECONFLICT {
		t.Errorf("second undo error %v, want conflict", err)
	}
	log, err := db.RevocationLog(ctx)
	if err != nil || len(log) != 3 || log[2].Undoes != ev.ID || log[0].Why != "retracted by the vendor" || log[0].Who != admin {
		t.Errorf("RevocationLog = %+v, %v", log, err)
	}
	// Revoking a record cascades like a source.
	if _, _, err := db.Revoke(ctx, []verity.Ref{rr("s1")}, verity.Actor{Who: admin}, "audit said dead"); err != nil {
		t.Fatal(err)
	}
	if got := alive(t, db); !slices.Equal(got, []string{"s2", "x", "y"}) {
		t.Errorf("alive after revoking record s1 = %v, want s2 x y", got)
	}
}

func testPutRecordsRejects(t *testing.T, open Opener) {
	ctx := context.Background()
	db := open(t, "")
	put(t, db, doc("a", "x", verity.Public))
	bad := []*verity.Record{
		rec("r1", []verity.Ref{src("missing")}),
		rec("r2", []verity.Ref{rr("missing")}),
		rec("r3"),
		{ID: "", Kind: verity.KindEdge, Receipt: verity.Receipt{Sets: [][]verity.Ref{{src("a")}}}},
		rec("r5", []verity.Ref{"bogus"}),
	}
	for _, r := range bad {
		if _, err := db.PutRecords(ctx, []*verity.Record{r}); verity.ErrorCode(err) != verity.EINVALID {
			t.Errorf("PutRecords(%q) error %v, want invalid", r.ID, err)
		}
	}
	if recs, _ := db.Records(ctx, verity.RecordFilter{}); len(recs) != 0 {
		t.Errorf("after rejects the store holds %d records, want 0", len(recs))
	}
}

func testReceiptsGrow(t *testing.T, open Opener) {
	ctx := context.Background()
	db := open(t, "")
	put(t, db, doc("p1", "x", verity.Public))
	put(t, db, doc("p2", "y", verity.Public))
	db.PutRecords(ctx, []*verity.Record{rec("edge", []verity.Ref{src("p1")})})
	db.Revoke(ctx, []verity.Ref{src("p1")}, verity.Actor{Who: admin}, "")
	if got := alive(t, db); len(got) != 0 {
		t.Fatalf("alive = %v, want none", got)
	}
	// A second page supporting the edge revives it; its first set stays.
	if _, err := db.PutRecords(ctx, []*verity.Record{rec("edge", []verity.Ref{src("p2")})}); err != nil {
		t.Fatal(err)
	}
	r, _ := db.Record(ctx, "edge")
	if r.State != verity.StateAlive || len(r.Receipt.Sets) != 2 {
		t.Errorf("edge = %s with %v, want alive with both sets", r.State, r.Receipt.Sets)
	}
}

func testViewerFollowsReceipts(t *testing.T, open Opener) {
	ctx := context.Background()
	db := open(t, "")
	put(t, db, doc("pub", "x", verity.Public))
	put(t, db, doc("hr", "y", "group:hr"))
	db.PutRecords(ctx, []*verity.Record{
		rec("both", []verity.Ref{src("pub")}, []verity.Ref{src("hr")}),
		rec("hronly", []verity.Ref{src("hr")}),
		rec("mixed", []verity.Ref{src("pub"), src("hr")}),
		rec("derived", []verity.Ref{rr("hronly")}),
	})
	// A viewer over the store, with the service layer's rule of reading.
	public := receipttest.View(ctx, db, verity.NewCaller())
	hr := receipttest.View(ctx, db, verity.NewCaller("group:hr"))
	for _, tt := range []struct {
		id      string
		pub, hr bool
	}{{"both", true, true}, {"hronly", false, true}, {"mixed", false, true}, {"derived", false, true}} {
		if got := public.Visible(rr(tt.id)); got != tt.pub {
			t.Errorf("public Visible(%s) = %v, want %v", tt.id, got, tt.pub)
		}
		if got := hr.Visible(rr(tt.id)); got != tt.hr {
			t.Errorf("hr Visible(%s) = %v, want %v", tt.id, got, tt.hr)
		}
	}
}

// TestRevocationMatchesRecompute drives the SQL-backed engine with random
// graphs and random revocations and compares every state with a naive
// least-fixed-point computed here from scratch.
func testRevocationMatchesRecompute(t *testing.T, open Opener) {
	ctx := context.Background()
	rapid.Check(t, func(rt *rapid.T) {
		s := newScope(t)
		defer s.end()
		db := open(s, "")
		nSrc := rapid.IntRange(1, 4).Draw(rt, "sources")
		nRec := rapid.IntRange(1, 8).Draw(rt, "records")
		var sources []verity.Ref
		for i := range nSrc {
			id := fmt.Sprintf("s%d", i)
			put(t, db, doc(id, "text", verity.Public))
			sources = append(sources, src(id))
		}
		var recIDs []verity.Ref
		for i := range nRec {
			recIDs = append(recIDs, rr(fmt.Sprintf("r%d", i)))
		}
		all := append(append([]verity.Ref{}, sources...), recIDs...)
		receipts := map[verity.Ref][][]verity.Ref{}
		var recs []*verity.Record
		for _, r := range recIDs {
			var sets [][]verity.Ref
			for range rapid.IntRange(1, 3).Draw(rt, "sets") {
				sets = append(sets, rapid.SliceOfNDistinct(rapid.SampledFrom(all), 1, 3, func(r verity.Ref) verity.Ref { return r }).Draw(rt, "set"))
			}
			receipts[r] = verity.Receipt{Sets: sets}.Minimal().Sets
			recs = append(recs, &verity.Record{ID: r.ID(), Kind: verity.KindSentence, Receipt: verity.Receipt{Sets: sets}})
		}
		if _, err := db.PutRecords(ctx, recs); err != nil {
			rt.Fatal(err)
		}
		revoked := map[verity.Ref]bool{}
		for step := range rapid.IntRange(1, 8).Draw(rt, "steps") {
			ref := rapid.SampledFrom(all).Draw(rt, "ref")
			var err error
			if revoked[ref] && rapid.Bool().Draw(rt, "undo") {
				_, _, err = db.Unrevoke(ctx, []verity.Ref{ref}, verity.Actor{Who: admin}, "")
				delete(revoked, ref)
			} else {
				_, _, err = db.Revoke(ctx, []verity.Ref{ref}, verity.Actor{Who: admin}, "")
				revoked[ref] = true
			}
			if err != nil {
				rt.Fatal(err)
			}
			want := fixpoint(receipts, revoked)
			stored, _ := db.Records(ctx, verity.RecordFilter{AliveOnly: true})
			got := map[verity.Ref]bool{}
			for _, r := range stored {
				got[rr(r.ID)] = true
			}
			for _, r := range recIDs {
				if got[r] != want[r] {
					rt.Fatalf("step %d: %s alive = %v, recompute says %v (receipts %v, revoked %v)", step, r, got[r], want[r], receipts, revoked)
				}
			}
		}
	})
}

// fixpoint is liveness from scratch: sources alive unless revoked, records
// alive when some set is all alive, iterated from nothing up to the least
// fixed point.
func fixpoint(receipts map[verity.Ref][][]verity.Ref, revoked map[verity.Ref]bool) map[verity.Ref]bool {
	alive := map[verity.Ref]bool{}
	isAlive := func(r verity.Ref) bool {
		if r.Kind() == verity.RefSource {
			return !revoked[r]
		}
		return alive[r]
	}
	for changed := true; changed; {
		changed = false
		for r, sets := range receipts {
			if alive[r] || revoked[r] {
				continue
			}
			for _, set := range sets {
				ok := true
				for _, m := range set {
					ok = ok && isAlive(m)
				}
				if ok {
					alive[r], changed = true, true
					break
				}
			}
		}
	}
	return alive
}

func refIDs(refs []verity.Ref) []string {
	var out []string
	for _, r := range refs {
		out = append(out, r.ID())
	}
	slices.Sort(out)
	return out
}
