package sqlstore

import (
	"context"
	"fmt"

	"github.com/veritykb/verity"
)

// Ready reports whether the store answers and every embedded migration has
// run: what a server's readiness probe asks before it sends traffic here.
func (d *DB) Ready(ctx context.Context) error {
	names, err := d.migrationNames()
	if err != nil {
		return fmt.Errorf("ready: %w", err)
	}
	var applied int
	if err := d.q().QueryRowContext(ctx, `SELECT count(*) FROM schema_migrations`).Scan(&applied); err != nil {
		return verity.Errorf(verity.EUNAVAILABLE, "store not reachable: %w", err)
	}
	if applied < len(names) {
		return verity.Errorf(verity.EUNAVAILABLE, "store has %d of %d migrations applied", applied, len(names))
	}
	return nil
}
