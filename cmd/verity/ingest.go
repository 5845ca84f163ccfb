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
)

func (a *app) ingestCmd() *cobra.Command {
	var (
		acl     []string
		format  string
		maxSize = byteSize(ingest.DefaultMaxBytes)
		pf      pdfFlags
		id, uri string
		title   string
	)
	cmd := &cobra.Command{
		Use:   "ingest PATH...",
		Short: "Add files, folders, JSONL records or stdin to the store",
		Long: `Ingest reads sources into the store and indexes them for search.

PATH is a file, a folder (read recursively; hidden entries and unknown file
types are skipped) or - for standard input. Files may be .txt, .md, .html,
.pdf or .jsonl. A source's id is its path as given, or the record's "id".
Symbolic links are followed, to files and to folders (a linked file or
folder is read under the link's path); a link that leads back to a folder
above it (a cycle), a second link to a folder already read, and a link whose
target is missing are each reported as failed, never skipped in silence.

Budgets: every file (and stdin) has a size budget, --max-file-size (64MiB
by default; also the longest JSONL line), checked before it is read, and a
time budget, --file-timeout (30s), for reading its text. A file over either
is reported as failed with the reason and the rest is read and stored.
(--max-bytes is the old name of --max-file-size and still works.) PDF text
is extracted in a child process of verity, because the PDF library cannot
be interrupted: the child is killed at --file-timeout, limits itself to
--pdf-memory (1GiB; address space beyond its start and Go heap, on Linux)
and to --file-timeout plus one second of CPU, and a killed or crashed child
is a failed file ("PDF parse took longer than 30s: killed", "PDF parse
exceeded 1024 MiB: killed", "broken PDF: ..."). Page trees that loop,
streams that inflate past 256 MiB and HTML nested more than 512 elements
deep are refused before they are parsed. A JSONL file is many sources and is
not timed as a whole.

ACL: files, folders and stdin are readable by the principals given with
--acl, and by everyone (public) when no --acl is given. JSONL records carry
their own "acl"; a record without one is readable by no one (with a warning).

JSONL connector format, one record per line (Confluence, Jira, Slack exports):
  {"id","uri","system","title","author","acl":[principals],"updated_at","text"}
with "html" instead of "text" for HTML pages. author is an email or user:EMAIL.

Re-ingesting a source with a changed title or text makes a new version and
swaps its chunks atomically; a changed ACL, system, author or updated_at
alone is a metadata update; nothing changed is a no-op, neither versioned
nor logged. A JSONL record without "updated_at" keeps the stored time while
its title and text are unchanged (so re-ingesting the same line is a
no-op), and gets the ingest time when it is new or they changed.

Each source that changed gets a line naming the fields that did. An ACL
change says whether it narrowed who may read (a principal removed, unless
public remains) or widened it (a principal added, unless public was
there), or both, and lists the principals removed and added:
  CONF-101: metadata: acl narrowed (removed public; added group:staff), author
  handbook.md: new version 3: text

The quotes that summary sentences, answer statements and extracted edges
rest on are then looked for in each new version: found, they move to it;
gone, they are revoked (logged, by "relocate" and "extract"), and what
rested on them alone is retracted; a quote relocation revoked that comes
back is restored.

One uri, one source, per system: an id already used for another uri is
refused, and so is a uri another id of the same system already has (the
same uri in another system is another source; a revoked source keeps its
uri). The refusal names that other source only when the caller may read
it. Bad input is reported with its file and line and the rest is still
ingested; the exit code is 1 when anything failed.

Rights: ingesting needs the curator role (the local operator has it). A
curator may re-ingest a source it may read and narrow who may read it, but
widening its ACL needs an admin; an id or a uri taken by a source the
caller cannot read is refused as taken, and nothing of that source is shown.

--json prints {"created","new_version","metadata","unchanged","changes":
[{"where","id","outcome","version","fields","acl":{"added","removed",
"narrowed","widened"}}],"acl_narrowed","acl_widened","failed":[{"where",
"code","error"}],"warnings","chunks","bytes","file_acl","relocation"}.`,
		Example: `  verity ingest notes/ handbook.pdf
  verity ingest --acl group:finance --acl user:cfo@corp.example reports/
  verity ingest confluence-export.jsonl
  verity ingest --file-timeout 2m --max-file-size 256MiB scans/
  curl -s https://example.org/ | verity ingest --format html --id example-home -`,
		Args: cobra.MinimumNArgs(1),
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
			principals := make([]verity.Principal, 0, len(acl))
			for _, s := range acl {
				p, err := verity.ParsePrincipal(s)
				if err != nil {
					return verity.Errorf(verity.EINVALID, "--acl: %w", err)
				}
				principals = append(principals, p)
			}
			caller, svc, err := a.callerService(ctx)
			if err != nil {
				return err
			}
			bar := a.newProgress("ingest", totalBytes(args), true)
			req := kb.IngestRequest{ACL: principals, MaxBytes: int64(maxSize), FileTimeout: pf.timeout, PDF: a.pdfReader(pf),
				Format: format, ID: id, URI: uri, Title: title, Body: a.stdin,
				Read: func(ctx context.Context, opt ingest.Options, emit func(ingest.Item) error) error {
					return ingest.Walk(ctx, args, opt, emit)
				},
				Events: func(e kb.IngestEvent) {
					bar.Add(e.Bytes)
					switch {
					case a.json:
					case e.Warning != "":
						fmt.Fprintf(a.stderr, "warning: %s: %s\n", clean(e.Where), clean(e.Warning))
					case e.Failure != nil:
						fmt.Fprintf(a.stderr, "error: %s: %s\n", clean(e.Failure.Where), clean(e.Failure.Error))
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
				for _, c := range sum.Changes {
					fmt.Fprintln(a.stdout, changeLine(c))
				}
				fmt.Fprintf(a.stdout, "ingested into %s: %d new, %d new versions, %d metadata updates, %d unchanged, %d failed; %d chunks indexed\n",
					a.storeName(), sum.Created, sum.NewVersion, sum.Metadata, sum.Unchanged, len(sum.Failed), sum.Chunks)
				if sum.ACLNarrowed+sum.ACLWidened > 0 {
					fmt.Fprintf(a.stdout, "acls: %d narrowed, %d widened\n", sum.ACLNarrowed, sum.ACLWidened)
				}
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
	f.Var(&maxSize, "max-file-size", "size budget: refuse files, stdin and JSONL lines larger than this (bytes, or with KiB, MiB, GiB)")
	// The old name is kept working, hidden; cobra would print its own
	// deprecation note on stdout, into --json output.
	f.Var(&maxSize, "max-bytes", "the old name of --max-file-size")
	f.MarkHidden("max-bytes")
	pf.register(cmd, "file-timeout", "time budget of reading one file; a PDF parse still running then is killed")
	f.StringVar(&id, "id", "", "id of the source read from stdin (default stdin)")
	f.StringVar(&uri, "uri", "", "uri of the source read from stdin (default stdin:ID)")
	f.StringVar(&title, "title", "", "title of the source read from stdin")
	return cmd
}

// changeLine describes one changed source: its id, what the put did and
// the fields it changed, such as
//
//	CONF-101: metadata: acl narrowed (removed public; added group:staff), author
func changeLine(c kb.IngestChange) string {
	what := "metadata"
	if c.Outcome == verity.PutNewVersion {
		what = fmt.Sprintf("new version %d", c.Version)
	}
	fields := make([]string, len(c.Fields))
	for i, f := range c.Fields {
		fields[i] = string(f)
		if f == verity.FieldACL && c.ACL != nil {
			fields[i] = aclPhrase(*c.ACL)
		}
	}
	return clean(c.ID) + ": " + what + ": " + clean(strings.Join(fields, ", "))
}

// aclPhrase says how an ACL changed: "acl narrowed (removed public; added
// group:staff)".
func aclPhrase(d verity.ACLChange) string {
	var out string
	switch {
	case d.Narrowed && d.Widened:
		out = "acl narrowed and widened"
	case d.Narrowed:
		out = "acl narrowed"
	case d.Widened:
		out = "acl widened"
	default:
		out = "acl changed, still public"
	}
	var parts []string
	if len(d.Removed) > 0 {
		parts = append(parts, "removed "+principalList(d.Removed))
	}
	if len(d.Added) > 0 {
		parts = append(parts, "added "+principalList(d.Added))
	}
	return out + " (" + strings.Join(parts, "; ") + ")"
}

func principalList(ps []verity.Principal) string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = string(p)
	}
	return strings.Join(out, ", ")
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
