package sqlite

import (
	"context"
	"os"

	"github.com/veritykb/verity"
)

// Backup writes a consistent copy of the live store to path, a file that
// must not exist yet: SQLite's VACUUM INTO reads one snapshot of the store
// while other connections go on reading and writing, and writes it
// compacted. The copy opens like any store.
func (d *DB) Backup(ctx context.Context, path string) error {
	if path == "" {
		return verity.Errorf(verity.EINVALID, "backup: give a file to write")
	}
	if _, err := os.Stat(path); err == nil {
		return verity.Errorf(verity.ECONFLICT, "backup: %s exists already; give a new file", path)
	}
	if _, err := d.SQL().ExecContext(ctx, `VACUUM INTO ?`, path); err != nil {
		os.Remove(path)
		return verity.Errorf(verity.EINVALID, "backup to %s: %w", path, err)
	}
	return nil
}
