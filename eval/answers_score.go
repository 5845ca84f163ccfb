package eval

import (
	"math"
	"slices"
	"strings"
	"unicode"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/answer"
)

// AnswersReport is what `verity eval answers` reports: Verity's answers
// beside the plain baseline's over the same stores and questions, overall,
// per part (tuned on, held out) and per fold, and the goals of answering.
type AnswersReport struct {
	Dataset   string       `json:"dataset"`
	Title     string       `json:"-"`
	Questions int          `json:"questions"`
	Articles  int          `json:"articles,omitempty"`
	Folds     []AnswerFold `json:"folds"`
	Model     string       `json:"model"`
	Verity    AnswerSide   `json:"verity"`
	Baseline  AnswerSide   `json:"baseline"`
	Goals     []AnswerGoal `json:"goals"`
	// Items are the per-question rows, for --items.
	Items []AnswerItem `json:"-"`
}

// AnswerFold is one store of a run: the records it holds and how many of
// the questions asked over it are answerable there.
type AnswerFold struct {
	Fold         int `json:"fold"`
	Records      int `json:"records"`
	Answerable   int `json:"answerable"`
	Unanswerable int `json:"unanswerable"`
}

// AnswerSide is one answerer's scores: over every question, per part of
// the dataset (tuned on, held out) and per fold.
type AnswerSide struct {
	Name  string                 `json:"name"`
	All   AnswerScore            `json:"all"`
	Parts map[string]AnswerScore `json:"parts,omitempty"`
	Folds []AnswerScore          `json:"folds"`
}

// AnswerScore scores a set of answers. Coverage is correct answers over
// answerable questions; precision correct answers over answered answerable
// questions; false answers are answers to unanswerable questions. An
// answer is correct when its text contains a gold answer (case-insensitive).
type AnswerScore struct {
	Answerable   int     `json:"answerable"`
	Answered     int     `json:"answered"` // answerable questions answered
	Correct      int     `json:"correct"`
	Coverage     float64 `json:"coverage"`
	Precision    float64 `json:"precision"`
	Unanswerable int     `json:"unanswerable"`
	FalseAnswers int     `json:"false_answers"`
	FalseRate    float64 `json:"false_answer_rate"`
	// NotFound counts the "not found" outcomes by reason, over answerable
	// and unanswerable questions alike.
	NotFound map[string]int `json:"not_found"`
	// MeanClaims and MeanWords are per answer given (answerable or not).
	MeanClaims float64 `json:"mean_claims"`
	MeanWords  float64 `json:"mean_words"`
}

// AnswerGoal is one goal of answering and whether Verity met it.
type AnswerGoal struct {
	Name string  `json:"name"`
	Want string  `json:"want"`
	Got  float64 `json:"got"`
	Hard bool    `json:"hard"` // a hard goal; the others are aims
	Met  bool    `json:"met"`
}

// AnswerItem is one question of a run with both answers.
type AnswerItem struct {
	Fold       int      `json:"fold"`
	Part       string   `json:"part,omitempty"`
	Answerable bool     `json:"answerable"`
	Question   string   `json:"question"`
	Gold       []string `json:"gold"`
	SourceID   string   `json:"source_id,omitempty"` // the record the question was written about
	Outcome    string   `json:"outcome"`
	Reason     string   `json:"not_found_reason,omitempty"`
	Answer     string   `json:"answer"`
	Cited      []string `json:"cited"`
	Correct    bool     `json:"correct"`
	Claims     int      `json:"claims"`
	Words      int      `json:"words"`
	// OffTopic counts claims the relevance gate turned away; Parts is how
	// many parts a compound question was split into.
	OffTopic        int    `json:"off_topic,omitempty"`
	Parts           int    `json:"parts,omitempty"`
	Baseline        string `json:"baseline"`
	BaselineCited   string `json:"baseline_cited,omitempty"`
	BaselineCorrect bool   `json:"baseline_correct"`
}

func newAnswerItem(q askedQA, a *answer.Answer, base baselineReply) AnswerItem {
	it := AnswerItem{Fold: q.Fold, Part: q.Part, Answerable: q.Answerable, Question: q.Question, Gold: q.Answers,
		SourceID: q.SourceID, Outcome: string(a.Outcome), Reason: string(a.NotFoundReason), Cited: []string{},
		Baseline: base.Text, BaselineCited: base.SourceID, Parts: len(a.Parts)}
	if it.Gold == nil {
		it.Gold = []string{}
	}
	if a.Outcome == answer.Answered {
		it.Answer = answer.StripMarkers(a.Text)
		it.Claims, it.Words = len(a.Claims), wordCount(it.Answer)
		it.Correct = containsGold(it.Answer, q.Answers)
		for _, s := range a.Sources {
			it.Cited = append(it.Cited, s.SourceID)
		}
	}
	for _, u := range a.Unverified {
		if u.Reason == answer.ReasonOffTopic {
			it.OffTopic++
		}
	}
	it.BaselineCorrect = base.Text != "" && containsGold(base.Text, q.Answers)
	return it
}

// containsGold reports whether text contains one of the gold answers:
// its words, in order and adjacent, after SQuAD's answer normalization
// (lower case, punctuation and the English articles a, an, the dropped,
// runs of spaces made one). Whole words only, so that "2" is not found in
// "2015"; the gold's stray punctuation ("два.") and double spaces, which
// XQuAD's answers carry, do not count against an answer.
func containsGold(text string, gold []string) bool {
	t := answerWords(text)
	for _, g := range gold {
		gw := answerWords(g)
		if len(gw) == 0 || len(gw) > len(t) {
			continue
		}
		for i := 0; i+len(gw) <= len(t); i++ {
			if slices.Equal(t[i:i+len(gw)], gw) {
				return true
			}
		}
	}
	return false
}

// answerWords is s normalized as SQuAD's evaluation normalizes answers,
// split into words.
func answerWords(s string) []string {
	s = strings.Map(func(r rune) rune {
		if unicode.IsPunct(r) || unicode.IsSymbol(r) {
			return ' '
		}
		return unicode.ToLower(r)
	}, s)
	words := strings.Fields(s)
	return slices.DeleteFunc(words, func(w string) bool { return w == "a" || w == "an" || w == "the" })
}

func wordCount(s string) int { return len(strings.Fields(s)) }

// score fills the report's sides and goals from its items.
func (r *AnswersReport) score(items []AnswerItem) {
	r.Items = items
	r.Verity = side("verity", items, func(it AnswerItem) reply {
		return reply{answered: it.Outcome == string(answer.Answered), correct: it.Correct, reason: it.Reason, claims: it.Claims, words: it.Words}
	}, len(r.Folds))
	r.Baseline = side("top sentence of the top search result", items, func(it AnswerItem) reply {
		ok := it.Baseline != ""
		r := reply{answered: ok, correct: it.BaselineCorrect, words: wordCount(it.Baseline)}
		if ok {
			r.claims = 1
		} else {
			r.reason = "nothing found"
		}
		return r
	}, len(r.Folds))
	v := r.Verity
	r.Goals = []AnswerGoal{
		{Name: "precision", Want: "≥ 0.95", Got: v.All.Precision, Hard: true, Met: v.All.Precision >= 0.95},
	}
	for i, f := range v.Folds {
		if f.Unanswerable > 0 {
			r.Goals = append(r.Goals, AnswerGoal{Name: "false answers, fold " + string(rune('1'+i)), Want: "≤ 0.02", Got: f.FalseRate, Hard: true, Met: f.FalseRate <= 0.02})
		}
	}
	r.Goals = append(r.Goals,
		AnswerGoal{Name: "coverage", Want: "≥ 0.75", Got: v.All.Coverage, Met: v.All.Coverage >= 0.75},
		AnswerGoal{Name: "claims per answer", Want: "≤ 1.5", Got: v.All.MeanClaims, Met: v.All.MeanClaims <= 1.5},
		AnswerGoal{Name: "words per answer", Want: "≤ 40", Got: v.All.MeanWords, Met: v.All.MeanWords <= 40},
	)
}

// reply is one answer as scoring reads it.
type reply struct {
	answered, correct bool
	reason            string
	claims, words     int
}

func side(name string, items []AnswerItem, read func(AnswerItem) reply, folds int) AnswerSide {
	s := AnswerSide{Name: name, Folds: make([]AnswerScore, folds)}
	var all scoreSum
	parts := map[string]*scoreSum{}
	perFold := make([]scoreSum, folds)
	for _, it := range items {
		r := read(it)
		all.add(it, r)
		if it.Part != "" {
			if parts[it.Part] == nil {
				parts[it.Part] = &scoreSum{}
			}
			parts[it.Part].add(it, r)
		}
		if it.Fold >= 1 && it.Fold <= folds {
			perFold[it.Fold-1].add(it, r)
		}
	}
	s.All = all.score()
	if len(parts) > 0 {
		s.Parts = map[string]AnswerScore{}
		for p, sum := range parts {
			s.Parts[p] = sum.score()
		}
	}
	for i := range perFold {
		s.Folds[i] = perFold[i].score()
	}
	return s
}

type scoreSum struct {
	AnswerScore
	answers, claims, words int
}

func (s *scoreSum) add(it AnswerItem, r reply) {
	if s.NotFound == nil {
		s.NotFound = map[string]int{}
	}
	if it.Answerable {
		s.Answerable++
		if r.answered {
			s.Answered++
			if r.correct {
				s.Correct++
			}
		}
	} else {
		s.Unanswerable++
		if r.answered {
			s.FalseAnswers++
		}
	}
	if r.answered {
		s.answers++
		s.claims += r.claims
		s.words += r.words
	} else if r.reason != "" {
		s.NotFound[r.reason]++
	}
}

func (s *scoreSum) score() AnswerScore {
	out := s.AnswerScore
	if out.NotFound == nil {
		out.NotFound = map[string]int{}
	}
	out.Coverage = ratio(out.Correct, out.Answerable)
	out.Precision = ratio(out.Correct, out.Answered)
	out.FalseRate = ratio(out.FalseAnswers, out.Unanswerable)
	out.MeanClaims = ratio(s.claims, s.answers)
	out.MeanWords = ratio(s.words, s.answers)
	return out
}

// baselineReply is the plain baseline's answer: one sentence and the
// record it came from, or nothing when search found nothing.
type baselineReply struct {
	Text, SourceID string
}

// baselineAnswer is the plain baseline: the sentence of the top search
// result's chunk that holds the most of the question's words, each weighed
// by its IDF over that chunk's sentences (ties go to the earlier
// sentence). It never says "not found" unless search found nothing. Like
// [Baseline], it shares no text analysis with Verity: its words are
// [BaselineTerms] and its sentences end at . ! ? … before a space.
func baselineAnswer(question string, res *verity.SearchResults) baselineReply {
	if res == nil || len(res.Results) == 0 {
		return baselineReply{}
	}
	top := res.Results[0]
	sents := baselineSentences(top.Chunk.Text)
	if len(sents) == 0 {
		return baselineReply{}
	}
	terms := make([]map[string]bool, len(sents))
	df := map[string]int{}
	for i, s := range sents {
		terms[i] = map[string]bool{}
		for _, t := range BaselineTerms(s) {
			if !terms[i][t] {
				terms[i][t] = true
				df[t]++
			}
		}
	}
	q := BaselineTerms(question)
	slices.Sort(q)
	q = slices.Compact(q)
	best, bestScore := 0, -1.0
	for i := range sents {
		score := 0.0
		for _, t := range q {
			if terms[i][t] {
				score += math.Log(1 + float64(len(sents))/float64(df[t]))
			}
		}
		if score > bestScore {
			best, bestScore = i, score
		}
	}
	return baselineReply{Text: sents[best], SourceID: top.SourceID}
}

// baselineSentences splits text after . ! ? or … followed by white space,
// and at line breaks.
func baselineSentences(text string) []string {
	var out []string
	start := 0
	rs := []rune(text)
	flush := func(end int) {
		if s := strings.TrimSpace(string(rs[start:end])); s != "" {
			out = append(out, s)
		}
		start = end
	}
	for i, r := range rs {
		switch {
		case r == '\n':
			flush(i + 1)
		case strings.ContainsRune(".!?…", r) && i+1 < len(rs) && unicode.IsSpace(rs[i+1]):
			flush(i + 1)
		}
	}
	flush(len(rs))
	return out
}
