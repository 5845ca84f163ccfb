package ingest

import (
	"context"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/veritykb/verity"
)

// Item is one thing a reader produced: a source, or an error for that input.
// Where names the file (and line, for JSONL) it came from.
type Item struct {
	Where   string
	Source  *verity.Source
	Err     error
	Warning string // something the user should know, such as a record without ACL
	Bytes   int64  // input bytes consumed, for progress
}

// Options configure reading files, folders and stdin.
type Options struct {
	// ACL is given to files, folders and stdin (JSONL records carry their own).
	// Empty means public.
	ACL []verity.Principal
	// MaxBytes refuses files (and JSONL lines) larger than this.
	MaxBytes int64
	// Format forces a reader ("txt", "md", "html", "pdf", "jsonl"); "" picks
	// by file extension, and by sniffing the content for stdin.
	Format string
	// For stdin: the id, uri and title of the single source it holds.
	StdinID, StdinURI, StdinTitle string
	Stdin                         io.Reader
	Now                           func() time.Time
}

// DefaultMaxBytes is the largest file read unless Options say otherwise.
const DefaultMaxBytes = 64 << 20

// Formats are the readers by name, as --format takes them.
var Formats = []string{"txt", "md", "html", "pdf", "jsonl"}

var extFormat = map[string]string{
	".txt": "txt", ".text": "txt", ".md": "md", ".markdown": "md", ".html": "html", ".htm": "html",
	".xhtml": "html", ".pdf": "pdf", ".jsonl": "jsonl", ".ndjson": "jsonl",
}

// Walk reads every path — a file, a folder (recursively, skipping hidden
// entries and files of unknown type) or "-" for stdin — and calls fn for each
// item in order. Bad input becomes an Item with Err and reading goes on; only
// an error from fn or a cancelled context stops it.
func Walk(ctx context.Context, paths []string, opts Options, fn func(Item) error) error {
	if opts.MaxBytes <= 0 {
		opts.MaxBytes = DefaultMaxBytes
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
			info, err := d.Info()
			if err != nil {
				return fn(Item{Where: path, Err: verity.Errorf(verity.EINVALID, "%w", err)})
			}
			return readFile(ctx, path, info, opts, fn)
		})
		if err != nil {
			return err
		}
	}
	return nil
}

func isFormat(f string) bool {
	for _, x := range Formats {
		if f == x {
			return true
		}
	}
	return false
}

func unwrapPathError(err error) error {
	if pe, ok := err.(*fs.PathError); ok {
		return pe.Err
	}
	return err
}

func readFile(ctx context.Context, path string, info fs.FileInfo, opts Options, fn func(Item) error) error {
	format := opts.Format
	if format == "" {
		format = extFormat[strings.ToLower(filepath.Ext(path))]
	}
	if format == "" {
		return fn(Item{Where: path, Err: verity.Errorf(verity.EINVALID, "unknown file type %q (use --format %s)", filepath.Ext(path), strings.Join(Formats, "|"))})
	}
	if format == "jsonl" {
		f, err := os.Open(path)
		if err != nil {
			return fn(Item{Where: path, Err: verity.Errorf(verity.EINVALID, "%w", unwrapPathError(err))})
		}
		defer f.Close()
		return Records(f, path, opts.MaxBytes, opts.Now(), fn)
	}
	if info.Size() > opts.MaxBytes {
		return fn(Item{Where: path, Bytes: info.Size(), Err: verity.Errorf(verity.EINVALID, "file is %d bytes, larger than the limit of %d (raise --max-bytes)", info.Size(), opts.MaxBytes)})
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return fn(Item{Where: path, Err: verity.Errorf(verity.EINVALID, "%w", unwrapPathError(err))})
	}
	abs, _ := filepath.Abs(path)
	src := &verity.Source{
		ID:        filepath.ToSlash(filepath.Clean(path)),
		URI:       "file://" + filepath.ToSlash(abs),
		System:    verity.SystemFile,
		ACL:       opts.ACL,
		UpdatedAt: info.ModTime().UTC(),
	}
	if err := fill(ctx, src, data, format, filepath.Base(path)); err != nil {
		return fn(Item{Where: path, Bytes: int64(len(data)), Err: err})
	}
	return fn(Item{Where: path, Bytes: int64(len(data)), Source: src})
}

func readStdin(ctx context.Context, opts Options, fn func(Item) error) error {
	if opts.Stdin == nil {
		return fn(Item{Where: "stdin", Err: verity.Errorf(verity.EINVALID, "no standard input")})
	}
	data, err := io.ReadAll(io.LimitReader(opts.Stdin, opts.MaxBytes+1))
	if err != nil {
		return fn(Item{Where: "stdin", Err: verity.Errorf(verity.EINVALID, "read: %w", err)})
	}
	if int64(len(data)) > opts.MaxBytes {
		return fn(Item{Where: "stdin", Err: verity.Errorf(verity.EINVALID, "input larger than the limit of %d bytes (raise --max-bytes)", opts.MaxBytes)})
	}
	format := opts.Format
	if format == "" {
		format = sniff(data)
	}
	if format == "jsonl" {
		return Records(strings.NewReader(string(data)), "stdin", opts.MaxBytes, opts.Now(), fn)
	}
	id := opts.StdinID
	if id == "" {
		id = "stdin"
	}
	uri := opts.StdinURI
	if uri == "" {
		uri = "stdin:" + id
	}
	src := &verity.Source{ID: id, URI: uri, System: verity.SystemFile, ACL: opts.ACL, UpdatedAt: opts.Now().UTC()}
	if err := fill(ctx, src, data, format, id); err != nil {
		return fn(Item{Where: "stdin", Bytes: int64(len(data)), Err: err})
	}
	if opts.StdinTitle != "" {
		src.Title = opts.StdinTitle
	}
	return fn(Item{Where: "stdin", Bytes: int64(len(data)), Source: src})
}

// sniff guesses the format of unnamed input from its first bytes.
func sniff(data []byte) string {
	head := strings.TrimSpace(string(data[:min(len(data), 512)]))
	lower := strings.ToLower(head)
	switch {
	case strings.HasPrefix(head, "%PDF-"):
		return "pdf"
	case strings.HasPrefix(head, "{"):
		return "jsonl"
	case strings.HasPrefix(lower, "<!doctype html"), strings.HasPrefix(lower, "<html"), strings.Contains(lower, "<body"):
		return "html"
	}
	return "txt"
}

// fill reads data in the given format into src's text and title.
func fill(ctx context.Context, src *verity.Source, data []byte, format, name string) error {
	switch format {
	case "pdf":
		text, err := PDF(ctx, data)
		if err != nil {
			return err
		}
		src.Text, src.Title = text, name
	case "html":
		page, err := HTML(data, src.URI)
		if err != nil {
			return err
		}
		src.Text, src.Title = page.Text, page.Title
		if src.Title == "" {
			src.Title = name
		}
	default:
		text, err := Canonical(data)
		if err != nil {
			return err
		}
		src.Text, src.Title = text, markdownTitle(text, name)
	}
	if strings.TrimSpace(src.Text) == "" {
		return verity.Errorf(verity.EINVALID, "no text")
	}
	return nil
}

// markdownTitle returns the first "# " heading of text, or name.
func markdownTitle(text, name string) string {
	for line := range strings.SplitSeq(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		if strings.HasPrefix(line, "# ") {
			return strings.TrimSpace(line[2:])
		}
		break
	}
	return name
}

// String describes an item for logs and summaries.
func (it Item) String() string {
	if it.Err != nil {
		return fmt.Sprintf("%s: %v", it.Where, it.Err)
	}
	return it.Where
}
