package main

import (
	"context"
	"fmt"
	"os"

	"github.com/spf13/cobra"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/kb"
)

func (a *app) copyCmd() *cobra.Command {
	var from, to string
	cmd := &cobra.Command{
		Use:   "copy --to DST [--from SRC]",
		Short: "Copy a whole store into another: SQLite to PostgreSQL, or back to a file (admin)",
		Long: `Copy copies a whole store into another, row for row with the same ids:
sources with every version, chunks and the search index, records with their
receipts, the revocation log, audits, extraction traces, roles, tokens and the
model cache. SRC is --from, else --db (or VERITY_DB); DST is a SQLite file or a
PostgreSQL database, postgres://USER@HOST/DB[?search_path=SCHEMA], made and
migrated as --db makes any store. Either may be either kind: SQLite to
PostgreSQL when a team outgrows a file, PostgreSQL to a SQLite file for a
portable copy.

Stop writers first. The source is read in one snapshot, taken when the copy
starts, so whatever is written to it meanwhile (an ingest, a revocation, a
running verity serve) is not in the copy, and would be lost once the team
moves to the destination. Stop the server and scheduled jobs on the source,
copy, then point them at the destination.

The destination is written in batches, each committed on its own. After an
interrupt (Ctrl-C, a lost connection) run the same command again: it
continues each table after the last row the destination holds. A destination
that holds anything else — another store's data, or an interrupted copy of a
source that has changed since — is refused (exit 4) and left as it was, and
so is the source itself (exit 2).

Afterwards both sides are read again and compared table by table, by row
count and a SHA-256 over every row in key order; any difference is an error
naming the table (exit 1). The summary says, per table, the rows copied now,
the rows there before (a resumed copy), the count and the checksum.

The copy holds every source whatever its ACL, and the roles and tokens, so it
needs the admin role (the local operator has it); keep it where only admins
can read it. A password in a database URL is never printed; PGPASSWORD or a
~/.pgpass file keeps it out of the command line too.`,
		Example: `  # a team moves from a file to PostgreSQL, then uses it
  verity copy --from verity.db --to 'postgres://verity@db.internal/verity?search_path=team'
  export VERITY_DB='postgres://verity@db.internal/verity?search_path=team'

  # a portable copy of that PostgreSQL store (VERITY_DB) in one file
  verity copy --to team-$(date +%F).db

  # interrupted? the same command again continues where it stopped
  verity copy --from verity.db --to 'postgres://verity@db.internal/verity?search_path=team' --json`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			ctx := cmd.Context()
			if to == "" {
				return verity.Errorf(verity.EINVALID, "copy: give the destination with --to FILE or --to postgres://... (see verity copy --help)")
			}
			if from != "" {
				a.dbPath = from
			}
			if src := a.storePath(); !isStoreURL(src) {
				// Opening a missing file would make an empty store to copy.
				if _, err := os.Stat(src); err != nil {
					return verity.Errorf(verity.ENOTFOUND, "copy: no store at %s (give the source with --from or --db)", clean(src))
				}
			}
			caller, svc, err := a.callerService(ctx)
			if err != nil {
				return err
			}
			var dst store
			defer func() {
				if dst != nil {
					dst.Close()
				}
			}()
			bars := &copyBars{a: a}
			rep, err := svc.Copy(ctx, caller, func(ctx context.Context) (kb.Store, error) {
				d, err := a.copyDestination(ctx, to)
				if err != nil {
					return nil, err
				}
				dst = d
				return d, nil
			}, bars.show)
			bars.done()
			if ctx.Err() != nil {
				fmt.Fprintln(a.stderr, "verity: copy: run the same command again to continue where it stopped")
				return err
			}
			if rep != nil {
				if perr := a.printCopy(rep, a.storeName(), a.redactURL(to)); perr != nil {
					return perr
				}
			}
			return err
		},
	}
	cmd.Flags().StringVar(&from, "from", "", "the store to copy: a SQLite file or postgres://... (default --db, $VERITY_DB or ./verity.db)")
	cmd.Flags().StringVar(&to, "to", "", "the store to copy into: a SQLite file or postgres://USER@HOST/DB[?search_path=SCHEMA],\nempty or holding an interrupted copy of the source")
	return cmd
}

// printCopy prints the report: JSON with --json, else a line per table and
// the verdict.
func (a *app) printCopy(rep *verity.CopyReport, from, to string) error {
	if a.json {
		return a.printJSON(struct {
			From string `json:"from"`
			To   string `json:"to"`
			*verity.CopyReport
		}{from, to, rep})
	}
	fmt.Fprintf(a.stdout, "copied %s to %s: %d rows now, %d there before\n", clean(from), clean(to), rep.Copied, rep.Before)
	fmt.Fprintf(a.stdout, "  %-17s %10s %10s %10s  %s\n", "table", "copied", "before", "rows", "sha-256")
	differ := 0
	for _, t := range rep.Tables {
		check := t.Checksum[:12] + "  ok"
		if !t.Match {
			differ++
			check = fmt.Sprintf("%.12s  DIFFERS: the destination has %d rows, sha-256 %.12s", t.Checksum, t.DestRows, t.DestChecksum)
		}
		fmt.Fprintf(a.stdout, "  %-17s %10d %10d %10d  %s\n", t.Table, t.Copied, t.Before, t.Rows, check)
	}
	if differ > 0 {
		fmt.Fprintf(a.stdout, "NOT verified: %d of %d tables differ between the two sides\n", differ, len(rep.Tables))
		return nil
	}
	fmt.Fprintf(a.stdout, "verified: all %d tables have the same row counts and SHA-256 on both sides\n", len(rep.Tables))
	return nil
}

// copyBars shows a bar per table as its rows are copied, on a terminal.
type copyBars struct {
	a     *app
	table string
	bar   *progress
}

func (b *copyBars) show(p verity.CopyProgress) {
	if p.Stage != "copy" {
		return
	}
	if p.Table != b.table {
		b.done()
		b.table, b.bar = p.Table, b.a.newProgress(p.Table, p.Total, false)
	}
	b.bar.Add(p.Done - b.bar.done)
	b.bar.done = p.Done
}

func (b *copyBars) done() {
	if b.bar != nil {
		b.bar.Done()
		b.bar = nil
	}
}
