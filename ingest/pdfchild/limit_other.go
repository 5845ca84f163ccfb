//go:build !linux

package pdfchild

import "runtime/debug"

// limitSelf limits the PDF child where only Linux's resource limits are
// not at hand: the Go heap's soft limit is set, which makes the collector
// work hard but refuses no allocation, and there is no CPU limit. The
// parent's deadline, which kills the child, is the bound that holds
// everywhere.
func limitSelf(memory int64, cpu int) error {
	if memory > 0 {
		debug.SetMemoryLimit(memory)
	}
	return nil
}
