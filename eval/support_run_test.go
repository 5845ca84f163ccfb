package eval

import (
	"context"
	"math"
	"testing"

	"github.com/veritykb/verity/llm"
	"github.com/veritykb/verity/offline"
	"github.com/veritykb/verity/verify"
)

// miniSciFact is the seven-pair SciFact in miniature of testdata: an
// entailed paraphrase and a verbatim sentence (true positives), a claim true
// only of mice (a false positive), an unrelated wording of a supported claim
// (a false negative), and three true negatives.
func miniSciFact(t *testing.T) *SciFact {
	t.Helper()
	sf, err := LoadSciFact("testdata/scifact-mini/scifact")
	if err != nil {
		t.Fatal(err)
	}
	return sf
}

// stages records the bars a harness opens, for tests.
type stages struct{ bars []*recordedBar }

type recordedBar struct {
	stage       string
	total, done int64
	finished    bool
}

func (b *recordedBar) Add(n int64) { b.done += n }
func (b *recordedBar) Done()       { b.finished = true }

func (s *stages) open(stage string, total int64) Bar {
	b := &recordedBar{stage: stage, total: total}
	s.bars = append(s.bars, b)
	return b
}

func TestSupport(t *testing.T) {
	pairs, err := miniSciFact(t).SupportPairs("dev")
	if err != nil {
		t.Fatal(err)
	}
	meter := llm.NewMeter(llm.DefaultPrices())
	var st stages
	rep, err := Support(context.Background(), llm.WithMeter(offline.New(offline.Options{}), meter), meter, pairs, verify.JudgeOptions{Votes: 1}, st.open)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Dataset != "scifact" || rep.Pairs != 7 || rep.Model != "offline" || rep.Prompts != verify.PromptVersions() {
		t.Errorf("Support(mini dev) = dataset %q, pairs %d, model %q, prompts %q; want scifact, 7, offline, %q",
			rep.Dataset, rep.Pairs, rep.Model, rep.Prompts, verify.PromptVersions())
	}
	if rep.Binary != (Binary{TP: 2, FP: 1, FN: 1, TN: 3}) {
		t.Errorf("Support(mini dev).Binary = %+v, want TP 2 FP 1 FN 1 TN 3", rep.Binary)
	}
	if math.Abs(rep.BalancedAccuracy-(2.0/3+3.0/4)/2) > 1e-9 || rep.Precision != 2.0/3 || rep.Recall != 2.0/3 || rep.F1 != rep.Binary.F1() {
		t.Errorf("Support(mini dev) precision %.3f recall %.3f balanced accuracy %.4f, want 0.667 0.667 0.7083",
			rep.Precision, rep.Recall, rep.BalancedAccuracy)
	}
	if got := rep.Confusion.Count(GoldNoEvidence, "entailed"); got != 1 {
		t.Errorf("confusion[NOEVIDENCE][entailed] = %d, want 1", got)
	}
	// One verdict is decided by code; the other six are one call each.
	if rep.Verbatim != 1 || rep.Calls != 6 || rep.CacheHits != 0 || rep.Failures != 0 {
		t.Errorf("verbatim %d, calls %d, cache hits %d, failures %d; want 1, 6, 0, 0", rep.Verbatim, rep.Calls, rep.CacheHits, rep.Failures)
	}
	if len(st.bars) != 1 || *st.bars[0] != (recordedBar{stage: "verify", total: 7, done: 7, finished: true}) {
		t.Errorf("Support opened bars %+v, want one verify bar of 7 steps, all done", st.bars)
	}
}

func TestSupportWithoutMeter(t *testing.T) {
	pairs, err := miniSciFact(t).SupportPairs("train")
	if err != nil {
		t.Fatal(err)
	}
	rep, err := Support(context.Background(), offline.New(offline.Options{}), nil, pairs, verify.JudgeOptions{Votes: 1}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Pairs != 2 || rep.Binary != (Binary{TP: 1, TN: 1}) || rep.Calls != 0 {
		t.Errorf("Support(mini train, no meter) = pairs %d, %+v, calls %d; want 2, TP 1 TN 1, 0", rep.Pairs, rep.Binary, rep.Calls)
	}
}
