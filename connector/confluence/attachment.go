package confluence

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/connector/canon"
	"github.com/veritykb/verity/connector/rest"
	"github.com/veritykb/verity/ingest"
	"github.com/veritykb/verity/kb"
)

// Attachments — files on pages and blog posts — are synced when a reader
// of ingest takes their type (text, Markdown, HTML, PDF; by the file's
// extension) and they fit its size budget. They are listed with CQL on
// Cloud and Data Center alike (type = attachment: one listing for a
// space, where v2 would need a request per page), expanded with their
// page (container), version, creator and size; the file is downloaded
// from the link the API gives and read within ingest's budgets. An
// attachment is read by whoever may read its page: its ACL is the page's.
// Its key is its page's id, a dot and its own id (123.att456), so that a
// hint about the page — a restriction, a deletion — reads its
// attachments again with it. An attachment whose version the store holds
// is not downloaded again: its permissions, title and address are
// applied and the stored text kept.

// attachmentKey is an attachment's key: PAGE.attID.
var attachmentKey = regexp.MustCompile(`^([0-9]{1,20})\.(att[0-9]{1,20})$`)

const attachmentExpand = "version,history,container,extensions"

// attachments lists the attachments of the spaces keys, calling each with
// a batch per listing request; latest is moved to the newest version.
func (cf *Confluence) attachments(ctx context.Context, keys []string, known Known, latest *time.Time, each func([]kb.SyncPage) error) error {
	if len(keys) == 0 {
		return nil
	}
	q := url.Values{"cql": {"space in (" + quoteAll(keys) + ") and type = attachment"}, "expand": {attachmentExpand},
		"limit": {strconv.Itoa(cf.opt.PageSize)}}
	for path := "/content/search"; path != ""; q = nil {
		var l list[content]
		if err := cf.c.Get(ctx, path, q, &l); err != nil {
			return err
		}
		var batch []kb.SyncPage
		for _, ct := range l.Results {
			if when := rest.ParseTime(ct.Version.When); when.After(*latest) {
				*latest = when
			}
			p, ok, err := cf.attachment(ctx, &ct, known)
			if err != nil {
				return err
			}
			if ok {
				batch = append(batch, p)
			}
		}
		if err := each(batch); err != nil {
			return err
		}
		path = l.Links.Next
	}
	return nil
}

// attachment turns one listed attachment into the page the sync stores;
// ok is false when it is not synced: no reader takes its type, it is
// larger than the budget, its page is not readable by the connector, or
// its file could not be read (with a warning; a version the store already
// holds is then kept, with the page's permissions as they are now).
func (cf *Confluence) attachment(ctx context.Context, ct *content, known Known) (kb.SyncPage, bool, error) {
	format := ingest.FormatOf(ct.Title)
	page := string(ct.Container.ID)
	if format == "" || page == "" || !strings.HasPrefix(ct.ID, "att") {
		return kb.SyncPage{}, false, nil
	}
	key := page + "." + ct.ID
	where := cf.conn.Origin() + ":" + key
	if ct.Extensions.FileSize > cf.opt.Files.MaxBytes {
		cf.warn(fmt.Sprintf("%s: %q is %d bytes, over the limit of %d: not synced", where, ct.Title, ct.Extensions.FileSize, cf.opt.Files.MaxBytes))
		return kb.SyncPage{}, false, nil
	}
	acl, ok, err := cf.containerACL(ctx, page)
	if err != nil || !ok {
		return kb.SyncPage{}, false, err
	}
	version := strconv.Itoa(ct.Version.Number)
	src := &verity.Source{URI: cf.conn.URL + ct.Links.WebUI, Title: ct.Title, ACL: acl, UpdatedAt: rest.ParseTime(ct.Version.When)}
	if ct.Links.WebUI == "" {
		src.URI = cf.conn.URL + "/pages/viewpageattachments.action?pageId=" + page
	}
	if p, ok := verity.AuthorPrincipal(ct.History.CreatedBy.Email); ok {
		src.Author = p
	}
	stored, live, held := "", false, false
	if known != nil {
		stored, live, held = known(key)
	}
	if held && live && stored == version {
		// Unchanged: its permissions and address are applied, its
		// stored text kept.
		return kb.SyncPage{Key: key, Version: version, Source: src}, true, nil
	}
	text, err := cf.readFile(ctx, ct, format)
	var ae *rest.AuthError
	if errors.As(err, &ae) || ctx.Err() != nil {
		return kb.SyncPage{}, false, errors.Join(err, ctx.Err())
	}
	if err != nil {
		if held && live {
			cf.warn(fmt.Sprintf("%s: version %s of %q could not be read (%v): version %s is kept", where, version, ct.Title, err, stored))
			return kb.SyncPage{Key: key, Version: stored, Source: src}, true, nil
		}
		cf.warn(fmt.Sprintf("%s: %q could not be read (%v): not synced", where, ct.Title, err))
		return kb.SyncPage{}, false, nil
	}
	src.Text = text
	return kb.SyncPage{Key: key, Version: version, Source: src}, true, nil
}

// readFile downloads an attachment's file and reads its text.
func (cf *Confluence) readFile(ctx context.Context, ct *content, format string) (string, error) {
	if ct.Links.Download == "" {
		return "", errors.New("the API gives no download link")
	}
	data, err := cf.c.Download(ctx, cf.conn.URL+ct.Links.Download, cf.opt.Files.MaxBytes)
	if err != nil {
		return "", err
	}
	_, text, err := ingest.Read(ctx, ct.Title, format, data, cf.opt.Files)
	if err != nil {
		return "", err
	}
	text, cut := canon.Cut(text, cf.opt.MaxText)
	if cut {
		cf.warn(fmt.Sprintf("%s:%s.%s: the text is longer than %d bytes and was cut there", cf.conn.Origin(), ct.Container.ID, ct.ID, cf.opt.MaxText))
	}
	return text, nil
}

// containerACL is the ACL of an attachment's page: computed this pass, or
// read now; ok is false when the page is gone or outside the synced
// spaces.
func (cf *Confluence) containerACL(ctx context.Context, page string) ([]verity.Principal, bool, error) {
	if acl, ok := cf.pageACL[page]; ok {
		return acl, true, nil
	}
	p, found, err := cf.Page(ctx, page, nil)
	if err != nil || !found {
		return nil, false, err
	}
	return p.Source.ACL, true, nil
}

// attachmentAgain reads attachment id of page again (a hint about it or
// its page): found is false when the page no longer holds it, or the
// page itself is gone.
func (cf *Confluence) attachmentAgain(ctx context.Context, page, id string, known Known) (kb.SyncPage, bool, error) {
	q := url.Values{"cql": {"type = attachment and container = " + page}, "expand": {attachmentExpand}, "limit": {"200"}}
	for path := "/content/search"; path != ""; q = nil {
		var l list[content]
		if err := cf.c.Get(ctx, path, q, &l); err != nil {
			return kb.SyncPage{}, false, err
		}
		for _, ct := range l.Results {
			if ct.ID == id && string(ct.Container.ID) == page {
				return cf.attachment(ctx, &ct, known)
			}
		}
		path = l.Links.Next
	}
	return kb.SyncPage{}, false, nil
}
