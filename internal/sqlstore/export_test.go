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

// SetIndexSizes makes segments keep their lists inline below inline docs
// and merges read page lists of a segment at a time, until restore.
func SetIndexSizes(inline, page int) (restore func()) {
	oldInline, oldPage := inlineDocs, mergePage
	inlineDocs, mergePage = inline, page
	return func() { inlineDocs, mergePage = oldInline, oldPage }
}
