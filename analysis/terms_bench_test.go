package analysis

import (
	"strings"
	"testing"
)

var benchText = strings.Repeat("Права доступа сотрудников к производственным системам пересматриваются не реже одного раза в 12 месяцев. "+
	"Acme Logistics GmbH moved its sales and customer support to Bitrix24 in March 2025, says the head of sales. ", 50)

// BenchmarkTerms measures index-term extraction, the analysis share of
// ingest, beside Tokens alone (the floor: splitting without folding,
// stop words or stemming).
func BenchmarkTerms(b *testing.B) {
	b.SetBytes(int64(len(benchText)))
	b.Run("terms", func(b *testing.B) {
		b.SetBytes(int64(len(benchText)))
		for b.Loop() {
			Terms(benchText)
		}
	})
	b.Run("baseline-tokens", func(b *testing.B) {
		b.SetBytes(int64(len(benchText)))
		for b.Loop() {
			Tokens(benchText)
		}
	})
}
