// Command verity is Verity's command-line interface: ingest sources, search
// them under a caller's rights, extract quoted facts, answer questions with
// verified citations and revoke sources.
//
// Configuration enters here and only here: flags, then environment variables
// (VERITY_DB, VERITY_MODEL, provider keys), parsed once and passed down as values.
package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/veritykb/verity/ingest"
	"github.com/veritykb/verity/ingest/pdfchild"
)

// stopGrace is how long a command may take to stop after an interrupt
// before it is ended at once. The store stays consistent either way: a
// transaction not committed is rolled back by SQLite.
const stopGrace = 1800 * time.Millisecond

func main() {
	// The PDF child limits itself before anything else runs (package
	// ingest/pdfchild).
	if len(os.Args) > 1 && os.Args[1] == pdfchild.Command {
		os.Exit(pdfchild.Main(os.Args[2:], os.Stdin, os.Stdout, os.Stderr, ingest.PDF))
	}
	ctx, cancel := context.WithCancel(context.Background())
	sigs := make(chan os.Signal, 2)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	var grace atomic.Int64
	grace.Store(int64(stopGrace))
	go stopOnSignal(sigs, cancel, func() time.Duration { return time.Duration(grace.Load()) }, os.Stderr, os.Exit)
	a := &app{stdin: os.Stdin, stdout: os.Stdout, stderr: os.Stderr, getenv: os.Getenv, now: time.Now,
		drain: func(d time.Duration) { grace.Store(int64(max(d, stopGrace))) }}
	code := runApp(ctx, a, os.Args[1:])
	cancel()
	os.Exit(code)
}

// stopOnSignal cancels the run at the first interrupt or SIGTERM, so the
// command stops, keeps what it committed and says what it stored; at a
// second signal, or when the command has not stopped within grace (stopGrace,
// or what a draining server asked for), it exits at once with 130.
func stopOnSignal(sigs <-chan os.Signal, cancel context.CancelFunc, grace func() time.Duration, stderr *os.File, exit func(int)) {
	<-sigs
	cancel()
	select {
	case <-sigs:
		fmt.Fprintln(stderr, "verity: interrupted again: exiting now; everything committed is kept")
	case <-time.After(grace()):
		fmt.Fprintln(stderr, "verity: still stopping after the interrupt: exiting now; everything committed is kept")
	}
	exit(130)
}
