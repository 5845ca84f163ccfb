package storetest

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/veritykb/verity"
)

// SynthCorpus builds n sources of about 1 KB of Zipf-distributed words in
// English and Russian, so term statistics look like real text. A third of
// them are readable only by one of ten groups.
func SynthCorpus(n int, seed uint64) []*verity.Source {
	r := rand.New(rand.NewPCG(seed, 1))
	vocab := synthVocab()
	zipf := rand.NewZipf(rand.New(rand.NewPCG(seed, 2)), 1.1, 1, uint64(len(vocab)-1))
	out := make([]*verity.Source, n)
	for i := range out {
		var b strings.Builder
		for b.Len() < 1000 {
			b.WriteString(vocab[zipf.Uint64()])
			if r.IntN(12) == 0 {
				b.WriteString(". ")
			} else {
				b.WriteByte(' ')
			}
		}
		acl := []verity.Principal{verity.Public}
		if i%3 == 0 {
			acl = []verity.Principal{verity.Principal(fmt.Sprintf("group:g%d", i%10))}
		}
		out[i] = &verity.Source{ID: fmt.Sprintf("s%d", i), URI: fmt.Sprintf("https://x/%d", i), System: "file", Title: vocab[zipf.Uint64()], ACL: acl, Text: b.String()}
	}
	return out
}

func synthVocab() []string {
	vocab := make([]string, 20000)
	en := []string{"data", "model", "team", "sales", "budget", "report", "system", "policy", "review", "access"}
	ru := []string{"данные", "модель", "команда", "продажи", "бюджет", "отчёт", "система", "политика", "проверка", "доступ"}
	for i := range vocab {
		base := en[i%len(en)]
		if i%2 == 1 {
			base = ru[i%len(ru)]
		}
		vocab[i] = fmt.Sprintf("%s%d", base, i/len(en))
	}
	return vocab
}

// SynthQueries draws queries of 2–6 words from the same vocabulary, skewed
// toward the frequent words real queries mostly use.
func SynthQueries(n int, seed uint64) []string {
	vocab := synthVocab()
	r := rand.New(rand.NewPCG(seed, 3))
	zipf := rand.NewZipf(rand.New(rand.NewPCG(seed, 4)), 1.05, 1, 2000)
	qs := make([]string, n)
	for i := range qs {
		var ws []string
		for range 2 + r.IntN(5) {
			ws = append(ws, vocab[zipf.Uint64()])
		}
		qs[i] = strings.Join(ws, " ")
	}
	return qs
}
