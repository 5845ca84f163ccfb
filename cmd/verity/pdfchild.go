package main

import (
	"os"
	"time"

	"github.com/spf13/cobra"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/ingest"
	"github.com/veritykb/verity/ingest/pdfchild"
)

// defaultPDFMemory is the memory a PDF child may use unless --pdf-memory
// says otherwise.
const defaultPDFMemory = 1 << 30

// pdfFlags are the budgets of reading one PDF, shared by ingest, check,
// crawl and research.
type pdfFlags struct {
	timeout time.Duration
	memory  byteSize
}

// register adds the timeout flag under name, and --pdf-memory, to cmd.
func (pf *pdfFlags) register(cmd *cobra.Command, name, usage string) {
	f := cmd.Flags()
	pf.memory = defaultPDFMemory
	f.DurationVar(&pf.timeout, name, ingest.DefaultFileTimeout, usage)
	f.Var(&pf.memory, "pdf-memory", "memory a PDF parse may use; it runs in a child process that is killed past it (Linux)")
}

func (pf *pdfFlags) check(name string) error {
	if pf.timeout <= 0 {
		return verity.Errorf(verity.EINVALID, "--%s must be positive, got %s", name, pf.timeout)
	}
	if pf.memory < 64<<20 {
		return verity.Errorf(verity.EINVALID, "--pdf-memory must be at least 64MiB, got %s", pf.memory.String())
	}
	return nil
}

// pdfReader is the PDF reader the commands use: the in-process
// [ingest.PDF] run in a child process of this same binary, which is killed
// at the deadline and limits its own memory and CPU (package
// ingest/pdfchild; main dispatches its hidden subcommand).
func (a *app) pdfReader(pf pdfFlags) ingest.PDFReader {
	exe, err := os.Executable()
	if err != nil {
		a.log.Warn("reading PDFs in this process, without a deadline that can stop the parser: the verity executable was not found", "err", err)
		return ingest.PDF
	}
	c := &pdfchild.Reader{Exe: exe, Timeout: pf.timeout, Memory: int64(pf.memory)}
	return c.Read
}
