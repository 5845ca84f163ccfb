package sqlite_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/veritykb/verity/sqlite"
)

// TestOpenOddPath opens a store whose path holds what a URI reads as a
// query, a fragment or an escape: the file is where the path says.
func TestOpenOddPath(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "a#b?c%d")
	os.MkdirAll(dir, 0o755)
	path := filepath.Join(dir, "v 1.db")
	db, err := sqlite.Open(context.Background(), path, sqlite.Options{})
	if err != nil {
		t.Fatal(err)
	}
	db.Close()
	if _, err := os.Stat(path); err != nil {
		ents, _ := os.ReadDir(filepath.Dir(dir))
		var names []string
		for _, e := range ents {
			names = append(names, e.Name())
		}
		t.Fatalf("store not at %s: %v; beside it: %s", path, err, strings.Join(names, ", "))
	}
}
