package sqlite

import (
	"context"
	"errors"
	"io/fs"
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
	// The copy holds every source: it is created readable by its owner
	// alone (VACUUM INTO writes into an empty file).
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if errors.Is(err, fs.ErrExist) {
		return verity.Errorf(verity.ECONFLICT, "backup: %s exists already; give a new file", path)
	}
	if err != nil {
		return verity.Errorf(verity.EINVALID, "backup: %w", err)
	}
	f.Close()
	if _, err := d.SQL().ExecContext(ctx, `VACUUM INTO ?`, path); err != nil {
		os.Remove(path)
		return verity.Errorf(verity.EINVALID, "backup to %s: %w", path, err)
	}
	return nil
}
