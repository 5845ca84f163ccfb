// Package attach reads the files attached to a platform's records —
// Confluence pages' attachments, Jira issues' — into the sources a sync
// stores: a file a reader of verity ingest takes (text, Markdown, HTML,
// PDF, by its extension) and within ingest's budgets is downloaded from
// the platform's own site and read; a file whose version the store
// already holds is not downloaded again (kb keeps its stored text and
// applies its record's permissions); a file that is too large or cannot
// be read is left out with a warning, and a version already held is kept.
package attach

import (
	"context"
	"errors"
	"fmt"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/connector/canon"
	"github.com/veritykb/verity/connector/rest"
	"github.com/veritykb/verity/ingest"
	"github.com/veritykb/verity/kb"
)

// File is an attached file as the platform lists it, and the source it
// becomes (without its text: address, title, ACL, author, time).
type File struct {
	Key     string // the source's key: the record's key, a dot, the file's id
	Version string // its version at the platform
	Name    string // the file's name: its extension picks the reader
	Size    int64  // as the platform states it; 0 when it does not
	URL     string // where it is downloaded, on the platform's site
	Source  verity.Source
}

// Takes says whether a file named name is read at all: a reader of
// ingest takes its extension.
func Takes(name string) bool { return ingest.FormatOf(name) != "" }

// Reader reads a connector's attached files.
type Reader struct {
	Client  *rest.Client
	Files   ingest.Options // the budgets: size (ingest's default when 0), time, the PDF reader
	MaxText int            // longer text is cut, with a warning (0: no cut)
	Origin  string         // the connector (KIND:NAME), for warnings
	Warn    func(string)
}

// Page is what the sync stores of f; ok is false when f is not synced: no
// reader takes it, it is over the size budget, or it cannot be read and
// the store holds no version of it. known says what the store holds.
func (r Reader) Page(ctx context.Context, f File, known func(key string) (version string, live, ok bool)) (kb.SyncPage, bool, error) {
	format := ingest.FormatOf(f.Name)
	if format == "" {
		return kb.SyncPage{}, false, nil
	}
	limit := r.Files.MaxBytes
	if limit <= 0 {
		limit = ingest.DefaultMaxBytes
	}
	where := r.Origin + ":" + f.Key
	if f.Size > limit {
		r.warn(fmt.Sprintf("%s: %q is %d bytes, over the limit of %d: not synced", where, f.Name, f.Size, limit))
		return kb.SyncPage{}, false, nil
	}
	src := f.Source
	stored, live, held := "", false, false
	if known != nil {
		stored, live, held = known(f.Key)
	}
	if held && live && stored == f.Version {
		// Unchanged: its permissions and address are applied, its stored
		// text kept.
		return kb.SyncPage{Key: f.Key, Version: f.Version, Source: &src}, true, nil
	}
	text, err := r.read(ctx, f, format, limit)
	var ae *rest.AuthError
	if errors.As(err, &ae) || ctx.Err() != nil {
		return kb.SyncPage{}, false, errors.Join(err, ctx.Err())
	}
	if err != nil {
		if held && live {
			r.warn(fmt.Sprintf("%s: version %s of %q could not be read (%v): version %s is kept", where, f.Version, f.Name, err, stored))
			return kb.SyncPage{Key: f.Key, Version: stored, Source: &src}, true, nil
		}
		r.warn(fmt.Sprintf("%s: %q could not be read (%v): not synced", where, f.Name, err))
		return kb.SyncPage{}, false, nil
	}
	src.Text = text
	return kb.SyncPage{Key: f.Key, Version: f.Version, Source: &src}, true, nil
}

// read downloads f and reads its text.
func (r Reader) read(ctx context.Context, f File, format string, limit int64) (string, error) {
	if f.URL == "" {
		return "", errors.New("the platform gives no download link")
	}
	data, err := r.Client.Download(ctx, f.URL, limit)
	if err != nil {
		return "", err
	}
	_, text, err := ingest.Read(ctx, f.Name, format, data, r.Files)
	if err != nil {
		return "", err
	}
	if r.MaxText > 0 {
		var cut bool
		if text, cut = canon.Cut(text, r.MaxText); cut {
			r.warn(fmt.Sprintf("%s:%s: the text is longer than %d bytes and was cut there", r.Origin, f.Key, r.MaxText))
		}
	}
	return text, nil
}

func (r Reader) warn(msg string) {
	if r.Warn != nil {
		r.Warn(msg)
	}
}
