package connector_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
)

// The double's CQL search (GET …/rest/api/content/search?cql=…) and
// attachments, as Atlassian's references give them: CQL fields space,
// type, lastmodified, container and id, joined by "and", with "order by
// lastmodified asc" (developer.atlassian.com/cloud/confluence/
// advanced-searching-using-cql/, cql-fields); an attachment is content of
// type "attachment" whose "container" expansion is its page,
// "extensions" its {"mediaType", "fileSize"} and "_links.download" its
// file from the site's base ("/download/attachments/PAGE/NAME?version=N&
// api=v2"; api-group-content---attachments).

// fattach is an attachment of page.
type fattach struct {
	id, page, title, mediaType string
	data                       []byte
	size                       int64 // the size the API states: len(data) unless set
	version                    int
	when                       time.Time
	status                     string
	creator                    fuser
}

// attach puts an attachment on the double.
func (f *wiki) attach(a *fattach) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.attachments == nil {
		f.attachments = map[string]*fattach{}
	}
	if a.status == "" {
		a.status = "current"
	}
	if a.version == 0 {
		a.version = 1
	}
	if a.when.IsZero() {
		a.when = time.Date(2026, 12, 1, 11, 0, 0, 0, time.UTC)
	}
	f.attachments[a.id] = a
}

func (f *wiki) changeAttachment(id string, fn func(a *fattach)) {
	f.mu.Lock()
	defer f.mu.Unlock()
	fn(f.attachments[id])
}

var (
	cqlLastModified = regexp.MustCompile(`^lastmodified >= "([^"]+)"$`)
	cqlIn           = regexp.MustCompile(`^(space|type|id) in \(([^)]*)\)$`)
	cqlEquals       = regexp.MustCompile(`^(space|type|container|id) = "?([^"]*)"?$`)
)

// cqlItem is what a CQL condition is tested on.
type cqlItem struct {
	id, space, typ, container string
	when                      time.Time
	encode                    func() json.RawMessage
}

// search answers a CQL search: the items every condition holds for,
// oldest first when it orders by lastmodified, else by id.
func (f *wiki) search(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	cql, ordered := strings.CutSuffix(q.Get("cql"), " order by lastmodified asc")
	var conds []func(cqlItem) bool
	var ids []string
	for _, c := range strings.Split(cql, " and ") {
		c = strings.TrimSpace(c)
		if m := cqlLastModified.FindStringSubmatch(c); m != nil {
			from, err := time.Parse("2006/01/02 15:04", m[1])
			if err != nil {
				f.fail(w, http.StatusBadRequest, "Could not parse cql : bad date "+m[1])
				return
			}
			conds = append(conds, func(it cqlItem) bool { return !it.when.Before(from) })
			continue
		}
		field, values := "", []string{}
		if m := cqlIn.FindStringSubmatch(c); m != nil {
			field = m[1]
			for _, v := range strings.Split(m[2], ",") {
				if u, err := strconv.Unquote(strings.TrimSpace(v)); err == nil {
					v = u
				}
				values = append(values, strings.TrimSpace(v))
			}
			if field == "id" {
				ids = values
			}
		} else if m := cqlEquals.FindStringSubmatch(c); m != nil {
			field, values = m[1], []string{m[2]}
		} else {
			f.fail(w, http.StatusBadRequest, "Could not parse cql : "+q.Get("cql"))
			return
		}
		conds = append(conds, func(it cqlItem) bool {
			return slices.Contains(values, map[string]string{"space": it.space, "type": it.typ, "container": it.container, "id": it.id}[field])
		})
	}
	expand := q.Get("expand")
	var items []cqlItem
	pages := f.pages
	if ids != nil {
		// id in (…) names its pages: looked up, not scanned (the double's
		// own work should not weigh on what a benchmark measures).
		pages = map[string]*fpage{}
		for _, id := range ids {
			if p := f.pages[id]; p != nil {
				pages[id] = p
			}
		}
	}
	for _, p := range pages {
		if p.status == "current" && !f.hideFromCQL[p.id] {
			items = append(items, cqlItem{id: p.id, space: p.space, typ: p.kind(), when: p.when, encode: func() json.RawMessage { return f.encodeV1(p, expand) }})
		}
	}
	for _, a := range f.attachments {
		if p := f.pages[a.page]; a.status == "current" && p != nil && p.status == "current" {
			items = append(items, cqlItem{id: a.id, space: p.space, typ: "attachment", container: a.page, when: a.when, encode: func() json.RawMessage { return f.attachmentJSON(a) }})
		}
	}
	items = slices.DeleteFunc(items, func(it cqlItem) bool {
		return slices.ContainsFunc(conds, func(c func(cqlItem) bool) bool { return !c(it) })
	})
	slices.SortFunc(items, func(a, b cqlItem) int {
		if ordered {
			if c := a.when.Compare(b.when); c != 0 {
				return c
			}
		}
		return strings.Compare(a.id, b.id)
	})
	f.listItems(w, r, len(items), func(i int) json.RawMessage { return items[i].encode() })
}

func (f *wiki) attachmentJSON(a *fattach) json.RawMessage {
	size := a.size
	if size == 0 {
		size = int64(len(a.data))
	}
	b, _ := json.Marshal(map[string]any{
		"id": a.id, "type": "attachment", "status": a.status, "title": a.title,
		"container":  map[string]any{"id": a.page, "type": f.pages[a.page].kind(), "title": f.pages[a.page].title},
		"history":    map[string]any{"latest": true, "createdBy": f.userJSON(a.creator)},
		"version":    map[string]any{"by": f.userJSON(a.creator), "when": a.when.Format("2006-01-02T15:04:05.000Z07:00"), "number": a.version},
		"extensions": map[string]any{"mediaType": a.mediaType, "fileSize": size, "comment": ""},
		"_links": map[string]any{"webui": fmt.Sprintf("/pages/viewpageattachments.action?pageId=%s&preview=%s", a.page, url.PathEscape("/"+a.page+"/"+a.title)),
			"download": fmt.Sprintf("/download/attachments/%s/%s?version=%d&api=v2", a.page, url.PathEscape(a.title), a.version)},
	})
	return b
}

// download serves an attachment's file: PAGE/NAME.
func (f *wiki) download(w http.ResponseWriter, rest string) {
	f.downloads++
	page, name, _ := strings.Cut(rest, "/")
	for _, a := range f.attachments {
		if a.page == page && a.title == name && a.status == "current" {
			w.Header().Set("Content-Type", a.mediaType)
			w.Write(a.data)
			return
		}
	}
	f.fail(w, http.StatusNotFound, "attachment not found")
}
