package ingest

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

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
//
// Symbolic links, given as paths or met in folders, are followed: a link
// to a file is read under the link's path, a link to a folder is walked
// under it. A link that leads back to a folder being walked (a cycle), a
// link to a folder already walked in this run, and a link whose target does
// not exist are each an Item with Err, never skipped in silence; links met
// in folders whose names have an extension Walk does not read are skipped
// like other files of unknown type.
func Walk(ctx context.Context, paths []string, opts Options, fn func(Item) error) error {
	opts = opts.withDefaults()
	if opts.Format != "" && !isFormat(opts.Format) {
		return verity.Errorf(verity.EINVALID, "unknown format %q (want one of %s)", opts.Format, strings.Join(Formats, ", "))
	}
	w := &walker{opts: opts, fn: fn, walked: map[string]string{}}
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
		info, err := os.Lstat(p)
		if err != nil {
			if err := w.fail(p, unwrapPathError(err)); err != nil {
				return err
			}
			continue
		}
		if err := w.visit(ctx, p, info, nil, true); err != nil {
			return err
		}
	}
	return nil
}

// walker is one Walk's state: the real paths of the folders it has walked,
// so that a link to one of them is not walked again.
type walker struct {
	opts   Options
	fn     func(Item) error
	walked map[string]string // real path → the path it was walked under
}

func (w *walker) fail(path string, err error) error {
	return w.fn(Item{Where: path, Err: verity.Errorf(verity.EINVALID, "%w", err)})
}

// visit reads the file or walks the folder at path, whose own (unfollowed)
// info is given. ancestors are the real paths of the folders above it in
// this walk; top is set for a path given to Walk, which is read whatever
// its extension says.
func (w *walker) visit(ctx context.Context, path string, info fs.FileInfo, ancestors []string, top bool) error {
	link := info.Mode()&fs.ModeSymlink != 0
	if link {
		target, err := os.Stat(path)
		if err != nil {
			if !top && w.skipped(path) {
				return nil
			}
			dest, _ := os.Readlink(path)
			if errors.Is(err, fs.ErrNotExist) {
				return w.fn(Item{Where: path, Err: verity.Errorf(verity.EINVALID, "dangling symlink: its target %q does not exist", dest)})
			}
			return w.fn(Item{Where: path, Err: verity.Errorf(verity.EINVALID, "symlink to %q cannot be followed: %w", dest, unwrapPathError(err))})
		}
		info = target
	}
	if !info.IsDir() {
		if !top && w.skipped(path) {
			return nil
		}
		return readFile(ctx, path, info, w.opts, w.fn)
	}
	real, err := filepath.EvalSymlinks(path)
	if err == nil {
		real, err = filepath.Abs(real)
	}
	if err != nil {
		return w.fail(path, unwrapPathError(err))
	}
	if slices.Contains(ancestors, real) {
		return w.fn(Item{Where: path, Err: verity.Errorf(verity.EINVALID, "symlink cycle: it leads back to %s, a folder above it", real)})
	}
	if prior, ok := w.walked[real]; ok && link {
		return w.fn(Item{Where: path, Err: verity.Errorf(verity.EINVALID, "symlink to a folder already read in this run as %s: not read twice", prior)})
	}
	w.walked[real] = path
	return w.folder(ctx, path, append(ancestors, real))
}

// skipped reports whether a file met in a folder is of a type Walk does
// not read, and so is passed over (a folder holds other things too).
func (w *walker) skipped(path string) bool {
	_, ok := extFormat[strings.ToLower(filepath.Ext(path))]
	return !ok && w.opts.Format == ""
}

// folder walks the entries of a folder in lexical order, skipping hidden
// ones.
func (w *walker) folder(ctx context.Context, path string, ancestors []string) error {
	entries, err := os.ReadDir(path)
	for _, e := range entries {
		if cerr := ctx.Err(); cerr != nil {
			return cerr
		}
		if strings.HasPrefix(e.Name(), ".") {
			continue
		}
		p := filepath.Join(path, e.Name())
		info, ierr := e.Info()
		if ierr != nil {
			if ferr := w.fail(p, unwrapPathError(ierr)); ferr != nil {
				return ferr
			}
			continue
		}
		if verr := w.visit(ctx, p, info, ancestors, false); verr != nil {
			return verr
		}
	}
	if err != nil {
		// ReadDir returns what it could read with the error.
		return w.fail(path, unwrapPathError(err))
	}
	return nil
}
