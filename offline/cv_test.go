package offline

import (
	"flag"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// crossValidate runs TestCrossValidateSelection: go test ./offline -run
// TestCrossValidateSelection -cv all (or -cv 11,12 to leave those
// features out).
var crossValidate = flag.String("cv", "", "cross-validate answer selection within XQuAD's tune part: 'all' features, or the indexes of features to leave out")

// TestCrossValidateSelection compares answer-selection features without
// reading the held-out part: it fits selectWeights on half of the tune
// part's articles (positions 0, 1, 8, 9… or 4, 5, 12, 13…), selects with
// them on the other half, and prints coverage/precision there by the
// threshold on the best candidate's score, per language, both halves
// pooled.
func TestCrossValidateSelection(t *testing.T) {
	if *crossValidate == "" {
		t.Skip("run with -cv all, or -cv i,j to leave features i and j out")
	}
	drop := map[int]bool{}
	if *crossValidate != "all" {
		for _, f := range strings.Split(*crossValidate, ",") {
			i, err := strconv.Atoi(f)
			if err != nil || i < 0 || i >= nFeatures {
				t.Fatalf("-cv %q: want feature indexes below %d", *crossValidate, nFeatures)
			}
			drop[i] = true
		}
	}
	type question struct {
		q     fitQuestion
		cands []answerCand
		gold  []bool
	}
	var qs []question
	for _, q := range tuneQuestions(t) {
		c := question{q: q, cands: candidates(q.question, q.docs)}
		for i := range c.cands {
			for k := range drop {
				c.cands[i].x[k] = 0
			}
			c.gold = append(c.gold, q.answerable && holdsGold(c.cands[i].text, q.gold))
		}
		qs = append(qs, c)
	}
	type outcome struct {
		score    float64 // the best candidate's, 0 with none
		answered bool    // answerable
		correct  bool
		lang     string
	}
	var out []outcome
	for half := range 2 {
		var xs [][nFeatures]float64
		var ys []float64
		for _, c := range qs {
			if (c.q.article/4)%2 != half {
				for i := range c.cands {
					xs = append(xs, c.cands[i].x)
					ys = append(ys, map[bool]float64{true: 1}[c.gold[i]])
				}
			}
		}
		w, b := fitSelection(xs, ys)
		for _, c := range qs {
			if (c.q.article/4)%2 != half {
				continue
			}
			o := outcome{answered: c.q.answerable, lang: c.q.lang}
			cs := slices.Clone(c.cands)
			for i := range cs {
				z := b
				for k := range w {
					z += w[k] * cs[i].x[k]
				}
				cs[i].score = 1 / (1 + math.Exp(-z))
			}
			idx := make([]int, len(cs))
			for i := range idx {
				idx[i] = i
			}
			slices.SortStableFunc(idx, func(a, b int) int {
				switch {
				case cs[a].score > cs[b].score:
					return -1
				case cs[a].score < cs[b].score:
					return 1
				}
				return 0
			})
			if len(idx) > 0 {
				best := cs[idx[0]]
				o.score = best.score
				o.correct = c.gold[idx[0]]
				if len(idx) > 1 {
					second := cs[idx[1]]
					if second.score >= selectSecond*best.score && best.words+second.words <= selectMaxWords {
						o.correct = o.correct || c.gold[idx[1]]
					}
				}
			}
			out = append(out, o)
		}
	}
	for _, lang := range []string{"en", "ru"} {
		var line []string
		for _, th := range []float64{0.4, 0.5, 0.6, 0.7, 0.8} {
			var n, answered, correct int
			for _, o := range out {
				if o.lang != lang || !o.answered {
					continue
				}
				n++
				if o.score > 0 && o.score >= th {
					answered++
					if o.correct {
						correct++
					}
				}
			}
			line = append(line, fmt.Sprintf("%.1f: %.3f/%.3f", th, float64(correct)/float64(n), float64(correct)/math.Max(1, float64(answered))))
		}
		t.Logf("%s coverage/precision by threshold: %s", lang, strings.Join(line, "  "))
	}
}
