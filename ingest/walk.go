package ingest

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/veritykb/verity"
)

// Walk reads every path — a file, a folder (recursively, skipping hidden
// entries and files of unknown type) or "-" for stdin — and calls fn for each
// item in order. Bad input becomes an Item with Err and reading goes on; only
// an error from fn or a cancelled context stops it.
//
// Each file is read within the budgets of opts: a file larger than MaxBytes
// is refused unread, and its reader gets a context that ends after
// FileTimeout (see [Options]). A file over either budget is an Item with Err
// naming the budget, and the next file is read.
func Walk(ctx context.Context, paths []string, opts Options, fn func(Item) error) error {
	if opts.MaxBytes <= 0 {
		opts.MaxBytes = DefaultMaxBytes
	}
	if opts.FileTimeout <= 0 {
		opts.FileTimeout = DefaultFileTimeout
	}
	if opts.PDF == nil {
		opts.PDF = PDF
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	if len(opts.ACL) == 0 {
		opts.ACL = []verity.Principal{verity.Public}
	}
	if opts.Format != "" && !isFormat(opts.Format) {
		return verity.Errorf(verity.EINVALID, "unknown format %q (want one of %s)", opts.Format, strings.Join(Formats, ", "))
	}
	for _, p := range paths {
		if err := ctx.Err(); err != nil {
			return err
		}
		if p == "-" {
			if err := readStdin(ctx, opts, fn); err != nil {
				return err
			}
			continue
		}
		info, err := os.Stat(p)
		if err != nil {
			if ferr := fn(Item{Where: p, Err: verity.Errorf(verity.EINVALID, "%w", unwrapPathError(err))}); ferr != nil {
				return ferr
			}
			continue
		}
		if !info.IsDir() {
			if err := readFile(ctx, p, info, opts, fn); err != nil {
				return err
			}
			continue
		}
		err = filepath.WalkDir(p, func(path string, d fs.DirEntry, err error) error {
			if cerr := ctx.Err(); cerr != nil {
				return cerr
			}
			if err != nil {
				return fn(Item{Where: path, Err: verity.Errorf(verity.EINVALID, "%w", unwrapPathError(err))})
			}
			if path != p && strings.HasPrefix(d.Name(), ".") {
				if d.IsDir() {
					return filepath.SkipDir
				}
				return nil
			}
			if d.IsDir() {
				return nil
			}
			if _, ok := extFormat[strings.ToLower(filepath.Ext(path))]; !ok && opts.Format == "" {
				return nil // a folder holds other things too: skip what we cannot read
			}
			info, err := os.Stat(path) // a linked file is read as the file it links to
			if err != nil {
				return fn(Item{Where: path, Err: verity.Errorf(verity.EINVALID, "%w", unwrapPathError(err))})
			}
			return readFile(ctx, path, info, opts, fn)
		})
		if err != nil {
			return err
		}
	}
	return nil
}
