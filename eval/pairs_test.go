package eval

import (
	"context"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/verify"
)

func TestLoadPairs(t *testing.T) {
	pairs, err := LoadPairs("testdata/pairs-mini.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, p := range pairs {
		got = append(got, p.ID+"="+p.Gold)
	}
	if strings.Join(got, " ") != "a=entailment b=contradiction c=neutral d=neutral" {
		t.Errorf("LoadPairs ids and labels = %v", got)
	}
	if !pairs[0].Positive() || pairs[1].Positive() || pairs[2].Positive() || pairs[3].Premise != "" {
		t.Errorf("LoadPairs: entailment must be the only positive, and an empty premise kept: %+v", pairs)
	}
	for _, l := range []string{"supported", "not_supported", "entailment", "neutral", "contradiction", "SUPPORTED"} {
		p := SupportPair{Gold: strings.ToLower(l)}
		if want := l == "supported" || l == "SUPPORTED" || l == "entailment"; p.Positive() != want {
			t.Errorf("label %s: Positive = %v, want %v", l, p.Positive(), want)
		}
	}
}

func TestLoadPairsErrors(t *testing.T) {
	dir := t.TempDir()
	for name, body := range map[string]string{
		"bad json":    `{"id": "a", "premise": "p", `,
		"label":       `{"id": "a", "premise": "p", "hypothesis": "h", "label": "SUPPORT"}`,
		"no id":       `{"premise": "p", "hypothesis": "h", "label": "supported"}`,
		"no premise":  `{"id": "a", "hypothesis": "h", "label": "supported"}`,
		"no claim":    `{"id": "a", "premise": "p", "hypothesis": " ", "label": "supported"}`,
		"repeated id": "{\"id\": \"a\", \"premise\": \"p\", \"hypothesis\": \"h\", \"label\": \"supported\"}\n{\"id\": \"a\", \"premise\": \"p\", \"hypothesis\": \"h\", \"label\": \"supported\"}",
		"empty":       "\n\n",
	} {
		path := filepath.Join(dir, strings.ReplaceAll(name, " ", "_")+".jsonl")
		os.WriteFile(path, []byte(body), 0o644)
		if _, err := LoadPairs(path); verity.ErrorCode(err) != verity.EINVALID {
			t.Errorf("LoadPairs(%s) = %v, want EINVALID", name, err)
		}
	}
	if _, err := LoadPairs(filepath.Join(dir, "missing.jsonl")); verity.ErrorCode(err) != verity.ENOTFOUND {
		t.Errorf("LoadPairs(missing) = %v, want ENOTFOUND", err)
	}
}

func TestMacroF1(t *testing.T) {
	b := Binary{TP: 2, FP: 1, FN: 1, TN: 3}
	if got, want := b.NegativeF1(), 6.0/8; math.Abs(got-want) > 1e-12 {
		t.Errorf("NegativeF1 = %v, want %v", got, want)
	}
	if got, want := b.MacroF1(), (2.0/3+6.0/8)/2; math.Abs(got-want) > 1e-12 {
		t.Errorf("MacroF1 = %v, want %v", got, want)
	}
	if got := b.PredictedPositive(); got != 3.0/7 {
		t.Errorf("PredictedPositive = %v, want 3/7", got)
	}
	if got := (Binary{TP: 5}).MacroF1(); got != 0.5 {
		t.Errorf("MacroF1 of an all-positive set predicted positive = %v, want 0.5 (the negative class scores 0)", got)
	}
}

func TestReliability(t *testing.T) {
	prob := []float64{0.05, 0.05, 0.95, 0.95, 0.95, 0.95, 1}
	pos := []bool{false, false, true, true, true, false, true}
	bins, ece := Reliability(prob, pos, 10)
	if len(bins) != 2 || bins[0].N != 2 || bins[0].Rate != 0 || bins[1].N != 5 || bins[1].Rate != 0.8 {
		t.Fatalf("Reliability bins = %+v, want [0,0.1) with 2 at rate 0 and [0.9,1] with 5 at rate 0.8", bins)
	}
	want := 2.0/7*0.05 + 5.0/7*math.Abs(0.8-0.96)
	if math.Abs(ece-want) > 1e-9 {
		t.Errorf("ECE = %v, want %v", ece, want)
	}
}

// fixed is a verifier that answers the same verdict for every pair, less
// what code settles.
type fixed verify.Verdict

func (f fixed) Verify(_ context.Context, pairs []verify.Pair) ([]verify.Verdict, error) {
	out := make([]verify.Verdict, len(pairs))
	for i, p := range pairs {
		if v, ok := verify.Settle(p); ok {
			out[i] = v
			continue
		}
		out[i] = verify.Verdict(f)
	}
	return out, nil
}

func TestCompareSupport(t *testing.T) {
	pairs, err := LoadPairs("testdata/pairs-mini.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	yes := fixed{Label: verify.Entailed, Grade: verify.GradeSameMeaning, Score: 0.7, Entailment: 0.7, By: "fixed"}
	partial := fixed{Label: verify.Neutral, Grade: verify.GradePartial, Score: 0.6, Entailment: 0.4, By: "fixed"}
	var st stages
	cmp, items, err := CompareSupport(context.Background(), pairs,
		[]NamedVerifier{{Name: "baseline", Verifier: verify.WordOverlap{}}, {Name: "yes", Model: "m", Verifier: yes}, {Name: "partial", Verifier: partial}},
		verify.GradeSameMeaning, st.open)
	if err != nil {
		t.Fatal(err)
	}
	if cmp.Pairs != 4 || cmp.Positives != 1 || cmp.Policy != "strict" || len(cmp.Results) != 3 || len(items) != 12 {
		t.Fatalf("CompareSupport = %+v, %d items", cmp, len(items))
	}
	base, y, part := cmp.Results[0], cmp.Results[1], cmp.Results[2]
	// The baseline says supported to the changed number, as overlap does.
	if base.Binary != (Binary{TP: 1, FP: 1, TN: 2}) || base.NoEvidence != 1 {
		t.Errorf("baseline = %+v no evidence %d, want TP 1 FP 1 TN 2 and one pair without evidence", base.Binary, base.NoEvidence)
	}
	if y.Binary != (Binary{TP: 1, FP: 2, TN: 1}) || y.PredictedSupported != 0.75 || y.Model != "m" {
		t.Errorf("yes = %+v, predicted %v, model %q", y.Binary, y.PredictedSupported, y.Model)
	}
	if got := y.Confusion.Count(LabelNeutral, string(verify.NoEvidence)); got != 1 {
		t.Errorf("confusion[neutral][no_evidence] = %d, want 1", got)
	}
	if strings.Join(y.Confusion.Gold, ",") != "entailment,neutral,contradiction" {
		t.Errorf("confusion rows = %v, want the file's labels in NLI order", y.Confusion.Gold)
	}
	if part.Binary.TP+part.Binary.FP != 0 {
		t.Errorf("a grade-3 verdict counted as supported under the strict policy: %+v", part.Binary)
	}
	if items[4].ID != "a" || items[4].Verifier != "yes" || !items[4].Positive || !items[4].Predicted || items[4].Entailment != 0.7 {
		t.Errorf("items[4] = %+v, want pair a by yes, gold and predicted supported", items[4])
	}
	if len(st.bars) != 3 || st.bars[1].stage != "yes" || st.bars[1].done != 4 {
		t.Errorf("bars = %+v, want one per verifier named after it", st.bars)
	}
	cmp, _, _ = CompareSupport(context.Background(), pairs, []NamedVerifier{{Name: "partial", Verifier: partial}}, verify.GradePartial, nil)
	if cmp.Policy != "broad" || cmp.Results[0].Binary.TP != 1 {
		t.Errorf("broad policy: %+v, want grade 3 counted as supported", cmp.Results[0].Binary)
	}
	if _, err := json.Marshal(cmp); err != nil {
		t.Error(err)
	}
}

// TestRussianPairsProvenance checks the committed Russian pairs: the
// labels and kinds the README states, and, when the shared data is
// present, that every premise is in the paragraph it names.
func TestRussianPairsProvenance(t *testing.T) {
	pairs, err := LoadPairs("testdata/support-ru/pairs.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	pos := 0
	for _, p := range pairs {
		if p.Positive() {
			pos++
		}
	}
	if len(pairs) != 281 || pos != 124 {
		t.Errorf("Russian pairs: %d, %d supported; the README says 281 and 124", len(pairs), pos)
	}
	corpus := filepath.Join("..", "..", "shared", "data", "xquad-ru-dev", "corpus.jsonl")
	raw, err := os.ReadFile(corpus)
	if err != nil {
		t.Skipf("xquad-ru-dev not available (%v): provenance of premises not checked", err)
	}
	text := map[string]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(raw)), "\n") {
		var r struct{ ID, Text string }
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			t.Fatal(err)
		}
		text[r.ID] = r.Text
	}
	src, _ := os.ReadFile("testdata/support-ru/pairs.jsonl")
	for _, line := range strings.Split(strings.TrimSpace(string(src)), "\n") {
		var l struct {
			ID, Premise, Source string
		}
		json.Unmarshal([]byte(line), &l)
		para, ok := text[l.Source]
		if !ok {
			t.Errorf("pair %s names paragraph %s, which xquad-ru-dev lacks", l.ID, l.Source)
			continue
		}
		// Premises join sentences with one space where the paragraph may
		// have more.
		if !strings.Contains(strings.Join(strings.Fields(para), " "), l.Premise) {
			t.Errorf("pair %s: premise %q is not in %s", l.ID, l.Premise, l.Source)
		}
	}
}
