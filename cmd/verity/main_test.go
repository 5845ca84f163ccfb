package main

import (
	"os"
	"testing"

	"github.com/veritykb/verity/ingest"
	"github.com/veritykb/verity/ingest/ingesttest"
	"github.com/veritykb/verity/ingest/pdfchild"
	"github.com/veritykb/verity/postgres/pgtest"
)

// TestMain lets this test binary be the PDF child: the commands under test
// run os.Executable() — this binary — with pdfchild.Command, as verity runs
// itself, so tests exercise the real child, its limits and its killing,
// with a reader that misbehaves on the markers of ingesttest. It drops the
// PostgreSQL schemas the tests made (package pgtest).
func TestMain(m *testing.M) {
	if len(os.Args) > 1 && os.Args[1] == pdfchild.Command {
		os.Exit(pdfchild.Main(os.Args[2:], os.Stdin, os.Stdout, os.Stderr, ingesttest.Misbehaving(ingest.PDF)))
	}
	code := pgtest.Run(m)
	if built.dir != "" {
		os.RemoveAll(built.dir)
	}
	os.Exit(code)
}
