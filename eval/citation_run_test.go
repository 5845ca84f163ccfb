package eval

import (
	"context"
	"slices"
	"testing"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/answer"
	"github.com/veritykb/verity/offline"
	"github.com/veritykb/verity/receipt/receipttest"
	"github.com/veritykb/verity/verify"
)

// span returns the byte span of sentence i of abstract d in its text.
func span(t *testing.T, sf *SciFact, d string, i int) verity.Span {
	t.Helper()
	for _, doc := range sf.Docs {
		if doc.ID == d {
			return doc.SentenceSpans()[i]
		}
	}
	t.Fatalf("no abstract %s", d)
	return verity.Span{}
}

func TestSciFactAnswersScripted(t *testing.T) {
	sf := miniSciFact(t)
	db := scratchStore(t, sf)
	rationale, other := span(t, sf, "1", 1), span(t, sf, "1", 0)
	cite := func(doc string, q *verity.Span) answer.Claim {
		c := answer.Citation{N: 1, SourceID: doc, Version: 1}
		if q != nil {
			c.Quote = &answer.Quote{Start: q.Start, End: q.End}
		}
		return answer.Claim{Citations: []answer.Citation{c}, Refs: []int{1}}
	}
	// Claim 1 (SUPPORT in abstract 1, rationale sentence 1) is answered
	// from its rationale; claim 2 (CONTRADICT, the same rationale) from
	// another sentence of abstract 1; claim 3 (no evidence) from abstract
	// 2 anyway; claim 4 is not found.
	scripted := map[string]*answer.Answer{
		sf.Dev[0].Claim: {Outcome: answer.Answered, Text: "Aspirin cuts strokes [1].", Claims: []answer.Claim{cite("1", &rationale)},
			Sources: []answer.Source{{N: 1, SourceID: "1", Version: 1, Title: "Aspirin", Evidence: &answer.Evidence{Start: rationale.Start, End: rationale.End}}}},
		sf.Dev[1].Claim: {Outcome: answer.Answered, Text: "Old patients [1].", Claims: []answer.Claim{cite("1", &other)},
			Sources: []answer.Source{{N: 1, SourceID: "1", Version: 1, Title: "Aspirin"}}},
		sf.Dev[2].Claim: {Outcome: answer.Answered, Text: "Statins [1].", Claims: []answer.Claim{cite("2", nil)},
			Sources: []answer.Source{{N: 1, SourceID: "2", Version: 1, Title: "Statins", Evidence: &answer.Evidence{Start: 5, End: 1}}}},
		sf.Dev[3].Claim: {Outcome: answer.NotFound},
	}
	var asked []string
	ask := func(_ context.Context, q string, caller verity.Caller) (*answer.Answer, error) {
		asked = append(asked, q)
		ans := *scripted[q]
		ans.Question = q
		return &ans, nil
	}
	var st stages
	items, gold, err := SciFactAnswers(context.Background(), sf, 4, ask, db, st.open)
	if err != nil {
		t.Fatal(err)
	}
	want := SciFactGold{Claims: 4, Answered: 3, NotFound: 1, Citations: 3, OnEvidenceDoc: 2, Quotes: 2, OnRationale: 1,
		WithEvidence: 3, EvidenceHit: 2, AnsweredNoEvidence: 1}
	if gold != want {
		t.Errorf("SciFactAnswers gold = %+v, want %+v", gold, want)
	}
	if len(asked) != 4 || asked[0] != sf.Dev[0].Claim {
		t.Errorf("asked %q, want the first 4 dev claims in order", asked)
	}
	if len(items) != 4 {
		t.Fatalf("SciFactAnswers returned %d items, want 4", len(items))
	}
	abstract1 := sf.Docs[0].Text()
	for i, tt := range []struct {
		id   string
		docs []CitationDoc
	}{
		{"1", []CitationDoc{{Title: "Aspirin", Text: abstract1[rationale.Start:rationale.End]}}}, // the evidence chunk
		{"2", []CitationDoc{{Title: "Aspirin", Text: abstract1}}},                                // no evidence: the whole text
		{"3", []CitationDoc{{Title: "Statins", Text: sf.Docs[1].Text()}}},                        // a bad span: the whole text
		{"4", []CitationDoc{}},
	} {
		it := items[i]
		if it.ID != tt.id || it.Question != sf.Dev[i].Claim || it.Output != scripted[sf.Dev[i].Claim].Text || !slices.Equal(it.Docs, tt.docs) {
			t.Errorf("items[%d] = %+v, want id %s, the claim as question, the answer's text, docs %+v", i, it, tt.id, tt.docs)
		}
	}
	if it := items[3]; it.Docs == nil {
		t.Errorf("items[3].Docs is nil, want an empty list (ALCE files carry [])")
	}
	if len(st.bars) != 1 || *st.bars[0] != (recordedBar{stage: "answer", total: 4, done: 4, finished: true}) {
		t.Errorf("SciFactAnswers opened bars %+v, want one answer bar of 4 steps, all done", st.bars)
	}
}

func TestSciFactAnswersErrors(t *testing.T) {
	sf := miniSciFact(t)
	db := scratchStore(t, sf)
	failing := func(context.Context, string, verity.Caller) (*answer.Answer, error) {
		return nil, verity.Errorf(verity.EUNAVAILABLE, "model down")
	}
	if _, _, err := SciFactAnswers(context.Background(), sf, 0, failing, db, nil); verity.ErrorCode(err) != verity.EUNAVAILABLE {
		t.Errorf("SciFactAnswers with a failing ask: error %v, want %s kept", err, verity.EUNAVAILABLE)
	}
	missing := func(_ context.Context, q string, _ verity.Caller) (*answer.Answer, error) {
		return &answer.Answer{Outcome: answer.Answered, Sources: []answer.Source{{N: 1, SourceID: "nope", Version: 1}}}, nil
	}
	if _, _, err := SciFactAnswers(context.Background(), sf, 0, missing, db, nil); verity.ErrorCode(err) != verity.ENOTFOUND {
		t.Errorf("SciFactAnswers citing an unknown source: error %v, want %s", err, verity.ENOTFOUND)
	}
}

// TestSciFactAnswersOffline runs the answer pipeline over the scratch
// store with the offline engine, and scores what it wrote.
func TestSciFactAnswersOffline(t *testing.T) {
	sf := miniSciFact(t)
	db := scratchStore(t, sf)
	m := offline.New(offline.Options{})
	judge := verify.NewJudge(m, verify.JudgeOptions{Votes: 1})
	svc := answer.New(db, m, judge, answer.Options{NoCache: true, NoRecords: true})
	ask := func(ctx context.Context, q string, c verity.Caller) (*answer.Answer, error) {
		return svc.Ask(ctx, q, c, receipttest.View(ctx, db, c))
	}
	items, gold, err := SciFactAnswers(context.Background(), sf, 0, ask, db, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(items) != len(sf.Dev) || gold.Claims != len(sf.Dev) || gold.Answered+gold.NotFound != gold.Claims || gold.Answered == 0 {
		t.Fatalf("SciFactAnswers(offline) = %d items, gold %+v; want %d claims, some answered", len(items), gold, len(sf.Dev))
	}
	if gold.OnEvidenceDoc > gold.Citations || gold.OnRationale > gold.Quotes || gold.EvidenceHit > gold.WithEvidence {
		t.Errorf("gold %+v: a part counts more than its whole", gold)
	}
	rep, err := CitationScores(context.Background(), items, VerifierEntailer{judge}, CitationOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Answers != len(items) || rep.Scored != gold.Answered {
		t.Errorf("CitationScores over the answers: %d answers, %d scored; want %d, %d (the answered ones)", rep.Answers, rep.Scored, len(items), gold.Answered)
	}
}

func TestVerifierEntailer(t *testing.T) {
	e := VerifierEntailer{verify.NewJudge(offline.New(offline.Options{}), verify.JudgeOptions{Votes: 1})}
	got, err := e.Entail(context.Background(), []EntailmentPair{
		{Premise: "Title: A vaccine trial.\nSide effects were mild.", Hypothesis: "Side effects were mild."},
		{Premise: "Title: A vaccine trial.\nSide effects were mild.", Hypothesis: "The moon is made of cheese."},
	})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(got, []bool{true, false}) {
		t.Errorf("Entail(verbatim, unrelated) = %v, want [true false]", got)
	}
}
