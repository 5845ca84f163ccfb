package main

import (
	"bytes"
	"context"
	"os"
	"testing"
	"time"

	"github.com/veritykb/verity/ingest"
	"github.com/veritykb/verity/postgres/pgtest"
)

// TestMain lets this test binary be the PDF child: the commands under test
// run os.Executable() — this binary — with readPDFCommand, as verity runs
// itself, so tests exercise the real child, its limits and its killing. It
// drops the PostgreSQL schemas the tests made (package pgtest).
func TestMain(m *testing.M) {
	if len(os.Args) > 1 && os.Args[1] == readPDFCommand {
		os.Exit(readPDFMain(os.Args[2:], os.Stdin, os.Stdout, os.Stderr, misbehavingPDF))
	}
	code := pgtest.Run(m)
	if built.dir != "" {
		os.RemoveAll(built.dir)
	}
	os.Exit(code)
}

// Markers a test PDF carries to make the child misbehave as a parser on a
// hostile file could, after the child has limited itself.
const (
	markHang  = "%verity-test: hang"  // never returns
	markSpin  = "%verity-test: spin"  // burns CPU without end
	markGrow  = "%verity-test: grow"  // allocates without end
	markPanic = "%verity-test: panic" // crashes on a goroutine nothing recovers
)

// misbehavingPDF is [ingest.PDF], unless data carries a marker.
func misbehavingPDF(ctx context.Context, data []byte) (string, error) {
	switch {
	case bytes.Contains(data, []byte(markHang)):
		time.Sleep(time.Hour)
	case bytes.Contains(data, []byte(markSpin)):
		for {
		}
	case bytes.Contains(data, []byte(markGrow)):
		var keep [][]byte
		for {
			b := make([]byte, 8<<20)
			for i := range b {
				b[i] = 1
			}
			keep = append(keep, b)
		}
	case bytes.Contains(data, []byte(markPanic)):
		done := make(chan struct{})
		go func() { panic("the parser gave up") }()
		<-done
	}
	return ingest.PDF(ctx, data)
}
