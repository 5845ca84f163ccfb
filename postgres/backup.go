package postgres

import (
	"context"

	"github.com/veritykb/verity"
)

// Backup refuses: a PostgreSQL store is backed up by the database's own
// tools, which also give point-in-time recovery, or copied whole to a
// SQLite file by verity copy.
func (d *DB) Backup(ctx context.Context, path string) error {
	return verity.Errorf(verity.EINVALID, "backup: a PostgreSQL store is backed up with pg_dump --schema=%s (or copied to a file with: verity copy --from POSTGRES-URL --to %s)", d.schema, path)
}
