package eval

import (
	"context"
	"math"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// factJudge is a scripted entailment judge: a hypothesis is entailed when
// the premise holds every fact token (f1, f2, ...) the hypothesis names.
type factJudge struct{ calls []EntailmentPair }

var factToken = regexp.MustCompile(`\bf\d+\b`)

func (j *factJudge) Entail(_ context.Context, pairs []EntailmentPair) ([]bool, error) {
	out := make([]bool, len(pairs))
	for i, p := range pairs {
		j.calls = append(j.calls, p)
		have := factToken.FindAllString(p.Premise, -1)
		out[i] = true
		for _, f := range factToken.FindAllString(p.Hypothesis, -1) {
			if !slices.Contains(have, f) {
				out[i] = false
			}
		}
	}
	return out, nil
}

func docs(texts ...string) []CitationDoc {
	out := make([]CitationDoc, len(texts))
	for i, t := range texts {
		out[i] = CitationDoc{Title: "D" + string(rune('1'+i)), Text: t}
	}
	return out
}

// goldenItems exercise every rule of ALCE.md; the expected scores below
// were worked out by hand, sentence by sentence, in the comments.
var goldenItems = []CitationItem{
	{ID: "one", Docs: docs("f1 f2", "f2 f3", "f4"), Output: "Alpha f1 [1]. " + // rec 1, 1 cite, good 1
		"Beta f2 [1][2]. " + // rec 1; each alone entails: good 2 of 2
		"Gamma f1 f3 [1][2]. " + // rec 1; neither alone, and neither rest: both needed, good 2
		"Delta f1 [1][3]. " + // rec 1; [1] alone good; [3] alone no, rest [1] entails: over-citation
		"Eps f4 [2]. " + // rec 0, 1 cite, good 0
		"Zeta f5. " + // no citation: rec 0, no cites
		"Eta f4 [5]. " + // out of range: rec 0, no cites
		"Theta f1 [1, 2]. " + // default: [1,2], [2] over-cited, good 1 of 2; compat: "[1" only, good 1 of 1
		"Iota f4 [0].\n" + // default: out of range; compat: [0] wraps to D3 (f4): rec 1, good 1
		"Kappa f3 [2]."}, // second line: default only, rec 1, good 1
	{ID: "two", Docs: docs("f1", "f2", "f3", "f4"), Output: "Lambda f1 f2 f3 f4 [1][2][3][4]. " + // cut to 3 after the range check: rec 0, 3 cites
		"Mu f1 [1][1]."}, // compat: two citations of D1, both good; default: one
	{ID: "empty", Docs: docs("f1"), Output: "  "},
	{ID: "four", Docs: docs("f1"), Output: "Nu f1 [1]. Xi f2 [1]."},
}

func TestCitationScoresGolden(t *testing.T) {
	tests := []struct {
		name      string
		opt       CitationOptions
		rows      []CitationRow
		citations int
		over      int
	}{
		{"default", CitationOptions{}, []CitationRow{
			{ID: "one", Sentences: 10, Citations: 11, Recall: 6.0 / 10, Precision: 8.0 / 11},
			{ID: "two", Sentences: 2, Citations: 4, Recall: 0.5, Precision: 1.0 / 4},
			{ID: "four", Sentences: 2, Citations: 2, Recall: 0.5, Precision: 0.5},
		}, 17, 2},
		{"alce-compat", CitationOptions{ALCECompat: true}, []CitationRow{
			{ID: "one", Sentences: 9, Citations: 10, Recall: 6.0 / 9, Precision: 8.0 / 10},
			{ID: "two", Sentences: 2, Citations: 5, Recall: 0.5, Precision: 2.0 / 5},
			{ID: "four", Sentences: 2, Citations: 2, Recall: 0.5, Precision: 0.5},
		}, 17, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rep, err := CitationScores(context.Background(), goldenItems, &factJudge{}, tt.opt)
			if err != nil {
				t.Fatal(err)
			}
			if len(rep.Items) != len(tt.rows) {
				t.Fatalf("rows = %+v, want %+v", rep.Items, tt.rows)
			}
			var sumR, sumP float64
			for i, want := range tt.rows {
				got := rep.Items[i]
				if got.ID != want.ID || got.Sentences != want.Sentences || got.Citations != want.Citations ||
					!near(got.Recall, want.Recall) || !near(got.Precision, want.Precision) {
					t.Errorf("row %d = %+v, want %+v", i, got, want)
				}
				sumR += want.Recall
				sumP += want.Precision
			}
			wantR, wantP := 100*sumR/3, 100*sumP/3
			if !near(rep.Recall, wantR) || !near(rep.Precision, wantP) || !near(rep.F1, 2*wantR*wantP/(wantR+wantP)) {
				t.Errorf("report R %.4f P %.4f F1 %.4f, want R %.4f P %.4f", rep.Recall, rep.Precision, rep.F1, wantR, wantP)
			}
			if rep.Scored != 3 || rep.Skipped != 1 || rep.Answers != 4 || rep.Citations != tt.citations || rep.OverCitations != tt.over {
				t.Errorf("counts: scored %d skipped %d answers %d citations %d over %d", rep.Scored, rep.Skipped, rep.Answers, rep.Citations, rep.OverCitations)
			}
		})
	}
}

func near(a, b float64) bool { return math.Abs(a-b) < 1e-9 }

func TestCitationJudgeSees(t *testing.T) {
	j := &factJudge{}
	items := []CitationItem{{Docs: []CitationDoc{{Title: "Paris", Text: "f1 is the capital."}, {Title: "T2", Text: "ignored", Sent: "f2 only this sentence."}}, Output: "Capital f1 [1][2]."}}
	if _, err := CitationScores(context.Background(), items, j, CitationOptions{}); err != nil {
		t.Fatal(err)
	}
	want := []EntailmentPair{
		{Premise: "Title: Paris\nf1 is the capital.\nTitle: T2\nf2 only this sentence.", Hypothesis: "Capital f1."},
		{Premise: "Title: Paris\nf1 is the capital.", Hypothesis: "Capital f1."},
		{Premise: "Title: T2\nf2 only this sentence.", Hypothesis: "Capital f1."},
		{Premise: "Title: Paris\nf1 is the capital.", Hypothesis: "Capital f1."},
	}
	if !slices.Equal(j.calls, want) {
		t.Errorf("judge calls = %q\nwant %q", j.calls, want)
	}
}

func TestRemoveCitationsALCE(t *testing.T) {
	for in, want := range map[string]string{
		"Paris is the capital [1][2].": "Paris is the capital.",
		"A [1, 2] b":                   "A, 2 b",
		"Pipe | x [3]":                 "Pipe x",
	} {
		if got := strings.TrimSpace(removeCitationsALCE(in)); got != want {
			t.Errorf("removeCitationsALCE(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestLoadCitationItems(t *testing.T) {
	tests := []struct {
		name, in string
		n        int
		output   string
		docs     int
	}{
		{"alce result file", `{"args": {}, "data": [{"question": "q", "output": "A [1].", "docs": [{"title": "t", "text": "x"}]}]}`, 1, "A [1].", 1},
		{"array with answer and documents", `[{"id": 7, "answer": "B [1].", "documents": [{"title": "t", "text": "x"}, {"title": "u", "text": "y"}]}]`, 1, "B [1].", 2},
		{"json lines", "{\"output\": \"C.\", \"docs\": []}\n\n{\"output\": \"D.\", \"docs\": []}\n", 2, "C.", 0},
	}
	for _, tt := range tests {
		items, err := LoadCitationItems(strings.NewReader(tt.in))
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if len(items) != tt.n || items[0].Output != tt.output || len(items[0].Docs) != tt.docs {
			t.Errorf("%s: items = %+v", tt.name, items)
		}
	}
	for _, bad := range []string{"", "plain text", `[{"docs": []}]`, "{\"output\": \"x\"}\nnot json"} {
		if _, err := LoadCitationItems(strings.NewReader(bad)); err == nil {
			t.Errorf("LoadCitationItems(%q) accepted it", bad)
		}
	}
}

// FuzzCitationSentences: any answer text splits without panicking, and
// every citation kept is a valid document index.
func FuzzCitationSentences(f *testing.F) {
	for _, s := range []string{"A [1]. B [0].", "[1, 2][3", "x\n[99] y [1][1][1][1].", "…[2]"} {
		f.Add(s, 3, false)
	}
	f.Fuzz(func(t *testing.T, out string, ndocs int, compat bool) {
		ndocs = ndocs % 8
		if ndocs < 0 {
			ndocs = -ndocs
		}
		it := CitationItem{Output: out, Docs: make([]CitationDoc, ndocs)}
		for _, s := range citedSentences(it, CitationOptions{ALCECompat: compat, MaxCitations: 3}) {
			if s.outOfRange {
				continue
			}
			if len(s.refs) > 3 {
				t.Fatalf("%q: %d citations kept, want at most 3", out, len(s.refs))
			}
			for _, r := range s.refs {
				if r < 0 || r >= ndocs {
					t.Fatalf("%q with %d docs: citation index %d", out, ndocs, r)
				}
			}
		}
	})
}
