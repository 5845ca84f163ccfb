package verify_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/llm"
	"github.com/veritykb/verity/llm/llmtest"
	"github.com/veritykb/verity/verify"
)

func TestVerbatim(t *testing.T) {
	// Sentences end on words, not on "°C." or "ca.", which the sentence
	// splitter reads as an initial or an abbreviation and so as no end at all.
	premise := "Water boils at 100 °C at sea level. It is false that water boils at 50 °C in Denver. " +
		"The ﬁrst ﬂight was in 1903.\n\nЁлка растёт в лесу."
	tests := []struct {
		hyp  string
		want bool
	}{
		{"Water boils at 100 °C at sea level.", true},
		{"water boils at 100 °C at sea level", true}, // case and final stop
		{"WATER  BOILS at 100°C, at sea level!", true},
		{"Water boils at 100 °C at sea level. It is false that water boils at 50 °C in Denver.", true}, // two whole sentences
		{"water boils at 50 °C", false},                                                                // mid-sentence: negated by its context
		{"Water boils at 100 °C", false},                                                               // a prefix of a sentence may drop a condition
		{"The first flight was in 1903.", true},                                                        // ligatures fold under NFKC
		{"Елка растет в лесу", true},                                                                   // ё folds to е
		{"Water boils at 100 °C at sea level. It is false", false},
		{"", false},
		{"...", false},
		{premise + " And more.", false},
	}
	for _, tt := range tests {
		if got := verify.Verbatim(premise, tt.hyp); got != tt.want {
			t.Errorf("Verbatim(premise, %q) = %v, want %v", tt.hyp, got, tt.want)
		}
	}
}

// TestVerbatimWholeSentences: any run of whole sentences of a premise,
// re-spaced and re-cased, is verbatim; dropping its last word never is
// (unless what is left is itself a run of whole sentences).
func TestVerbatimWholeSentences(t *testing.T) {
	word := rapid.StringMatching(`[a-z]{2,8}`)
	last := rapid.StringMatching(`[a-z]{7,10}`) // longer than any abbreviation the splitter knows
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(1, 6).Draw(t, "sentences")
		var sents []string
		for i := range n {
			ws := rapid.SliceOfN(word, 2, 8).Draw(t, fmt.Sprintf("words%d", i))
			ws[0] = strings.ToUpper(ws[0][:1]) + ws[0][1:]
			ws = append(ws, last.Draw(t, fmt.Sprintf("last%d", i)))
			sents = append(sents, strings.Join(ws, " ")+".")
		}
		premise := strings.Join(sents, " ")
		i := rapid.IntRange(0, n-1).Draw(t, "from")
		j := rapid.IntRange(i, n-1).Draw(t, "to")
		hyp := strings.ToUpper(strings.Join(sents[i:j+1], "  "))
		if !verify.Verbatim(premise, hyp) {
			t.Fatalf("Verbatim(%q, %q) = false, want true", premise, hyp)
		}
	})
}

func FuzzVerbatim(f *testing.F) {
	f.Add("Water boils. It is hot.", "it is hot")
	f.Add("A b c.", "")
	f.Add("\xff\xfe. x", "x")
	f.Fuzz(func(t *testing.T, premise, hyp string) {
		if !verify.Verbatim(premise, hyp) {
			return
		}
		// A verbatim claim uses only the premise's words.
		if c := verify.Coverage(premise, hyp); c != 0 && c != 1 {
			t.Fatalf("Verbatim(%q, %q) but Coverage = %v, want 1 (or 0 for no content words)", premise, hyp, c)
		}
	})
}

func TestCoverageAndGrade(t *testing.T) {
	premise := "Acme Corp deployed Bitrix24 across its sales teams in 2021."
	tests := []struct {
		label    verify.Label
		hyp      string
		coverage float64
		grade    verify.Grade
	}{
		{verify.Entailed, "Acme uses Bitrix24.", 2.0 / 3, verify.GradeSameMeaning},
		{verify.Neutral, "Acme deployed Bitrix24 for sales.", 1, verify.GradePartial},
		// A claim that adds a fact of its own (a year the text does not
		// give) is not partly supported, however many words it shares.
		{verify.Neutral, "Acme deployed Bitrix24 in 2023.", 0.75, verify.GradeNotSupported},
		{verify.Neutral, "Globex runs SAP for finance.", 0, verify.GradeNotSupported},
		{verify.Contradicted, "Acme deployed Bitrix24 in 2019.", 0.75, verify.GradeNotSupported},
		{verify.LabelNone, "Acme deployed Bitrix24.", 1, verify.GradeNotSupported},
	}
	for _, tt := range tests {
		if got := verify.Coverage(premise, tt.hyp); got != tt.coverage {
			t.Errorf("Coverage(premise, %q) = %v, want %v", tt.hyp, got, tt.coverage)
		}
		if got := verify.GradeFor(tt.label, premise, tt.hyp); got != tt.grade {
			t.Errorf("GradeFor(%q, premise, %q) = %d, want %d", tt.label, tt.hyp, got, tt.grade)
		}
	}
}

func labels(ls ...string) []string {
	out := make([]string, len(ls))
	for i, l := range ls {
		out[i] = fmt.Sprintf(`{"label":%q}`, l)
	}
	return out
}

const premise = "Acme Corp deployed Bitrix24 across its sales teams in 2021."

func TestJudge(t *testing.T) {
	tests := []struct {
		name      string
		hyp       string
		votes     []string
		wantLabel verify.Label
		wantGrade verify.Grade
		wantScore float64
	}{
		{"majority entailed", "Acme uses Bitrix24.", labels("entailed", "entailed", "neutral"), verify.Entailed, verify.GradeSameMeaning, 2.0 / 3},
		{"neutral but partial", "Acme deployed Bitrix24 for sales.", labels("neutral", "neutral", "contradicted"), verify.Neutral, verify.GradePartial, 2.0 / 3},
		{"neutral, adding a year", "Acme deployed Bitrix24 in 2023.", labels("neutral", "neutral", "contradicted"), verify.Neutral, verify.GradeNotSupported, 2.0 / 3},
		{"contradicted", "Acme deployed Bitrix24 in 2019.", labels("contradicted", "contradicted", "contradicted"), verify.Contradicted, verify.GradeNotSupported, 1},
		{"a three-way split is neutral", "Acme uses SAP.", labels("entailed", "neutral", "contradicted"), verify.Neutral, verify.GradeNotSupported, 1.0 / 3},
		{"an even split is neutral", "Acme uses SAP.", append(labels("entailed", "contradicted"), "garbage"), verify.Neutral, verify.GradeNotSupported, 0},
		{"a split over a claim the premise speaks to is partial", "Acme deployed Bitrix24.", labels("entailed", "neutral", "neutral"), verify.Neutral, verify.GradePartial, 2.0 / 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := llmtest.New(llm.Info{Provider: "p", Model: "m"}).Reply(verify.TaskSupport, tt.votes...)
			v, err := verify.One(context.Background(), verify.NewJudge(m, verify.JudgeOptions{Votes: 3}), premise, tt.hyp)
			if err != nil {
				t.Fatal(err)
			}
			if v.Label != tt.wantLabel || v.Grade != tt.wantGrade || v.Score != tt.wantScore {
				t.Errorf("verdict = %s grade %d score %v, want %s grade %d score %v", v.Label, v.Grade, v.Score, tt.wantLabel, tt.wantGrade, tt.wantScore)
			}
			if v.By != verify.ByJudge || v.Model != "p:m" || v.PromptVersion != "verify.support@1" || len(v.Votes) != 3 || v.Requested != 3 {
				t.Errorf("verdict provenance = %+v", v)
			}
		})
	}
}

func TestJudgeRequestContract(t *testing.T) {
	m := llmtest.New(llm.Info{}).Reply(verify.TaskSupport, labels("neutral")...)
	if _, err := verify.One(context.Background(), verify.NewJudge(m, verify.JudgeOptions{Votes: 1}), premise, "Acme uses SAP."); err != nil {
		t.Fatal(err)
	}
	req := m.Calls()[0]
	var vars map[string]any
	if err := json.Unmarshal(req.Vars, &vars); err != nil {
		t.Fatal(err)
	}
	want := map[string]any{"premise": premise, "hypothesis": "Acme uses SAP."}
	if fmt.Sprint(vars) != fmt.Sprint(want) {
		t.Errorf("request vars = %v, want %v", vars, want)
	}
	if req.Schema == nil || req.Task != verify.TaskSupport || !strings.Contains(req.Messages[0].Content, premise) ||
		!strings.Contains(req.Messages[0].Content, "Claim: Acme uses SAP.") || !strings.Contains(req.System, "neutral") {
		t.Errorf("request = %+v", req)
	}
}

func TestJudgeVerbatimNeedsNoModel(t *testing.T) {
	m := llmtest.New(llm.Info{}) // no script: any call fails
	v, err := verify.One(context.Background(), verify.NewJudge(m, verify.JudgeOptions{}), premise, "acme corp deployed bitrix24 across its sales teams in 2021")
	if err != nil {
		t.Fatal(err)
	}
	if v.Grade != verify.GradeVerbatim || v.Label != verify.Entailed || v.By != verify.ByVerbatim || v.Score != 1 || m.Count("") != 0 {
		t.Errorf("verbatim verdict = %+v after %d calls, want grade 1 by code with no call", v, m.Count(""))
	}
}

func TestJudgeDeterministicModelVotesOnce(t *testing.T) {
	m := llmtest.New(llm.Info{Provider: "offline", Deterministic: true}).Reply(verify.TaskSupport, labels("entailed")...)
	v, err := verify.One(context.Background(), verify.NewJudge(m, verify.JudgeOptions{Votes: 5}), premise, "Acme uses Bitrix24.")
	if err != nil {
		t.Fatal(err)
	}
	if m.Count("") != 1 || len(v.Votes) != 1 || v.Requested != 5 || v.Score != 1 || v.Label != verify.Entailed {
		t.Errorf("deterministic judge: %d calls, verdict %+v; want one vote of 5 requested", m.Count(""), v)
	}
}

func TestJudgeEarlyStop(t *testing.T) {
	m := llmtest.New(llm.Info{Provider: "p", Model: "m"}).Reply(verify.TaskSupport, labels("contradicted", "contradicted", "contradicted", "entailed", "entailed")...)
	v, err := verify.One(context.Background(), verify.NewJudge(m, verify.JudgeOptions{Votes: 5, EarlyStop: true}), premise, "Acme dropped Bitrix24.")
	if err != nil {
		t.Fatal(err)
	}
	if m.Count("") != 3 || v.Label != verify.Contradicted || v.Score != 1 || v.Requested != 5 {
		t.Errorf("early stop: %d calls, verdict %s score %v requested %d; want 3 calls, contradicted 1.0 of 5", m.Count(""), v.Label, v.Score, v.Requested)
	}
}

func TestJudgeMalformedIsAVerdict(t *testing.T) {
	m := llmtest.New(llm.Info{Provider: "p", Model: "m"}).Reply(verify.TaskSupport, "I think it is supported.", `{"label": "probably"}`)
	v, err := verify.One(context.Background(), verify.NewJudge(m, verify.JudgeOptions{Votes: 2}), premise, "Acme uses Bitrix24.")
	if err != nil {
		t.Fatalf("Verify error %v, want a verdict recording the failure", err)
	}
	if v.Label != verify.LabelNone || v.Grade != verify.GradeNotSupported || !strings.HasPrefix(v.Failure, verity.EMALFORMED) || v.Supported(verify.GradePartial) {
		t.Errorf("verdict after malformed output = %+v, want no label, grade 4 and a malformed failure", v)
	}
	if m.Count("") != 4 {
		t.Errorf("calls = %d, want 4 (two votes, each with one repair)", m.Count(""))
	}
}

func TestJudgeProviderFailureIsAnError(t *testing.T) {
	m := llmtest.New(llm.Info{Provider: "p", Model: "m"}).Reply(verify.TaskSupport, labels("entailed")...).
		FailNext(llmtest.Unavailable(401, 0))
	_, err := verify.NewJudge(m, verify.JudgeOptions{Votes: 1}).Verify(context.Background(), []verify.Pair{
		{Premise: premise, Hypothesis: "Acme uses Bitrix24."}, {Premise: premise, Hypothesis: "Acme uses SAP."}})
	if verity.ErrorCode(err) != verity.EUNAVAILABLE {
		t.Errorf("Verify with the provider refusing = %v, want EUNAVAILABLE", err)
	}
}

func TestJudgeBatch(t *testing.T) {
	other := "Globex runs SAP for finance."
	pairs := []verify.Pair{
		{Premise: premise, Hypothesis: "Acme uses Bitrix24."},
		{Premise: other, Hypothesis: "Globex uses SAP."},
		{Premise: premise, Hypothesis: "Acme Corp deployed Bitrix24 across its sales teams in 2021."}, // verbatim: no model
		{Premise: premise, Hypothesis: "Acme deployed Bitrix24 in 2019."},
		{Premise: premise, Hypothesis: "Acme has 500 employees."},
	}
	m := llmtest.New(llm.Info{Provider: "p", Model: "m"}).On(verify.TaskSupportBatch, func(_ context.Context, req *llm.Request) (*llm.Response, error) {
		var vars verify.SupportBatchVars
		if err := json.Unmarshal(req.Vars, &vars); err != nil {
			return nil, err
		}
		switch vars.Premise {
		case premise:
			// The third claim gets no answer in sample 1.
			if req.Sample == 1 {
				return &llm.Response{Text: `{"results":[{"id":1,"label":"entailed"},{"id":2,"label":"contradicted"}]}`}, nil
			}
			return &llm.Response{Text: `{"results":[{"id":2,"label":"contradicted"},{"id":1,"label":"entailed"},{"id":3,"label":"neutral"}]}`}, nil
		}
		return nil, fmt.Errorf("unexpected premise %q", vars.Premise)
	}).Reply(verify.TaskSupport, labels("entailed")...) // a premise with one claim is asked alone
	vs, err := verify.NewJudge(m, verify.JudgeOptions{Votes: 2, Batch: 8}).Verify(context.Background(), pairs)
	if err != nil {
		t.Fatal(err)
	}
	if m.Count("") != 4 {
		t.Errorf("calls = %d, want 4 (two premises × two votes)", m.Count(""))
	}
	want := []struct {
		label verify.Label
		grade verify.Grade
		score float64
	}{
		{verify.Entailed, verify.GradeSameMeaning, 1},
		{verify.Entailed, verify.GradeSameMeaning, 1},
		{verify.Entailed, verify.GradeVerbatim, 1},
		{verify.Contradicted, verify.GradeNotSupported, 1},
		{verify.Neutral, verify.GradeNotSupported, 0.5}, // one vote unreadable
	}
	for i, w := range want {
		if vs[i].Label != w.label || vs[i].Grade != w.grade || vs[i].Score != w.score {
			t.Errorf("pair %d: verdict %s grade %d score %v, want %s grade %d score %v", i, vs[i].Label, vs[i].Grade, vs[i].Score, w.label, w.grade, w.score)
		}
	}
	if vs[4].Votes[1].Label != "" || !strings.Contains(vs[4].Votes[1].Reason, "no result for claim 3") {
		t.Errorf("the unanswered claim's ballot = %+v, want it unreadable with a reason", vs[4].Votes[1])
	}
	if vs[0].PromptVersion != "verify.support_batch@1" {
		t.Errorf("batch verdict prompt version = %q", vs[0].PromptVersion)
	}
}

func TestJudgeCancelled(t *testing.T) {
	m := llmtest.New(llm.Info{}).Reply(verify.TaskSupport, labels("entailed")...)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := verify.NewJudge(m, verify.JudgeOptions{}).Verify(ctx, []verify.Pair{{Premise: premise, Hypothesis: "Acme uses SAP."}}); err == nil {
		t.Error("Verify with a cancelled context succeeded")
	}
}

func TestPromptVersions(t *testing.T) {
	if got := verify.PromptVersions(); got != "verify.support@1, verify.support_batch@1" {
		t.Errorf("PromptVersions() = %q", got)
	}
}

// TestSettle: code settles an empty premise (no evidence) and a verbatim
// claim, and nothing else; the judge asks no model for either.
func TestSettle(t *testing.T) {
	for _, tt := range []struct {
		p     verify.Pair
		label verify.Label
		ok    bool
	}{
		{verify.Pair{Premise: "", Hypothesis: "Acme uses SAP."}, verify.NoEvidence, true},
		{verify.Pair{Premise: " \n… ", Hypothesis: "Acme uses SAP."}, verify.NoEvidence, true},
		{verify.Pair{Premise: premise, Hypothesis: premise}, verify.Entailed, true},
		{verify.Pair{Premise: premise, Hypothesis: "Acme uses SAP."}, verify.LabelNone, false},
	} {
		v, ok := verify.Settle(tt.p)
		if ok != tt.ok || v.Label != tt.label {
			t.Errorf("Settle(%q, %q) = %s, %v; want %s, %v", tt.p.Premise, tt.p.Hypothesis, v.Label, ok, tt.label, tt.ok)
		}
		if ok && v.Grade == verify.GradeVerbatim && (v.Entailment != 1 || v.By != verify.ByVerbatim) {
			t.Errorf("Settle verbatim = %+v, want entailment 1 by verbatim", v)
		}
		if ok && v.Label == verify.NoEvidence && (v.Grade != verify.GradeNotSupported || v.Entailment != 0 || v.By != verify.ByCode || v.Supported(verify.GradePartial)) {
			t.Errorf("Settle empty = %+v, want grade 4, entailment 0, by code, never supported", v)
		}
	}
	m := llmtest.New(llm.Info{Provider: "p", Model: "m"})
	v, err := verify.One(context.Background(), verify.NewJudge(m, verify.JudgeOptions{}), "", "Acme uses SAP.")
	if err != nil || v.Label != verify.NoEvidence || m.Count("") != 0 {
		t.Errorf("judge on an empty premise = %+v, %v after %d calls; want no evidence with no call", v, err, m.Count(""))
	}
}

func TestJudgeEntailment(t *testing.T) {
	m := llmtest.New(llm.Info{Provider: "p", Model: "m"}).Reply(verify.TaskSupport, labels("neutral", "entailed", "neutral")...)
	v, err := verify.One(context.Background(), verify.NewJudge(m, verify.JudgeOptions{Votes: 3}), premise, "Acme uses Bitrix24.")
	if err != nil || v.Label != verify.Neutral || v.Entailment != 1.0/3 {
		t.Errorf("judge = %s entailment %v, %v; want neutral with entailment 1/3 (the share of entailed votes)", v.Label, v.Entailment, err)
	}
}

func TestWordOverlap(t *testing.T) {
	vs, err := verify.WordOverlap{}.Verify(context.Background(), []verify.Pair{
		{Premise: premise, Hypothesis: "Acme deployed Bitrix24 in 2019."}, // 3 of 4 content words: supported, whatever the year says
		{Premise: premise, Hypothesis: "Globex runs SAP for finance."},
		{Premise: premise, Hypothesis: premise},
		{Premise: "", Hypothesis: "Acme uses SAP."},
	})
	if err != nil {
		t.Fatal(err)
	}
	want := []struct {
		label verify.Label
		ent   float64
	}{{verify.Entailed, 0.75}, {verify.Neutral, 0}, {verify.Entailed, 1}, {verify.NoEvidence, 0}}
	for i, w := range want {
		if vs[i].Label != w.label || vs[i].Entailment != w.ent {
			t.Errorf("WordOverlap pair %d = %s entailment %v, want %s %v", i, vs[i].Label, vs[i].Entailment, w.label, w.ent)
		}
	}
	if vs[0].By != verify.ByOverlap || vs[0].Grade != verify.GradeSameMeaning {
		t.Errorf("WordOverlap verdict = %+v, want by overlap, grade 2", vs[0])
	}
}

// TestAdds: a claim adds the words the premise lacks, except the words of
// an amount the premise states in other terms; a new number always adds.
func TestAdds(t *testing.T) {
	premise := "Access rights are reviewed not less than once every 12 months; more often after incidents. Обучение проводится не реже одного раза в 12 месяцев."
	for _, tc := range []struct {
		claim string
		adds  int
	}{
		{"Access rights are reviewed once a year.", 0},
		{"Обучение проводится ежегодно.", 0},
		{"Обучение оплачивает министерство.", 2},
		{"Access rights are reviewed every 6 months.", 1},
	} {
		if got := verify.Adds(premise, tc.claim); len(got) != tc.adds {
			t.Errorf("Adds(premise, %q) = %q, want %d terms", tc.claim, got, tc.adds)
		}
	}
}
