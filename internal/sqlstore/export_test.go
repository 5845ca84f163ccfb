package sqlstore

import (
	"context"

	"github.com/veritykb/verity"
)

// CopyInBatches is [DB.CopyTo] with batches of n rows, so that a test can
// interrupt a small store's copy between batches.
func (d *DB) CopyInBatches(ctx context.Context, dst any, n int, progress func(verity.CopyProgress)) (*verity.CopyReport, error) {
	return d.copyTo(ctx, dst, n, progress)
}

// CopyTables lists the tables a copy moves, in order.
func CopyTables() []string {
	out := make([]string, len(copyTables))
	for i, t := range copyTables {
		out[i] = t.name
	}
	return out
}

// NotCopied lists the tables a copy leaves alone.
func NotCopied() []string { return notCopied }
