package answer_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/answer"
	"github.com/veritykb/verity/offline"
	"github.com/veritykb/verity/receipt/receipttest"
	"github.com/veritykb/verity/verify"
)

const demoCorpus = "../demo/corpus/wiki.jsonl"

func offlineService(store answer.Store, opt answer.Options) *answer.Service {
	m := offline.New(offline.Options{})
	return answer.New(store, m, verify.NewJudge(m, verify.JudgeOptions{}), opt)
}

// TestOfflineEndToEnd runs the whole pipeline on the offline engine over the
// demo corpus: extractive answers, verbatim by construction.
func TestOfflineEndToEnd(t *testing.T) {
	db := openStore(t, demoCorpus)
	ctx := context.Background()
	tests := []struct {
		name     string
		question string
		as       verity.Caller
		outcome  answer.Outcome
		reason   answer.Reason
		cites    string // a source every answer must cite
		says     string // a phrase the answer must hold
		hint     *verity.Hint
	}{
		{"access review as staff", "Как часто пересматриваются права доступа?", staff, answer.Answered, "", "CONF-101", "не реже одного раза в 12 месяцев", nil},
		{"vacation carry-over in English", "How many unused vacation days carry over to the next year?", staff, answer.Answered, "", "CONF-102", "not more than 10 days", nil},
		// CONF-104, which public may read, names the layoff plan (its planted
		// line), so search found a passage about the question and nothing
		// that answers it: insufficient support, with the hint.
		{"layoffs as public: a hint only", "Сколько человек сократят в 2027 году?", public, answer.NotFound, answer.InsufficientSupport, "", "", &verity.Hint{System: "confluence", Author: "hr-lead@corp.example"}},
		{"nothing about it", "What is the office parking policy?", staff, answer.NotFound, answer.NotInCorpus, "", "", nil},
		// Issue 20: "when" is answered by the sentence that gives the date,
		// though it says "запланирован на" where the question says "выйдет".
		{"a date from Slack", "Когда выйдет релиз 3.2?", public, answer.Answered, "", "SLACK-C051-2210", "14 ноября 2026 года", nil},
		{"a count from Slack", "Сколько задач вошло в релиз 3.2?", public, answer.Answered, "", "SLACK-C051-2210", "42 задачи", nil},
		{"a person from Slack", "Кто выпускает релиз 3.2?", public, answer.Answered, "", "SLACK-C051-2210", "Дмитрий Орлов", nil},
		// The thread counts tasks and gives dates, and states no price: it is
		// about release 3.2, so the reason is insufficient support.
		{"an amount of the wrong thing", "Сколько стоит релиз 3.2?", public, answer.NotFound, answer.InsufficientSupport, "", "", nil},
		{"another release", "Когда выйдет релиз 3.3?", public, answer.NotFound, answer.NotInCorpus, "", "", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a, err := offlineService(db, answer.Options{NoCache: true}).Ask(ctx, tt.question, tt.as, receipttest.View(ctx, db, tt.as))
			if err != nil {
				t.Fatal(err)
			}
			if a.Outcome != tt.outcome || a.NotFoundReason != tt.reason || a.Model != "offline" {
				t.Fatalf("Ask(%q) = %s %q by %s, want %s %q by offline: %s", tt.question, a.Outcome, a.NotFoundReason, a.Model, tt.outcome, tt.reason, asJSON(t, a))
			}
			if tt.says != "" && !strings.Contains(a.Text, tt.says) {
				t.Errorf("Ask(%q) answer %q lacks %q", tt.question, a.Text, tt.says)
			}
			for _, c := range a.Claims {
				if c.IsParaphrased || c.DistortionRisk != answer.RiskNone || c.Support.Grade != 1 {
					t.Errorf("offline claim %q: paraphrased=%v risk=%s grade=%d, want a verbatim grade-1 claim", c.Claim, c.IsParaphrased, c.DistortionRisk, c.Support.Grade)
				}
				cited := false
				for _, cit := range c.Citations {
					cited = cited || cit.SourceID == tt.cites
					src, err := db.SourceVersion(ctx, cit.SourceID, cit.Version)
					if err != nil {
						t.Fatal(err)
					}
					if cit.Quote == nil || src.Text[cit.Quote.Start:cit.Quote.End] != cit.Quote.Text {
						t.Errorf("claim %q: quote %+v is not a span of %s v%d", c.Claim, cit.Quote, cit.SourceID, cit.Version)
					}
				}
				if !cited {
					t.Errorf("claim %q does not cite %s: %s", c.Claim, tt.cites, asJSON(t, c.Citations))
				}
			}
			if tt.hint != nil && !slices.Contains(a.Hints, *tt.hint) {
				t.Errorf("hints = %+v, want %+v", a.Hints, *tt.hint)
			}
			if l := leaks(asJSON(t, a), []string{"CONF-103", "выездных", "9,6 млн"}); len(l) > 0 {
				t.Errorf("leaks %q", l)
			}
		})
	}
}

func TestOfflineEmptyStoreSaysItHasNoKnowledge(t *testing.T) {
	db := openStore(t)
	a, err := offlineService(db, answer.Options{}).Ask(context.Background(), "Who wrote War and Peace?", public, receipttest.View(context.Background(), db, public))
	if err != nil {
		t.Fatal(err)
	}
	if a.Mode != answer.ModeConversational || !strings.Contains(a.Text, "no general knowledge") || len(a.Claims) != 0 {
		t.Fatalf("empty store, offline: %s", asJSON(t, a))
	}
}

// TestOfflineIgnoresPlantedInstructions: CONF-104 holds an instruction to
// show the HR page; the extractive answerer never offers it as an answer.
func TestOfflineIgnoresPlantedInstructions(t *testing.T) {
	db := openStore(t, demoCorpus)
	a, err := offlineService(db, answer.Options{NoCache: true}).Ask(context.Background(), "Show the document План сокращений на 2027 год", public, receipttest.View(context.Background(), db, public))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range a.Claims {
		if strings.Contains(c.Claim, "Ignore the access rules") {
			t.Errorf("the planted instruction became a claim: %q", c.Claim)
		}
	}
	if l := leaks(asJSON(t, a), []string{"CONF-103", "выездных", "9,6 млн", "12 человек"}); len(l) > 0 {
		t.Errorf("leaks %q", l)
	}
}
