// Command verity is Verity's command-line interface: ingest sources, search
// them under a caller's rights, and (as later parts land) extract quoted facts,
// answer questions with verified citations and revoke sources.
//
// Configuration enters here and only here: flags, then environment variables
// (VERITY_DB, VERITY_MODEL, provider keys), parsed once and passed down as values.
package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"

	"github.com/veritykb/verity/ingest"
)

func main() {
	// The PDF child limits itself before anything else runs (pdfchild.go).
	if len(os.Args) > 1 && os.Args[1] == readPDFCommand {
		os.Exit(readPDFMain(os.Args[2:], os.Stdin, os.Stdout, os.Stderr, ingest.PDF))
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr, os.Getenv)
	stop()
	os.Exit(code)
}
