package offline

import (
	"context"
	"math"
	"strings"
	"testing"

	"github.com/veritykb/verity/verify"
)

func TestVerifier(t *testing.T) {
	v := NewVerifier(SupportParams{}, nil)
	pairs := []verify.Pair{
		{Premise: premiseEN, Hypothesis: "In older patients aspirin lowered the risk of stroke."},
		{Premise: premiseEN, Hypothesis: "Statins were tested in this trial."},
		{Premise: premiseEN, Hypothesis: "Metformin prevents diabetes in young adults."},
		{Premise: premiseEN, Hypothesis: "Statins were not tested in this trial."}, // verbatim
		{Premise: "", Hypothesis: "Statins were tested."},
	}
	vs, err := v.Verify(context.Background(), pairs)
	if err != nil {
		t.Fatal(err)
	}
	want := []struct {
		label verify.Label
		grade verify.Grade
		by    string
	}{
		{verify.Entailed, verify.GradeSameMeaning, ByOffline},
		{verify.Contradicted, verify.GradeNotSupported, ByOffline},
		{verify.Neutral, verify.GradeNotSupported, ByOffline},
		{verify.Entailed, verify.GradeVerbatim, verify.ByVerbatim},
		{verify.NoEvidence, verify.GradeNotSupported, verify.ByCode},
	}
	for i, w := range want {
		if vs[i].Label != w.label || vs[i].Grade != w.grade || vs[i].By != w.by {
			t.Errorf("Verify pair %d = %s grade %d by %s, want %s grade %d by %s", i, vs[i].Label, vs[i].Grade, vs[i].By, w.label, w.grade, w.by)
		}
	}
	if e := vs[0].Entailment; e < v.Params().Strict || e > 1 || vs[0].Score != e || vs[0].Model != Name {
		t.Errorf("entailed verdict: entailment %v score %v model %q, want a probability of at least strict %.2f as the score, model offline", e, vs[0].Score, vs[0].Model, v.Params().Strict)
	}
	if e := vs[2].Entailment; e >= v.Params().Strict || math.Abs(vs[2].Score-(1-e)) > 1e-12 {
		t.Errorf("neutral verdict: entailment %v score %v, want below strict and score 1-entailment", e, vs[2].Score)
	}
	// The thresholds are the user's to set: a lower bar keeps more, and
	// a broad bar makes grade 3 of what the strict one drops — when the
	// claim adds nothing of its own ("Norwegian" is not the passage's).
	loose := NewVerifier(SupportParams{Strict: 0.99, Broad: 0.01}, nil)
	own := verify.Pair{Premise: premiseEN, Hypothesis: "In the trial, aspirin reduced the risk of stroke."}
	dv, _ := v.Verify(context.Background(), []verify.Pair{own})
	lv, _ := loose.Verify(context.Background(), []verify.Pair{own, {Premise: premiseEN, Hypothesis: "In the trial, aspirin reduced the risk of stroke in Norwegian patients."}})
	if dv[0].Grade != verify.GradeSameMeaning || lv[0].Label != verify.Neutral || lv[0].Grade != verify.GradePartial || lv[0].Entailment != dv[0].Entailment {
		t.Errorf("strict 0.99, broad 0.01: %+v (default %+v), want the same probability graded 3", lv[0], dv[0])
	}
	if lv[1].Grade != verify.GradeNotSupported || lv[1].Entailment < loose.Params().Broad {
		t.Errorf("strict 0.99, broad 0.01, a claim with a word of its own: %+v, want grade 4", lv[1])
	}
	// The judge over the engine reads the same labels.
	jv, err := verify.NewJudge(New(Options{}), verify.JudgeOptions{}).Verify(context.Background(), pairs)
	if err != nil {
		t.Fatal(err)
	}
	for i := range pairs {
		if jv[i].Label != vs[i].Label {
			t.Errorf("pair %d: judge over the engine says %s, the verifier %s", i, jv[i].Label, vs[i].Label)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := v.Verify(ctx, pairs); err == nil {
		t.Error("Verify with a cancelled context = nil error")
	}
}

func TestCalibrate(t *testing.T) {
	c := []CalibrationPoint{{0.2, 0.1}, {0.5, 0.4}, {0.8, 0.9}}
	for _, tt := range []struct {
		s, lines, steps float64
	}{{0, 0.1, 0.1}, {0.2, 0.1, 0.1}, {0.38, 0.28, 0.4}, {0.3, 0.2, 0.1}, {0.65, 0.65, 0.9}, {0.9, 0.9, 0.9}} {
		if got := calibrate(c, false, tt.s); math.Abs(got-tt.lines) > 1e-9 {
			t.Errorf("calibrate(lines, %v) = %v, want %v", tt.s, got, tt.lines)
		}
		if got := calibrate(c, true, tt.s); math.Abs(got-tt.steps) > 1e-9 {
			t.Errorf("calibrate(steps, %v) = %v, want %v", tt.s, got, tt.steps)
		}
	}
	if got := calibrate(nil, false, 0.3); got != 0.3 {
		t.Errorf("calibrate(no map, 0.3) = %v, want the score", got)
	}
}

func TestIsotonic(t *testing.T) {
	score := []float64{0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8}
	y := []bool{false, true, false, false, true, true, false, true}
	pts := isotonic(score, y, 0)
	for i := 1; i < len(pts); i++ {
		if pts[i].P < pts[i-1].P || pts[i].Score <= pts[i-1].Score {
			t.Fatalf("isotonic = %+v, want increasing scores and rates", pts)
		}
	}
	if pts[0].P <= 0 || pts[len(pts)-1].P >= 1 {
		t.Errorf("isotonic = %+v, want no block certain (half a pair of each class added)", pts)
	}
	if coarse := isotonic(score, y, 0.5); len(coarse) > 2 {
		t.Errorf("isotonic with blocks of half the pairs = %+v, want at most 2 blocks", coarse)
	}
}

func TestLogistic(t *testing.T) {
	// One feature that separates the classes with noise: a positive
	// weight, and a ridge that shrinks it.
	var X [][]float64
	var y []bool
	for i := 0; i < 200; i++ {
		x := float64(i%20) / 20
		X = append(X, []float64{x})
		y = append(y, x+0.2*float64(i%3-1) > 0.5)
	}
	w, _ := logistic(X, y, 0.1)
	w2, _ := logistic(X, y, 100)
	if w[0] <= 0 || w2[0] <= 0 || w2[0] >= w[0] {
		t.Errorf("logistic weights %v (ridge 0.1) and %v (ridge 100), want both positive, the second smaller", w, w2)
	}
}

// TestFitSupport fits on a small made-up set twice: the same model (the
// fit is deterministic), thresholds inside [0, 1] with broad at most
// strict, and Go source naming every feature.
func TestFitSupport(t *testing.T) {
	var ex []SupportExample
	for i, c := range []struct {
		claim string
		ok    bool
	}{
		{"Aspirin reduces the risk of stroke in older patients.", true},
		{"In older patients aspirin lowered the risk of stroke.", true},
		{"The board approved a budget of 12 million dollars.", true},
		{"Acme Corp and Globex signed the contract.", true},
		{"Vitamin D was given to 40% of the patients.", true},
		{"Inspections are carried out at least once a year.", true},
		{"Aspirin increases the risk of stroke in older patients.", false},
		{"The board approved a budget of 15 million dollars.", false},
		{"Statins were tested in this trial.", false},
		{"Metformin prevents diabetes in young adults.", false},
		{"Inspections are carried out once a year.", false},
		{"Vitamin D was given to 60% of the patients.", false},
	} {
		ex = append(ex, SupportExample{Premise: premiseEN, Hypothesis: c.claim, Supported: c.ok, Group: i})
	}
	m1, rep := FitSupport(ex, FitOptions{Folds: 3, L2: 1, Fitted: "a test set"})
	m2, _ := FitSupport(ex, FitOptions{Folds: 3, L2: 1, Fitted: "a test set"})
	if m1.GoSource() != m2.GoSource() {
		t.Error("FitSupport gave two models for the same examples")
	}
	if rep.Examples != 12 || rep.Positives != 6 || m1.Strict < m1.Broad || m1.Strict > 1 || m1.Broad < 0 {
		t.Errorf("FitSupport report %+v, strict %.2f broad %.2f", rep, m1.Strict, m1.Broad)
	}
	src := m1.GoSource()
	for _, want := range []string{"Code generated", "var DefaultSupportModel = &SupportModel{", `"qualifier extra"`, "a test set"} {
		if !strings.Contains(src, want) {
			t.Errorf("GoSource lacks %q:\n%s", want, src)
		}
	}
	checkModel(m1) // must not panic
	defer func() {
		if recover() == nil {
			t.Error("checkModel of a model with other features did not panic")
		}
	}()
	checkModel(&SupportModel{Features: []string{"coverage"}, Weights: []float64{1}})
}

// TestThresholdSets: with a floor on each set, the cut is the best mean
// macro-F1 among cuts that keep every set's precision, not the cut that
// suits the larger set; with no cut keeping them all, the one that misses
// its floors the least.
func TestThresholdSets(t *testing.T) {
	var prob []float64
	var y []bool
	var sets []string
	add := func(set string, p float64, pos bool, n int) {
		for range n {
			prob, y, sets = append(prob, p), append(y, pos), append(sets, set)
		}
	}
	// The large set is best cut at 0.3; the small one loses its
	// precision below 0.6.
	add("large", 0.2, false, 40)
	add("large", 0.35, true, 30)
	add("large", 0.7, true, 30)
	add("small", 0.35, false, 10)
	add("small", 0.7, true, 10)
	if cut, _, _, _ := threshold(prob, y, 0.85, false); cut > 0.35 {
		t.Fatalf("threshold(pooled) = %v, want the large set's cut (at most 0.35): the test needs a pooled cut that hurts the small set", cut)
	}
	got := thresholdSets(prob, y, sets, map[string]float64{"large": 0.9, "small": 0.9})
	if got <= 0.35 || got > 0.7 {
		t.Errorf("thresholdSets = %v, want a cut above 0.35 that keeps the small set's precision", got)
	}
	if p, _, _ := cutFigures(prob, y, got, func(i int) bool { return sets[i] == "small" }); p < 0.9 {
		t.Errorf("precision on the small set at %v = %v, want at least its floor 0.9", got, p)
	}
	// Floors no cut keeps: the cut whose worst precision margin is least
	// negative.
	if got := thresholdSets(prob, y, sets, map[string]float64{"large": 1.1, "small": 1.1}); got != 0.7 {
		t.Errorf("thresholdSets(floors out of reach) = %v, want 0.7, the most precise cut", got)
	}
}

// TestAdds: what a claim states beyond its passage — a new word, a new
// amount — but not an amount the passage gives in other units.
func TestAdds(t *testing.T) {
	p := analyze("Обучение работников проводится не реже чем один раз в 12 месяцев. Access rights are reviewed not less than once every 12 months.")
	for _, tc := range []struct {
		claim string
		want  string
	}{
		{"Обучение оплачивает министерство.", "оплачивает министерство"},
		{"Обучение проводится раз в год.", ""},
		{"Access rights are reviewed once a year.", ""},
		{"Access rights are reviewed every 6 months.", "every 6 months"},
	} {
		if got := strings.Join(adds(p, analyze(tc.claim)), " "); got != tc.want {
			t.Errorf("adds(passage, %q) = %q, want %q", tc.claim, got, tc.want)
		}
	}
}
