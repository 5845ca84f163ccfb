package render

import (
	"bytes"
	"strings"
	"testing"

	"github.com/veritykb/verity/extract"
	"github.com/veritykb/verity/kb"
)

// TestDeterministicVoteHasNoConfidence: the offline engine's single vote is
// shown as what it is, in the output's language, never as "confidence
// 1.00"; a panel's vote fraction is shown with its votes.
func TestDeterministicVoteHasNoConfidence(t *testing.T) {
	share := 0.8
	for _, tc := range []struct {
		lang          string
		conf          *float64
		votes         int
		deterministic bool
		want          string
	}{
		{extract.English, nil, 1, true, "1 deterministic vote — no confidence estimate, model offline"},
		{extract.Russian, nil, 1, true, "1 детерминированный голос — без оценки уверенности, модель offline"},
		{extract.English, &share, 5, false, "confidence 0.80, 5 votes, model offline"},
	} {
		var b bytes.Buffer
		Edge(&b, extract.EdgeView{ID: "edge:1", Subject: "Acme", Relation: "uses", Object: "Bitrix24", Confidence: tc.conf,
			Votes: tc.votes, Deterministic: tc.deterministic, Model: "offline"}, tc.lang)
		if got := b.String(); !strings.Contains(got, tc.want) || strings.Contains(got, "1.00") {
			t.Errorf("Edge(%s, votes %d) = %q, want %q", tc.lang, tc.votes, got, tc.want)
		}
	}
	var b bytes.Buffer
	ReviewItem(&b, kb.ReviewView{ID: "ev:1", Subject: "Acme", Relation: "uses", Object: "Bitrix24", Votes: 1, Deterministic: true}, extract.English)
	if got := b.String(); !strings.Contains(got, "(1 deterministic vote — no confidence estimate)") {
		t.Errorf("ReviewItem(deterministic) = %q", got)
	}
}

func TestReviewQueue(t *testing.T) {
	var b bytes.Buffer
	Review(&b, nil)
	if b.String() != "nothing to review\n" {
		t.Errorf("Review(none) = %q", b.String())
	}
}
