package connector_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
)

// serveV2 is the double's Confluence Cloud REST API v2, under
// /wiki/api/v2, written from Atlassian's reference
// (developer.atlassian.com/cloud/confluence/rest/v2/):
//   - GET /spaces?keys=K1,K2 (api-group-space): {"results": [{"id": "98306",
//     "key": "ENG", "name", "type": "global", "status": "current"}],
//     "_links": {"next"?, "base"}};
//   - GET /spaces/{id}/pages and /spaces/{id}/blogposts (api-group-page,
//     api-group-blog-post) with status, body-format=storage, limit and an
//     opaque cursor, the next request in _links.next as a path from the
//     site's root ("/wiki/api/v2/spaces/98306/pages?cursor=…"); a page:
//     {"id", "status", "title", "spaceId", "parentId", "parentType",
//     "authorId", "createdAt", "version": {"number", "createdAt",
//     "authorId", "minorEdit", "message"}, "body": {"storage":
//     {"representation": "storage", "value"}}, "_links": {"webui",
//     "editui", "tinyui"}};
//   - GET /pages?id=1,2 and /blogposts?id=… (bulk by id), GET /pages/{id}
//     and /blogposts/{id};
//   - GET /pages/{id}/ancestors (api-group-ancestors): {"results":
//     [{"id", "type": "page"}]}, the highest ancestor first;
//   - GET /spaces/{id}/permissions (api-group-space-permissions):
//     {"results": [{"id", "principal": {"type": "user"|"group", "id"},
//     "operation": {"key": "read", "targetType": "space"}}]}, groups by id,
//     users by account id;
//   - POST /users-bulk {"accountIds": [...]} (api-group-user): {"results":
//     [{"accountId", "accountType", "email"?, "publicName",
//     "displayName"}]}, the email only where the profile shows it.
//
// v1's content listing, content by id and space endpoints answer 410 on
// this Cloud double (Atlassian retires them), so a client that still
// used them fails here.
func (f *wiki) serveV2(w http.ResponseWriter, r *http.Request, path string) {
	q := r.URL.Query()
	if r.Method == http.MethodPost && path == "/users-bulk" {
		var req struct {
			AccountIDs []string `json:"accountIds"`
		}
		if err := json.NewDecoder(r.Body).Decode(&req); err != nil || len(req.AccountIDs) == 0 || len(req.AccountIDs) > 250 {
			f.fail(w, http.StatusBadRequest, "accountIds: between 1 and 250 account ids")
			return
		}
		results := []any{}
		for _, id := range req.AccountIDs {
			if u, ok := f.account(id); ok {
				results = append(results, f.userJSON(u))
			}
		}
		json.NewEncoder(w).Encode(map[string]any{"results": results, "_links": map[string]any{"base": f.URL()}})
		return
	}
	if r.Method != http.MethodGet {
		f.fail(w, http.StatusMethodNotAllowed, "method not allowed")
		return
	}
	parts := strings.Split(strings.Trim(path, "/"), "/")
	switch {
	case path == "/spaces":
		var results []any
		for _, key := range f.spaceKeys() {
			if q.Get("keys") == "" || slices.Contains(strings.Split(q.Get("keys"), ","), key) {
				results = append(results, map[string]any{"id": f.spaceID(key), "key": key, "name": key, "type": "global", "status": "current"})
			}
		}
		json.NewEncoder(w).Encode(map[string]any{"results": results, "_links": map[string]any{"base": f.URL()}})
	case len(parts) == 3 && parts[0] == "spaces" && (parts[2] == "pages" || parts[2] == "blogposts"):
		var list []*fpage
		for _, p := range f.sortedByID() {
			if f.spaceID(p.space) == parts[1] && p.status == "current" && p.blog == (parts[2] == "blogposts") {
				list = append(list, p)
			}
		}
		f.listV2(w, r, list)
	case len(parts) == 1 && (parts[0] == "pages" || parts[0] == "blogposts"):
		var list []*fpage
		for _, id := range strings.Split(q.Get("id"), ",") {
			if p := f.pages[id]; p != nil && p.status == "current" && p.blog == (parts[0] == "blogposts") {
				list = append(list, p)
			}
		}
		f.listV2(w, r, list)
	case len(parts) == 2 && (parts[0] == "pages" || parts[0] == "blogposts"):
		p := f.pages[parts[1]]
		if p == nil || p.status != "current" || p.blog != (parts[0] == "blogposts") {
			f.fail(w, http.StatusNotFound, "Content not found")
			return
		}
		w.Write(f.v2JSON(p))
	case len(parts) == 3 && parts[0] == "pages" && parts[2] == "ancestors":
		p := f.pages[parts[1]]
		if p == nil || p.blog {
			f.fail(w, http.StatusNotFound, "Content not found")
			return
		}
		results := []any{}
		for _, a := range p.ancestors {
			results = append(results, map[string]any{"id": a, "type": "page"})
		}
		json.NewEncoder(w).Encode(map[string]any{"results": results, "_links": map[string]any{"base": f.URL()}})
	case len(parts) == 3 && parts[0] == "spaces" && parts[2] == "permissions":
		results := []any{}
		add := func(typ, id, op, target string) {
			results = append(results, map[string]any{"id": strconv.Itoa(len(results) + 1), "principal": map[string]any{"type": typ, "id": id},
				"operation": map[string]any{"key": op, "targetType": target}})
		}
		for _, u := range f.spaceUsers {
			add("user", u.id, "read", "space")
		}
		for _, g := range f.spaceGroups {
			add("group", "gid-"+g, "read", "space")
		}
		for _, role := range f.spaceRoles {
			add("role", role, "read", "space")
		}
		add("group", "gid-writers", "create", "page")
		json.NewEncoder(w).Encode(map[string]any{"results": results, "_links": map[string]any{"base": f.URL()}})
	default:
		f.fail(w, http.StatusNotFound, "null for uri: "+r.URL.Path)
	}
}

// retiredV1 says a v1 path is one Cloud no longer serves.
func (f *wiki) retiredV1(path string) bool {
	return path == "/content" || path == "/space" || strings.HasPrefix(path, "/space/") ||
		strings.HasPrefix(path, "/content/") && !strings.Contains(path, "/restriction/") && path != "/content/search"
}

// listV2 answers one page of a v2 listing with an opaque cursor (the
// offset, as f.throttle names it).
func (f *wiki) listV2(w http.ResponseWriter, r *http.Request, all []*fpage) {
	q := r.URL.Query()
	if f.empty {
		all = nil
	}
	start := 0
	if c := q.Get("cursor"); c != "" {
		n, err := strconv.Atoi(strings.TrimPrefix(c, "offset-"))
		if err != nil || !strings.HasPrefix(c, "offset-") {
			f.fail(w, http.StatusBadRequest, "invalid cursor")
			return
		}
		start = n
	}
	if f.throttle != "" && strconv.Itoa(start) == f.throttle {
		f.throttle = ""
		w.Header().Set("Retry-After", "3")
		f.fail(w, http.StatusTooManyRequests, "Rate limit exceeded")
		return
	}
	limit := min(max(2, f.pageCap), max(1, atoi(q.Get("limit"))))
	end := min(start+limit, len(all))
	results := []json.RawMessage{}
	for _, p := range all[min(start, len(all)):end] {
		results = append(results, f.v2JSON(p))
	}
	links := map[string]any{"base": f.URL()}
	if end < len(all) {
		next := url.Values{}
		for k, v := range q {
			next[k] = v
		}
		next.Set("cursor", fmt.Sprintf("offset-%d", end))
		links["next"] = r.URL.Path + "?" + next.Encode()
		w.Header().Set("Link", fmt.Sprintf(`<%s>; rel="next"`, links["next"]))
	}
	json.NewEncoder(w).Encode(map[string]any{"results": results, "_links": links})
}

// v2JSON is a page as v2 gives it, encoded once until it changes.
func (f *wiki) v2JSON(p *fpage) json.RawMessage {
	if p.encodedV2 != nil {
		return p.encodedV2
	}
	when := p.when.Format("2006-01-02T15:04:05.000Z07:00")
	m := map[string]any{
		"id": p.id, "status": p.status, "title": p.title, "spaceId": f.spaceID(p.space), "authorId": p.creator.id, "ownerId": p.creator.id,
		"createdAt": "2026-11-01T09:00:00.000Z",
		"version":   map[string]any{"number": p.version, "createdAt": when, "authorId": p.creator.id, "minorEdit": false, "message": ""},
		"body":      map[string]any{"storage": map[string]any{"representation": "storage", "value": p.body}},
		"_links": map[string]any{"webui": fmt.Sprintf("/spaces/%s/pages/%s/%s", p.space, p.id, strings.ReplaceAll(p.title, " ", "+")),
			"editui": "/pages/resumedraft.action?draftId=" + p.id, "tinyui": "/x/" + p.id},
	}
	if n := len(p.ancestors); n > 0 {
		m["parentId"], m["parentType"] = p.ancestors[n-1], "page"
	}
	p.encodedV2, _ = json.Marshal(m)
	return p.encodedV2
}

// spaceKeys are the spaces the double's pages live in; spaceID their v2
// ids.
func (f *wiki) spaceKeys() []string {
	var keys []string
	for _, p := range f.pages {
		if !slices.Contains(keys, p.space) {
			keys = append(keys, p.space)
		}
	}
	slices.Sort(keys)
	return keys
}

func (f *wiki) spaceID(key string) string {
	n := 98306
	for _, c := range key {
		n = n*31 + int(c)
	}
	return strconv.Itoa(n % 1000000)
}

func (f *wiki) sortedByID() []*fpage {
	if f.byID == nil {
		for _, p := range f.pages {
			f.byID = append(f.byID, p)
		}
		slices.SortFunc(f.byID, func(a, b *fpage) int { return strings.Compare(a.id, b.id) })
	}
	return f.byID
}

// account is the user with account id, as the site knows them.
func (f *wiki) account(id string) (fuser, bool) {
	find := func(us []fuser) (fuser, bool) {
		i := slices.IndexFunc(us, func(u fuser) bool { return u.id == id })
		if i < 0 {
			return fuser{}, false
		}
		return us[i], true
	}
	if u, ok := find(f.spaceUsers); ok {
		return u, true
	}
	for _, ms := range f.groups {
		if u, ok := find(ms); ok {
			return u, true
		}
	}
	for _, p := range f.pages {
		if u, ok := find(append([]fuser{p.creator}, p.users...)); ok {
			return u, true
		}
	}
	return fuser{}, false
}
