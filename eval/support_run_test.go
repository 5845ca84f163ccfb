package eval

import (
	"context"
	"math"
	"slices"
	"testing"

	"github.com/veritykb/verity/llm"
	"github.com/veritykb/verity/llm/offline"
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

func TestTuneSupport(t *testing.T) {
	strict, loose := offline.DefaultSupport, offline.DefaultSupport
	strict.Entail, loose.Entail = 0.99, 0.5
	grid := []offline.SupportParams{strict, offline.DefaultSupport, loose}
	var tried []offline.SupportParams
	model := func(p offline.SupportParams) llm.Model {
		tried = append(tried, p)
		return offline.New(offline.Options{Support: p})
	}
	var st stages
	tun, err := TuneSupport(context.Background(), miniSciFact(t), grid, model, st.open)
	if err != nil {
		t.Fatal(err)
	}
	if tun.Split != "train" || tun.PrecisionFloor != tunePrecisionFloor || len(tun.Grid) != len(grid) || !slices.Equal(tried, grid) {
		t.Fatalf("TuneSupport = split %q, floor %.2f, %d results, tried %v; want train, %.2f, every setting of %v in order",
			tun.Split, tun.PrecisionFloor, len(tun.Grid), tried, tunePrecisionFloor, grid)
	}
	for i, r := range tun.Grid {
		if r.Params != grid[i] {
			t.Errorf("Grid[%d].Params = %+v, want %+v", i, r.Params, grid[i])
		}
		if r.beats(tun.Best) {
			t.Errorf("Grid[%d] = %+v beats the chosen %+v", i, r, tun.Best)
		}
	}
	if !slices.Contains(tun.Grid, tun.Best) {
		t.Errorf("Best = %+v, not a result of the grid %+v", tun.Best, tun.Grid)
	}
	if len(st.bars) != 1 || *st.bars[0] != (recordedBar{stage: "tune", total: 3, done: 3, finished: true}) {
		t.Errorf("TuneSupport opened bars %+v, want one tune bar of 3 steps, all done", st.bars)
	}
}

func TestSupportTuningResultBeats(t *testing.T) {
	r := func(p, rec float64) SupportTuningResult[int] {
		return SupportTuningResult[int]{Precision: p, Recall: rec}
	}
	tests := []struct {
		r, best SupportTuningResult[int]
		want    bool
	}{
		{r(0.9, 0.2), r(0.86, 0.1), true},  // both above the floor: more recall wins
		{r(0.86, 0.1), r(0.9, 0.2), false}, // ...and loses
		{r(0.9, 0.2), r(0.8, 0.5), true},   // above the floor beats any recall below it
		{r(0.8, 0.5), r(0.9, 0.01), false}, // below the floor never beats above it
		{r(0.8, 0.1), r(0.7, 0.9), true},   // both below: the more precise
		{r(0.95, 0.2), r(0.9, 0.2), true},  // equal recall: the more precise
		{r(0.9, 0.2), r(0.9, 0.2), false},  // a tie keeps the earlier setting
	}
	for _, tt := range tests {
		if got := tt.r.beats(tt.best); got != tt.want {
			t.Errorf("%+v.beats(%+v) = %v, want %v", tt.r, tt.best, got, tt.want)
		}
	}
}

func TestFBeta(t *testing.T) {
	for _, tt := range []struct{ p, r, beta, want float64 }{
		{0, 0, 0.5, 0},
		{1, 1, 0.5, 1},
		{0.5, 0.5, 1, 0.5},
		{1, 0.5, 0.5, 1.25 * 0.5 / (0.25 + 0.5)},
	} {
		if got := fBeta(tt.p, tt.r, tt.beta); math.Abs(got-tt.want) > 1e-12 {
			t.Errorf("fBeta(%v, %v, %v) = %v, want %v", tt.p, tt.r, tt.beta, got, tt.want)
		}
	}
}
