package main

import (
	"context"
	"fmt"
	"os"

	"github.com/spf13/cobra"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/kb"
	"github.com/veritykb/verity/printable"
	"github.com/veritykb/verity/render"
)

func (a *app) copyCmd() *cobra.Command {
	var from, to string
	cmd := &cobra.Command{
		Use:   "copy --to DST [--from SRC]",
		Short: "Copy a whole store into another: SQLite to PostgreSQL, or back to a file (admin)",
		Args:  cobra.NoArgs,
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
					return verity.Errorf(verity.ENOTFOUND, "copy: no store at %s (give the source with --from or --db)", printable.Text(src))
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
	render.Copy(a.stdout, rep, from, to)
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
