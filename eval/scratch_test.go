package eval

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/analysis"
	"github.com/veritykb/verity/ingest"
	"github.com/veritykb/verity/sqlite"
)

// The harnesses' store interfaces are what the SQLite store offers.
var (
	_ ReceiptsStore = (*sqlite.DB)(nil)
	_ SourceReader  = (*sqlite.DB)(nil)
)

// scratchStore is a fresh SQLite store holding sf's abstracts as
// cmd/verity's scratch store holds them: public sources under their doc
// ids, chunked the default way. It is closed when the test ends.
func scratchStore(t *testing.T, sf *SciFact) *sqlite.DB {
	t.Helper()
	ctx := context.Background()
	now := func() time.Time { return time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC) }
	db, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), "scifact.db"), sqlite.Options{Now: now})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	for _, d := range sf.Docs {
		src := &verity.Source{
			ID: d.ID, URI: "https://doi.org/scifact/" + d.ID, System: "scifact", Title: d.Title,
			ACL: []verity.Principal{verity.Public}, Text: d.Text(),
		}
		if _, err := db.PutSource(ctx, src, ingest.Chunks(src, analysis.DefaultChunkOptions)); err != nil {
			t.Fatal(err)
		}
	}
	return db
}
