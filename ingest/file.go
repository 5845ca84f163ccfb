package ingest

import (
	"bytes"
	"context"
	"errors"
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
	// MaxBytes is the size budget of one input: larger files and stdin are
	// refused before they are read, and so are JSONL lines (a JSONL file is
	// many sources, each within the budget). 0: DefaultMaxBytes.
	MaxBytes int64
	// FileTimeout is the time budget of reading one file or stdin: the
	// context a reader gets ends then, and a reader that has not finished
	// by then fails that file. JSONL files are not timed as a whole.
	// 0: DefaultFileTimeout.
	FileTimeout time.Duration
	// PDF extracts the text of PDF files. nil: [PDF], in this process.
	PDF PDFReader
	// Format forces a reader ("txt", "md", "html", "pdf", "jsonl"); "" picks
	// by file extension, and by sniffing the content for stdin.
	Format string
	// For stdin: the id, uri and title of the single source it holds.
	StdinID, StdinURI, StdinTitle string
	Stdin                         io.Reader
	Now                           func() time.Time
}

// withDefaults fills what o leaves zero: the size and time budgets, the
// in-process PDF reader, the clock and the public ACL.
func (o Options) withDefaults() Options {
	if o.MaxBytes <= 0 {
		o.MaxBytes = DefaultMaxBytes
	}
	if o.FileTimeout <= 0 {
		o.FileTimeout = DefaultFileTimeout
	}
	if o.PDF == nil {
		o.PDF = PDF
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	if len(o.ACL) == 0 {
		o.ACL = []verity.Principal{verity.Public}
	}
	return o
}

// DefaultMaxBytes is the largest file read unless Options say otherwise.
const DefaultMaxBytes = 64 << 20

// DefaultFileTimeout is how long one file may take to read unless Options
// say otherwise.
const DefaultFileTimeout = 30 * time.Second

// Formats are the readers by name, as --format takes them.
var Formats = []string{"txt", "md", "html", "pdf", "jsonl"}

var extFormat = map[string]string{
	".txt": "txt", ".text": "txt", ".md": "md", ".markdown": "md", ".html": "html", ".htm": "html",
	".xhtml": "html", ".pdf": "pdf", ".jsonl": "jsonl", ".ndjson": "jsonl",
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

// readFile reads one regular file (info is its own, links followed) within
// the budgets of opts.
func readFile(ctx context.Context, path string, info fs.FileInfo, opts Options, fn func(Item) error) error {
	format := opts.Format
	if format == "" {
		format = extFormat[strings.ToLower(filepath.Ext(path))]
	}
	if format == "" {
		return fn(Item{Where: path, Err: verity.Errorf(verity.EINVALID, "unknown file type %q (use --format %s)", filepath.Ext(path), strings.Join(Formats, "|"))})
	}
	if !info.Mode().IsRegular() {
		// A pipe or a device would block the read or never end.
		return fn(Item{Where: path, Err: verity.Errorf(verity.EINVALID, "not a regular file (%s)", fileKind(info.Mode()))})
	}
	f, err := os.Open(path)
	if err != nil {
		return fn(Item{Where: path, Err: verity.Errorf(verity.EINVALID, "%w", unwrapPathError(err))})
	}
	defer f.Close()
	if format == "jsonl" {
		// A JSONL file is many sources: each line is bounded by MaxBytes,
		// and the walk stops between lines when ctx ends.
		return Records(f, path, opts.MaxBytes, func(it Item) error {
			if err := ctx.Err(); err != nil {
				return err
			}
			return fn(it)
		})
	}
	if info.Size() > opts.MaxBytes {
		return fn(Item{Where: path, Bytes: info.Size(), Err: tooLarge("file is %d bytes", info.Size(), opts.MaxBytes)})
	}
	// The size is checked again as read: a file may grow after its stat.
	data, err := io.ReadAll(io.LimitReader(f, opts.MaxBytes+1))
	if err != nil {
		return fn(Item{Where: path, Err: verity.Errorf(verity.EINVALID, "%w", unwrapPathError(err))})
	}
	if int64(len(data)) > opts.MaxBytes {
		return fn(Item{Where: path, Bytes: int64(len(data)), Err: tooLarge("file grew past %d bytes while read", opts.MaxBytes, opts.MaxBytes)})
	}
	abs, _ := filepath.Abs(path)
	src := &verity.Source{
		ID:        filepath.ToSlash(filepath.Clean(path)),
		URI:       "file://" + filepath.ToSlash(abs),
		System:    verity.SystemFile,
		ACL:       opts.ACL,
		UpdatedAt: info.ModTime().UTC(),
	}
	if err := fillTimed(ctx, src, data, format, filepath.Base(path), opts); err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		return fn(Item{Where: path, Bytes: int64(len(data)), Err: err})
	}
	return fn(Item{Where: path, Bytes: int64(len(data)), Source: src})
}

func tooLarge(format string, n, limit int64) error {
	return verity.Errorf(verity.EINVALID, format+", larger than the limit of %d (raise --max-file-size)", n, limit)
}

// fileKind names what a file that is not a regular file is.
func fileKind(m fs.FileMode) string {
	switch {
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeDevice != 0:
		return "a device"
	}
	return "mode " + m.String()
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
		return fn(Item{Where: "stdin", Err: verity.Errorf(verity.EINVALID, "input larger than the limit of %d bytes (raise --max-file-size)", opts.MaxBytes)})
	}
	format := opts.Format
	if format == "" {
		format = sniff(data)
	}
	if format == "jsonl" {
		return Records(bytes.NewReader(data), "stdin", opts.MaxBytes, func(it Item) error {
			if err := ctx.Err(); err != nil {
				return err
			}
			return fn(it)
		})
	}
	id := opts.StdinID
	if id == "" {
		id = "stdin"
	}
	uri := opts.StdinURI
	if uri == "" {
		uri = "stdin:" + id
	}
	// Stdin has no time of its own: a zero UpdatedAt lets the store keep the
	// stored time while the text is unchanged, as for a JSONL record.
	src := &verity.Source{ID: id, URI: uri, System: verity.SystemFile, ACL: opts.ACL}
	if err := fillTimed(ctx, src, data, format, id, opts); err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
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

// fillTimed is fill within the file's time budget. A reader that ends
// with the budget's context error, or finishes after the budget is spent,
// fails the file with the budget named; a reader's own error (such as a
// killed child's) is kept. When ctx itself ends, its error is returned and
// the caller stops.
func fillTimed(ctx context.Context, src *verity.Source, data []byte, format, name string, opts Options) error {
	fctx, cancel := context.WithTimeout(ctx, opts.FileTimeout)
	defer cancel()
	err := fill(fctx, src, data, format, name, opts.PDF)
	switch {
	case ctx.Err() != nil:
		return ctx.Err()
	case fctx.Err() != nil && (err == nil || errors.Is(err, context.DeadlineExceeded)):
		return verity.Errorf(verity.EINVALID, "reading took longer than %s (raise --file-timeout)", opts.FileTimeout)
	}
	return err
}

// fill reads data in the given format into src's text and title.
func fill(ctx context.Context, src *verity.Source, data []byte, format, name string, readPDF PDFReader) error {
	switch format {
	case "pdf":
		text, err := readPDF(ctx, data)
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
