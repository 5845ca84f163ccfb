package offline

import (
	"flag"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/veritykb/verity/answer"
)

// wrongAnswers runs TestWrongAnswers: go test ./offline -run
// TestWrongAnswers -wrong [-v].
var wrongAnswers = flag.Bool("wrong", false, "classify the offline engine's wrong answers on XQuAD's tune part")

// TestWrongAnswers selects answers for the tune part's questions as
// TestFitSelection asks them (the five passages a plain BM25 finds, both
// folds) and sorts each wrong answer to an answerable question by where the
// sentence holding a gold answer was: never a candidate (the gate turned it
// away, or no sentence holds the gold whole), the sentence next to the
// chosen one, another sentence of the chosen passage, or another passage;
// with -v it lists them. It reads no held-out article.
func TestWrongAnswers(t *testing.T) {
	if !*wrongAnswers {
		t.Skip("run with -wrong")
	}
	type count struct{ answered, wrong int }
	byType := map[answer.QuestionType]*count{}
	byWhere := map[string]int{}
	for _, q := range tuneQuestions(t) {
		if !q.answerable {
			continue
		}
		out := selectSentences(q.question, q.docs)
		if len(out) == 0 {
			continue
		}
		typ := answer.ReadQuestion(q.question).Type
		if byType[typ] == nil {
			byType[typ] = &count{}
		}
		byType[typ].answered++
		if slices.ContainsFunc(out, func(c answerCand) bool { return holdsGold(c.text, q.gold) }) {
			continue
		}
		byType[typ].wrong++
		cands := candidates(q.question, q.docs)
		best := out[0]
		where := "gold in another passage"
		switch i := slices.IndexFunc(cands, func(c answerCand) bool { return holdsGold(c.text, q.gold) }); {
		case i < 0:
			where = "gold sentence never a candidate"
		case cands[i].rank == best.rank && (cands[i].order == best.order-1 || cands[i].order == best.order+1):
			where = "gold in the neighbouring sentence"
		case cands[i].rank == best.rank:
			where = "gold in another sentence of the passage"
		}
		byWhere[q.lang+": "+where]++
		t.Logf("%s %s | %q | gold %q | chose %.2f %q", q.lang, where, q.question, q.gold, best.score, best.text)
	}
	var lines []string
	for k, n := range byWhere {
		lines = append(lines, fmt.Sprintf("%s %d", k, n))
	}
	for typ, c := range byType {
		lines = append(lines, fmt.Sprintf("type %s: %d answered, %d wrong", typ, c.answered, c.wrong))
	}
	slices.Sort(lines)
	t.Log("\n" + strings.Join(lines, "\n"))
}
