package sqlite_test

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/veritykb/verity/internal/storetest"
	"github.com/veritykb/verity/sqlite"
)

// TestConformance runs the store suite that the PostgreSQL store passes too.
func TestConformance(t *testing.T) { storetest.Run(t, openSuite) }

// openSuite opens stores for the suite: a file in the test's own folder,
// the same file for the same name.
func openSuite(t testing.TB, name string) storetest.Store {
	t.Helper()
	dir := t.TempDir()
	if name != "" {
		dir = storetest.Named(t, name, t.TempDir)
	} else {
		name = "test"
	}
	db, err := sqlite.Open(context.Background(), filepath.Join(dir, name+".db"), sqlite.Options{Now: func() time.Time { return storetest.Clock }})
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}
