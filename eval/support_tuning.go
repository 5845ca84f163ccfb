package eval

import (
	"context"

	"github.com/veritykb/verity/llm"
	"github.com/veritykb/verity/verify"
)

// SupportTuning records a threshold search on SciFact's training split.
// P is the searched engine's parameters: eval knows nothing of them but
// their place in the report, so the offline engine's thresholds (which only
// cmd/verity, the wiring, may name) come in from outside with the model each
// setting makes, while the search and the precision-first choice, which are
// the harness's, live here.
type SupportTuning[P any] struct {
	Split          string                   `json:"split"`
	PrecisionFloor float64                  `json:"precision_floor"`
	Grid           []SupportTuningResult[P] `json:"grid"`
	Best           SupportTuningResult[P]   `json:"best"`
}

// SupportTuningResult is how one setting of a threshold search did on the
// training split.
type SupportTuningResult[P any] struct {
	Params           P       `json:"params"`
	Precision        float64 `json:"precision"`
	Recall           float64 `json:"recall"`
	BalancedAccuracy float64 `json:"balanced_accuracy"`
	F05              float64 `json:"f0_5"`
}

// tunePrecisionFloor is the training precision a setting must reach to be
// chosen: an entailed verdict must be hard to earn, so recall is bought
// only above this precision.
const tunePrecisionFloor = 0.85

// TuneSupport runs [Support] on SciFact's training pairs once per setting
// of grid, over the model that setting makes, and picks, among the settings
// whose precision reaches tunePrecisionFloor, the one with the highest
// recall (then precision, then the earlier, stricter setting); if none
// reaches it, the most precise one. It reads the training split itself, so
// the dev claims can never be tuned on.
func TuneSupport[P any](ctx context.Context, sf *SciFact, grid []P, model func(P) llm.Model, progress Progress) (*SupportTuning[P], error) {
	train, err := sf.SupportPairs("train")
	if err != nil {
		return nil, err
	}
	t := &SupportTuning[P]{Split: "train", PrecisionFloor: tunePrecisionFloor}
	bar := progress.start("tune", int64(len(grid)))
	defer bar.Done()
	for i, p := range grid {
		rep, err := Support(ctx, model(p), nil, train, verify.JudgeOptions{Votes: 1}, nil)
		if err != nil {
			return nil, err
		}
		r := SupportTuningResult[P]{Params: p, Precision: rep.Precision, Recall: rep.Recall,
			BalancedAccuracy: rep.BalancedAccuracy, F05: fBeta(rep.Precision, rep.Recall, 0.5)}
		t.Grid = append(t.Grid, r)
		if i == 0 || r.beats(t.Best) {
			t.Best = r
		}
		bar.Add(1)
	}
	return t, nil
}

// beats reports whether r is a better setting than best under the
// precision-first rule of [TuneSupport].
func (r SupportTuningResult[P]) beats(best SupportTuningResult[P]) bool {
	rOK, bestOK := r.Precision >= tunePrecisionFloor, best.Precision >= tunePrecisionFloor
	switch {
	case rOK != bestOK:
		return rOK
	case !rOK:
		return r.Precision > best.Precision
	case r.Recall != best.Recall:
		return r.Recall > best.Recall
	}
	return r.Precision > best.Precision
}

// fBeta is the weighted harmonic mean of precision p and recall r, recall
// counting beta times as much as precision.
func fBeta(p, r, beta float64) float64 {
	b2 := beta * beta
	if p == 0 && r == 0 {
		return 0
	}
	return (1 + b2) * p * r / (b2*p + r)
}
