package eval

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/llm"
	"github.com/veritykb/verity/offline"
)

// receiptsOn runs Receipts over a scratch store of the mini SciFact with the
// offline engine.
func receiptsOn(t *testing.T, opt ReceiptsOptions, st *stages) *ReceiptsReport {
	t.Helper()
	sf := miniSciFact(t)
	meter := llm.NewMeter(nil)
	s := ReceiptsSetup{SciFact: sf, Store: scratchStore(t, sf), BuildTime: 1500 * time.Millisecond,
		Model: llm.WithMeter(offline.New(offline.Options{}), meter), Meter: meter}
	if st != nil {
		s.Progress = st.open
	}
	rep, err := Receipts(context.Background(), s, opt)
	if err != nil {
		t.Fatalf("Receipts(%+v): %v", opt, err)
	}
	return rep
}

func TestReceipts(t *testing.T) {
	opt := ReceiptsOptions{K: 5, Sentences: 5, Revoke: 0.5, Mirrors: 0.5, Seed: 3, Audit: true}
	var st stages
	r := receiptsOn(t, opt, &st)
	if r.Dataset != "scifact" || r.Model != "offline" || r.Settings != opt {
		t.Errorf("Receipts = dataset %q, model %q, settings %+v; want scifact, offline, %+v", r.Dataset, r.Model, r.Settings, opt)
	}
	// The mini SciFact has five abstracts and three dev claims with
	// SUPPORT evidence, citing three abstracts, two of them mirrored.
	if r.Store.Abstracts != 5 || r.Store.Mirrors != 2 || r.Store.BuildSeconds != 1.5 {
		t.Errorf("Receipts.Store = %+v, want 5 abstracts, 2 mirrors, 1.5 s", r.Store)
	}
	if r.Summaries.Topics != 3 || r.Summaries.Written+r.Summaries.Empty != 3 || r.Summaries.Sentences == 0 || r.Summaries.Gold == 0 {
		t.Errorf("Receipts.Summaries = %+v, want 3 topics with sentences and gold rationales among them", r.Summaries)
	}
	if v := r.Revocation; v.Abstracts == 0 || v.Event == 0 || v.ModelCalls != 0 {
		t.Errorf("Receipts.Revocation = %+v, want abstracts revoked in an event with no model call", v)
	}
	// With seed 3 the revocation kills sentences and leaves others alive
	// on a mirror: both ways of being touched are exercised.
	if v := r.Revocation; v.DiedSentences == 0 || v.SurvivedSentences == 0 || r.Touched != v.DiedSentences+v.SurvivedSentences {
		t.Errorf("touched %d sentences, died %d, survived %d; want some of each, and every touched one died or survived",
			r.Touched, r.Revocation.DiedSentences, r.Revocation.SurvivedSentences)
	}
	// The offline engine's receipts are right by construction: anything
	// else is a bug in the store, the cascade or the quote matching.
	if g := r.Receipts.Strict; g.N != r.Summaries.Sentences || g.Agree != g.N || g.Rate != 1 {
		t.Errorf("strict agreement %+v, want all %d sentences", g, r.Summaries.Sentences)
	}
	if r.Queries.N != r.Summaries.Written || r.Queries.ContaminatedAfter != 0 || r.Affected.DeadServed != 0 || r.Affected.LiveKept != r.Affected.LiveTotal {
		t.Errorf("queries %+v, affected %+v; want every written summary asked, none contaminated after cleanup, every live sentence kept", r.Queries, r.Affected)
	}
	if r.SummaryAllOf.DroppedLive == 0 {
		t.Errorf("one receipt per summary, all-of = %+v, want live sentences dropped: the baseline per-sentence receipts beat", r.SummaryAllOf)
	}
	if r.Audit == nil || r.Audit.Run == 0 || r.Audit.VsTruth.N == 0 || r.Audit.VsTruth.N+r.Audit.Undetermined > r.Touched {
		t.Errorf("Receipts.Audit = %+v, want a stored run judging at most the %d touched sentences", r.Audit, r.Touched)
	}
	if len(r.Examples) == 0 || len(r.Examples) > 6 {
		t.Errorf("%d examples, want 1 to 6", len(r.Examples))
	}
	notes := strings.Join(r.Notes, "\n")
	for _, want := range []string{"plain string matching", "offline engine", "the audit is circular", "2 mirrors are synthetic"} {
		if !strings.Contains(notes, want) {
			t.Errorf("Receipts.Notes lack %q:\n%s", want, notes)
		}
	}
	if len(st.bars) != 1 || *st.bars[0] != (recordedBar{stage: "summarize", total: 3, done: 3, finished: true}) {
		t.Errorf("Receipts opened bars %+v, want one summarize bar of 3 steps, all done", st.bars)
	}
}

// TestReceiptsSeeded checks that a run is a function of its options: the
// same seed chooses the same mirrors and revocation, whatever the clock.
func TestReceiptsSeeded(t *testing.T) {
	opt := ReceiptsOptions{Topics: 2, K: 3, Sentences: 3, Revoke: 1, Mirrors: 1, Seed: 7}
	a, b := receiptsOn(t, opt, nil), receiptsOn(t, opt, nil)
	if a.Summaries.Topics != 2 || a.Store.Mirrors == 0 || a.Audit != nil {
		t.Errorf("Receipts(%+v) = %d topics, %d mirrors, audit %v; want 2, some, none", opt, a.Summaries.Topics, a.Store.Mirrors, a.Audit)
	}
	if a.Receipts != b.Receipts || a.Revocation.DiedSentences != b.Revocation.DiedSentences || a.Queries != b.Queries {
		t.Errorf("two runs of %+v differ: %+v %+v, then %+v %+v", opt, a.Receipts, a.Queries, b.Receipts, b.Queries)
	}
}

func TestReceiptsInvalidOptions(t *testing.T) {
	sf := miniSciFact(t)
	for _, opt := range []ReceiptsOptions{{Revoke: 0}, {Revoke: 1.5}, {Revoke: 0.2, Mirrors: -0.1}, {Revoke: 0.2, Mirrors: 2}} {
		_, err := Receipts(context.Background(), ReceiptsSetup{SciFact: sf, Model: offline.New(offline.Options{})}, opt)
		if verity.ErrorCode(err) != verity.EINVALID {
			t.Errorf("Receipts(%+v) error %v, want %s", opt, err, verity.EINVALID)
		}
	}
}

func TestAgreement(t *testing.T) {
	var g Agreement
	for _, d := range []struct{ truth, said bool }{{true, true}, {false, false}, {false, true}, {true, false}, {true, true}} {
		g.Add(d.truth, d.said)
	}
	if g != (Agreement{N: 5, Agree: 3, Rate: 0.6, KeptDead: 1, DroppedLive: 1}) {
		t.Errorf("Agreement after 5 sentences = %+v, want N 5, agree 3, rate 0.6, kept dead 1, dropped live 1", g)
	}
}

func TestReceiptsTruth(t *testing.T) {
	if got := normText("  Side   effects\nwere MILD. "); got != "side effects were mild." {
		t.Errorf("normText = %q, want %q", got, "side effects were mild.")
	}
	texts := map[string]string{"1": "aspirin reduced the risk.", "mirror-1": "republished: aspirin reduced the risk.", "2": "statins."}
	for _, tt := range []struct {
		norm    string
		revoked map[string]bool
		want    bool
	}{
		{"aspirin reduced the risk.", nil, true},
		{"aspirin reduced the risk.", map[string]bool{"1": true}, true}, // the mirror holds it
		{"aspirin reduced the risk.", map[string]bool{"1": true, "mirror-1": true}, false},
		{"vitamin d.", nil, false},
	} {
		if got := trulyAlive(tt.norm, texts, tt.revoked); got != tt.want {
			t.Errorf("trulyAlive(%q, revoked %v) = %v, want %v", tt.norm, tt.revoked, got, tt.want)
		}
	}
	sf := miniSciFact(t)
	docs := map[string]SciDoc{}
	for _, d := range sf.Docs {
		docs[d.ID] = d
	}
	claim := sf.Dev[0] // SUPPORT rationale: sentence 1 of abstract 1
	for _, tt := range []struct {
		norm string
		want bool
	}{
		{normText("In the trial, aspirin reduced the risk of stroke in older patients."), true},
		{normText("aspirin reduced the risk of stroke"), true}, // a part of the rationale
		{normText("Bleeding was more common with aspirin."), false},
	} {
		if got := goldRationale(claim, docs, tt.norm); got != tt.want {
			t.Errorf("goldRationale(claim 1, %q) = %v, want %v", tt.norm, got, tt.want)
		}
	}
}
