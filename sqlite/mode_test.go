package sqlite_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/veritykb/verity/sqlite"
)

// TestFilesOwnerOnly: a new store, its WAL and a backup are created
// readable by their owner alone, whatever the umask: they hold every
// source (issue 29, finding 5e).
func TestFilesOwnerOnly(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	path := filepath.Join(dir, "v.db")
	db, err := sqlite.Open(ctx, path, sqlite.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	backup := filepath.Join(dir, "backup.db")
	if err := db.Backup(ctx, backup); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{path, path + "-wal", backup} {
		info, err := os.Stat(p)
		if err != nil {
			t.Fatal(err)
		}
		if perm := info.Mode().Perm(); perm&0o077 != 0 {
			t.Errorf("%s has mode %04o, want no access for others", filepath.Base(p), perm)
		}
	}
}
