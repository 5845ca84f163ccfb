package eval

import (
	"context"
	"fmt"
	"math"
	"time"

	"github.com/veritykb/verity/verify"
)

// NamedVerifier is one verifier a comparison runs: its name as the user
// gave it (offline, baseline, llm, nli:URL) and the model behind it.
type NamedVerifier struct {
	Name     string
	Model    string
	Verifier verify.Verifier
	// Refit, when set, fits the verifier afresh on training data: under
	// cross-validation each fold is checked by the verifier Refit gives
	// without that fold ([SupportRunOptions.CV]). Verifiers with nothing
	// to fit (the baseline, a model behind an API) leave it nil.
	Refit func(SupportTraining) (verify.Verifier, error)
}

// SupportComparison is what `verity eval support` reports: every verifier
// on the same pairs, scored the same way.
type SupportComparison struct {
	Dataset string `json:"dataset"`         // "scifact", "attributionbench" or "pairs"
	Split   string `json:"split,omitempty"` // SciFact's dev or train; AttributionBench's dev
	File    string `json:"file,omitempty"`  // the pairs file
	// Hypothesis says how AttributionBench's hypothesis is read:
	// question+claim or claim.
	Hypothesis string `json:"hypothesis,omitempty"`
	// Folds is the number of cross-validation folds, grouped by question,
	// that refittable verifiers were scored out of (0: none).
	Folds     int `json:"folds,omitempty"`
	Pairs     int `json:"pairs"`
	Positives int `json:"positives"`
	// Labels says how gold labels map to the binary question.
	Labels string `json:"labels"`
	// Policy is the bar a verdict must meet to count as "supported":
	// strict keeps grades 1-2, broad 1-3.
	Policy   string         `json:"policy"`
	MaxGrade int            `json:"max_grade"`
	Results  []SupportScore `json:"results"`
}

// SupportScore is how one verifier did on a comparison's pairs. A
// positive is a gold supported pair; a predicted positive is a verdict
// that meets the policy's grade.
type SupportScore struct {
	Verifier         string  `json:"verifier"`
	Model            string  `json:"model,omitempty"`
	Pairs            int     `json:"pairs"`
	Precision        float64 `json:"precision"`
	Recall           float64 `json:"recall"`
	F1               float64 `json:"f1"`
	MacroF1          float64 `json:"macro_f1"`
	BalancedAccuracy float64 `json:"balanced_accuracy"`
	// PredictedSupported is the share of pairs the verifier called
	// supported.
	PredictedSupported float64    `json:"predicted_supported"`
	Binary             Binary     `json:"binary"`
	Confusion          *Confusion `json:"confusion"`   // gold label → verdict label
	Verbatim           int        `json:"verbatim"`    // verdicts decided by code as verbatim
	NoEvidence         int        `json:"no_evidence"` // pairs with an empty premise
	Failures           int        `json:"failures"`    // verdicts with no readable answer
	// Reliability bins the verdicts by Entailment: within each bin, the
	// share of pairs that are supported against the mean Entailment. ECE
	// is the expected calibration error over the bins (weighted by size).
	Reliability []ReliabilityBin `json:"reliability"`
	ECE         float64          `json:"ece"`
	// Sources are the same figures for each source dataset of the pairs,
	// when they name more than none.
	Sources []SourceScore `json:"sources,omitempty"`
	// Folds is the number of cross-validation folds the verdicts come
	// from, each by a verifier fitted without its fold (0: one verifier
	// for every pair).
	Folds   int     `json:"folds,omitempty"`
	Seconds float64 `json:"seconds"`
}

// SourceScore is how a verifier did on the pairs of one source dataset.
type SourceScore struct {
	Source    string  `json:"source"`
	Pairs     int     `json:"pairs"`
	Positives int     `json:"positives"`
	Precision float64 `json:"precision"`
	Recall    float64 `json:"recall"`
	F1        float64 `json:"f1"`
	MacroF1   float64 `json:"macro_f1"`
	ECE       float64 `json:"ece"`
	Binary    Binary  `json:"binary"`
}

// SupportItem is one verdict of a comparison, for `--items`.
type SupportItem struct {
	ID         string  `json:"id"`
	Verifier   string  `json:"verifier"`
	Gold       string  `json:"gold"`
	Positive   bool    `json:"gold_supported"`
	Predicted  bool    `json:"predicted_supported"`
	Label      string  `json:"label"`
	Grade      int     `json:"grade"`
	Score      float64 `json:"score"`
	Entailment float64 `json:"entailment"`
	By         string  `json:"by,omitempty"`
	Failure    string  `json:"failure,omitempty"`
}

// reliabilityBins is how many equal-width bins of Entailment a
// reliability table has.
const reliabilityBins = 10

// CompareSupport runs every verifier on the same pairs, in order, and
// scores each the same way under the policy's maxGrade. It returns the
// comparison (Dataset, Split and File are the caller's to set) and one item
// per pair and verifier, verifier by verifier.
func CompareSupport(ctx context.Context, pairs []SupportPair, verifiers []NamedVerifier, maxGrade verify.Grade, progress Progress) (*SupportComparison, []SupportItem, error) {
	return compareSupport(ctx, pairs, verifiers, maxGrade, nil, progress)
}

// compareSupport is [CompareSupport], scoring the refittable verifiers out
// of fold when folds is not nil.
func compareSupport(ctx context.Context, pairs []SupportPair, verifiers []NamedVerifier, maxGrade verify.Grade, folds *crossFolds, progress Progress) (*SupportComparison, []SupportItem, error) {
	cmp := &SupportComparison{Pairs: len(pairs), Labels: LabelMapping, MaxGrade: int(maxGrade), Policy: "strict"}
	if maxGrade >= verify.GradePartial {
		cmp.Policy = "broad"
	}
	for _, p := range pairs {
		if p.Positive() {
			cmp.Positives++
		}
	}
	var items []SupportItem
	for _, nv := range verifiers {
		start := time.Now()
		var verdicts []verify.Verdict
		var err error
		cv := folds != nil && nv.Refit != nil
		if cv {
			verdicts, err = verifyOutOfFold(ctx, nv, pairs, folds, progress)
		} else {
			verdicts, err = VerifyPairs(ctx, nv.Verifier, pairs, progress, nv.Name)
		}
		if err != nil {
			return nil, nil, err
		}
		s := ScoreSupport(pairs, verdicts, maxGrade)
		s.Verifier, s.Model, s.Seconds = nv.Name, nv.Model, time.Since(start).Seconds()
		if cv {
			s.Folds = folds.k
		}
		cmp.Results = append(cmp.Results, s)
		for i, v := range verdicts {
			items = append(items, SupportItem{ID: pairs[i].ID, Verifier: nv.Name, Gold: pairs[i].Gold,
				Positive: pairs[i].Positive(), Predicted: v.Supported(maxGrade), Label: string(v.Label),
				Grade: int(v.Grade), Score: v.Score, Entailment: v.Entailment, By: v.By, Failure: v.Failure})
		}
	}
	return cmp, items, nil
}

// verifyOutOfFold checks each fold's pairs with the verifier nv.Refit
// fits on the training data less the fold's groups, and returns the
// verdicts in the pairs' order.
func verifyOutOfFold(ctx context.Context, nv NamedVerifier, pairs []SupportPair, folds *crossFolds, progress Progress) ([]verify.Verdict, error) {
	out := make([]verify.Verdict, len(pairs))
	for k := 0; k < folds.k; k++ {
		var idx []int
		var sub []SupportPair
		for i, p := range pairs {
			if folds.fold(p) == k {
				idx, sub = append(idx, i), append(sub, p)
			}
		}
		if len(sub) == 0 {
			continue
		}
		t, err := folds.train.training(ctx, func(g int) bool { return g%folds.k == k })
		if err != nil {
			return nil, err
		}
		v, err := nv.Refit(t)
		if err != nil {
			return nil, fmt.Errorf("refit %s without fold %d: %w", nv.Name, k+1, err)
		}
		verdicts, err := VerifyPairs(ctx, v, sub, progress, fmt.Sprintf("%s fold %d/%d", nv.Name, k+1, folds.k))
		if err != nil {
			return nil, err
		}
		for j, i := range idx {
			out[i] = verdicts[j]
		}
	}
	return out, nil
}

// supportChunk is how many pairs go to the verifier at once, so progress
// moves and a cancelled run stops soon.
const supportChunk = 32

// VerifyPairs runs v on the pairs in chunks, returning one verdict per
// pair in order; stage names the progress bar.
func VerifyPairs(ctx context.Context, v verify.Verifier, pairs []SupportPair, progress Progress, stage string) ([]verify.Verdict, error) {
	bar := progress.start(stage, int64(len(pairs)))
	defer bar.Done()
	out := make([]verify.Verdict, 0, len(pairs))
	for i := 0; i < len(pairs); i += supportChunk {
		chunk := pairs[i:min(i+supportChunk, len(pairs))]
		vp := make([]verify.Pair, len(chunk))
		for k, p := range chunk {
			vp[k] = verify.Pair{Premise: p.Premise, Hypothesis: p.Hypothesis, Question: p.Question}
		}
		verdicts, err := v.Verify(ctx, vp)
		if err != nil {
			return nil, err
		}
		out = append(out, verdicts...)
		bar.Add(int64(len(chunk)))
	}
	return out, nil
}

// goldOrder is the order confusion rows print in.
var goldOrder = []string{GoldSupport, GoldContradict, GoldNoEvidence,
	LabelSupported, LabelNotSupported, LabelEntailment, LabelNeutral, LabelContradiction}

// ScoreSupport scores verdicts against the pairs' gold labels: a verdict
// that meets maxGrade is a predicted positive.
func ScoreSupport(pairs []SupportPair, verdicts []verify.Verdict, maxGrade verify.Grade) SupportScore {
	present := map[string]bool{}
	for _, p := range pairs {
		present[p.Gold] = true
	}
	var rows []string
	for _, g := range goldOrder {
		if present[g] {
			rows = append(rows, g)
		}
	}
	s := SupportScore{Pairs: len(pairs), Confusion: NewConfusion(rows,
		[]string{string(verify.Entailed), string(verify.Neutral), string(verify.Contradicted)})}
	entail := make([]float64, len(verdicts))
	gold := make([]bool, len(verdicts))
	for i, v := range verdicts {
		p := pairs[i]
		s.Binary.Add(p.Positive(), v.Supported(maxGrade))
		label := string(v.Label)
		switch v.Label {
		case verify.LabelNone:
			label = "unreadable"
			s.Failures++
		case verify.NoEvidence:
			s.NoEvidence++
		}
		s.Confusion.Add(p.Gold, label)
		if v.By == verify.ByVerbatim {
			s.Verbatim++
		}
		entail[i], gold[i] = v.Entailment, p.Positive()
	}
	s.Precision, s.Recall, s.F1 = s.Binary.Precision(), s.Binary.Recall(), s.Binary.F1()
	s.MacroF1, s.BalancedAccuracy = s.Binary.MacroF1(), s.Binary.BalancedAccuracy()
	s.PredictedSupported = s.Binary.PredictedPositive()
	s.Reliability, s.ECE = Reliability(entail, gold, reliabilityBins)
	s.Sources = scoreSources(pairs, verdicts, maxGrade)
	return s
}

// scoreSources scores the verdicts of each source dataset apart, sources
// in order of first appearance; nil when no pair names a source.
func scoreSources(pairs []SupportPair, verdicts []verify.Verdict, maxGrade verify.Grade) []SourceScore {
	var order []string
	idx := map[string][]int{}
	for i, p := range pairs {
		if p.Source == "" {
			continue
		}
		if _, ok := idx[p.Source]; !ok {
			order = append(order, p.Source)
		}
		idx[p.Source] = append(idx[p.Source], i)
	}
	var out []SourceScore
	for _, src := range order {
		ss := SourceScore{Source: src, Pairs: len(idx[src])}
		prob := make([]float64, 0, ss.Pairs)
		pos := make([]bool, 0, ss.Pairs)
		for _, i := range idx[src] {
			ss.Binary.Add(pairs[i].Positive(), verdicts[i].Supported(maxGrade))
			prob, pos = append(prob, verdicts[i].Entailment), append(pos, pairs[i].Positive())
			if pairs[i].Positive() {
				ss.Positives++
			}
		}
		ss.Precision, ss.Recall, ss.F1, ss.MacroF1 = ss.Binary.Precision(), ss.Binary.Recall(), ss.Binary.F1(), ss.Binary.MacroF1()
		_, ss.ECE = Reliability(prob, pos, reliabilityBins)
		out = append(out, ss)
	}
	return out
}

// ReliabilityBin is one bin of a reliability table: the pairs whose
// probability fell in [Lo, Hi) (the last bin includes 1).
type ReliabilityBin struct {
	Lo   float64 `json:"lo"`
	Hi   float64 `json:"hi"`
	N    int     `json:"n"`
	Mean float64 `json:"mean"`      // mean probability in the bin
	Rate float64 `json:"supported"` // share of the bin's pairs that are supported
}

// Reliability bins probabilities into n equal-width bins and returns the
// non-empty bins and the expected calibration error: the size-weighted
// mean of |Rate - Mean| over the bins. A calibrated probability has Rate
// close to Mean in every bin.
func Reliability(prob []float64, positive []bool, n int) ([]ReliabilityBin, float64) {
	bins := make([]ReliabilityBin, n)
	for i := range bins {
		bins[i].Lo, bins[i].Hi = float64(i)/float64(n), float64(i+1)/float64(n)
	}
	sums := make([]float64, n)
	pos := make([]int, n)
	for i, p := range prob {
		k := int(math.Floor(p * float64(n)))
		k = max(0, min(k, n-1))
		bins[k].N++
		sums[k] += p
		if positive[i] {
			pos[k]++
		}
	}
	var out []ReliabilityBin
	var ece float64
	for k, b := range bins {
		if b.N == 0 {
			continue
		}
		b.Mean, b.Rate = sums[k]/float64(b.N), float64(pos[k])/float64(b.N)
		ece += float64(b.N) / float64(len(prob)) * math.Abs(b.Rate-b.Mean)
		out = append(out, b)
	}
	return out, ece
}
