package llm_test

import (
	"context"
	"fmt"
	"testing"

	"pgregory.net/rapid"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/llm"
	"github.com/veritykb/verity/llm/llmtest"
)

func judgeRequest() *llm.Request {
	return &llm.Request{Task: "judge", Schema: &llm.Schema{Name: "yn", JSON: []byte(
		`{"type":"object","required":["label"],"properties":{"label":{"enum":["yes","no"]}}}`)},
		Messages: []llm.Message{llm.User("is it?")}, Temperature: llm.Temp(1)}
}

func votes(labels ...string) []string {
	out := make([]string, len(labels))
	for i, l := range labels {
		if l == "?" {
			out[i] = "no idea" // unreadable even after repair
		} else {
			out[i] = fmt.Sprintf(`{"label":%q}`, l)
		}
	}
	return out
}

func TestVoteDrawsDistinctSamples(t *testing.T) {
	m := llmtest.New(llm.Info{Provider: "p", Model: "m"}).Reply("judge", votes("yes", "no", "yes", "yes", "no")...)
	tally, err := llm.Vote(context.Background(), m, judgeRequest(), llm.VoteOptions{N: 5}, llm.JSONLabel(m, "label"))
	if err != nil {
		t.Fatal(err)
	}
	if tally.Cast() != 5 || tally.Saved != 0 || tally.Counts["yes"] != 3 || tally.Counts["no"] != 2 {
		t.Errorf("tally = %+v, want 5 cast: 3 yes, 2 no", tally)
	}
	samples, seeds := map[int]bool{}, map[int64]bool{}
	for _, c := range m.Calls() {
		samples[c.Sample] = true
		seeds[c.Seed] = true
	}
	if len(samples) != 5 || len(seeds) != 5 {
		t.Errorf("calls used %d distinct samples and %d distinct seeds, want 5 and 5", len(samples), len(seeds))
	}
	for i, b := range tally.Ballots {
		if b.Sample != i {
			t.Errorf("ballot %d has sample %d, want ballots in sample order", i, b.Sample)
		}
	}
	if w, share := tally.Winner(); w != "yes" || share != 0.6 {
		t.Errorf("Winner() = %q, %v; want yes, 0.6", w, share)
	}
}

func TestVoteEarlyStop(t *testing.T) {
	tests := []struct {
		name       string
		labels     []string
		rule       llm.StopRule
		wantCalls  int
		wantPassed bool
	}{
		{"unanimous yes stops at 3 of 5", []string{"yes", "yes", "yes", "no", "no"}, llm.AtLeast{Label: "yes", K: 3, N: 5}, 3, true},
		{"unanimous no stops at 3 of 5", []string{"no", "no", "no", "yes", "yes"}, llm.AtLeast{Label: "yes", K: 3, N: 5}, 3, false},
		{"split needs all 5", []string{"yes", "no", "yes", "no", "yes"}, llm.AtLeast{Label: "yes", K: 3, N: 5}, 5, true},
		{"audit 4 of 5 fails at the second no", []string{"yes", "no", "no", "yes", "yes"}, llm.AtLeast{Label: "yes", K: 4, N: 5}, 3, false},
		{"unreadable counts against", []string{"?", "?", "?", "yes", "yes"}, llm.AtLeast{Label: "yes", K: 3, N: 5}, 3, false},
		{"majority of 5 settles at 3", []string{"no", "no", "no", "yes", "yes"}, llm.Majority{N: 5}, 3, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := llmtest.New(llm.Info{Provider: "p", Model: "m"}).Reply("judge", votes(tt.labels...)...)
			tally, err := llm.Vote(context.Background(), m, judgeRequest(), llm.VoteOptions{N: 5, Stop: tt.rule}, llm.JSONLabel(m, "label"))
			if err != nil {
				t.Fatal(err)
			}
			if tally.Cast() != tt.wantCalls || tally.Saved != 5-tt.wantCalls {
				t.Errorf("cast %d saved %d, want %d and %d", tally.Cast(), tally.Saved, tt.wantCalls, 5-tt.wantCalls)
			}
			if at, ok := tt.rule.(llm.AtLeast); ok {
				if got := tally.Passed("yes", at.K); got != tt.wantPassed {
					t.Errorf("Passed(yes, %d) = %v, want %v", at.K, got, tt.wantPassed)
				}
			}
		})
	}
}

// TestVoteEarlyStopAgreesWithFullVote: whatever the ballots and the
// concurrency, stopping early never changes the outcome of an AtLeast vote,
// and never draws more samples than the full vote.
func TestVoteEarlyStopAgreesWithFullVote(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(1, 9).Draw(t, "n")
		k := rapid.IntRange(1, n).Draw(t, "k")
		conc := rapid.IntRange(0, n).Draw(t, "concurrency")
		labels := rapid.SliceOfN(rapid.SampledFrom([]string{"yes", "no", "?"}), n, n).Draw(t, "labels")
		m := llmtest.New(llm.Info{Provider: "p", Model: "m"}).Reply("judge", votes(labels...)...)

		full, err := llm.Vote(context.Background(), m, judgeRequest(), llm.VoteOptions{N: n, Concurrency: conc}, llm.JSONLabel(m, "label"))
		if err != nil {
			t.Fatal(err)
		}
		early, err := llm.Vote(context.Background(), m, judgeRequest(),
			llm.VoteOptions{N: n, Concurrency: conc, Stop: llm.AtLeast{Label: "yes", K: k, N: n}}, llm.JSONLabel(m, "label"))
		if err != nil {
			t.Fatal(err)
		}
		if full.Passed("yes", k) != early.Passed("yes", k) {
			t.Fatalf("full vote passed=%v (%v) but early stop passed=%v (%v)", full.Passed("yes", k), full.Counts, early.Passed("yes", k), early.Counts)
		}
		if early.Cast()+early.Saved != n || full.Cast() != n {
			t.Fatalf("early cast %d + saved %d, full cast %d; want both to account for %d", early.Cast(), early.Saved, full.Cast(), n)
		}
	})
}

func TestVoteDeterministicModelVotesOnce(t *testing.T) {
	m := llmtest.New(llm.Info{Provider: "offline", Deterministic: true}).Reply("judge", votes("yes")...)
	tally, err := llm.Vote(context.Background(), m, judgeRequest(), llm.VoteOptions{N: 5}, llm.JSONLabel(m, "label"))
	if err != nil {
		t.Fatal(err)
	}
	if m.Count("") != 1 || tally.Cast() != 1 || !tally.Deterministic || tally.Requested != 5 || tally.Saved != 4 {
		t.Errorf("deterministic vote: %d calls, tally %+v; want 1 call, 1 ballot of 5 requested, marked deterministic", m.Count(""), tally)
	}
	if !tally.Passed("yes", 3) || tally.Share("yes") != 1 {
		t.Errorf("a deterministic yes: Passed(yes,3)=%v Share=%v, want true and 1", tally.Passed("yes", 3), tally.Share("yes"))
	}
	resps, err := llm.Sample(context.Background(), m, judgeRequest(), 5, 0)
	if err != nil || len(resps) != 1 {
		t.Errorf("Sample of a deterministic model = %d responses, %v; want 1", len(resps), err)
	}
}

func TestVoteStopsOnProviderError(t *testing.T) {
	m := llmtest.New(llm.Info{Provider: "p", Model: "m"}).Reply("judge", votes("yes")...).
		FailNext(llmtest.Unavailable(401, 0))
	_, err := llm.Vote(context.Background(), m, judgeRequest(), llm.VoteOptions{N: 5, Concurrency: 1}, llm.JSONLabel(m, "label"))
	if got := verity.ErrorCode(err); got != verity.EUNAVAILABLE {
		t.Errorf("Vote error code = %q (%v), want %q", got, err, verity.EUNAVAILABLE)
	}
	if m.Count("") != 1 {
		t.Errorf("calls after the first failure: %d, want 1 (concurrency 1 stops at the error)", m.Count(""))
	}
}

func TestVoteRecordsUnreadableBallots(t *testing.T) {
	m := llmtest.New(llm.Info{Provider: "p", Model: "m"}).Reply("judge", votes("yes", "?", "no")...)
	tally, err := llm.Vote(context.Background(), m, judgeRequest(), llm.VoteOptions{N: 3}, llm.JSONLabel(m, "label"))
	if err != nil {
		t.Fatal(err)
	}
	b := tally.Ballots[1]
	if b.Label != "" || b.Reason == "" {
		t.Errorf("unreadable ballot = %+v, want no label and a reason", b)
	}
	if tally.Share("yes") != 1.0/3 {
		t.Errorf("Share(yes) = %v, want 1/3 (unreadable ballots are cast)", tally.Share("yes"))
	}
}

func TestSample(t *testing.T) {
	m := llmtest.New(llm.Info{Provider: "p", Model: "m"}).Reply("judge", "a", "b", "c", "d")
	resps, err := llm.Sample(context.Background(), m, judgeRequest(), 4, 2)
	if err != nil {
		t.Fatal(err)
	}
	for i, want := range []string{"a", "b", "c", "d"} {
		if resps[i].Text != want {
			t.Errorf("Sample[%d] = %q, want %q", i, resps[i].Text, want)
		}
	}
}

func TestVoteAtTemperatureZeroVotesOnce(t *testing.T) {
	m := llmtest.New(llm.Info{Provider: "p", Model: "m"}).Reply("judge", votes("yes", "no", "no")...)
	req := judgeRequest()
	req.Temperature = llm.Temp(0)
	tally, err := llm.Vote(context.Background(), m, req, llm.VoteOptions{N: 3}, llm.JSONLabel(m, "label"))
	if err != nil {
		t.Fatal(err)
	}
	if m.Count("") != 1 || tally.Cast() != 1 || !tally.Deterministic {
		t.Errorf("greedy vote: %d calls, tally %+v; want one call and a tally marked deterministic", m.Count(""), tally)
	}
}
