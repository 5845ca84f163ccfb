package sqlite_test

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/veritykb/verity"
)

// synthCorpus builds n sources of about 1 KB of Zipf-distributed words in
// English and Russian, so term statistics look like real text.
func synthCorpus(n int, seed uint64) []*verity.Source {
	r := rand.New(rand.NewPCG(seed, 1))
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
