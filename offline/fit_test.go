package offline

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/veritykb/verity/eval"
)

// fit runs TestFitSelection, which refits selectWeights: go test
// ./offline -run TestFitSelection -fit [-data DIR].
var (
	fit     = flag.Bool("fit", false, "fit the answer-selection weights on XQuAD's tune part and print them")
	fitData = flag.String("data", "../../shared/data", "folder holding xquad-ru-dev/ and xquad-en-dev/")
)

// fitQuestion is one question of the tune part as one fold asks it: the
// five passages a plain BM25 finds over the fold's articles.
type fitQuestion struct {
	question   string
	gold       []string
	answerable bool
	docs       []answerDoc
	article    int    // the article's position in its language's corpus
	lang       string // "ru" or "en"
}

// tuneQuestions reads XQuAD's development halves and returns the questions
// of the part tuning may use (articles at positions 0, 1, 4, 5…, as
// eval.XQuADAnswers splits them), each asked in both folds. The held-out
// articles are never read past their title.
func tuneQuestions(t *testing.T) []fitQuestion {
	var out []fitQuestion
	for _, lang := range []string{"ru", "en"} {
		dir := filepath.Join(*fitData, "xquad-"+lang+"-dev")
		type rec struct{ ID, Title, Text string }
		var docs []rec
		readLines(t, filepath.Join(dir, "corpus.jsonl"), func(b []byte) {
			var r rec
			if err := json.Unmarshal(b, &r); err != nil {
				t.Fatal(err)
			}
			docs = append(docs, r)
		})
		pos, byID := map[string]int{}, map[string]rec{}
		for _, d := range docs {
			byID[d.ID] = d
			if _, ok := pos[d.Title]; !ok {
				pos[d.Title] = len(pos)
			}
		}
		type qa struct {
			Question string   `json:"question"`
			SourceID string   `json:"source_id"`
			Answers  []string `json:"answers"`
		}
		var qs []qa
		readLines(t, filepath.Join(dir, "qa.jsonl"), func(b []byte) {
			var q qa
			if err := json.Unmarshal(b, &q); err != nil {
				t.Fatal(err)
			}
			qs = append(qs, q)
		})
		for fold := range 2 {
			var bd []eval.BaselineDoc
			for _, d := range docs {
				if pos[d.Title]%2 == fold {
					bd = append(bd, eval.BaselineDoc{ID: d.ID, Text: d.Title + " " + d.Text})
				}
			}
			base := eval.NewBaseline(bd, eval.BaselineParams.K1, eval.BaselineParams.B)
			for _, q := range qs {
				title := byID[q.SourceID].Title
				if (pos[title]/2)%2 == 1 {
					continue // held out of tuning
				}
				fq := fitQuestion{question: q.Question, gold: q.Answers, answerable: pos[title]%2 == fold, article: pos[title], lang: lang}
				for i, id := range base.Search(q.Question, 5) {
					fq.docs = append(fq.docs, answerDoc{N: i + 1, Title: byID[id].Title, Text: byID[id].Text})
				}
				out = append(out, fq)
			}
		}
	}
	return out
}

func readLines(t *testing.T, path string, fn func([]byte)) {
	f, err := os.Open(path)
	if err != nil {
		t.Skipf("XQuAD not found: %v", err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		fn(sc.Bytes())
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
}

// TestFitSelection fits selectWeights by logistic regression: every
// candidate sentence of every tune-part question is an example, labelled
// by whether it holds a gold answer (an unanswerable question's candidates
// hold none). Weights that say more of the question's evidence makes an
// answer less likely are held at zero (focus, context, predicate, value,
// compactness, names, nearness never count against a sentence; rank never
// for it), so that what is fitted on Wikipedia paragraphs keeps its sense on
// a wiki page or a chat thread.
func TestFitSelection(t *testing.T) {
	if !*fit {
		t.Skip("run with -fit to refit the selection weights")
	}
	var xs [][nFeatures]float64
	var ys []float64
	qs := tuneQuestions(t)
	for _, q := range qs {
		for _, c := range candidates(q.question, q.docs) {
			y := 0.0
			if q.answerable && holdsGold(c.text, q.gold) {
				y = 1
			}
			xs = append(xs, c.x)
			ys = append(ys, y)
		}
	}
	w, b := fitSelection(xs, ys)
	parts := make([]string, len(w))
	for k, x := range w {
		parts[k] = fmt.Sprintf("%.3f", x)
	}
	t.Logf("%d questions, %d candidates\nselectWeights = [nFeatures]float64{%s}\nselectBias    = %.3f", len(qs), len(xs), strings.Join(parts, ", "), b)
}

// fitSelection fits a logistic regression of ys on xs by gradient descent,
// with the signs of the weights held as TestFitSelection says.
func fitSelection(xs [][nFeatures]float64, ys []float64) ([nFeatures]float64, float64) {
	var w [nFeatures]float64
	b := 0.0
	const lr, l2 = 0.5, 0.001
	for range 8000 {
		var gw [nFeatures]float64
		gb := 0.0
		for i, x := range xs {
			z := b
			for k := range w {
				z += w[k] * x[k]
			}
			e := 1/(1+math.Exp(-z)) - ys[i]
			for k := range w {
				gw[k] += e * x[k]
			}
			gb += e
		}
		n := float64(len(xs))
		for k := range w {
			w[k] -= lr * (gw[k]/n + l2*w[k])
			switch k {
			case fOwn, fContext, fPredicate, fValue, fCompact, fAbout, fNear, fPhrase, fHolds:
				w[k] = math.Max(w[k], 0)
			case fRank:
				w[k] = math.Min(w[k], 0)
			}
		}
		b -= lr * gb / n
	}
	return w, b
}

func holdsGold(text string, gold []string) bool {
	t := strings.ToLower(text)
	for _, g := range gold {
		if g = strings.ToLower(g); g != "" && strings.Contains(t, g) {
			return true
		}
	}
	return false
}
