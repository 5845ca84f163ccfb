package eval

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/llm"
	"github.com/veritykb/verity/verify"
)

const abMini = "testdata/scifact-mini/attributionbench-dev"

func TestLoadAttributionBench(t *testing.T) {
	qc, err := LoadAttributionBench(abMini, HypothesisQuestionClaim)
	if err != nil {
		t.Fatal(err)
	}
	c, err := LoadAttributionBench(abMini, HypothesisClaim)
	if err != nil {
		t.Fatal(err)
	}
	if len(qc) != 8 || len(c) != 8 {
		t.Fatalf("LoadAttributionBench(mini) = %d and %d pairs, want 8 each", len(qc), len(c))
	}
	positives, groups, sources := 0, map[int]bool{}, map[string]int{}
	for i, p := range qc {
		if p.Positive() {
			positives++
		}
		groups[p.Group] = true
		sources[p.Source]++
		if p.Question == "" || p.Hypothesis != p.Question+"\n"+c[i].Hypothesis || c[i].Question != "" {
			t.Errorf("pair %s: question+claim %q (question %q), claim %q (question %q); want the question, a newline and the claim, and the claim alone",
				p.ID, p.Hypothesis, p.Question, c[i].Hypothesis, c[i].Question)
		}
		if p.Premise != c[i].Premise || p.Group != c[i].Group || p.Group == 0 {
			t.Errorf("pair %s: the two readings differ in premise or group (%d, %d)", p.ID, p.Group, c[i].Group)
		}
	}
	// Two references are joined by a blank line.
	if !strings.Contains(qc[4].Premise, "cholesterol.\n\nStatins also") {
		t.Errorf("premise of pair %s = %q, want the references joined by a blank line", qc[4].ID, qc[4].Premise)
	}
	if positives != 4 || len(groups) != 4 || sources["AttributedQA"] != 4 || sources["ExpertQA"] != 4 {
		t.Errorf("mini: %d supported, %d questions, sources %v; want 4, 4, 4 AttributedQA and 4 ExpertQA", positives, len(groups), sources)
	}
	if _, err := LoadAttributionBench(abMini, "answer"); verity.ErrorCode(err) != verity.EINVALID {
		t.Errorf("LoadAttributionBench(hypothesis answer) error = %v, want EINVALID", err)
	}
	if _, err := LoadAttributionBench(t.TempDir(), HypothesisClaim); verity.ErrorCode(err) != verity.ENOTFOUND {
		t.Errorf("LoadAttributionBench(empty folder) error = %v, want ENOTFOUND", err)
	}
	bad := t.TempDir()
	if err := os.WriteFile(filepath.Join(bad, AttributionBenchFile), []byte(`{"question":"q","claim":"c","references":["r"],"attribution_label":"maybe"}`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := LoadAttributionBench(bad, HypothesisClaim); verity.ErrorCode(err) != verity.EINVALID {
		t.Errorf("LoadAttributionBench(label maybe) error = %v, want EINVALID", err)
	}
}

// refitRecorder is a refittable verifier for tests: each refit records
// its training data and returns the word-overlap baseline.
type refitRecorder struct{ fits []SupportTraining }

func (r *refitRecorder) refit(t SupportTraining) (verify.Verifier, error) {
	r.fits = append(r.fits, t)
	return verify.WordOverlap{}, nil
}

// TestRunSupportCrossValidated: under --cv every fold is checked by a
// verifier refitted without that fold's questions, on SciFact's training
// pairs and the other folds; verifiers with nothing to fit run once; every
// verifier is reported per source.
func TestRunSupportCrossValidated(t *testing.T) {
	var rec refitRecorder
	opt := SupportRunOptions{Data: "testdata/scifact-mini", Dataset: DatasetAttributionBench, Hypothesis: HypothesisClaim, Policy: "strict", CV: 2,
		Verifiers: func(context.Context) ([]NamedVerifier, *llm.Meter, error) {
			return []NamedVerifier{
				{Name: "fitted", Model: "overlap", Verifier: verify.WordOverlap{}, Refit: rec.refit},
				{Name: "fixed", Model: "overlap", Verifier: verify.WordOverlap{}},
			}, nil, nil
		}}
	run, items, err := RunSupport(context.Background(), opt)
	if err != nil {
		t.Fatal(err)
	}
	if run.Dataset != DatasetAttributionBench || run.Split != "dev" || run.Hypothesis != HypothesisClaim || run.Folds != 2 || run.Pairs != 8 || run.Positives != 4 || len(items) != 24 {
		t.Fatalf("RunSupport(mini, cv 2) = %s %s %s, %d folds, %d pairs (%d supported), %d items; want attributionbench dev claim, 2 folds, 8 (4), 24",
			run.Dataset, run.Split, run.Hypothesis, run.Folds, run.Pairs, run.Positives, len(items))
	}
	if len(rec.fits) != 2 {
		t.Fatalf("refitted %d times, want once per fold", len(rec.fits))
	}
	pairs, err := LoadAttributionBench(abMini, HypothesisClaim)
	if err != nil {
		t.Fatal(err)
	}
	for k, fit := range rec.fits {
		held := map[int]bool{}
		for _, p := range pairs {
			if p.Group%2 == k {
				held[p.Group] = true
			}
		}
		n := 0
		for _, p := range fit.Pairs {
			if p.Group != 0 {
				n++
				if held[p.Group] {
					t.Errorf("fold %d: the fit saw question %d, which the fold checks", k+1, p.Group)
				}
			}
		}
		if fit.SciFact != 2 || fit.Attribution != n || n == 0 || n == 8 || fit.Floors[DatasetAttributionBench] <= 0 {
			t.Errorf("fold %d: fit on %d SciFact and %d (%d) AttributionBench pairs, floors %v; want SciFact's 2 and the other fold's pairs", k+1, fit.SciFact, fit.Attribution, n, fit.Floors)
		}
	}
	for _, r := range run.Results {
		wantFolds := 0
		if r.Verifier == "fitted" {
			wantFolds = 2
		}
		if r.Folds != wantFolds || len(r.Sources) != 2 || r.Sources[0].Source != "AttributedQA" || r.Sources[0].Pairs+r.Sources[1].Pairs != 8 {
			t.Errorf("%s: folds %d, sources %+v; want %d folds and AttributedQA, ExpertQA with 8 pairs between them", r.Verifier, r.Folds, r.Sources, wantFolds)
		}
		var sum Binary
		for _, s := range r.Sources {
			sum.TP, sum.FP, sum.FN, sum.TN = sum.TP+s.Binary.TP, sum.FP+s.Binary.FP, sum.FN+s.Binary.FN, sum.TN+s.Binary.TN
		}
		if sum != r.Binary {
			t.Errorf("%s: sources add up to %+v, the whole to %+v", r.Verifier, sum, r.Binary)
		}
	}
	// The refitted baseline decides as the baseline does.
	if run.Results[1].Binary != run.Results[0].Binary {
		t.Errorf("fitted (the baseline, refitted) = %+v, baseline %+v", run.Results[1].Binary, run.Results[0].Binary)
	}

	for _, bad := range []SupportRunOptions{
		{Data: "testdata/scifact-mini", Split: "dev", Policy: "strict", CV: 2},
		{Data: "testdata/scifact-mini", Dataset: DatasetAttributionBench, Policy: "strict", CV: 1},
		{Data: "testdata/scifact-mini", Dataset: "fever", Policy: "strict"},
		{Data: "testdata/scifact-mini", Dataset: DatasetAttributionBench, Hypothesis: "answer", Policy: "strict"},
	} {
		bad.Verifiers = opt.Verifiers
		if _, _, err := RunSupport(context.Background(), bad); verity.ErrorCode(err) != verity.EINVALID {
			t.Errorf("RunSupport(dataset %q, hypothesis %q, cv %d) error = %v, want EINVALID", bad.Dataset, bad.Hypothesis, bad.CV, err)
		}
	}
}
