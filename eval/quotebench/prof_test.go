package quotebench_test

import (
	"testing"
	"path/filepath"
	"github.com/veritykb/verity/eval/quotebench"
)

func BenchmarkDevRun(b *testing.B) {
	corpus, err := quotebench.LoadSciFact(filepath.Join("..", "..", "..", "shared", "data", "scifact", "corpus.jsonl"))
	if err != nil { b.Skip() }
	cases := quotebench.Generate(quotebench.DevSeed, 700, corpus, quotebench.Dev)
	b.ResetTimer()
	for b.Loop() {
		quotebench.Run(cases, locate)
	}
}
