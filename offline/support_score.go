package offline

import (
	"fmt"
	"go/format"
	"math"
	"slices"
	"strings"
)

// supportFeatures are what the checks of [judgeWindow] found in one
// window, the inputs of the score.
type supportFeatures struct {
	Coverage float64 // IDF-weighted share of the claim's stems in the window
	Overlap  float64 // unweighted share of the claim's stems anywhere in the premise
	Pairs    float64 // share of the claim's word pairs that stand near each other in the window
	Missing  float64 // the largest share of the claim's weight one stem the window lacks carries
	Terms    int     // the claim's content stems
	// Parts is the coverage of the claim's clauses, each by its own best
	// window anywhere in the premise ([partsCoverage]).
	Parts float64
	Long  float64 // ln(1 + the premise's sentences) / 5

	Rule               bool // every check passes at coverage Entail: the strict rule entails
	NumberMissing      bool
	NumberConflict     bool
	NameMissing        bool
	NameConflict       bool
	NegationFlip       bool
	NegationOther      bool
	Opposite           bool
	Hedge              bool
	DirectionMissing   bool
	DirectionFlip      bool
	ComparisonMissing  bool
	ComparisonReversed bool
	QualifierMissing   bool
	QualifierExtra     bool
}

// vetoed reports whether the checks found what makes a claim false or
// not the same claim, whatever else it shares with the passage: a number
// the passage does not state (or states differently), a different name in
// the claim's name's role, a negation or a direction of change the
// passage does not share (flipped, or stated on one side only), a
// comparison reversed, an opposite word, a bound, condition or "only" on
// one side only ("at least every 12 months" is not "once a year"). Such a
// claim is never entailed, and its probability is calibrated among the
// training pairs of its kind. On SciFact's training claims these vetoes
// cost 0.004 of out-of-fold macro-F1 and gain 0.06 of precision; a
// missing name or a hedge would cost 0.02 or more, and only lowers the
// score.
func (f supportFeatures) vetoed() bool {
	return f.NumberMissing || f.NumberConflict || f.NameConflict || f.NegationFlip || f.NegationOther ||
		f.DirectionFlip || f.DirectionMissing || f.ComparisonReversed || f.Opposite ||
		f.QualifierMissing || f.QualifierExtra
}

// SupportFeatureNames name the score's inputs in the order of the
// weights of a [SupportModel].
var SupportFeatureNames = []string{
	"coverage", "coverage>0.6", "coverage>0.8", "overlap", "overlap>0.75", "pairs", "terms", "missing",
	"rule", "number missing", "number conflict", "name missing", "name conflict",
	"negation flip", "negation other", "opposite", "hedge", "direction missing", "direction flip",
	"comparison missing", "comparison reversed", "qualifier missing", "qualifier extra",
	"parts", "parts>0.8", "long",
}

func (f supportFeatures) vector() []float64 {
	b := func(v bool) float64 {
		if v {
			return 1
		}
		return 0
	}
	hinge := func(v float64) float64 { return max(v, 0) }
	return []float64{
		f.Coverage, hinge(f.Coverage - 0.6), hinge(f.Coverage - 0.8), f.Overlap, hinge(f.Overlap - 0.75), f.Pairs,
		math.Log1p(float64(f.Terms)) / 3, f.Missing,
		b(f.Rule), b(f.NumberMissing), b(f.NumberConflict), b(f.NameMissing), b(f.NameConflict),
		b(f.NegationFlip), b(f.NegationOther), b(f.Opposite), b(f.Hedge), b(f.DirectionMissing), b(f.DirectionFlip),
		b(f.ComparisonMissing), b(f.ComparisonReversed), b(f.QualifierMissing), b(f.QualifierExtra),
		f.Parts, hinge(f.Parts - 0.8), f.Long,
	}
}

// SupportModel turns what the checks found into a probability of support:
// a logistic score over the features, then a monotone map from score to
// probability fitted so that, of the pairs scored near p, a share near p
// are supported ([FitSupport]). Every number in it was fitted on SciFact's
// training claims and AttributionBench's dev split (never on SciFact's
// dev claims); it is data, printed by `verity eval support --tune`.
type SupportModel struct {
	// Features name the weights, in order (SupportFeatureNames when the
	// model was fitted).
	Features []string
	Weights  []float64
	Bias     float64
	// Calibration maps the logistic score to a probability: points in
	// increasing Score, linear between them, flat beyond the ends.
	// Vetoed is the map for claims the checks veto (see vetoed), fitted on
	// those training pairs alone.
	Calibration, Vetoed []CalibrationPoint
	// Steps makes the maps steps (a score takes the probability of the
	// nearest point) instead of lines between the points.
	Steps bool
	// Strict and Broad are the probabilities of the default policies
	// (see SupportParams).
	Strict, Broad float64
	// Fitted says on what and how the model was fitted.
	Fitted string
}

// CalibrationPoint is one point of a calibration map.
type CalibrationPoint struct {
	Score float64 // the logistic score, 0 to 1
	P     float64 // the share of training pairs near Score that are supported
}

// score is the logistic score of the features, before calibration.
func (m *SupportModel) score(f supportFeatures) float64 {
	z := m.Bias
	for i, x := range f.vector() {
		if i < len(m.Weights) {
			z += m.Weights[i] * x
		}
	}
	return 1 / (1 + math.Exp(-z))
}

// probability is the calibrated probability of support of the features.
func (m *SupportModel) probability(f supportFeatures) float64 {
	if f.vetoed() && len(m.Vetoed) > 0 {
		return calibrate(m.Vetoed, m.Steps, m.score(f))
	}
	return calibrate(m.Calibration, m.Steps, m.score(f))
}

func calibrate(c []CalibrationPoint, steps bool, s float64) float64 {
	switch {
	case len(c) == 0:
		return s
	case s <= c[0].Score:
		return c[0].P
	case s >= c[len(c)-1].Score:
		return c[len(c)-1].P
	}
	k, _ := slices.BinarySearchFunc(c, s, func(p CalibrationPoint, s float64) int {
		switch {
		case p.Score < s:
			return -1
		case p.Score > s:
			return 1
		}
		return 0
	})
	a, b := c[k-1], c[k]
	if steps {
		if s-a.Score < b.Score-s {
			return a.P
		}
		return b.P
	}
	if b.Score == a.Score {
		return b.P
	}
	return a.P + (b.P-a.P)*(s-a.Score)/(b.Score-a.Score)
}

// GoSource renders the model as the Go declaration of DefaultSupportModel,
// for offline/support_model.go.
func (m *SupportModel) GoSource() string {
	var b strings.Builder
	b.WriteString("// Code generated by `verity eval support --tune`; DO NOT EDIT.\n\npackage offline\n\n")
	b.WriteString("// DefaultSupportModel is the offline verifier's score, fitted on SciFact's\n// training claims and AttributionBench's dev split; see Fitted.\n")
	b.WriteString("var DefaultSupportModel = &SupportModel{\n\tFeatures: []string{")
	for i, f := range m.Features {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%q", f)
	}
	b.WriteString("},\n\tWeights: []float64{")
	for i, w := range m.Weights {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%.4f", w)
	}
	fmt.Fprintf(&b, "},\n\tBias: %.4f,\n\tCalibration: []CalibrationPoint{", m.Bias)
	points := func(cs []CalibrationPoint) {
		for i, c := range cs {
			if i > 0 {
				b.WriteString(", ")
			}
			fmt.Fprintf(&b, "{%.4f, %.4f}", c.Score, c.P)
		}
	}
	points(m.Calibration)
	b.WriteString("},\n\tVetoed: []CalibrationPoint{")
	points(m.Vetoed)
	fmt.Fprintf(&b, "},\n\tSteps: %v,\n\tStrict: %.2f,\n\tBroad: %.2f,\n\tFitted: %q,\n}\n", m.Steps, m.Strict, m.Broad, m.Fitted)
	src, err := format.Source([]byte(b.String()))
	if err != nil {
		return b.String() // unreachable: the template is Go
	}
	return string(src)
}

// checkModel panics at init if a model's weights do not name the features
// this build computes: a stale generated file must not score silently.
func checkModel(m *SupportModel) *SupportModel {
	if !slices.Equal(m.Features, SupportFeatureNames) || len(m.Weights) != len(SupportFeatureNames) {
		panic(fmt.Sprintf("offline: the support model names features %v, the code computes %v: run verity eval support --tune", m.Features, SupportFeatureNames))
	}
	return m
}

func init() { checkModel(DefaultSupportModel) }
