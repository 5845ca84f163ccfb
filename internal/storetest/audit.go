package storetest

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/audit"
	"github.com/veritykb/verity/llm"
	"github.com/veritykb/verity/llm/llmtest"
)

func testTouched(t *testing.T, open Opener) {
	ctx := context.Background()
	db := open(t, "")
	for _, id := range []string{"a", "b", "c"} {
		put(t, db, doc(id, "text of "+id, verity.Public))
	}
	if _, err := db.PutRecords(ctx, []*verity.Record{
		rec("s1", []verity.Ref{src("a")}),
		rec("s2", []verity.Ref{src("a")}, []verity.Ref{src("b")}),
		rec("s3", []verity.Ref{rr("s1"), src("c")}),
		rec("s4", []verity.Ref{rr("s1")}, []verity.Ref{src("c")}),
		rec("s5", []verity.Ref{src("c")}),
		rec("s6", []verity.Ref{rr("s2")}),
	}); err != nil {
		t.Fatal(err)
	}
	ev, change, err := db.Revoke(ctx, []verity.Ref{src("a"), rr("s5")}, verity.Actor{Who: admin}, "test")
	if err != nil {
		t.Fatal(err)
	}
	died, survived, err := db.Touched(ctx, ev.ID)
	if err != nil {
		t.Fatal(err)
	}
	// The hand-revoked s5 is not an audit's business; the rest matches the
	// cascade the revocation reported.
	wantDied, wantSurvived := refIDs(change.Died), refIDs(change.Survived)
	wantDied = slices.DeleteFunc(wantDied, func(id string) bool { return id == "s5" })
	if !slices.Equal(died, wantDied) || !slices.Equal(survived, wantSurvived) {
		t.Errorf("Touched(%d) = died %v survived %v; the revocation said %v and %v", ev.ID, died, survived, wantDied, wantSurvived)
	}
	if !slices.Equal(died, []string{"s1", "s3"}) || !slices.Equal(survived, []string{"s2", "s4"}) {
		t.Errorf("Touched = died %v survived %v, want [s1 s3] and [s2 s4]", died, survived)
	}
	un, _, err := db.Unrevoke(ctx, []verity.Ref{src("a")}, verity.Actor{Who: admin}, "")
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := db.Touched(ctx, un.ID); verity.ErrorCode(err) != verity.EINVALID {
		t.Errorf("Touched(unrevocation) = %v, want EINVALID", err)
	}
	if _, _, err := db.Touched(ctx, 99); verity.ErrorCode(err) != verity.ENOTFOUND {
		t.Errorf("Touched(99) = %v, want ENOTFOUND", err)
	}
}

func testAuditRunRoundTrip(t *testing.T, open Opener) {
	ctx := context.Background()
	db := open(t, "")
	put(t, db, doc("a", "Acme uses Bitrix24.", verity.Public))
	put(t, db, doc("b", "Acme moved to Bitrix24 in 2025.", verity.Public))
	for _, r := range []*verity.Record{
		{ID: "x", Kind: verity.KindSentence, Receipt: verity.Receipt{Sets: [][]verity.Ref{{src("a")}, {src("b")}}}, Body: []byte(`{"text": "Acme uses Bitrix24.", "inputs": ["source:a", "source:b"]}`)},
		{ID: "y", Kind: verity.KindSentence, Receipt: verity.Receipt{Sets: [][]verity.Ref{{src("a")}}}, Body: []byte(`{"text": "Acme is big.", "inputs": ["source:a", "source:b"]}`)},
	} {
		if _, err := db.PutRecords(ctx, []*verity.Record{r}); err != nil {
			t.Fatal(err)
		}
	}
	ev, _, err := db.Revoke(ctx, []verity.Ref{src("a")}, verity.Actor{Who: admin}, "retracted")
	if err != nil {
		t.Fatal(err)
	}
	targets, err := audit.Targets(ctx, db, verity.AuditScope{})
	if err != nil {
		t.Fatal(err)
	}
	if len(targets) != 2 || targets[0].Event != ev.ID {
		t.Fatalf("Targets = %+v, want x and y touched by event %d", targets, ev.ID)
	}
	// x survives on b and the model reproduces it; y died and the model
	// still says yes three times of five: undetermined.
	m := llmtest.New(llm.Info{}).On(audit.TaskRegenerate, func(_ context.Context, req *llm.Request) (*llm.Response, error) {
		if !strings.Contains(string(req.Vars), "Acme is big") || req.Sample < 3 {
			return &llm.Response{Text: `{"answer": "yes", "sources": [1]}`}, nil
		}
		return &llm.Response{Text: `{"answer": "no", "sources": []}`}, nil
	})
	run, err := audit.Audit(ctx, m, db, targets, audit.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := db.PutAuditRun(ctx, run); err != nil {
		t.Fatal(err)
	}
	got, err := db.AuditRun(ctx, 0)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(run, got); diff != "" {
		t.Errorf("AuditRun(latest) differs from the stored run (-stored +read):\n%s", diff)
	}
	rs, err := audit.Replay(got, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rs {
		if !r.Matches {
			t.Errorf("replay from the store: %+v", r)
		}
	}
	// The verdicts became the records' last audit: y, dead by receipt and
	// undetermined by audit, is disputed; x agrees.
	disputed, err := db.Disputed(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var wantDisputed []string
	for _, v := range run.Verdicts {
		if !v.Agrees() {
			wantDisputed = append(wantDisputed, v.Record)
		}
	}
	if !slices.Equal(disputed, wantDisputed) || len(disputed) == 0 {
		t.Errorf("Disputed = %v, want %v", disputed, wantDisputed)
	}
	if err := db.SetAuditApplied(ctx, run.ID, ev.ID); err != nil {
		t.Fatal(err)
	}
	if got, _ := db.AuditRun(ctx, run.ID); got.Applied != ev.ID {
		t.Errorf("Applied = %d, want %d", got.Applied, ev.ID)
	}
	if _, err := db.AuditRun(ctx, 42); verity.ErrorCode(err) != verity.ENOTFOUND {
		t.Errorf("AuditRun(42) = %v, want ENOTFOUND", err)
	}
}

// TestAuditRunIDs: runs get random 10-digit ids that do not count them,
// and the latest run is the one run last.
func testAuditRunIDs(t *testing.T, open Opener) {
	db := open(t, "")
	ctx := context.Background()
	t0 := time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)
	var last int64
	for i := range 3 {
		run := &verity.AuditRun{At: t0.Add(time.Duration(i) * time.Minute), Model: "m", PromptVersion: "p@1", Probes: 1, AliveAt: 1}
		if err := db.PutAuditRun(ctx, run); err != nil {
			t.Fatal(err)
		}
		if run.ID < 1_000_000_000 || run.ID > 9_999_999_999 {
			t.Errorf("run id %d, want a 10-digit number", run.ID)
		}
		last = run.ID
	}
	got, err := db.AuditRun(ctx, 0)
	if err != nil || got.ID != last {
		t.Errorf("AuditRun(latest) = %v, %v; want run %d", got, err, last)
	}
}
