//go:build !linux

package pdfchild

import "os"

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

// peakBytes is 0 where the child's peak memory is not read.
func peakBytes(*os.ProcessState) int64 { return 0 }
