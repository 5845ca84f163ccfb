package main

import (
	"context"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/ingest"
	"github.com/veritykb/verity/kb"
)

func (a *app) ingestCmd() *cobra.Command {
	var (
		acl      []string
		format   string
		maxBytes int64
		id, uri  string
		title    string
	)
	cmd := &cobra.Command{
		Use:   "ingest PATH...",
		Short: "Add files, folders, JSONL records or stdin to the store",
		Long: `Ingest reads sources into the store and indexes them for search.

PATH is a file, a folder (read recursively; hidden entries and unknown file
types are skipped) or - for standard input. Files may be .txt, .md, .html,
.pdf or .jsonl. A source's id is its path as given, or the record's "id".

ACL: files, folders and stdin are readable by the principals given with
--acl, and by everyone (public) when no --acl is given. JSONL records carry
their own "acl"; a record without one is readable by no one (with a warning).

JSONL connector format, one record per line (Confluence, Jira, Slack exports):
  {"id","uri","system","title","author","acl":[principals],"updated_at","text"}
with "html" instead of "text" for HTML pages. author is an email or user:EMAIL.

Re-ingesting a source with changed text makes a new version and swaps its
chunks atomically; unchanged text is a no-op. The quotes that summary
sentences, answer statements and extracted edges rest on are then looked
for in the new version: found, they move to it; gone, they are revoked
(logged, by "relocate" and "extract"), and what rested on them alone is
retracted; a quote relocation revoked that comes back is restored. An id
already used for another uri is refused. Bad input is reported with its
file and line and the rest is still ingested; the exit code is 1 when
anything failed.

Rights: ingesting needs the curator role (the local operator has it). A
curator may re-ingest a source it may read and narrow who may read it, but
widening its ACL needs an admin; an id taken by a source the caller cannot
read is refused as taken, and nothing of that source is shown.`,
		Example: `  verity ingest notes/ handbook.pdf
  verity ingest --acl group:finance --acl user:cfo@corp.example reports/
  verity ingest confluence-export.jsonl
  curl -s https://example.org/ | verity ingest --format html --id example-home -`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			ctx := cmd.Context()
			principals := make([]verity.Principal, 0, len(acl))
			for _, s := range acl {
				p, err := verity.ParsePrincipal(s)
				if err != nil {
					return verity.Errorf(verity.EINVALID, "--acl: %w", err)
				}
				principals = append(principals, p)
			}
			if len(principals) == 0 {
				principals = []verity.Principal{verity.Public}
			}
			caller, svc, err := a.callerService(ctx)
			if err != nil {
				return err
			}
			run, err := svc.Ingest(ctx, caller)
			if err != nil {
				return err
			}
			sum := &run.Report
			for _, p := range principals {
				sum.FileACL = append(sum.FileACL, string(p))
			}
			bar := a.newProgress("ingest", totalBytes(args), true)
			opts := ingest.Options{ACL: principals, MaxBytes: maxBytes, Format: format, StdinID: id, StdinURI: uri, StdinTitle: title, Stdin: a.stdin, Now: a.now}
			printFailure := func(f kb.IngestFailure) {
				if !a.json {
					fmt.Fprintf(a.stderr, "error: %s: %s\n", clean(f.Where), clean(f.Error))
				}
			}
			// Sources are stored in batches, one transaction each: an
			// interrupted or failed run keeps every batch stored before it.
			var (
				batch      []kb.Item
				batchBytes int
			)
			flush := func() error {
				if len(batch) == 0 {
					return nil
				}
				failed, err := run.Put(ctx, batch)
				for _, f := range failed {
					printFailure(f)
				}
				batch, batchBytes = batch[:0], 0
				return err
			}
			err = ingest.Walk(ctx, args, opts, func(it ingest.Item) error {
				bar.Add(it.Bytes)
				sum.Bytes += it.Bytes
				if it.Warning != "" {
					run.Warn(it.Where, it.Warning)
					if !a.json {
						fmt.Fprintf(a.stderr, "warning: %s: %s\n", clean(it.Where), clean(it.Warning))
					}
				}
				if it.Err != nil {
					printFailure(run.Fail(it.Where, it.Err))
					return nil
				}
				batch = append(batch, kb.Item{Where: it.Where, Source: it.Source})
				batchBytes += len(it.Source.Text)
				if len(batch) >= 64 || batchBytes >= 8<<20 {
					return flush()
				}
				return nil
			})
			interrupted := err != nil && ctx.Err() != nil
			if err == nil {
				err = flush()
			} else if interrupted {
				// What was read in full is stored, briefly past the
				// interrupt; the rest is not, and the store stays whole.
				fctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), time.Second)
				if _, ferr := run.Put(fctx, batch); ferr == nil {
					batch = nil
				}
				cancel()
			}
			bar.Done()
			if err != nil && !interrupted {
				return err
			}
			if a.json {
				if err := a.printJSON(sum); err != nil {
					return err
				}
			} else {
				fmt.Fprintf(a.stdout, "ingested into %s: %d new, %d new versions, %d metadata updates, %d unchanged, %d failed; %d chunks indexed\n",
					a.storePath(), sum.Created, sum.NewVersion, sum.Metadata, sum.Unchanged, len(sum.Failed), sum.Chunks)
				fmt.Fprintf(a.stdout, "files and stdin readable by: %s (JSONL records use their own acl)\n", strings.Join(sum.FileACL, ", "))
				if s := relocationLine(sum.Relocation); s != "" {
					fmt.Fprintln(a.stdout, s)
				}
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
	f.Int64Var(&maxBytes, "max-bytes", ingest.DefaultMaxBytes, "refuse files and JSONL lines larger than this")
	f.StringVar(&id, "id", "", "id of the source read from stdin (default stdin)")
	f.StringVar(&uri, "uri", "", "uri of the source read from stdin (default stdin:ID)")
	f.StringVar(&title, "title", "", "title of the source read from stdin")
	return cmd
}

// totalBytes sums the sizes of the files under paths, for the progress bar.
func totalBytes(paths []string) int64 {
	var n int64
	for _, p := range paths {
		if p == "-" {
			continue
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
