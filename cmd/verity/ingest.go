package main

import (
	"context"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/ingest"
	"github.com/veritykb/verity/kb"
	"github.com/veritykb/verity/printable"
	"github.com/veritykb/verity/render"
)

func (a *app) ingestCmd() *cobra.Command {
	var (
		acl     []string
		format  string
		maxSize = byteSize(ingest.DefaultMaxBytes)
		pf      pdfFlags
		id, uri string
		title   string
		hidden  bool
	)
	cmd := &cobra.Command{
		Use:   "ingest PATH...",
		Short: "Add files, folders, JSONL records or stdin to the store",
		Args:  cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			ctx := cmd.Context()
			if maxSize <= 0 {
				return verity.Errorf(verity.EINVALID, "--max-file-size must be positive")
			}
			if err := pf.check("file-timeout"); err != nil {
				return err
			}
			if cmd.Flags().Changed("max-bytes") && !a.json {
				fmt.Fprintln(a.stderr, "warning: --max-bytes is the old name of --max-file-size, which it still sets")
			}
			principals, err := parseACL(acl)
			if err != nil {
				return err
			}
			caller, svc, err := a.callerService(ctx)
			if err != nil {
				return err
			}
			bar := a.newProgress("ingest", totalBytes(args), true)
			req := kb.IngestRequest{ACL: principals, MaxBytes: int64(maxSize), FileTimeout: pf.timeout, PDF: a.pdfReader(pf),
				Format: format, ID: id, URI: uri, Title: title, Body: a.stdin, Undiscoverable: hidden,
				Read: func(ctx context.Context, opt ingest.Options, emit func(ingest.Item) error) error {
					return ingest.Walk(ctx, args, opt, emit)
				},
				Events: func(e kb.IngestEvent) {
					bar.Add(e.Bytes)
					switch {
					case a.json:
					case e.Warning != "":
						fmt.Fprintf(a.stderr, "warning: %s: %s\n", printable.Text(e.Where), printable.Text(e.Warning))
					case e.Failure != nil:
						fmt.Fprintf(a.stderr, "error: %s: %s\n", printable.Text(e.Failure.Where), printable.Text(e.Failure.Error))
					}
				}}
			sum, err := svc.Ingest(ctx, caller, req)
			interrupted := err != nil && ctx.Err() != nil
			bar.Done()
			if err != nil && !interrupted {
				return err
			}
			if a.json {
				if err := a.printJSON(sum); err != nil {
					return err
				}
			} else {
				render.Ingest(a.stdout, sum, a.storeName())
			}
			if interrupted {
				return err
			}
			if len(sum.Failed) > 0 {
				return errPartial
			}
			return nil
		},
	}
	f := cmd.Flags()
	f.StringArrayVar(&acl, "acl", nil, "principal allowed to read files and stdin, repeatable (default public)")
	f.StringVar(&format, "format", "", "force a reader: "+strings.Join(ingest.Formats, ", ")+" (default: by extension; sniffed for stdin)")
	f.Var(&maxSize, "max-file-size", "size budget: refuse files, stdin and JSONL lines larger than this (bytes, or with KiB, MiB, GiB)")
	// The old name is kept working, hidden; cobra would print its own
	// deprecation note on stdout, into --json output.
	f.Var(&maxSize, "max-bytes", "the old name of --max-file-size")
	f.MarkHidden("max-bytes")
	pf.register(cmd, "file-timeout", "time budget of reading one file; a PDF parse still running then is killed")
	f.StringVar(&id, "id", "", "id of the source read from stdin (default stdin)")
	f.StringVar(&uri, "uri", "", "uri of the source read from stdin (default stdin:ID)")
	f.StringVar(&title, "title", "", "title of the source read from stdin")
	f.BoolVar(&hidden, "undiscoverable", false, "make every source read undiscoverable: it gives no hints to callers who cannot read it")
	return cmd
}

// totalBytes sums the sizes of the files under paths, for the progress bar.
func totalBytes(paths []string) int64 {
	var n int64
	for _, p := range paths {
		if p == "-" {
			continue
		}
		if real, err := filepath.EvalSymlinks(p); err == nil {
			p = real // a linked folder counts; links inside it are not followed here
		}
		filepath.WalkDir(p, func(_ string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() {
				if info, err := d.Info(); err == nil {
					n += info.Size()
				}
			}
			return nil
		})
	}
	if n == 0 {
		if info, err := os.Stat(paths[0]); err == nil {
			n = info.Size()
		}
	}
	return n
}
