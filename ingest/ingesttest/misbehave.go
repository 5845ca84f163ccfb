package ingesttest

import (
	"bytes"
	"context"
	"time"
)

// Markers a test PDF carries to make [Misbehaving] act as a parser on a
// hostile file could: the test of a PDF child process runs it as the
// child's reader, after the child has limited itself.
const (
	MarkHang  = "%verity-test: hang"  // never returns
	MarkSpin  = "%verity-test: spin"  // burns CPU without end
	MarkGrow  = "%verity-test: grow"  // allocates without end
	MarkPanic = "%verity-test: panic" // crashes on a goroutine nothing recovers
)

// Misbehaving returns read, unless the data carries a marker: then it
// hangs, spins, grows or crashes the process as the marker says. read is
// an ingest.PDFReader, and so is what Misbehaving returns.
func Misbehaving(read func(context.Context, []byte) (string, error)) func(context.Context, []byte) (string, error) {
	return func(ctx context.Context, data []byte) (string, error) {
		switch {
		case bytes.Contains(data, []byte(MarkHang)):
			time.Sleep(time.Hour)
		case bytes.Contains(data, []byte(MarkSpin)):
			for {
			}
		case bytes.Contains(data, []byte(MarkGrow)):
			var keep [][]byte
			for {
				b := make([]byte, 8<<20)
				for i := range b {
					b[i] = 1
				}
				keep = append(keep, b)
			}
		case bytes.Contains(data, []byte(MarkPanic)):
			done := make(chan struct{})
			go func() { panic("the parser gave up") }()
			<-done
		}
		return read(ctx, data)
	}
}
