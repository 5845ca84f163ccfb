package answer_test

import (
	"context"
	"strings"
	"sync"
	"testing"

	"github.com/veritykb/verity/answer"
	"github.com/veritykb/verity/receipt/receipttest"
)

// TestGateTurnsAwayOffTopicClaims: a statement the verifier supports but
// that does not answer the question is listed as unverified with reason
// off_topic and the gate's verdict; the kept claim carries its verdict; the
// gate reports as a stage of its own.
func TestGateTurnsAwayOffTopicClaims(t *testing.T) {
	ctx := context.Background()
	db := openStore(t, corpus)
	m := script(t, func(v draftVars) string {
		n := docByTitle(v.Documents, "Backup policy")
		return statements(
			st("Backups are kept for at least 30 days.", []int{n}, "Backups are kept for at least 30 days"),
			st("Database backups run every night at 02:00.", []int{n}, "Database backups run every night at 02:00"))
	})
	var mu sync.Mutex
	var events []answer.Event
	opt := answer.Options{NoCache: true, Progress: func(e answer.Event) { mu.Lock(); events = append(events, e); mu.Unlock() }}
	a, err := newService(db, m, opt).Ask(ctx, "How long are backups kept?", public, receipttest.View(ctx, db, public))
	if err != nil {
		t.Fatal(err)
	}
	if a.Outcome != answer.Answered || len(a.Claims) != 1 || a.Claims[0].Claim != "Backups are kept for at least 30 days." {
		t.Fatalf("Ask = %s, want the one claim that answers", asJSON(t, a))
	}
	if r := a.Claims[0].Relevance; r == nil || !r.OnTopic || r.Type != answer.AskHowLong || !r.TypeMet || len(r.Values) == 0 {
		t.Errorf("kept claim's relevance = %+v, want an on-topic how_long verdict with its value", r)
	}
	var off *answer.Unverified
	for i, u := range a.Unverified {
		if strings.HasPrefix(u.Claim, "Database backups run") {
			off = &a.Unverified[i]
		}
	}
	if off == nil || off.Reason != answer.ReasonOffTopic || off.Stage != answer.StageRelevance || off.Relevance == nil || off.Relevance.OnTopic || off.Relevance.Reason == "" {
		t.Errorf("the nightly statement = %+v, want unverified off_topic at the relevance stage with the verdict", off)
	}
	if !strings.Contains(asJSON(t, a), `"relevance":{"type":"how_long"`) {
		t.Errorf("the JSON of the answer lacks the claims' relevance: %s", asJSON(t, a))
	}
	done := false
	for _, e := range events {
		done = done || e.Stage == answer.StageRelevance && e.Done && e.Detail == "1 of 2 on topic" &&
			e.Kept && e.Found == 1 && e.Of == 2 && e.Unit == answer.UnitStatement
	}
	if !done {
		t.Errorf("progress events %+v lack the relevance stage", events)
	}
}

// TestGateNotFoundReasons: when the gate turns every claim away, the
// answer is not found — insufficient_support when search found a passage
// about the question, not_in_corpus when it found none.
func TestGateNotFoundReasons(t *testing.T) {
	ctx := context.Background()
	db := openStore(t, corpus)
	tests := []struct {
		question, claim, title string
		reason                 answer.Reason
	}{
		{"How long are backups kept?", "Database backups run every night at 02:00.", "Backup policy", answer.InsufficientSupport},
		{"How many monthly reports are archived?", "Monthly snapshots are kept for 12 months.", "Backup policy", answer.NotInCorpus},
	}
	for _, tt := range tests {
		m := script(t, func(v draftVars) string {
			n := docByTitle(v.Documents, tt.title)
			if n == 0 {
				return statements()
			}
			return statements(st(tt.claim, []int{n}, ""))
		})
		a, err := newService(db, m, answer.Options{NoCache: true}).Ask(ctx, tt.question, public, receipttest.View(ctx, db, public))
		if err != nil {
			t.Fatal(err)
		}
		if a.Outcome != answer.NotFound || a.NotFoundReason != tt.reason || len(a.Unverified) == 0 || a.Unverified[0].Reason != answer.ReasonOffTopic {
			t.Errorf("Ask(%q) = %s, want not_found %s with the claim off topic", tt.question, asJSON(t, a), tt.reason)
		}
	}
}
