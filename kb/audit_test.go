package kb_test

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/kb"
)

// TestAuditShowsOnlyReadable audits, as a curator of the staff, a sentence
// that rests on the staff page or on a board page: the model is shown no
// board page, the verdict says sources were withheld, and the
// stored run replays the same way, naming nothing of the board.
func TestAuditShowsOnlyReadable(t *testing.T) {
	f := build(t)
	ctx := context.Background()
	s := f.open(t, true)
	sum, err := s.Summary(ctx, local, f.summary, true)
	if err != nil {
		t.Fatal(err)
	}
	mixed := ""
	for _, st := range sum.Live {
		if strings.Contains(st.Text, "rollout") {
			mixed = st.ID
		}
	}
	if mixed == "" {
		t.Fatalf("the fixture's summary has no rollout sentence: %+v", sum.Live)
	}
	rep, err := s.Audit(ctx, curOut, kb.AuditRequest{Records: []string{mixed}})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Run.Verdicts) != 1 {
		t.Fatalf("audit of %s = %+v, want one verdict", mixed, rep.Run.Verdicts)
	}
	v := rep.Run.Verdicts[0]
	shown := func(ref verity.Ref) bool { return slices.Contains(v.Shown, ref) || slices.Contains(v.Removed, ref) }
	if !v.Withheld || !shown(verity.SourceRef("STAFF-1")) || shown(verity.SourceRef("BOARD-1")) || shown(verity.SourceRef("BOARD-2")) {
		t.Errorf("verdict = withheld %v, shown %v, removed %v; want STAFF-1 among them, the board's pages withheld", v.Withheld, v.Shown, v.Removed)
	}
	for _, p := range rep.Run.Log {
		if strings.Contains(string(p.Vars), "zephyrine") {
			t.Errorf("a probe showed the model the board's page: %s", p.Vars)
		}
	}
	again, err := s.Replay(ctx, curOut, rep.Run.ID)
	if err != nil {
		t.Fatal(err)
	}
	out, _ := json.Marshal(again)
	if !again.Run.Verdicts[0].Withheld || strings.Contains(string(out), "BOARD-1") {
		t.Errorf("replay = %s, want the verdict withheld and no board page", out)
	}
	if _, err := s.Replay(ctx, public, rep.Run.ID); verity.ErrorCode(err) != verity.ENOTFOUND {
		t.Errorf("Replay as the public = %v, want not found: it reads none of the run's records", err)
	}
}

// TestReplayOfAHiddenScope: a run asked about an event another caller
// cannot see is not found for that caller, as a missing run is — not
// shown with its scope cut down (issue 29, finding 5f).
func TestReplayOfAHiddenScope(t *testing.T) {
	f := build(t)
	ctx := context.Background()
	s := f.open(t, true)
	rep, err := s.Audit(ctx, curIn, kb.AuditRequest{Events: []int64{f.boardEv}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Replay(ctx, curIn, rep.Run.ID); err != nil {
		t.Fatalf("Replay by the board's curator = %v, want its run", err)
	}
	_, hidden := s.Replay(ctx, curOut, rep.Run.ID)
	missingID := rep.Run.ID + 1000
	_, missing := s.Replay(ctx, curOut, missingID)
	if verity.ErrorCode(hidden) != verity.ENOTFOUND || verity.ErrorCode(missing) != verity.ENOTFOUND {
		t.Fatalf("Replay of a run over a hidden event = %v, of a missing run = %v; want both not found", hidden, missing)
	}
	if want := strings.Replace(missing.Error(), fmt.Sprint(missingID), fmt.Sprint(rep.Run.ID), 1); hidden.Error() != want {
		t.Errorf("Replay of a run over a hidden event says %q, a missing run %q: they must read alike", hidden, missing)
	}
}

// TestCircularNoteSaysWhichModel: the circular note names the model that
// built and judged the records, and speaks of a deterministic procedure
// only when that model is one — never of the offline engine when a real
// model ran.
func TestCircularNoteSaysWhichModel(t *testing.T) {
	real := &verity.AuditRun{Model: "openai:gpt-4o-mini", Circular: 1,
		Verdicts: []verity.AuditVerdict{{Record: "sum:1", SameModel: true, Verdict: "alive", Yes: 4, Cast: 5}}}
	if got := kb.CircularNote(real); !strings.Contains(got, "openai:gpt-4o-mini") || strings.Contains(got, "offline") || strings.Contains(got, "deterministic") {
		t.Errorf("CircularNote(a real model) = %q, want the model named and no offline engine", got)
	}
	off := &verity.AuditRun{Model: "offline", Circular: 1,
		Verdicts: []verity.AuditVerdict{{Record: "sum:1", SameModel: true, Deterministic: true, Verdict: "alive", Yes: 1, Cast: 1}}}
	if got := kb.CircularNote(off); !strings.Contains(got, "offline, deterministic: the same procedure on both sides") {
		t.Errorf("CircularNote(offline) = %q, want the deterministic procedure named", got)
	}
}
