package audit_test

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/audit"
	"github.com/veritykb/verity/llm"
	"github.com/veritykb/verity/llm/llmtest"
	"github.com/veritykb/verity/receipt"
)

// memStore is an audit.Store and audit.Log double.
type memStore struct {
	recs    map[string]*verity.Record
	sources map[string]*verity.Source
	events  []receipt.Event
	touched map[int64][2][]string
	dispute []string
}

func newStore() *memStore {
	return &memStore{recs: map[string]*verity.Record{}, sources: map[string]*verity.Source{}, touched: map[int64][2][]string{}}
}

func (s *memStore) source(id, text string, revoked bool) {
	st := verity.StatusActive
	if revoked {
		st = verity.StatusRevoked
	}
	s.sources[id] = &verity.Source{ID: id, Title: "T" + id, Version: 1, Status: st, Text: text}
}

func (s *memStore) record(id, text string, state verity.RecordState, inputs []string, sets ...[]verity.Ref) {
	var refs []verity.Ref
	for _, in := range inputs {
		refs = append(refs, verity.SourceRef(in))
	}
	body, _ := json.Marshal(map[string]any{"text": text, "topic": "bitrix24 customers", "inputs": refs, "model": "offline"})
	s.recs[id] = &verity.Record{ID: id, Kind: verity.KindSentence, State: state, Body: body, Receipt: verity.Receipt{Sets: sets}}
}

func (s *memStore) Record(_ context.Context, id string) (*verity.Record, error) {
	if r, ok := s.recs[id]; ok {
		return r, nil
	}
	return nil, verity.Errorf(verity.ENOTFOUND, "no record %q", id)
}

func (s *memStore) Source(_ context.Context, id string) (*verity.Source, error) {
	if r, ok := s.sources[id]; ok {
		return r, nil
	}
	return nil, verity.Errorf(verity.ENOTFOUND, "no source %q", id)
}

func (s *memStore) RevocationLog(context.Context) ([]receipt.Event, error) { return s.events, nil }

func (s *memStore) Touched(_ context.Context, ev int64) ([]string, []string, error) {
	t := s.touched[ev]
	return t[0], t[1], nil
}

func (s *memStore) Disputed(context.Context) ([]string, error) { return s.dispute, nil }

const claim = "Acme moved its sales to Bitrix24 in March 2025."

// fixture: sentence s rested on A (revoked) or B; B and C remain.
func fixture() *memStore {
	st := newStore()
	st.source("A", "Acme moved its sales to Bitrix24 in March 2025.", true)
	st.source("B", "In March 2025 Acme moved its sales to Bitrix24.", false)
	st.source("C", "Romashka uses Bitrix24.", false)
	st.record("s", claim, verity.StateAlive, []string{"A", "B", "C"}, []verity.Ref{verity.SourceRef("A")}, []verity.Ref{verity.SourceRef("B")})
	return st
}

// sampled answers the regeneration task with answers[sample]: "yes", "no",
// or anything else verbatim (an unreadable reply).
func sampled(answers ...string) *llmtest.Model {
	return llmtest.New(llm.Info{}).On(audit.TaskRegenerate, func(_ context.Context, req *llm.Request) (*llm.Response, error) {
		a := answers[req.Sample%len(answers)]
		text := a
		if a == audit.Yes || a == audit.No {
			text = fmt.Sprintf(`{"answer": %q, "sources": [1]}`, a)
		}
		return &llm.Response{Text: text, Model: "script"}, nil
	})
}

func TestDecide(t *testing.T) {
	for _, tc := range []struct {
		yes, cast, requested int
		want                 verity.RecordState
	}{
		{5, 5, 5, verity.StateAlive},
		{4, 5, 5, verity.StateAlive},
		{3, 5, 5, verity.StateUndetermined},
		{2, 5, 5, verity.StateUndetermined},
		{1, 5, 5, verity.StateDead},
		{0, 5, 5, verity.StateDead},
		{4, 4, 5, verity.StateAlive},        // early stop: four yes settle it
		{0, 4, 5, verity.StateDead},         // early stop: even a fifth yes is only one
		{2, 4, 5, verity.StateUndetermined}, // early stop: 2 or 3 of 5 either way
		{1, 1, 5, verity.StateAlive},        // one vote of a deterministic model
		{0, 1, 5, verity.StateDead},
		{0, 0, 5, verity.StateUndetermined}, // nothing readable was cast
	} {
		if got := audit.Decide(tc.yes, tc.cast, tc.requested, 4, 1); got != tc.want {
			t.Errorf("Decide(%d yes, %d cast, %d requested) = %s, want %s", tc.yes, tc.cast, tc.requested, got, tc.want)
		}
	}
}

func TestAuditThresholds(t *testing.T) {
	for _, tc := range []struct {
		answers []string
		want    verity.RecordState
		yes     int
	}{
		{[]string{"yes", "yes", "yes", "yes", "yes"}, verity.StateAlive, 5},
		{[]string{"yes", "no", "yes", "yes", "yes"}, verity.StateAlive, 4},
		{[]string{"yes", "no", "yes", "no", "yes"}, verity.StateUndetermined, 3},
		{[]string{"no", "no", "yes", "no", "yes"}, verity.StateUndetermined, 2},
		{[]string{"no", "no", "yes", "no", "no"}, verity.StateDead, 1},
		{[]string{"no", "no", "no", "no", "no"}, verity.StateDead, 0},
		// An unreadable reply (even after its repair) is no vote either way.
		{[]string{"yes", "yes", "maybe?", "yes", "yes"}, verity.StateAlive, 4},
		{[]string{"yes", "I cannot say", "yes", "maybe", "yes"}, verity.StateUndetermined, 3},
	} {
		st := fixture()
		m := sampled(tc.answers...)
		run, err := audit.Audit(context.Background(), m, st, []audit.Target{{Record: "s", Event: 1}}, audit.Options{})
		if err != nil {
			t.Fatal(err)
		}
		v := run.Verdicts[0]
		if v.Verdict != tc.want || v.Yes != tc.yes || v.Cast != 5 {
			t.Errorf("Audit with answers %v = %s (%d yes of %d), want %s (%d yes of 5)", tc.answers, v.Verdict, v.Yes, v.Cast, tc.want, tc.yes)
		}
		if len(run.Log) != 5 {
			t.Errorf("Audit with answers %v stored %d probes, want 5", tc.answers, len(run.Log))
		}
	}
}

func TestAuditShowsOnlyWhatRemains(t *testing.T) {
	st := fixture()
	m := sampled("yes")
	run, err := audit.Audit(context.Background(), m, st, []audit.Target{{Record: "s"}}, audit.Options{Probes: 3, AliveAt: 3, DeadAt: 1})
	if err != nil {
		t.Fatal(err)
	}
	v := run.Verdicts[0]
	if !slices.Equal(v.Shown, []verity.Ref{"source:B", "source:C"}) || !slices.Equal(v.Removed, []verity.Ref{"source:A"}) {
		t.Errorf("shown %v removed %v, want B, C shown and A removed", v.Shown, v.Removed)
	}
	req := m.Calls()[0]
	prompt := req.Messages[0].Content
	if strings.Contains(prompt, "Acme moved its sales to Bitrix24 in March 2025.\n</source>") || !strings.Contains(prompt, "«"+claim+"»") || !strings.Contains(prompt, `"TA" (A)`) {
		t.Errorf("prompt shows a revoked text or misses the conclusion or the removal:\n%s", prompt)
	}
	var vars struct {
		Documents []struct{ Text string } `json:"documents"`
	}
	json.Unmarshal(req.Vars, &vars)
	if len(vars.Documents) != 2 {
		t.Errorf("vars carry %d documents, want the 2 that remain", len(vars.Documents))
	}
	if run.Circular != 0 || v.SameModel {
		t.Errorf("a script auditing records the offline engine built counted as circular")
	}
}

func TestAuditNothingRemains(t *testing.T) {
	st := fixture()
	st.sources["B"].Status, st.sources["C"].Status = verity.StatusRevoked, verity.StatusRevoked
	st.recs["s"].State = verity.StateDead
	m := sampled("yes")
	run, err := audit.Audit(context.Background(), m, st, []audit.Target{{Record: "s"}}, audit.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if v := run.Verdicts[0]; v.Verdict != verity.StateDead || v.Reason != audit.ReasonNothingRemains || m.Count("") != 0 || !v.Agrees() {
		t.Errorf("Audit with every source revoked = %+v after %d calls, want dead with no call, agreeing", v, m.Count(""))
	}
}

func TestAuditDeterministicModelVotesOnce(t *testing.T) {
	st := fixture()
	m := llmtest.New(llm.Info{Deterministic: true}).Reply(audit.TaskRegenerate, `{"answer": "no", "sources": []}`)
	run, err := audit.Audit(context.Background(), m, st, []audit.Target{{Record: "s"}}, audit.Options{})
	if err != nil {
		t.Fatal(err)
	}
	v := run.Verdicts[0]
	if v.Verdict != verity.StateDead || v.Cast != 1 || !v.Deterministic || m.Count("") != 1 {
		t.Errorf("deterministic audit = %+v after %d calls, want dead on one probe", v, m.Count(""))
	}
	if c := run.Counts(); c.KeptDead != 1 || c.Disagree != 1 {
		t.Errorf("Counts = %+v, want one record alive by receipt and dead by audit", c)
	}
}

func TestAuditBlind(t *testing.T) {
	for _, tc := range []struct {
		conclusions []string
		want        verity.RecordState
	}{
		{[]string{"Romashka uses Bitrix24.", "Acme moved its sales to Bitrix24 in March 2025."}, verity.StateAlive},
		{[]string{"In March 2025, Acme moved sales to Bitrix24."}, verity.StateAlive},          // most words, same polarity
		{[]string{"Acme did not move its sales to Bitrix24 in March 2025."}, verity.StateDead}, // negated
		{[]string{"Romashka uses Bitrix24."}, verity.StateDead},
	} {
		st := fixture()
		js, _ := json.Marshal(map[string]any{"conclusions": tc.conclusions})
		m := llmtest.New(llm.Info{}).Reply(audit.TaskBlind, string(js))
		run, err := audit.Audit(context.Background(), m, st, []audit.Target{{Record: "s"}}, audit.Options{Blind: true})
		if err != nil {
			t.Fatal(err)
		}
		if v := run.Verdicts[0]; v.Verdict != tc.want {
			t.Errorf("blind audit with conclusions %q = %s (%d yes), want %s", tc.conclusions, v.Verdict, v.Yes, tc.want)
		}
		for _, c := range m.Calls() {
			if strings.Contains(c.Messages[0].Content, claim) || strings.Contains(string(c.Vars), claim) || c.Task != audit.TaskBlind {
				t.Fatalf("a blind probe showed the conclusion:\n%s", c.Messages[0].Content)
			}
		}
		if run.PromptVersion != "audit.blind@1" || !run.Blind {
			t.Errorf("run = %s blind %v, want audit.blind@1", run.PromptVersion, run.Blind)
		}
	}
}

func TestReplayReproducesWithoutCalls(t *testing.T) {
	for _, blind := range []bool{false, true} {
		st := fixture()
		st.record("t", "Romashka uses Bitrix24.", verity.StateAlive, []string{"A", "C"}, []verity.Ref{verity.SourceRef("C")})
		m := llmtest.New(llm.Info{}).
			On(audit.TaskRegenerate, func(_ context.Context, req *llm.Request) (*llm.Response, error) {
				if strings.Contains(req.Messages[0].Content, "Romashka") && req.Sample%2 == 0 {
					return &llm.Response{Text: `{"answer": "no", "sources": []}`}, nil
				}
				return &llm.Response{Text: `{"answer": "yes", "sources": [1]}`}, nil
			}).
			Reply(audit.TaskBlind, `{"conclusions": ["Romashka uses Bitrix24."]}`, `{"conclusions": []}`)
		run, err := audit.Audit(context.Background(), m, st, []audit.Target{{Record: "s"}, {Record: "t"}}, audit.Options{Blind: blind})
		if err != nil {
			t.Fatal(err)
		}
		calls := m.Count("")
		// What a store keeps: the run as JSON.
		js, _ := json.Marshal(run)
		var stored verity.AuditRun
		if err := json.Unmarshal(js, &stored); err != nil {
			t.Fatal(err)
		}
		rs, err := audit.Replay(&stored, nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range rs {
			if !r.Matches {
				t.Errorf("blind=%v: replay of %s = %s, stored %s", blind, r.Record, r.Replay, r.Stored)
			}
		}
		if m.Count("") != calls {
			t.Errorf("blind=%v: replay made %d model calls, want 0", blind, m.Count("")-calls)
		}
		// A stored answer changed behind the run's back is caught.
		for i := range stored.Log {
			if stored.Log[i].Record == "t" {
				if blind {
					stored.Log[i].Answer = `{"conclusions":["Romashka uses Bitrix24."]}`
				} else {
					stored.Log[i].Answer = strings.Replace(stored.Log[i].Answer, `"no"`, `"yes"`, 1)
				}
			}
		}
		rs, _ = audit.Replay(&stored, nil)
		if rs[1].Matches {
			t.Errorf("blind=%v: replay over tampered probes still matches: %+v", blind, rs[1])
		}
	}
}

// TestEarlyStopKeepsTheVerdict: stopping once the verdict is fixed never
// changes it, whatever the answers.
func TestEarlyStopKeepsTheVerdict(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		answers := rapid.SliceOfN(rapid.SampledFrom([]string{"yes", "no", "garbage"}), 5, 5).Draw(rt, "answers")
		full, err := audit.Audit(context.Background(), sampled(answers...), fixture(), []audit.Target{{Record: "s"}}, audit.Options{})
		if err != nil {
			rt.Fatal(err)
		}
		m := sampled(answers...)
		early, err := audit.Audit(context.Background(), m, fixture(), []audit.Target{{Record: "s"}}, audit.Options{EarlyStop: true})
		if err != nil {
			rt.Fatal(err)
		}
		if early.Verdicts[0].Verdict != full.Verdicts[0].Verdict {
			rt.Fatalf("answers %v: early stop = %s after %d probes, all five = %s", answers, early.Verdicts[0].Verdict, early.Verdicts[0].Cast, full.Verdicts[0].Verdict)
		}
	})
}

func TestTargets(t *testing.T) {
	st := fixture()
	st.events = []receipt.Event{
		{ID: 1, Action: receipt.ActionRevoke},
		{ID: 2, Action: receipt.ActionRevoke},
		{ID: 3, Action: receipt.ActionUnrevoke, Undoes: 2},
		{ID: 4, Action: receipt.ActionRevoke},
	}
	st.touched[1] = [2][]string{{"d1", "d2"}, {"s1"}}
	st.touched[2] = [2][]string{{"x"}, nil}
	st.touched[4] = [2][]string{{"d2", "d3"}, nil}
	st.dispute = []string{"q"}
	ids := func(ts []audit.Target) []string {
		var out []string
		for _, t := range ts {
			out = append(out, fmt.Sprintf("%s@%d", t.Record, t.Event))
		}
		return out
	}
	ctx := context.Background()
	for _, tc := range []struct {
		scope verity.AuditScope
		want  []string
	}{
		{verity.AuditScope{}, []string{"d1@1", "d2@1", "s1@1", "d3@4"}}, // event 2 was undone
		{verity.AuditScope{Events: []int64{4}}, []string{"d2@4", "d3@4"}},
		{verity.AuditScope{Disputed: true}, []string{"q@0"}},
		{verity.AuditScope{Records: []string{"r1", "r1"}}, []string{"r1@0"}},
	} {
		got, err := audit.Targets(ctx, st, tc.scope)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(ids(got), tc.want) {
			t.Errorf("Targets(%+v) = %v, want %v", tc.scope, ids(got), tc.want)
		}
	}
	a, _ := audit.Targets(ctx, st, verity.AuditScope{Sample: 2, Seed: 7})
	b, _ := audit.Targets(ctx, st, verity.AuditScope{Sample: 2, Seed: 7})
	if len(a) != 2 || !slices.Equal(ids(a), ids(b)) {
		t.Errorf("a seeded sample of 2 = %v then %v, want the same two", ids(a), ids(b))
	}
	if _, err := audit.Targets(ctx, st, verity.AuditScope{Events: []int64{3}}); verity.ErrorCode(err) != verity.EINVALID {
		t.Errorf("Targets of an unrevocation = %v, want EINVALID", err)
	}
}
