package confluence

import (
	"context"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/connector/attach"
	"github.com/veritykb/verity/connector/rest"
	"github.com/veritykb/verity/kb"
)

// Attachments — files on pages and blog posts — are synced as package
// attach reads them (a type a reader of ingest takes, within its budgets;
// an unchanged version not downloaded again). They are listed with CQL on
// Cloud and Data Center alike (type = attachment: one listing for a
// space, where v2 would need a request per page), expanded with their
// page (container), version, creator and size. An attachment is read by
// whoever may read its page: its ACL is the page's. Its key is its page's
// id, a dot and its own id (123.att456), so that a hint about the page —
// a restriction, a deletion — reads its attachments again with it.

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
// ok is false when it is not synced: no reader takes its type, its page
// is not readable by the connector, or attach.Reader leaves it out.
func (cf *Confluence) attachment(ctx context.Context, ct *content, known Known) (kb.SyncPage, bool, error) {
	page := string(ct.Container.ID)
	if !attach.Takes(ct.Title) || page == "" || !strings.HasPrefix(ct.ID, "att") {
		return kb.SyncPage{}, false, nil
	}
	acl, ok, err := cf.containerACL(ctx, page)
	if err != nil || !ok {
		return kb.SyncPage{}, false, err
	}
	f := attach.File{Key: page + "." + ct.ID, Version: strconv.Itoa(ct.Version.Number), Name: ct.Title, Size: ct.Extensions.FileSize,
		Source: verity.Source{URI: cf.conn.URL + ct.Links.WebUI, Title: ct.Title, ACL: acl, UpdatedAt: rest.ParseTime(ct.Version.When)}}
	if ct.Links.Download != "" {
		f.URL = cf.conn.URL + ct.Links.Download
	}
	if ct.Links.WebUI == "" {
		// One address per source: the file's own.
		f.Source.URI = cf.conn.URL + "/pages/viewpageattachments.action?pageId=" + page + "&preview=" + url.QueryEscape("/"+page+"/"+ct.ID)
	}
	if p, ok := verity.AuthorPrincipal(ct.History.CreatedBy.Email); ok {
		f.Source.Author = p
	}
	return cf.files.Page(ctx, f, known)
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
	// A hint names a page and its attachments: the page's attachments are
	// listed once for all of them.
	files, ok := cf.onPage[page]
	if !ok {
		q := url.Values{"cql": {"type = attachment and container = " + page}, "expand": {attachmentExpand}, "limit": {"200"}}
		for path := "/content/search"; path != ""; q = nil {
			var l list[content]
			if err := cf.c.Get(ctx, path, q, &l); err != nil {
				return kb.SyncPage{}, false, err
			}
			files = append(files, l.Results...)
			path = l.Links.Next
		}
		cf.onPage[page] = files
	}
	for _, ct := range files {
		if ct.ID == id && string(ct.Container.ID) == page {
			return cf.attachment(ctx, &ct, known)
		}
	}
	return kb.SyncPage{}, false, nil
}
