package ingest

import (
	"context"
	"errors"
	"path/filepath"
	"strings"

	"github.com/veritykb/verity"
)

// ReadOne reads one file into its title and canonical text with the
// reader ingest would use (by extension: text, Markdown, HTML, PDF),
// within the budgets of opts; the title is the file's name when the file
// gives none.
func ReadOne(ctx context.Context, path string, opts Options) (title, text string, err error) {
	found := false
	err = Walk(ctx, []string{path}, opts, func(it Item) error {
		if it.Err != nil {
			return it.Err
		}
		if it.Source != nil && !found {
			found = true
			title, text = it.Source.Title, it.Source.Text
		}
		return nil
	})
	if err != nil {
		return "", "", err
	}
	if !found {
		return "", "", errors.New("not a file verity can read")
	}
	if title == "" {
		title = filepath.Base(path)
	}
	return title, text, nil
}

// FormatOf is the reader a file's name picks by its extension ("" when
// none reads it); JSONL, a file of many records, is not one text and is
// left out.
func FormatOf(name string) string {
	if f := extFormat[strings.ToLower(filepath.Ext(name))]; f != "jsonl" {
		return f
	}
	return ""
}

// Read reads data that does not come from a file — a connector's
// attachment — into its title and canonical text with the reader format
// names (FormatOf), within the budgets of opts (size, time, the PDF
// reader) as for a file; the title is name when the data gives none.
func Read(ctx context.Context, name, format string, data []byte, opts Options) (title, text string, err error) {
	opts = opts.withDefaults()
	if !isFormat(format) || format == "jsonl" {
		return "", "", verity.Errorf(verity.EINVALID, "%s: no reader for format %q", name, format)
	}
	if int64(len(data)) > opts.MaxBytes {
		return "", "", tooLarge("%d bytes", int64(len(data)), opts.MaxBytes)
	}
	src := &verity.Source{}
	if err := fillTimed(ctx, src, data, format, name, opts); err != nil {
		return "", "", err
	}
	return src.Title, src.Text, nil
}
