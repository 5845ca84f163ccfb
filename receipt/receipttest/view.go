package receipttest

import (
	"context"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/receipt"
)

// View is the view a test hands a pipeline for caller over st, built by
// the rule the service layer uses (a source through its ACL, a record
// through a live set of its receipt), without a service: pipelines take a
// view and never build one, so their tests build it here.
func View(ctx context.Context, st receipt.Lookup, caller verity.Caller) *receipt.Viewer {
	return receipt.StoreViewer(ctx, st, caller.CanRead, receipt.ViewOptions{})
}
