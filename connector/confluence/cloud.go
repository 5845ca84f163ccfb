package confluence

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/veritykb/verity/connector/rest"
	"github.com/veritykb/verity/kb"
)

// Confluence Cloud is read through its REST API v2 (under /wiki/api/v2),
// which Atlassian keeps while it retires v1's content and space
// endpoints: spaces, their pages and blog posts with storage-format
// bodies, a page's ancestors, space permissions and users' profiles. The
// v1 endpoints v2 has no equivalent for stay: CQL search (what changed
// since the cursor, and the read restrictions of a batch of pages in one
// request), a page's read restriction, and groups' names and members.
// Shapes as developer.atlassian.com/cloud/confluence/rest/v2/ gives them
// (api-group-space, api-group-page, api-group-blog-post,
// api-group-ancestors, api-group-space-permissions, api-group-user);
// v2 lists carry the next request in _links.next, a path from the site's
// root ("/wiki/api/v2/…?cursor=…").

// ident is an id v2 gives as a string (and older answers as a number).
type ident string

func (i *ident) UnmarshalJSON(b []byte) error {
	var n json.Number
	if err := json.Unmarshal(b, &n); err == nil {
		*i = ident(n.String())
		return nil
	}
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return fmt.Errorf("an id is neither a string nor a number: %s", b)
	}
	*i = ident(s)
	return nil
}

type v2list[T any] struct {
	Results []T `json:"results"`
	Links   struct {
		Next string `json:"next"`
		Base string `json:"base"`
	} `json:"_links"`
}

type v2space struct {
	ID  ident  `json:"id"`
	Key string `json:"key"`
}

// v2content is a page or a blog post.
type v2content struct {
	ID       ident  `json:"id"`
	Status   string `json:"status"`
	Title    string `json:"title"`
	SpaceID  ident  `json:"spaceId"`
	ParentID ident  `json:"parentId"` // pages only
	AuthorID string `json:"authorId"`
	Version  struct {
		Number    int    `json:"number"`
		CreatedAt string `json:"createdAt"`
		AuthorID  string `json:"authorId"`
	} `json:"version"`
	Body struct {
		Storage struct {
			Value string `json:"value"`
		} `json:"storage"`
	} `json:"body"`
	Links struct {
		WebUI string `json:"webui"`
	} `json:"_links"`
}

type v2permission struct {
	Principal struct {
		Type string `json:"type"` // user, group (role: not a reader Verity can name)
		ID   string `json:"id"`
	} `json:"principal"`
	Operation struct {
		Key        string `json:"key"`
		TargetType string `json:"targetType"`
	} `json:"operation"`
}

// v2types are the kinds of content a space's listing reads, with the
// v1 type CQL names them by.
var v2types = []struct{ path, typ string }{{"pages", "page"}, {"blogposts", "blogpost"}}

// cloud says the connector speaks to Confluence Cloud: an account's email
// and API token.
func (cf *Confluence) cloud() bool { return cf.conn.User != "" }

// next is a v2 list's next request as an absolute URL on the site: v2
// gives it from the site's root.
func (cf *Confluence) next(link string) string {
	if link == "" || !strings.HasPrefix(link, "/") {
		return link
	}
	u, err := url.Parse(cf.conn.URL)
	if err != nil {
		return ""
	}
	return u.Scheme + "://" + u.Host + link
}

// cloudSpaces are the synced spaces with their v2 ids: those the
// connector names, else every current global space the token reads.
func (cf *Confluence) cloudSpaces(ctx context.Context) ([]v2space, error) {
	if cf.spaceList != nil {
		return cf.spaceList, nil
	}
	q := url.Values{"limit": {"250"}}
	if len(cf.conn.Spaces) > 0 {
		q.Set("keys", strings.Join(cf.conn.Spaces, ","))
	} else {
		q.Set("type", "global")
		q.Set("status", "current")
	}
	out := []v2space{}
	for path := "/spaces"; path != ""; q = nil {
		var l v2list[v2space]
		if err := cf.v2.Get(ctx, path, q, &l); err != nil {
			return nil, err
		}
		out = append(out, l.Results...)
		path = cf.next(l.Links.Next)
	}
	for _, key := range cf.conn.Spaces {
		if !slices.ContainsFunc(out, func(s v2space) bool { return s.Key == key }) {
			cf.warn(fmt.Sprintf("space %s: Confluence gives no such space to the token: nothing of it is listed", key))
		}
	}
	for _, s := range out {
		cf.spaceKey[string(s.ID)] = s.Key
		cf.spaceID[s.Key] = string(s.ID)
	}
	cf.spaceList = out
	return out, nil
}

// listCloud is List on Cloud: a full pass lists each space's pages and
// blog posts through v2; an incremental one asks CQL what changed since
// the cursor (oldest first, so the cursor can be committed batch by
// batch) and reads those pages' bodies through v2.
func (cf *Confluence) listCloud(ctx context.Context, cursor string, full bool, known Known, each func([]kb.SyncPage, string) error) (string, error) {
	spaces, err := cf.cloudSpaces(ctx)
	if err != nil {
		return cursor, err
	}
	since, ok := rest.ParseCursor(cursor)
	latest := since
	if full || !ok {
		for _, sp := range spaces {
			for _, t := range v2types {
				q := url.Values{"status": {"current"}, "body-format": {"storage"}, "limit": {strconv.Itoa(cf.opt.PageSize)}}
				for path := "/spaces/" + url.PathEscape(string(sp.ID)) + "/" + t.path; path != ""; q = nil {
					var l v2list[v2content]
					if err := cf.v2.Get(ctx, path, q, &l); err != nil {
						return cursor, err
					}
					batch, err := cf.cloudPages(ctx, t.typ, l.Results, &latest)
					if err != nil {
						return cursor, err
					}
					if err := each(batch, cursor); err != nil {
						return cursor, err
					}
					path = cf.next(l.Links.Next)
				}
			}
		}
		keys := make([]string, len(spaces))
		for i, sp := range spaces {
			keys[i] = sp.Key
		}
		if err := cf.attachments(ctx, keys, known, &latest, func(b []kb.SyncPage) error { return each(b, cursor) }); err != nil {
			return cursor, err
		}
		if latest.IsZero() {
			return cursor, nil
		}
		return rest.FormatCursor(latest), nil
	}
	if len(spaces) == 0 {
		return cursor, nil
	}
	keys := make([]string, len(spaces))
	for i, s := range spaces {
		keys[i] = s.Key
	}
	next := cursor
	q := url.Values{"cql": {cf.changedSince(keys, since)}, "expand": {attachmentExpand}, "limit": {strconv.Itoa(cf.opt.PageSize)}}
	for path := "/content/search"; path != ""; q = nil {
		var l list[content]
		if err := cf.c.Get(ctx, path, q, &l); err != nil {
			return next, err
		}
		ids := map[string][]string{}
		var batch []kb.SyncPage
		for _, ct := range l.Results {
			if when := rest.ParseTime(ct.Version.When); when.After(latest) {
				latest = when
			}
			if ct.Type == "attachment" {
				p, ok, err := cf.attachment(ctx, &ct, known)
				if err != nil {
					return next, err
				}
				if ok {
					batch = append(batch, p)
				}
				continue
			}
			if v, live, ok := known(ct.ID); ok && live && v == strconv.Itoa(ct.Version.Number) {
				continue
			}
			ids[ct.Type] = append(ids[ct.Type], ct.ID)
		}
		for _, t := range v2types {
			if len(ids[t.typ]) == 0 {
				continue
			}
			items, err := cf.bulk(ctx, t.path, ids[t.typ])
			if err != nil {
				return next, err
			}
			b, err := cf.cloudPages(ctx, t.typ, items, nil)
			if err != nil {
				return next, err
			}
			batch = append(batch, b...)
		}
		if !latest.IsZero() {
			next = rest.FormatCursor(latest)
		}
		if err := each(batch, next); err != nil {
			return next, err
		}
		path = l.Links.Next
	}
	return next, nil
}

// bulk reads pages (or blog posts) by id with their bodies: GET
// /pages?id=1,2,…&body-format=storage. A page deleted since CQL named it
// is simply not in the answer: the full pass revokes it.
func (cf *Confluence) bulk(ctx context.Context, kind string, ids []string) ([]v2content, error) {
	var out []v2content
	for len(ids) > 0 {
		n := min(len(ids), 250)
		q := url.Values{"id": {strings.Join(ids[:n], ",")}, "status": {"current"}, "body-format": {"storage"}, "limit": {"250"}}
		for path := "/" + kind; path != ""; q = nil {
			var l v2list[v2content]
			if err := cf.v2.Get(ctx, path, q, &l); err != nil {
				return nil, err
			}
			out = append(out, l.Results...)
			path = cf.next(l.Links.Next)
		}
		ids = ids[n:]
	}
	return out, nil
}

// cloudPage reads one page or blog post again by id (a webhook's hint):
// found is false when neither exists, it is not current, or it is outside
// the synced spaces.
func (cf *Confluence) cloudPage(ctx context.Context, key string) (kb.SyncPage, bool, error) {
	if _, err := cf.cloudSpaces(ctx); err != nil {
		return kb.SyncPage{}, false, err
	}
	for _, t := range v2types {
		var it v2content
		err := cf.v2.Get(ctx, "/"+t.path+"/"+key, url.Values{"body-format": {"storage"}}, &it)
		if errors.Is(err, rest.ErrGone) {
			continue
		}
		if err != nil {
			return kb.SyncPage{}, false, err
		}
		if _, ok := cf.spaceKey[string(it.SpaceID)]; !ok || it.Status != "current" {
			return kb.SyncPage{}, false, nil
		}
		r, err := cf.readRestriction(ctx, key)
		if err != nil {
			return kb.SyncPage{}, false, err
		}
		ps, err := cf.cloudPages(ctx, t.typ, []v2content{it}, nil, r)
		if err != nil || len(ps) == 0 {
			return kb.SyncPage{}, false, err
		}
		return ps[0], true, nil
	}
	return kb.SyncPage{}, false, nil
}

// cloudPages turns v2 pages of one type into the pages the sync stores:
// the space's key, the creator's email, the ancestors and the read
// restrictions v2 does not give are read in as few requests as the API
// allows. own, when given, are the one page's read restrictions already
// read; else they are read for the whole batch with one CQL search.
// latest, when given, is moved to the newest version seen.
func (cf *Confluence) cloudPages(ctx context.Context, typ string, items []v2content, latest *time.Time, own ...restrictions) ([]kb.SyncPage, error) {
	if len(items) == 0 {
		return nil, nil
	}
	var restr map[string]restrictions
	if len(own) == 0 {
		var err error
		if restr, err = cf.batchRestrictions(ctx, items); err != nil {
			return nil, err
		}
	}
	var accounts []string
	for _, it := range items {
		accounts = append(accounts, it.AuthorID)
	}
	if err := cf.readUsers(ctx, accounts); err != nil {
		return nil, err
	}
	out := make([]kb.SyncPage, 0, len(items))
	for _, it := range items {
		ct := content{ID: string(it.ID), Type: typ, Status: it.Status, Title: it.Title}
		ct.Space.Key = cf.spaceKey[string(it.SpaceID)]
		ct.History.CreatedBy = user{AccountID: it.AuthorID, Email: cf.emails[it.AuthorID]}
		ct.Version.Number = it.Version.Number
		ct.Version.When = it.Version.CreatedAt
		ct.Body.Storage.Value = it.Body.Storage.Value
		ct.Links.WebUI = it.Links.WebUI
		if latest != nil {
			if when := rest.ParseTime(it.Version.CreatedAt); when.After(*latest) {
				*latest = when
			}
		}
		anc, err := cf.ancestors(ctx, it)
		if err != nil {
			return nil, err
		}
		for _, a := range anc {
			ct.Ancestors = append(ct.Ancestors, struct {
				ID string `json:"id"`
			}{a})
		}
		if len(own) > 0 {
			ct.Restrictions.Read.Restrictions = own[0]
		} else if r, ok := restr[ct.ID]; ok {
			ct.Restrictions.Read.Restrictions = r
		} else {
			// CQL did not give the page back: its restrictions are
			// unknown, so it is readable by no one.
			cf.warn(fmt.Sprintf("%s:%s: its read restrictions could not be read (CQL search did not return it): readable by no one", cf.conn.Origin(), ct.ID))
			ct.Restrictions.Read.Restrictions = restrictions{Unknown: true}
		}
		p, err := cf.page(ctx, &ct)
		if err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, nil
}

// batchRestrictions reads the read restrictions of a batch of pages in
// one CQL search (v2 has none): id in (…), expanded.
func (cf *Confluence) batchRestrictions(ctx context.Context, items []v2content) (map[string]restrictions, error) {
	ids := make([]string, len(items))
	for i, it := range items {
		ids[i] = string(it.ID)
	}
	out := map[string]restrictions{}
	q := url.Values{"cql": {"id in (" + strings.Join(ids, ",") + ")"}, "expand": {"restrictions.read.restrictions.user,restrictions.read.restrictions.group"},
		"limit": {strconv.Itoa(len(ids))}}
	for path := "/content/search"; path != ""; q = nil {
		var l list[content]
		if err := cf.c.Get(ctx, path, q, &l); err != nil {
			return nil, err
		}
		for _, ct := range l.Results {
			out[ct.ID] = ct.Restrictions.Read.Restrictions
		}
		path = l.Links.Next
	}
	return out, nil
}

// ancestors are a page's ancestors, top first: its parent's chain and
// the parent, read with GET /pages/{id}/ancestors once for each parent
// whose chain is not yet known (a space's pages share few parents).
func (cf *Confluence) ancestors(ctx context.Context, it v2content) ([]string, error) {
	parent := string(it.ParentID)
	if parent == "" {
		return nil, nil
	}
	if c, ok := cf.chain[parent]; ok {
		return append(slices.Clone(c), parent), nil
	}
	var anc []string
	q := url.Values{"limit": {"250"}}
	for path := "/pages/" + url.PathEscape(string(it.ID)) + "/ancestors"; path != ""; q = nil {
		var l v2list[struct {
			ID ident `json:"id"`
		}]
		if err := cf.v2.Get(ctx, path, q, &l); err != nil {
			return nil, err
		}
		for _, a := range l.Results {
			anc = append(anc, string(a.ID))
		}
		path = cf.next(l.Links.Next)
	}
	for i, a := range anc {
		cf.chain[a] = slices.Clone(anc[:i])
	}
	return anc, nil
}

// readUsers reads the emails of the accounts not yet known, 250 at a time
// (POST /users-bulk); an account whose profile hides its email is known
// with none.
func (cf *Confluence) readUsers(ctx context.Context, accounts []string) error {
	var missing []string
	for _, a := range accounts {
		if _, ok := cf.emails[a]; !ok && a != "" && !slices.Contains(missing, a) {
			missing = append(missing, a)
		}
	}
	for len(missing) > 0 {
		n := min(len(missing), 250)
		var l v2list[user]
		if err := cf.v2.Post(ctx, "/users-bulk", map[string][]string{"accountIds": missing[:n]}, &l); err != nil {
			return err
		}
		for _, a := range missing[:n] {
			cf.emails[a] = ""
		}
		for _, u := range l.Results {
			cf.emails[u.AccountID] = u.Email
		}
		missing = missing[n:]
	}
	return nil
}

// cloudSpaceLevel is the read permission of space key through v2: its
// read:space assignments, users by their emails, groups by their names
// (v1's GET /group/by-id). A principal of another type (a role) is left
// out with a warning: leaving a reader out only narrows.
func (cf *Confluence) cloudSpaceLevel(ctx context.Context, key string) (*level, error) {
	if _, err := cf.cloudSpaces(ctx); err != nil {
		return nil, err
	}
	id, ok := cf.spaceID[key]
	if !ok {
		return nil, fmt.Errorf("connector %s: space %s is not there, or the token cannot read it", cf.conn.Name, key)
	}
	var accounts, groupIDs []string
	q := url.Values{"limit": {"250"}}
	for path := "/spaces/" + url.PathEscape(id) + "/permissions"; path != ""; q = nil {
		var l v2list[v2permission]
		if err := cf.v2.Get(ctx, path, q, &l); err != nil {
			if errors.Is(err, rest.ErrGone) {
				return nil, fmt.Errorf("connector %s: space %s's permissions cannot be read by the token", cf.conn.Name, key)
			}
			return nil, err
		}
		for _, p := range l.Results {
			if p.Operation.Key != "read" || p.Operation.TargetType != "space" {
				continue
			}
			switch p.Principal.Type {
			case "user":
				accounts = append(accounts, p.Principal.ID)
			case "group":
				groupIDs = append(groupIDs, p.Principal.ID)
			default:
				cf.warn(fmt.Sprintf("space %s: a read permission held by a %s (%s) cannot be mapped to a reader: left out", key, p.Principal.Type, p.Principal.ID))
			}
		}
		path = cf.next(l.Links.Next)
	}
	if err := cf.readUsers(ctx, accounts); err != nil {
		return nil, err
	}
	users := make([]user, 0, len(accounts))
	for _, a := range accounts {
		users = append(users, user{AccountID: a, Email: cf.emails[a]})
	}
	var groups []group
	for _, gid := range groupIDs {
		var g group
		err := cf.c.Get(ctx, "/group/by-id", url.Values{"id": {gid}}, &g)
		var ae *rest.AuthError
		if errors.As(err, &ae) {
			return nil, err
		}
		if err != nil || g.Name == "" {
			cf.warn(fmt.Sprintf("space %s: the name of group %s could not be read (%v): left out", key, gid, err))
			continue
		}
		groups = append(groups, g)
	}
	return cf.levelOf("space "+key, users, groups), nil
}
