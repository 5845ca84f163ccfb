package sqlite_test

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

func openTest(t testing.TB) *sqlite.DB {
	t.Helper()
	clock := time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)
	db, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "test.db"), sqlite.Options{Now: func() time.Time { return clock }})
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// TestBackup copies a store while it is open: the copy opens with the same
// sources, and a backup over an existing file is refused.
func TestBackup(t *testing.T) {
	db := openTest(t)
	ctx := context.Background()
	src := &verity.Source{ID: "a", URI: "u:a", System: "file", ACL: []verity.Principal{verity.Public}, Text: "one two"}
	if _, err := db.PutSource(ctx, src, []verity.Chunk{{Start: 0, End: 7, Text: "one two"}}); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "copy.db")
	if err := db.Backup(ctx, path); err != nil {
		t.Fatal(err)
	}
	if err := db.Backup(ctx, path); verity.ErrorCode(err) != verity.ECONFLICT {
		t.Errorf("Backup over an existing file = %v, want conflict", err)
	}
	cp, err := sqlite.Open(ctx, path, sqlite.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer cp.Close()
	res, err := cp.Search(ctx, verity.SearchQuery{Text: "two", Caller: verity.NewCaller(), K: 5})
	if err != nil || len(res.Results) != 1 || res.Results[0].SourceID != "a" {
		t.Errorf("search in the copy = %+v, %v; want source a", res, err)
	}
}

func put(t testing.TB, db *sqlite.DB, src *verity.Source) verity.PutOutcome {
	t.Helper()
	out, err := db.PutSource(context.Background(), src, ingest.Chunks(src, analysis.DefaultChunkOptions))
	if err != nil {
		t.Fatalf("PutSource(%s): %v", src.ID, err)
	}
	return out
}

func tenDigits(id int64) bool { return id >= 1_000_000_000 && id <= 9_999_999_999 }
