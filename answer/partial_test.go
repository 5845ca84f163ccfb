package answer_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/veritykb/verity/answer"
	"github.com/veritykb/verity/llm"
	"github.com/veritykb/verity/llm/llmtest"
	"github.com/veritykb/verity/offline"
	"github.com/veritykb/verity/receipt/receipttest"
	"github.com/veritykb/verity/verify"
)

// TestInventedClaimIsNotPartial: grade 3, "partly supported", still needs
// every fact the claim adds to be in the cited text. "Обучение оплачивает
// министерство" cites an order that never says who pays: it is grade 4
// under the strict and the broad policy alike, from every verifier —
// while a claim that says less than the order, adding nothing, stays
// partly supported under the broad policy.
func TestInventedClaimIsNotPartial(t *testing.T) {
	docs := []answer.Document{{Title: "Приказ №1019 МЗ РК, п. 6",
		Text: "Обучение работников проводится периодически, но не реже чем один раз в 12 месяцев; в случае экстренных обстоятельств — чаще. Обучение организует работодатель."}}
	const invented = "Обучение оплачивает министерство."
	const vaguer = "Обучение работников проводится периодически."
	engine := offline.New(offline.Options{})
	neutral := llmtest.New(llm.Info{Provider: "script", Model: "neutral"}).Reply(verify.TaskSupport, `{"label":"neutral"}`)
	verifiers := []struct {
		name    string
		v       verify.Verifier
		partial bool // whether it calls the vaguer claim partly supported
	}{
		{"offline", offline.NewVerifier(offline.SupportParams{}, nil), false},
		{"judge over the offline engine", verify.NewJudge(engine, verify.JudgeOptions{}), false},
		{"a model judge that says neutral", verify.NewJudge(neutral, verify.JudgeOptions{Votes: 1}), true},
	}
	for _, vv := range verifiers {
		for _, policy := range []answer.Policy{answer.Strict, answer.Broad} {
			t.Run(fmt.Sprintf("%s/%s", vv.name, policy), func(t *testing.T) {
				svc := answer.New(nil, engine, vv.v, answer.Options{Policy: policy})
				sub := answer.Submission{Text: "Обучение оплачивает министерство [1]. Обучение работников проводится периодически [1].", Documents: docs}
				a, err := svc.Check(context.Background(), sub, public, receipttest.View(context.Background(), nil, public))
				if err != nil {
					t.Fatal(err)
				}
				kept := map[string]answer.Claim{}
				for _, c := range a.Claims {
					kept[c.Claim] = c
				}
				if c, ok := kept[invented]; ok {
					t.Errorf("the invented claim is kept with grade %d: %s", c.Support.Grade, asJSON(t, c))
				}
				if len(a.Claims)+len(a.Unverified) != 2 {
					t.Errorf("claims %s, unverified %s: want the two claims checked", asJSON(t, a.Claims), asJSON(t, a.Unverified))
				}
				for _, c := range a.Claims {
					if c.Uncited {
						t.Errorf("claim %q checked as uncited, want it cited to [1]", c.Claim)
					}
				}
				if c, ok := kept[vaguer]; vv.partial && policy == answer.Broad && (!ok || c.Support.Grade != int(verify.GradePartial) || !c.Marked) {
					t.Errorf("the vaguer claim = %s, want it kept as grade 3, marked, under the broad policy", asJSON(t, c))
				}
			})
		}
	}
	for _, vv := range verifiers {
		v, err := verify.One(context.Background(), vv.v, docs[0].Title+"\n\n"+docs[0].Text, invented)
		if err != nil {
			t.Fatal(err)
		}
		if v.Grade != verify.GradeNotSupported {
			t.Errorf("%s: %q grade %d (%s), want 4", vv.name, invented, v.Grade, v.Label)
		}
	}
}

// nliDouble stands for an NLI service: it calls every claim it is asked
// about entailed, as verify/nli's client would label its verdicts.
type nliDouble struct{}

func (nliDouble) Verify(_ context.Context, pairs []verify.Pair) ([]verify.Verdict, error) {
	out := make([]verify.Verdict, len(pairs))
	for i, p := range pairs {
		if v, ok := verify.Settle(p); ok {
			out[i] = v
			continue
		}
		out[i] = verify.Verdict{Label: verify.Entailed, Grade: verify.GradeSameMeaning, Score: 0.9, Entailment: 0.9, By: "nli", Model: "xnli-test"}
	}
	return out, nil
}

// TestCheckSaysWhatHappened: a checked answer's injected labels are in
// the answer's language (path C on a Russian answer writes «источник»,
// not "source"), and it names the verifier that actually judged it — the
// NLI service, not the offline model that drafted nothing here.
func TestCheckSaysWhatHappened(t *testing.T) {
	docs := []answer.Document{{Title: "Приказ №1019", Text: "Обучение работников проводится не реже чем один раз в 12 месяцев. Обучение организует работодатель."}}
	engine := offline.New(offline.Options{})
	for _, tc := range []struct {
		name     string
		v        verify.Verifier
		text     string
		verifier string
		want     []string
		not      []string
	}{
		{"nli, Russian", nliDouble{}, "Работодатель организует обучение работников [1].", "nli xnli-test",
			[]string{"[1]. [источник 1: «Обучение организует работодатель.»]"}, []string{"[source"}},
		{"offline, Russian, unverified", offline.NewVerifier(offline.SupportParams{}, nil), "Обучение оплачивает министерство [1].", "offline",
			[]string{"[1]. [не подтверждено: "}, []string{"[unverified"}},
		{"offline, English", offline.NewVerifier(offline.SupportParams{}, nil), "Training is paid for by the ministry [1].", "offline",
			[]string{"[1]. [unverified: "}, []string{"не подтверждено"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			svc := answer.New(nil, engine, tc.v, answer.Options{})
			a, err := svc.Check(context.Background(), answer.Submission{Text: tc.text, Documents: docs}, public, receipttest.View(context.Background(), nil, public))
			if err != nil {
				t.Fatal(err)
			}
			if a.Verifier != tc.verifier {
				t.Errorf("Check verifier = %q, want %q (model %q)", a.Verifier, tc.verifier, a.Model)
			}
			for _, w := range tc.want {
				if !strings.Contains(a.Annotated, w) {
					t.Errorf("annotated = %q, want %q", a.Annotated, w)
				}
			}
			for _, n := range tc.not {
				if strings.Contains(a.Annotated, n) {
					t.Errorf("annotated = %q, want no %q", a.Annotated, n)
				}
			}
		})
	}
}
