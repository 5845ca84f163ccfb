package summary_test

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/llm"
	"github.com/veritykb/verity/llm/llmtest"
	"github.com/veritykb/verity/receipt"
	"github.com/veritykb/verity/summary"
)

// memStore is a store double: search returns fixed passages of live
// sources, records are kept in a map and their liveness is the least fixed
// point over the revoked sources, computed on every read.
type memStore struct {
	passages []verity.SearchResult
	recs     map[string]*verity.Record
	order    []string
	revoked  map[string]bool
}

func newStore(passages ...verity.SearchResult) *memStore {
	return &memStore{passages: passages, recs: map[string]*verity.Record{}, revoked: map[string]bool{}}
}

func passage(id, text string) verity.SearchResult {
	return verity.SearchResult{SourceID: id, Version: 1, Title: "title " + id, URI: "https://x.example/" + id,
		Chunk: verity.Chunk{SourceID: id, Version: 1, Start: 10, End: 10 + len(text), Text: text}}
}

func (s *memStore) Search(_ context.Context, q verity.SearchQuery) (*verity.SearchResults, error) {
	var out verity.SearchResults
	for _, p := range s.passages {
		if !s.revoked[p.SourceID] && len(out.Results) < q.K {
			out.Results = append(out.Results, p)
		}
	}
	return &out, nil
}

func (s *memStore) PutRecords(_ context.Context, recs []*verity.Record) (receipt.Change[verity.Ref], error) {
	for _, r := range recs {
		if _, ok := s.recs[r.ID]; !ok {
			s.order = append(s.order, r.ID)
		}
		c := *r
		s.recs[r.ID] = &c
	}
	return receipt.Change[verity.Ref]{}, nil
}

func (s *memStore) alive() map[string]bool {
	alive := map[string]bool{}
	for changed := true; changed; {
		changed = false
		for id, r := range s.recs {
			if alive[id] {
				continue
			}
			for _, set := range r.Receipt.Sets {
				ok := true
				for _, m := range set {
					if (m.Kind() == verity.RefSource && s.revoked[m.ID()]) || (m.Kind() == verity.RefRecord && !alive[m.ID()]) {
						ok = false
					}
				}
				if ok {
					alive[id], changed = true, true
					break
				}
			}
		}
	}
	return alive
}

func (s *memStore) Record(_ context.Context, id string) (*verity.Record, error) {
	r, ok := s.recs[id]
	if !ok {
		return nil, verity.Errorf(verity.ENOTFOUND, "no record %q", id)
	}
	c := *r
	c.State = verity.StateDead
	if s.alive()[id] {
		c.State = verity.StateAlive
	}
	return &c, nil
}

func (s *memStore) access() summary.Access {
	alive := s.alive()
	return summary.Access{
		Visible: func(r verity.Ref) bool {
			if r.Kind() == verity.RefSource {
				return !s.revoked[r.ID()]
			}
			return alive[r.ID()]
		},
		Readable: func(verity.Ref) bool { return true },
	}
}

const (
	textA = "Acme moved its sales to Bitrix24 in March 2025. Acme has 120 employees."
	textB = "In March 2025 Acme moved its sales to Bitrix24, the company said."
	textC = "Romashka uses Bitrix24 every day. Orders take 12 minutes now."
)

// scripted returns a model whose summary.write answer is reply.
func scripted(reply ...string) *llmtest.Model {
	return llmtest.New(llm.Info{}).Sequence(summary.TaskWrite, reply...)
}

func TestSummarizePerSentenceReceipts(t *testing.T) {
	ctx := context.Background()
	st := newStore(passage("A", textA), passage("B", textB), passage("C", textC))
	m := scripted(`{"sentences": [
		{"text": "Acme moved its sales to Bitrix24 in March 2025.", "sources": [[1], [2]]},
		{"text": "Romashka uses   Bitrix24 every day.", "sources": [[3], [1, 3], [3, 2]]},
		{"text": "Both companies chose Bitrix24.", "sources": [[1, 3], [2, 3]]}
	]}`)
	sum, err := summary.Summarize(ctx, m, st, "who uses Bitrix24", verity.NewCaller(), summary.Options{})
	if err != nil {
		t.Fatal(err)
	}
	type got struct {
		Text string
		Sets [][]verity.Ref
	}
	var gots []got
	for _, s := range sum.Sentences {
		gots = append(gots, got{s.Text, s.Receipt.Sets})
	}
	A, B, C := verity.SourceRef("A"), verity.SourceRef("B"), verity.SourceRef("C")
	want := []got{
		{"Acme moved its sales to Bitrix24 in March 2025.", [][]verity.Ref{{A}, {B}}},
		{"Romashka uses Bitrix24 every day.", [][]verity.Ref{{C}}}, // sets containing {C} are not minimal
		{"Both companies chose Bitrix24.", [][]verity.Ref{{A, C}, {B, C}}},
	}
	if diff := cmp.Diff(want, gots); diff != "" {
		t.Errorf("Summarize sentences (-want +got):\n%s", diff)
	}
	// The first sentence is verbatim in A and B; the offsets point into the
	// source text, past the passage's own start of 10.
	q := sum.Sentences[0].Quotes
	if len(q) != 1 || q[0].SourceID != "A" || q[0].Start != 10 || q[0].End != 10+len("Acme moved its sales to Bitrix24 in March 2025.") {
		t.Errorf("quotes of sentence 1 = %+v, want A at 10..57 only (B words it differently)", q)
	}
	if q := sum.Sentences[2].Quotes; len(q) != 0 {
		t.Errorf("quotes of a sentence no source holds = %+v, want none", q)
	}
	// Two quote records (sentence 1 in A, sentence 2 in C), three sentence
	// records and a header resting on each sentence alone. A sentence rests
	// on the quote record where its words were found, on the source itself
	// where they were not.
	if len(st.order) != 6 || st.recs[st.order[0]].Kind != verity.KindQuote || st.recs[st.order[1]].Kind != verity.KindQuote {
		t.Fatalf("stored %v, want 2 quotes, 3 sentences and a header", st.order)
	}
	qA := verity.RecordRef(q[0].Record)
	if rests := st.recs[sum.Sentences[0].ID].Receipt.Sets; !slices.EqualFunc(rests, [][]verity.Ref{{qA}, {B}}, slices.Equal) ||
		!slices.EqualFunc(sum.Sentences[0].RestsOn.Sets, rests, slices.Equal) {
		t.Errorf("sentence 1 rests on %v (RestsOn %v), want {%s} OR {%s}", rests, sum.Sentences[0].RestsOn.Sets, qA, B)
	}
	if qr := st.recs[q[0].Record]; qr == nil || !slices.EqualFunc(qr.Receipt.Sets, [][]verity.Ref{{A}}, slices.Equal) {
		t.Errorf("quote record %s = %+v, want one resting on A alone", q[0].Record, qr)
	}
	head := st.recs[sum.ID]
	if head.Kind != summary.KindSummary || len(head.Receipt.Sets) != 3 || head.Receipt.Sets[1][0] != verity.RecordRef(sum.Sentences[1].ID) {
		t.Errorf("header = %+v, want a summary resting on each sentence alone", head)
	}
	var body summary.SentenceBody
	if err := json.Unmarshal(st.recs[sum.Sentences[0].ID].Body, &body); err != nil {
		t.Fatal(err)
	}
	if body.Topic != "who uses Bitrix24" || len(body.Inputs) != 3 || body.PromptVersion != "summary.write@1" {
		t.Errorf("sentence body = %+v, want topic, inputs and prompt version", body)
	}
	// The request numbered the passages from 1 and carried the cap.
	var vars struct {
		MaxSets   int `json:"max_sets"`
		Documents []struct {
			N    int    `json:"n"`
			Text string `json:"text"`
		} `json:"documents"`
	}
	json.Unmarshal(m.Calls()[0].Vars, &vars)
	if vars.MaxSets != summary.DefaultMaxSets || len(vars.Documents) != 3 || vars.Documents[2].N != 3 || vars.Documents[2].Text != textC {
		t.Errorf("request vars = %+v, want 3 numbered documents and max_sets 4", vars)
	}
}

func TestSummarizeCapsReceipts(t *testing.T) {
	st := newStore(passage("A", textA), passage("B", textB), passage("C", textC), passage("D", textA), passage("E", textB))
	m := scripted(`{"sentences": [{"text": "Acme uses Bitrix24.", "sources": [[1, 2], [3, 4], [5], [1, 3], [2, 4], [2, 3]]}]}`)
	for _, tc := range []struct {
		max        int
		want       int
		wantCapped int
	}{{2, 2, 4}, {4, 4, 2}, {10, 6, 0}} {
		sum, err := summary.Summarize(context.Background(), m, st, "acme", verity.NewCaller(), summary.Options{MaxSets: tc.max})
		if err != nil {
			t.Fatal(err)
		}
		s := sum.Sentences[0]
		if len(s.Receipt.Sets) != tc.want || s.Capped != tc.wantCapped {
			t.Errorf("MaxSets %d: %d sets, capped %d; want %d, %d", tc.max, len(s.Receipt.Sets), s.Capped, tc.want, tc.wantCapped)
		}
		for i := 1; i < len(s.Receipt.Sets); i++ {
			if len(s.Receipt.Sets[i]) < len(s.Receipt.Sets[i-1]) {
				t.Errorf("MaxSets %d: sets %v not smallest first", tc.max, s.Receipt.Sets)
			}
		}
	}
}

func TestSummarizeMalformedIsAnError(t *testing.T) {
	for _, tc := range []struct {
		name  string
		reply []string
		calls int
	}{
		{"not json, twice", []string{"Here is your summary: Acme uses Bitrix24.", "Sorry, Acme uses Bitrix24."}, 2},
		{"no usable receipt", []string{`{"sentences": [{"text": "Acme uses Bitrix24.", "sources": [[7]]}, {"text": "x", "sources": []}]}`}, 1},
		{"wrong shape, twice", []string{`{"sentences": [{"text": "a", "sources": "1"}]}`, `{"summary": "a"}`}, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st := newStore(passage("A", textA))
			m := scripted(tc.reply...)
			sum, err := summary.Summarize(context.Background(), m, st, "acme", verity.NewCaller(), summary.Options{})
			if verity.ErrorCode(err) != verity.EMALFORMED {
				t.Fatalf("Summarize = %+v, %v; want an EMALFORMED error", sum, err)
			}
			var me *llm.MalformedError
			if !errors.As(err, &me) || me.Raw == "" {
				t.Errorf("error %v does not carry the model's raw output", err)
			}
			if len(st.recs) != 0 {
				t.Errorf("stored %v after a failure, want nothing", st.order)
			}
			if m.Count(summary.TaskWrite) != tc.calls {
				t.Errorf("calls = %d, want %d", m.Count(summary.TaskWrite), tc.calls)
			}
		})
	}
}

func TestSummarizeRejectsSentencesItCannotCheck(t *testing.T) {
	st := newStore(passage("A", textA), passage("B", textB))
	m := scripted(`{"sentences": [
		{"text": "Acme uses Bitrix24.", "sources": [[1], [9]]},
		{"text": "   ", "sources": [[1]]},
		{"text": "Acme has 500 employees.", "sources": [[3, 1]]},
		{"text": "Acme has 120 employees.", "sources": [[1]]},
		{"text": "One too many.", "sources": [[2]]}
	]}`)
	sum, err := summary.Summarize(context.Background(), m, st, "acme", verity.NewCaller(), summary.Options{Sentences: 2})
	if err != nil {
		t.Fatal(err)
	}
	var reasons []string
	for _, r := range sum.Rejected {
		reasons = append(reasons, r.Reason)
	}
	if want := []string{"empty_text", "no_valid_sources", "over_limit"}; !slices.Equal(reasons, want) {
		t.Errorf("rejections = %v, want %v", reasons, want)
	}
	if len(sum.Sentences) != 2 || len(sum.Sentences[0].Receipt.Sets) != 1 || sum.Sentences[1].Position != 2 {
		t.Errorf("kept %+v, want 2 sentences, the first keeping only its valid set", sum.Sentences)
	}
}

func TestSummarizeNothingFound(t *testing.T) {
	st := newStore()
	m := scripted(`{"sentences": []}`)
	sum, err := summary.Summarize(context.Background(), m, st, "acme", verity.NewCaller(), summary.Options{})
	if err != nil || sum.Empty != summary.EmptyNoSources || m.Count("") != 0 {
		t.Errorf("Summarize over nothing = %+v, %v after %d calls; want empty %q with no call", sum, err, m.Count(""), summary.EmptyNoSources)
	}
	st = newStore(passage("A", textA))
	sum, err = summary.Summarize(context.Background(), m, st, "acme", verity.NewCaller(), summary.Options{})
	if err != nil || sum.Empty != summary.EmptyNoSentences || len(st.recs) != 0 {
		t.Errorf("Summarize with a model writing nothing = %+v, %v; want empty %q, nothing stored", sum, err, summary.EmptyNoSentences)
	}
}

func TestShowKeepsLiveSentences(t *testing.T) {
	ctx := context.Background()
	st := newStore(passage("A", textA), passage("B", textB), passage("C", textC))
	m := scripted(`{"sentences": [
		{"text": "Acme has 120 employees.", "sources": [[1]]},
		{"text": "Acme moved its sales to Bitrix24 in March 2025.", "sources": [[1], [2]]},
		{"text": "Romashka uses Bitrix24 every day.", "sources": [[3]]}
	]}`)
	sum, err := summary.Summarize(ctx, m, st, "bitrix24", verity.NewCaller(), summary.Options{})
	if err != nil {
		t.Fatal(err)
	}
	texts := func(ss []summary.Sentence) []int {
		var out []int
		for _, s := range ss {
			out = append(out, s.Position)
		}
		return out
	}
	for _, tc := range []struct {
		revoke    []string
		live      []int
		dead      []int
		wantState verity.RecordState
	}{
		{nil, []int{1, 2, 3}, nil, verity.StateAlive},
		{[]string{"A"}, []int{2, 3}, []int{1}, verity.StateAlive},
		{[]string{"A", "B"}, []int{3}, []int{1, 2}, verity.StateAlive},
		{[]string{"A", "B", "C"}, nil, []int{1, 2, 3}, verity.StateDead},
	} {
		st.revoked = map[string]bool{}
		for _, id := range tc.revoke {
			st.revoked[id] = true
		}
		v, err := summary.Show(ctx, st, sum.ID, st.access())
		if err != nil {
			t.Fatalf("Show after revoking %v: %v", tc.revoke, err)
		}
		if !slices.Equal(texts(v.Live), tc.live) || !slices.Equal(texts(v.Dead), tc.dead) || v.State != tc.wantState {
			t.Errorf("Show after revoking %v = live %v dead %v state %s; want %v, %v, %s", tc.revoke, texts(v.Live), texts(v.Dead), v.State, tc.live, tc.dead, tc.wantState)
		}
		if strings.Contains(v.Text, "120 employees") != slices.Contains(tc.live, 1) {
			t.Errorf("Show after revoking %v: text %q serves a dead sentence or drops a live one", tc.revoke, v.Text)
		}
	}
	// A caller who may read nothing sees no summary at all.
	_, err = summary.Show(ctx, st, sum.ID, summary.Access{Visible: func(verity.Ref) bool { return false }})
	if verity.ErrorCode(err) != verity.ENOTFOUND {
		t.Errorf("Show to a caller who can read nothing = %v, want ENOTFOUND", err)
	}
}
