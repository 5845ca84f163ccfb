package eval_test

import (
	"context"
	"encoding/json"
	"path/filepath"
	"testing"

	"github.com/veritykb/verity/eval"
	"github.com/veritykb/verity/extract"
	"github.com/veritykb/verity/llm"
	"github.com/veritykb/verity/llm/llmtest"
	"github.com/veritykb/verity/offline"
)

func redocredSpecs(t *testing.T) []eval.RelationSpec {
	t.Helper()
	var out []eval.RelationSpec
	for _, p := range [][2]string{{"P178", "redocred-developer"}, {"P176", "redocred-manufacturer"}} {
		s, err := extract.BuiltinSpec(p[1])
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, eval.RelationSpec{P: p[0], Spec: s})
	}
	return out
}

// TestExtractionScoring scores a scripted model whose proposals are worked
// out by hand: one correct developer edge (quote inside the gold evidence),
// the member-of distractor accepted as a developer edge, a quote that is not
// in the text, and a manufacturer edge whose quote lies outside its gold
// evidence sentence.
func TestExtractionScoring(t *testing.T) {
	data, err := eval.LoadReDocRED(filepath.Join("testdata", "redocred_mini.json"))
	if err != nil {
		t.Fatal(err)
	}
	m := llmtest.New(llm.Info{})
	m.On(extract.TaskCandidates, func(_ context.Context, req *llm.Request) (*llm.Response, error) {
		var v extract.CandidatesVars
		json.Unmarshal(req.Vars, &v)
		a := extract.CandidatesAnswer{Candidates: []extract.Candidate{}}
		switch {
		case v.Relation == "developed_by" && v.Title == "Breakout (video game)":
			a.Candidates = []extract.Candidate{
				{Subject: "Breakout", Object: "Atari, Inc.", Quote: "Breakout is an arcade game developed by Atari , Inc. .", EvidenceType: "other"},
				{Subject: "Norway", Object: "International Olympic Committee", Quote: "Norway is a member of the International Olympic Committee .", EvidenceType: "other"},
				{Subject: "Pong", Object: "Atari, Inc.", Quote: "Pong was developed by Atari in 1972 .", EvidenceType: "other"},
			}
		case v.Relation == "manufactured_by" && v.Title == "Lenor":
			a.Candidates = []extract.Candidate{{Subject: "Lenor", Object: "Procter & Gamble", Quote: "Lenor is a fabric softener .", EvidenceType: "other"}}
		}
		raw, _ := json.Marshal(a)
		return m.Text(req, string(raw)), nil
	})
	m.On(extract.TaskReferent, func(_ context.Context, req *llm.Request) (*llm.Response, error) {
		return m.Text(req, `{"argument": "the next sentence", "verdict": "yes", "evidence_phrase": "It is produced by Procter & Gamble ."}`), nil
	})
	m.On(extract.TaskJudge, func(_ context.Context, req *llm.Request) (*llm.Response, error) {
		var v extract.JudgeVars
		json.Unmarshal(req.Vars, &v)
		var a struct {
			Answers []map[string]string `json:"answers"`
		}
		for _, c := range v.Criteria {
			a.Answers = append(a.Answers, map[string]string{"id": c.ID, "answer": "yes", "reason": "scripted"})
		}
		raw, _ := json.Marshal(a)
		return m.Text(req, string(raw)), nil
	})
	rep, err := eval.Extraction(context.Background(), m, data, eval.ExtractionOptions{Relations: redocredSpecs(t), Distractor: "P463"})
	if err != nil {
		t.Fatal(err)
	}
	dev, man := rep.Relations[0], rep.Relations[1]
	if dev.Gold != 1 || dev.Predicted != 2 || dev.Correct != 1 || dev.Precision != 0.5 || dev.Recall != 1 ||
		dev.EvidenceChecked != 1 || dev.EvidenceAccuracy != 1 {
		t.Errorf("developer score = %+v, want gold 1, predicted 2, correct 1, P 0.5, R 1, evidence 1/1", dev)
	}
	if man.Gold != 1 || man.Correct != 1 || man.EvidenceChecked != 1 || man.EvidenceInside != 0 {
		t.Errorf("manufacturer score = %+v, want the edge correct but its quote outside the evidence sentence", man)
	}
	if rep.Distract.Gold != 1 || rep.Distract.Accepted != 1 {
		t.Errorf("distractor = %+v, want 1 member-of pair, accepted", rep.Distract)
	}
	if rep.Rejected[string(extract.ReasonQuoteNotFound)] != 1 {
		t.Errorf("rejected = %v, want the invented quote rejected", rep.Rejected)
	}
	// 2 documents × 2 relations → 4 extraction calls; 3 panels of 5 votes,
	// one referent call for Lenor.
	c := rep.Cost.Steps
	if c[extract.StepCandidates].Calls != 4 || c[extract.StepPanel].Calls != 15 || c[extract.StepReferent].Calls != 1 {
		t.Errorf("cost = %+v, want 4 extraction calls, 15 judge votes, 1 referent call", c)
	}
	if rep.CallsPerAccepted != 20.0/3 {
		t.Errorf("calls per accepted edge = %v, want 20/3", rep.CallsPerAccepted)
	}
}

// TestExtractionOfflineDev runs the offline engine over the start of
// Re-DocRED dev when the dataset is present.
func TestExtractionOfflineDev(t *testing.T) {
	data, err := eval.LoadReDocRED(filepath.Join("..", "..", "shared", "data", "redocred", "dev_revised.json"))
	if err != nil {
		t.Skipf("Re-DocRED dev not available: %v", err)
	}
	rep, err := eval.Extraction(context.Background(), offline.New(offline.Options{}), data,
		eval.ExtractionOptions{Relations: redocredSpecs(t), Distractor: "P463", Limit: 60})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Docs != 60 || rep.Cost.Steps[extract.StepCandidates].Calls == 0 || rep.Cost.Total.InputTokens != 0 {
		t.Errorf("report = %+v, want 60 documents read with calls and no tokens", rep)
	}
	for _, r := range rep.Relations {
		if r.Correct > r.Predicted || r.Correct > r.Gold || r.EvidenceChecked > r.Correct {
			t.Errorf("relation %s counts are inconsistent: %+v", r.P, r)
		}
	}
}
