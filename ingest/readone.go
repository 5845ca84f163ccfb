package ingest

import (
	"context"
	"errors"
	"path/filepath"
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
