package offline

import (
	"flag"
	"fmt"
	"testing"
)

var sweep = flag.Bool("sweep", false, "print the tune part's precision and coverage of selection by threshold")

// TestSweepSelection prints, for the tune part of XQuAD's development half,
// the precision and coverage of selectSentences at several thresholds.
func TestSweepSelection(t *testing.T) {
	if !*sweep {
		t.Skip("run with -sweep")
	}
	qs := tuneQuestions(t)
	type res struct {
		score, top2 float64
		ok, ans     bool
		lang        string
	}
	var rs []res
	for _, q := range qs {
		out := selectSentences(q.question, q.docs)
		r := res{ans: q.answerable, lang: "en"}
		if hasCyrillic(q.question) {
			r.lang = "ru"
		}
		if len(out) > 0 {
			for _, c := range out {
				r.score += c.score
				if q.answerable && holdsGold(c.text, q.gold) {
					r.ok = true
				}
			}
		}
		rs = append(rs, r)
	}
	for _, lang := range []string{"en", "ru"} {
		for _, th := range []float64{0, 0.5, 0.6, 0.7, 0.8, 0.85, 0.9, 0.95} {
			var ans, answered, correct, unans, falseAns int
			for _, r := range rs {
				if r.lang != lang {
					continue
				}
				given := r.score > 0 && r.score >= th
				if r.ans {
					ans++
					if given {
						answered++
						if r.ok {
							correct++
						}
					}
				} else {
					unans++
					if given {
						falseAns++
					}
				}
			}
			fmt.Printf("%s th %.2f: coverage %.3f precision %.3f false %.3f (answered %d)\n", lang, th,
				float64(correct)/float64(ans), float64(correct)/float64(max(answered, 1)), float64(falseAns)/float64(unans), answered)
		}
	}
}
