package confluence

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/connector/attach"
	"github.com/veritykb/verity/connector/canon"
	"github.com/veritykb/verity/connector/rest"
	"github.com/veritykb/verity/ingest"
	"github.com/veritykb/verity/kb"
)

// The JSON shapes of Confluence's REST API v1 that the connector reads,
// as the Data Center reference (developer.atlassian.com/server/confluence/
// rest/v1000/api-group-content-resource) and Cloud's v1 reference
// (developer.atlassian.com/cloud/confluence/rest/v1/) give them.

// list is a page of results with the link to the next one.
type list[T any] struct {
	Results []T `json:"results"`
	Start   int `json:"start"`
	Limit   int `json:"limit"`
	Size    int `json:"size"`
	Links   struct {
		Base string `json:"base"`
		Next string `json:"next"`
	} `json:"_links"`
}

type user struct {
	Type        string `json:"type"`
	AccountID   string `json:"accountId"` // Cloud
	Username    string `json:"username"`  // Data Center
	Email       string `json:"email"`     // Cloud, when the user's privacy settings show it
	DisplayName string `json:"displayName"`
}

type group struct {
	Type string `json:"type"`
	Name string `json:"name"`
	ID   string `json:"id"`
}

// restrictions are the users and groups a read restriction lets read.
type restrictions struct {
	User  list[user]  `json:"user"`
	Group list[group] `json:"group"`
	// Unknown says they could not be read: the page is readable by no
	// one.
	Unknown bool `json:"-"`
}

type content struct {
	ID     string `json:"id"`
	Type   string `json:"type"`
	Status string `json:"status"`
	Title  string `json:"title"`
	Space  struct {
		Key string `json:"key"`
	} `json:"space"`
	History struct {
		CreatedBy user `json:"createdBy"`
	} `json:"history"`
	Version struct {
		Number int    `json:"number"`
		When   string `json:"when"`
		By     user   `json:"by"`
	} `json:"version"`
	Ancestors []struct {
		ID string `json:"id"`
	} `json:"ancestors"`
	Body struct {
		Storage struct {
			Value string `json:"value"`
		} `json:"storage"`
	} `json:"body"`
	Restrictions struct {
		Read struct {
			Restrictions restrictions `json:"restrictions"`
		} `json:"read"`
	} `json:"restrictions"`
	// An attachment's page (container; a page's container is its space,
	// whose id is a number), type and size (extensions), and where its
	// file is (_links.download, from the site's base).
	Container struct {
		ID ident `json:"id"`
	} `json:"container"`
	Extensions struct {
		MediaType string `json:"mediaType"`
		FileSize  int64  `json:"fileSize"`
	} `json:"extensions"`
	Links struct {
		WebUI    string `json:"webui"`
		Download string `json:"download"`
	} `json:"_links"`
}

// operationRestriction is GET /content/{id}/restriction/byOperation/read.
type operationRestriction struct {
	Operation    string       `json:"operation"`
	Restrictions restrictions `json:"restrictions"`
}

// space is GET /space/{key}?expand=permissions.
type space struct {
	Key         string `json:"key"`
	Permissions []struct {
		Operation struct {
			Operation  string `json:"operation"`
			TargetType string `json:"targetType"`
		} `json:"operation"`
		Subjects struct {
			User  list[user]  `json:"user"`
			Group list[group] `json:"group"`
		} `json:"subjects"`
		AnonymousAccess bool `json:"anonymousAccess"`
	} `json:"permissions"`
}

const expand = "body.storage,version,history,space,ancestors,restrictions.read.restrictions.user,restrictions.read.restrictions.group,container,extensions"

// Options tune a Confluence connector; the zero value is the default
// (50 results a listing request; incremental listings from an hour before
// the cursor: CQL compares to the minute, in the token user's time zone;
// attachments read within ingest's budgets, PDFs in this process).
type Options struct {
	rest.Options
	// Files are the budgets attachments are read within: their size, the
	// time one may take, and the PDF reader (ingest's defaults when
	// zero).
	Files ingest.Options
}

// Confluence is one connector's client of a Confluence site. It reads
// pages and blog posts of the synced spaces and maps their read
// permission — space ∩ the page's restrictions ∩ its ancestors' — onto a
// Verity ACL, which is a union: where an intersection is needed it
// expands groups into their members; what it cannot map is left out
// (narrower), and a page whose permission cannot be computed at all is
// readable by no one, with a warning naming it.
type Confluence struct {
	c       *rest.Client // REST API v1: Data Center's everything, Cloud's CQL, restrictions and groups
	v2      *rest.Client // Cloud's REST API v2
	conn    verity.Connector
	opt     Options
	warn    func(string)
	spaces  map[string]*level
	restr   map[string]*level // an ancestor's read restriction, nil when it has none
	members map[string][]verity.Principal
	failed  map[string]error // groups whose members could not be read
	used    map[string]bool  // groups named in an ACL, for the directory
	// Cloud, read through v2 once a pass: the synced spaces, their keys
	// by id and ids by key, ancestors' chains by page id, and accounts'
	// emails ("" when the profile hides it).
	spaceList []v2space
	spaceKey  map[string]string
	spaceID   map[string]string
	chain     map[string][]string
	emails    map[string]string
	// pageACL is the ACL computed for a page this pass: its attachments'.
	pageACL map[string][]verity.Principal
	onPage  map[string][]content // a page's attachments, listed again for a hint
	files   attach.Reader
}

// New returns the client of connector conn with its resolved secret.
func New(conn verity.Connector, secret string, warn func(string), opt Options) *Confluence {
	opt.Options = opt.Options.WithDefaults(50, time.Hour)
	if warn == nil {
		warn = func(string) {}
	}
	cf := &Confluence{c: opt.Client(conn.Name, "Confluence", conn.URL+"/rest/api", conn.URL, conn.User, secret),
		v2: opt.Client(conn.Name, "Confluence", conn.URL+"/api/v2", conn.URL, conn.User, secret), conn: conn, opt: opt, warn: warn,
		spaces: map[string]*level{}, restr: map[string]*level{}, members: map[string][]verity.Principal{}, failed: map[string]error{}, used: map[string]bool{},
		spaceKey: map[string]string{}, spaceID: map[string]string{}, chain: map[string][]string{}, emails: map[string]string{},
		pageACL: map[string][]verity.Principal{}, onPage: map[string][]content{}}
	cf.files = attach.Reader{Client: cf.c, Files: opt.Files, MaxText: opt.MaxText, Origin: conn.Origin(), Warn: warn}
	return cf
}

// Known says what the store holds of a page: its version and whether it
// is live.
type Known = func(key string) (version string, live, ok bool)

// List reads the pages changed since cursor (every page when full or when
// there is no cursor), calling each with a batch and the cursor to commit
// once the batch is stored, and returns the cursor to commit at the end.
// An incremental listing skips pages whose version the store holds live.
func (cf *Confluence) List(ctx context.Context, cursor string, full bool, known Known, each func([]kb.SyncPage, string) error) (string, error) {
	if known == nil {
		known = func(string) (string, bool, bool) { return "", false, false }
	}
	if cf.cloud() {
		return cf.listCloud(ctx, cursor, full, known, each)
	}
	keys, err := cf.spaceKeys(ctx)
	if err != nil {
		return cursor, err
	}
	next := cursor
	since, ok := rest.ParseCursor(cursor)
	latest := since
	read := func(path string, q url.Values, commit bool) error {
		for path != "" {
			var l list[content]
			if err := cf.c.Get(ctx, path, q, &l); err != nil {
				return err
			}
			q = nil // the next link carries the query
			var batch []kb.SyncPage
			for _, ct := range l.Results {
				when := rest.ParseTime(ct.Version.When)
				if when.After(latest) {
					latest = when
				}
				if ct.Type == "attachment" {
					p, ok, err := cf.attachment(ctx, &ct, known)
					if err != nil {
						return err
					}
					if ok {
						batch = append(batch, p)
					}
					continue
				}
				if !full {
					if v, live, ok := known(ct.ID); ok && live && v == strconv.Itoa(ct.Version.Number) {
						continue
					}
				}
				p, err := cf.page(ctx, &ct)
				if err != nil {
					return err
				}
				batch = append(batch, p)
			}
			if commit && !latest.IsZero() {
				next = rest.FormatCursor(latest)
			}
			if err := each(batch, next); err != nil {
				return err
			}
			path = l.Links.Next
		}
		return nil
	}
	if full || !ok {
		for _, key := range keys {
			for _, typ := range []string{"page", "blogpost"} {
				q := url.Values{"spaceKey": {key}, "type": {typ}, "status": {"current"}, "expand": {expand}, "limit": {strconv.Itoa(cf.opt.PageSize)}}
				if err := read("/content", q, false); err != nil {
					return cursor, err
				}
			}
		}
		if err := cf.attachments(ctx, keys, known, &latest, func(b []kb.SyncPage) error { return each(b, cursor) }); err != nil {
			return cursor, err
		}
		if latest.IsZero() {
			return cursor, nil
		}
		return rest.FormatCursor(latest), nil
	}
	q := url.Values{"cql": {cf.changedSince(keys, since)}, "expand": {expand}, "limit": {strconv.Itoa(cf.opt.PageSize)}}
	if err := read("/content/search", q, true); err != nil {
		return next, err
	}
	return next, nil
}

// changedSince is the CQL of what changed in the spaces keys since the
// cursor's time (from the margin before it: CQL compares minutes, in the
// token user's time zone), oldest first.
func (cf *Confluence) changedSince(keys []string, since time.Time) string {
	from := since.Add(-cf.opt.Margin).UTC().Format("2006/01/02 15:04")
	return fmt.Sprintf(`space in (%s) and type in (page, blogpost, attachment) and lastmodified >= "%s" order by lastmodified asc`, quoteAll(keys), from)
}

// quoteAll is keys as a CQL list: "A","B".
func quoteAll(keys []string) string {
	quoted := make([]string, len(keys))
	for i, k := range keys {
		quoted[i] = strconv.Quote(k)
	}
	return strings.Join(quoted, ",")
}

// Page reads one page again (a webhook's hint): found is false when the
// API says it is gone, trashed or outside the synced spaces.
func (cf *Confluence) Page(ctx context.Context, key string, known Known) (kb.SyncPage, bool, error) {
	if m := attachmentKey.FindStringSubmatch(key); m != nil {
		return cf.attachmentAgain(ctx, m[1], m[2], known)
	}
	if _, err := strconv.ParseUint(key, 10, 64); err != nil {
		return kb.SyncPage{}, false, verity.Errorf(verity.EINVALID, "connector %s: %q is not a page id", cf.conn.Name, key)
	}
	if cf.cloud() {
		return cf.cloudPage(ctx, key)
	}
	var ct content
	err := cf.c.Get(ctx, "/content/"+key, url.Values{"expand": {expand}, "status": {"current"}}, &ct)
	if errors.Is(err, rest.ErrGone) {
		return kb.SyncPage{}, false, nil
	}
	if err != nil {
		return kb.SyncPage{}, false, err
	}
	keys, err := cf.spaceKeys(ctx)
	if err != nil {
		return kb.SyncPage{}, false, err
	}
	inSpace := false
	for _, k := range keys {
		inSpace = inSpace || k == ct.Space.Key
	}
	if ct.Status != "current" || !inSpace {
		return kb.SyncPage{}, false, nil
	}
	p, err := cf.page(ctx, &ct)
	return p, err == nil, err
}

// spaceKeys are the synced spaces: those the connector names, else every
// global space the token reads.
func (cf *Confluence) spaceKeys(ctx context.Context) ([]string, error) {
	if len(cf.conn.Spaces) > 0 {
		return cf.conn.Spaces, nil
	}
	var keys []string
	path, q := "/space", url.Values{"type": {"global"}, "limit": {"100"}}
	for path != "" {
		var l list[struct {
			Key string `json:"key"`
		}]
		if err := cf.c.Get(ctx, path, q, &l); err != nil {
			return nil, err
		}
		for _, s := range l.Results {
			keys = append(keys, s.Key)
		}
		path, q = l.Links.Next, nil
	}
	return keys, nil
}

// page turns one content into the page the sync stores.
func (cf *Confluence) page(ctx context.Context, ct *content) (kb.SyncPage, error) {
	text, cut := canon.Cut(Text(ct.Body.Storage.Value), cf.opt.MaxText)
	if cut {
		cf.warn(fmt.Sprintf("%s:%s: the text is longer than %d bytes and was cut there", cf.conn.Origin(), ct.ID, cf.opt.MaxText))
	}
	acl, err := cf.acl(ctx, ct)
	if err != nil {
		return kb.SyncPage{}, err
	}
	cf.pageACL[ct.ID] = acl
	src := &verity.Source{URI: cf.conn.URL + ct.Links.WebUI, Title: ct.Title, ACL: acl, UpdatedAt: rest.ParseTime(ct.Version.When), Text: text}
	if ct.Links.WebUI == "" {
		src.URI = cf.conn.URL + "/pages/viewpage.action?pageId=" + ct.ID
	}
	// The author as the platform names them: a user without a visible
	// email is kept without one (a hint then gives no contact).
	if p, ok := verity.AuthorPrincipal(ct.History.CreatedBy.Email); ok {
		src.Author = p
	}
	return kb.SyncPage{Key: ct.ID, Version: strconv.Itoa(ct.Version.Number), Source: src}, nil
}

// HookPages reads the pages a Confluence webhook's payload is about: the
// id of its "page", "blog", "blogpost" or "content" object, a number or a
// string (the shapes of Cloud's and Data Center's page and blog events).
func HookPages(body []byte) ([]string, error) {
	var p map[string]json.RawMessage
	if err := json.Unmarshal(body, &p); err != nil {
		return nil, fmt.Errorf("the payload is not a JSON object")
	}
	var keys []string
	for _, k := range []string{"page", "blog", "blogpost", "content"} {
		var obj struct {
			ID json.Number `json:"id"`
		}
		if raw, ok := p[k]; ok && json.Unmarshal(raw, &obj) == nil && obj.ID != "" {
			keys = append(keys, obj.ID.String())
		}
	}
	return keys, nil
}
