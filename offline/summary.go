package offline

import (
	"context"
	"strings"

	"github.com/veritykb/verity/analysis"
	"github.com/veritykb/verity/llm"
	"github.com/veritykb/verity/quote"
)

// TaskSummary is the summary task (package summary's contract): sentences
// about a topic from numbered documents, each with its own receipt.
const TaskSummary = "summary.write"

func init() { register(TaskSummary, summaryWrite) }

// Settings of the extractive summarizer.
const (
	// summaryLambda weighs relevance against novelty in the greedy
	// maximal-marginal-relevance pick: 1 would pick by relevance alone and
	// repeat itself, 0 would ignore the topic.
	summaryLambda = 0.7
	// duplicateOverlap is the stem overlap (Jaccard) from which a candidate
	// says the same as a sentence already picked and is skipped.
	duplicateOverlap = 0.8
	// minSummaryWords and maxSummaryWords bound the sentences worth picking:
	// shorter ones are headings and fragments, longer ones are lists and
	// run-ons the sentence splitter could not cut.
	minSummaryWords = 4
	maxSummaryWords = 80
	// quoteReceipt is the lowest quote.Locate score at which a document
	// counts as holding a sentence: normalized or near-verbatim, never a
	// paraphrase.
	quoteReceipt = 0.9
)

// summaryDoc is one numbered document of a summary or audit request.
type summaryDoc struct {
	N     int    `json:"n"`
	Title string `json:"title"`
	Text  string `json:"text"`
}

// summarySentence is one sentence of the answer with its receipt.
type summarySentence struct {
	Text    string  `json:"text"`
	Sources [][]int `json:"sources"`
}

// summaryWrite answers summary.write extractively: it picks the documents'
// own sentences most relevant to the topic and least like those already
// picked, and gives each one set per document that contains it (exactly or
// near-verbatim, found by quote.Locate) — a receipt correct by
// construction, capped at max_sets in document order.
func summaryWrite(_ context.Context, e *Engine, req *llm.Request) (any, error) {
	var v struct {
		Topic        string       `json:"topic"`
		MaxSentences int          `json:"max_sentences"`
		MaxSets      int          `json:"max_sets"`
		Documents    []summaryDoc `json:"documents"`
	}
	if err := decodeVars(req, &v); err != nil {
		return nil, err
	}
	if v.MaxSentences <= 0 {
		v.MaxSentences = 6
	}
	picked := pickSentences(v.Topic, v.Documents, v.MaxSentences, e.support.NearStem)
	pages := make([]*quote.Page, len(v.Documents))
	out := make([]summarySentence, 0, len(picked))
	for _, text := range picked {
		s := summarySentence{Text: text, Sources: [][]int{}}
		for i, d := range v.Documents {
			if v.MaxSets > 0 && len(s.Sources) == v.MaxSets {
				break
			}
			if pages[i] == nil {
				pages[i] = quote.NewPage(d.Text)
			}
			if m := pages[i].Locate(text, quote.Options{NoRepair: true}); m.Found && m.Score >= quoteReceipt {
				s.Sources = append(s.Sources, []int{d.N})
			}
		}
		out = append(out, s)
	}
	return struct {
		Sentences []summarySentence `json:"sentences"`
	}{out}, nil
}

// candidate is a sentence of a document that a summary may pick.
type candidate struct {
	text  string
	stems map[string]bool
	rel   float64
}

// pickSentences returns up to n sentences of docs about topic, by greedy
// maximal marginal relevance: each pick maximizes λ·relevance − (1−λ)·the
// highest stem overlap with a sentence already picked, relevance being the
// IDF-weighted share of the topic's stems a sentence holds. Sentences with
// no topic stem are never picked, nor near-duplicates of picked ones. Ties
// go to the earlier document and sentence, so the pick depends on nothing
// but the input.
func pickSentences(topic string, docs []summaryDoc, n int, near float64) []string {
	query := analyze(topic).stems()
	analyzed := make([]*doc, len(docs))
	for i, d := range docs {
		analyzed[i] = analyze(d.Text)
	}
	x := idfOf(analyzed...)
	var cands []candidate
	for _, d := range analyzed {
		for _, s := range d.Sents {
			text := strings.TrimSpace(d.Text[s.Span.Start:s.Span.End])
			words := s.Last - s.First
			if words < minSummaryWords || words > maxSummaryWords || analysis.IsHeadingLine(text) || strings.Contains(text, "\n") {
				continue
			}
			stems := d.stemSet(s.First, s.Last)
			rel, _ := coverage(query, stems, x, near)
			if rel > 0 {
				cands = append(cands, candidate{text: text, stems: stems, rel: rel})
			}
		}
	}
	var picked []string
	var pickedStems []map[string]bool
	used := make([]bool, len(cands))
	for len(picked) < n {
		best, bestScore := -1, 0.0
		for i, c := range cands {
			if used[i] {
				continue
			}
			sim := 0.0
			for _, p := range pickedStems {
				sim = max(sim, jaccard(c.stems, p))
			}
			if sim >= duplicateOverlap {
				used[i] = true
				continue
			}
			score := summaryLambda*c.rel - (1-summaryLambda)*sim
			if best < 0 || score > bestScore {
				best, bestScore = i, score
			}
		}
		if best < 0 {
			break
		}
		used[best] = true
		picked = append(picked, cands[best].text)
		pickedStems = append(pickedStems, cands[best].stems)
	}
	return picked
}

// jaccard returns |a ∩ b| / |a ∪ b| of two stem sets, 0 for two empty ones.
func jaccard(a, b map[string]bool) float64 {
	inter := 0
	for s := range a {
		if b[s] {
			inter++
		}
	}
	union := len(a) + len(b) - inter
	if union == 0 {
		return 0
	}
	return float64(inter) / float64(union)
}
