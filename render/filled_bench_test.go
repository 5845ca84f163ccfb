package render

import (
	"encoding/json"
	"testing"

	"github.com/veritykb/verity"
)

// BenchmarkFilled compares Filled with encoding the same 1,000 search
// results, in one process: go test ./render -run XXX -bench Filled
func BenchmarkFilled(b *testing.B) {
	res := &verity.SearchResults{Hints: []verity.Hint{}}
	for i := 0; i < 1000; i++ {
		res.Results = append(res.Results, verity.SearchResult{Title: "t", Chunk: verity.Chunk{Text: "some passage text of a chunk that is about this long, repeated a bit for realism"}})
	}
	b.Run("filled", func(b *testing.B) {
		for b.Loop() {
			Filled(res)
		}
	})
	b.Run("encode", func(b *testing.B) {
		for b.Loop() {
			json.Marshal(res)
		}
	})
}
