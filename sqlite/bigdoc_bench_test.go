package sqlite_test

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/analysis"
	"github.com/veritykb/verity/ingest"
	"github.com/veritykb/verity/sqlite"
)

// BenchmarkSearchLargeDocuments searches a store of large documents (20
// of about 2 MB each, the size of a long PDF's text), where every result
// is one chunk of a big version: what a search reads per result is the
// point.
//
//	go test -run '^$' -bench SearchLargeDocuments -count 5 ./sqlite/
func BenchmarkSearchLargeDocuments(b *testing.B) {
	ctx := context.Background()
	db, err := sqlite.Open(ctx, filepath.Join(b.TempDir(), "big.db"), sqlite.Options{})
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	for d := range 20 {
		var sb strings.Builder
		for p := 0; sb.Len() < 2<<20; p++ {
			fmt.Fprintf(&sb, "Paragraph %d of report %d: the quarterly audit of warehouse %d found %d pallets of stock and %d open orders.\n\n", p, d, p%97, p*7%1000, p*13%500)
		}
		fmt.Fprintf(&sb, "The zephyrine clause of report %d binds the supplier.\n", d)
		src := &verity.Source{ID: fmt.Sprintf("R-%d", d), URI: fmt.Sprintf("https://docs.example/%d", d), System: "web", Title: fmt.Sprintf("Report %d", d),
			ACL: []verity.Principal{verity.Public}, Text: sb.String()}
		if _, err := db.PutSource(ctx, src, ingest.Chunks(src, analysis.DefaultChunkOptions)); err != nil {
			b.Fatal(err)
		}
	}
	q := verity.SearchQuery{Text: "zephyrine clause supplier", K: 10, Caller: verity.NewCaller()}
	b.ResetTimer()
	for b.Loop() {
		res, err := db.Search(ctx, q)
		if err != nil || len(res.Results) != 10 {
			b.Fatalf("Search = %d results, %v", len(res.Results), err)
		}
	}
}
