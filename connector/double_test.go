package connector_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// wiki is a double of a Confluence site: Cloud's REST API v2 under
// /wiki/api/v2 (double_v2_test.go) and the v1 endpoints Cloud keeps under
// /wiki/rest/api, or a Data Center site's v1 under /rest/api, written from
// Atlassian's references:
//   - content listing and CQL search with expansions and _links.next
//     pagination: developer.atlassian.com/cloud/confluence/rest/v1/api-group-content/
//     (GET /wiki/rest/api/content, GET /wiki/rest/api/content/search) and the
//     Data Center page developer.atlassian.com/server/confluence/rest/v1000/api-group-content-resource;
//     expansions as developer.atlassian.com/server/confluence/expansions-in-the-rest-api/ shows them
//     ("_links": {"base", "context", "next"}, "results", "start", "limit", "size");
//   - read restrictions: GET /wiki/rest/api/content/{id}/restriction/byOperation/read
//     (api-group-content-restrictions: {"operation": "read", "restrictions":
//     {"user": {"results": [...]}, "group": {"results": [{"type": "group", "name": ...}]}}});
//   - space permissions: GET /wiki/rest/api/space/{key}?expand=permissions
//     (api-group-space: "permissions": [{"operation": {"operation": "read",
//     "targetType": "space"}, "subjects": {...}, "anonymousAccess": false}]);
//   - group members: GET /wiki/rest/api/group/member?name=NAME (api-group-group);
//   - errors: {"statusCode": 401, "message": "..."}; 429 with Retry-After
//     (developer.atlassian.com/cloud/confluence/rate-limiting/).
//
// Users carry an email only when their profile shows it, as on Cloud.
type wiki struct {
	t     *testing.T
	mu    sync.Mutex
	srv   *httptest.Server
	user  string
	token string
	pages map[string]*fpage
	// space's read permission
	spaceGroups []string
	spaceUsers  []fuser
	spaceRoles  []string // v2's read:space grants to a role (Cloud)
	anonymous   bool
	groups      map[string][]fuser
	// throttle answers the listing request with this start once with 429.
	throttle string
	// empty answers every listing with no results (a token that lost
	// access to the space, as Confluence answers it: 200 and nothing).
	empty    bool
	requests []string
	// dc makes it a Data Center site: the API at /rest/api under the
	// site's root, a personal access token as a bearer token, members at
	// GET /rest/api/group/{name}/member, and users named by username
	// without an email (developer.atlassian.com/server/confluence/rest/
	// v1000/api-group-group, api-group-user).
	dc bool
	// pageCap is the most results a listing gives at once (2 unless set).
	pageCap int
	byID    []*fpage // the pages sorted by id, until one is added
	// hideRestrictions answers 403 for these pages' restrictions.
	hideRestrictions map[string]bool
	// hideFromCQL leaves these pages out of CQL's answers.
	hideFromCQL map[string]bool
	// attachments by id (double_cql_test.go); downloads counts their
	// files served.
	attachments map[string]*fattach
	downloads   int
}

type fuser struct {
	id, name, email string
}

type fpage struct {
	id, space, title, body string
	version                int
	when                   time.Time
	ancestors              []string
	users                  []fuser // read restriction
	groups                 []string
	creator                fuser
	status                 string
	blog                   bool // a blog post
	// the page's JSON (v1 with and without its body, v2), until it changes
	encoded, encodedLean, encodedV2 json.RawMessage
}

func (p *fpage) kind() string {
	if p.blog {
		return "blogpost"
	}
	return "page"
}

func newConfluence(t *testing.T) *wiki {
	f := &wiki{t: t, user: "bot@corp.example", token: "cloud-api-token-s3cret", pages: map[string]*fpage{}, groups: map[string][]fuser{}}
	f.srv = httptest.NewServer(http.HandlerFunc(f.serve))
	t.Cleanup(f.srv.Close)
	return f
}

// URL is the site's URL as an admin gives it (Cloud: https://SITE/wiki;
// Data Center: the site's root).
func (f *wiki) URL() string {
	if f.dc {
		return f.srv.URL
	}
	return f.srv.URL + "/wiki"
}

func (f *wiki) put(p *fpage) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if p.status == "" {
		p.status = "current"
	}
	if p.version == 0 {
		p.version = 1
	}
	if p.when.IsZero() {
		p.when = time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)
	}
	f.pages[p.id] = p
	f.byID = nil
}

func (f *wiki) change(id string, fn func(p *fpage)) {
	f.mu.Lock()
	defer f.mu.Unlock()
	fn(f.pages[id])
	f.pages[id].encoded, f.pages[id].encodedLean, f.pages[id].encodedV2 = nil, nil, nil
}

func (f *wiki) fail(w http.ResponseWriter, code int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(code)
	json.NewEncoder(w).Encode(map[string]any{"statusCode": code, "message": msg})
}

func (f *wiki) serve(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.requests = append(f.requests, r.Method+" "+r.URL.Path)
	u, p, basic := r.BasicAuth()
	if f.dc && r.Header.Get("Authorization") != "Bearer "+f.token || !f.dc && (!basic || u != f.user || p != f.token) {
		f.fail(w, http.StatusUnauthorized, "Current user not permitted to use Confluence")
		return
	}
	if v2, ok := strings.CutPrefix(r.URL.Path, "/wiki/api/v2"); ok && !f.dc {
		f.serveV2(w, r, v2)
		return
	}
	path, ok := strings.CutPrefix(strings.TrimPrefix(r.URL.Path, "/wiki"), "/rest/api")
	if ok && f.dc == strings.HasPrefix(r.URL.Path, "/wiki") {
		ok = false
	}
	if d, found := strings.CutPrefix(r.URL.Path, "/wiki/download/attachments/"); found && !f.dc {
		f.download(w, d)
		return
	}
	if d, found := strings.CutPrefix(r.URL.Path, "/download/attachments/"); found && f.dc {
		f.download(w, d)
		return
	}
	if !ok || r.Method != http.MethodGet {
		f.fail(w, http.StatusNotFound, "null for uri: "+r.URL.Path)
		return
	}
	q := r.URL.Query()
	if !f.dc && f.retiredV1(path) {
		f.fail(w, http.StatusGone, "This v1 endpoint has been removed from Confluence Cloud: use /wiki/api/v2")
		return
	}
	switch {
	case path == "/group/by-id" && !f.dc:
		g, found := strings.CutPrefix(q.Get("id"), "gid-")
		if _, ok := f.groups[g]; !found || !ok && !slices.Contains(f.spaceGroups, g) {
			f.fail(w, http.StatusNotFound, "group not found")
			return
		}
		json.NewEncoder(w).Encode(map[string]any{"type": "group", "name": g, "id": "gid-" + g})
	case path == "/content":
		var list []*fpage
		for _, p := range f.sortedByID() {
			if p.space == q.Get("spaceKey") && p.status == q.Get("status") && q.Get("type") == p.kind() {
				list = append(list, p)
			}
		}
		f.list(w, r, list)
	case path == "/content/search":
		f.search(w, r)
	case strings.HasSuffix(path, "/restriction/byOperation/read"):
		id := strings.TrimSuffix(strings.TrimPrefix(path, "/content/"), "/restriction/byOperation/read")
		p := f.pages[id]
		if p == nil {
			f.fail(w, http.StatusNotFound, "No content found with id: "+id)
			return
		}
		if f.hideRestrictions[id] {
			f.fail(w, http.StatusForbidden, "Not permitted to view the restrictions of content "+id)
			return
		}
		json.NewEncoder(w).Encode(map[string]any{"operation": "read", "restrictions": f.restrictions(p),
			"_links": map[string]any{"base": f.URL(), "context": "/wiki"}})
	case strings.HasPrefix(path, "/content/"):
		p := f.pages[strings.TrimPrefix(path, "/content/")]
		if p == nil || p.status != "current" {
			f.fail(w, http.StatusNotFound, "No content found with id: "+strings.TrimPrefix(path, "/content/"))
			return
		}
		json.NewEncoder(w).Encode(f.content(p))
	case strings.HasPrefix(path, "/space/"):
		var users []any
		for _, u := range f.spaceUsers {
			users = append(users, f.userJSON(u))
		}
		var groups []any
		for _, g := range f.spaceGroups {
			groups = append(groups, map[string]any{"type": "group", "name": g, "id": "gid-" + g})
		}
		json.NewEncoder(w).Encode(map[string]any{"id": 98306, "key": strings.TrimPrefix(path, "/space/"), "name": "Engineering", "type": "global",
			"permissions": []any{
				map[string]any{"id": 1, "operation": map[string]any{"operation": "read", "targetType": "space"}, "anonymousAccess": f.anonymous, "unlicensedAccess": false,
					"subjects": map[string]any{"user": map[string]any{"results": users, "size": len(users)}, "group": map[string]any{"results": groups, "size": len(groups)}}},
				map[string]any{"id": 2, "operation": map[string]any{"operation": "create", "targetType": "page"}, "anonymousAccess": false, "unlicensedAccess": false,
					"subjects": map[string]any{"group": map[string]any{"results": []any{map[string]any{"type": "group", "name": "writers"}}, "size": 1}}},
			}})
	case path == "/group/member" && !f.dc, f.dc && strings.HasPrefix(path, "/group/") && strings.HasSuffix(path, "/member"):
		name := q.Get("name")
		if f.dc {
			name = strings.TrimSuffix(strings.TrimPrefix(path, "/group/"), "/member")
		}
		members, ok := f.groups[name]
		if !ok {
			f.fail(w, http.StatusNotFound, "group not found")
			return
		}
		var out []any
		for _, u := range members {
			out = append(out, f.userJSON(u))
		}
		json.NewEncoder(w).Encode(map[string]any{"results": out, "start": 0, "limit": 200, "size": len(out), "_links": map[string]any{"base": f.URL(), "context": "/wiki"}})
	default:
		f.fail(w, http.StatusNotFound, "null for uri: "+r.URL.Path)
	}
}

// list answers one page of a listing, two results at a time, with the
// next page's link relative to the site's base, as Confluence gives it.
func (f *wiki) list(w http.ResponseWriter, r *http.Request, all []*fpage) {
	f.listItems(w, r, len(all), func(i int) json.RawMessage { return f.encodeV1(all[i], r.URL.Query().Get("expand")) })
}

// encodeV1 is a page as v1 gives it, encoded once until it changes (the
// double's own work should not weigh on what a benchmark measures of the
// connector in the same process), with its body only when the expansion
// asks for it, as Confluence expands.
func (f *wiki) encodeV1(p *fpage, expand string) json.RawMessage {
	if !strings.Contains(expand, "body.storage") {
		if p.encodedLean == nil {
			c := f.content(p)
			delete(c, "body")
			p.encodedLean, _ = json.Marshal(c)
		}
		return p.encodedLean
	}
	if p.encoded == nil {
		p.encoded, _ = json.Marshal(f.content(p))
	}
	return p.encoded
}

// listItems answers one page of a v1 listing of n items, item(i) each.
func (f *wiki) listItems(w http.ResponseWriter, r *http.Request, n int, item func(i int) json.RawMessage) {
	q := r.URL.Query()
	if f.empty {
		n = 0
	}
	start, _ := strconv.Atoi(q.Get("start"))
	if f.throttle != "" && q.Get("start") == f.throttle {
		f.throttle = ""
		w.Header().Set("Retry-After", "3")
		f.fail(w, http.StatusTooManyRequests, "Rate limit exceeded")
		return
	}
	limit := min(max(2, f.pageCap), max(1, atoi(q.Get("limit"))))
	end := min(start+limit, n)
	results := []json.RawMessage{}
	for i := min(start, n); i < end; i++ {
		results = append(results, item(i))
	}
	rel := "/rest/api" + strings.TrimPrefix(strings.TrimPrefix(r.URL.Path, "/wiki"), "/rest/api")
	links := map[string]any{"base": f.URL(), "context": "/wiki", "self": f.URL() + rel}
	if end < n {
		next := url.Values{}
		for k, v := range q {
			next[k] = v
		}
		next.Set("start", strconv.Itoa(end))
		next.Set("limit", strconv.Itoa(limit))
		links["next"] = rel + "?" + next.Encode()
	}
	json.NewEncoder(w).Encode(map[string]any{"results": results, "start": start, "limit": limit, "size": len(results), "_links": links})
}

func atoi(s string) int {
	n, _ := strconv.Atoi(s)
	return n
}

func (f *wiki) userJSON(u fuser) map[string]any {
	if f.dc {
		return map[string]any{"type": "known", "username": u.id, "userKey": "key-" + u.id, "displayName": u.name}
	}
	out := map[string]any{"type": "known", "accountId": u.id, "accountType": "atlassian", "publicName": u.name, "displayName": u.name}
	if u.email != "" {
		out["email"] = u.email
	}
	return out
}

func (f *wiki) restrictions(p *fpage) map[string]any {
	var users, groups []any
	for _, u := range p.users {
		users = append(users, f.userJSON(u))
	}
	for _, g := range p.groups {
		groups = append(groups, map[string]any{"type": "group", "name": g, "id": "gid-" + g})
	}
	return map[string]any{"user": map[string]any{"results": users, "start": 0, "limit": 200, "size": len(users)},
		"group": map[string]any{"results": groups, "start": 0, "limit": 200, "size": len(groups)}}
}

func (f *wiki) content(p *fpage) map[string]any {
	var anc []any
	for _, a := range p.ancestors {
		anc = append(anc, map[string]any{"id": a, "type": "page", "status": "current", "title": f.pages[a].title})
	}
	return map[string]any{
		"id": p.id, "type": p.kind(), "status": p.status, "title": p.title,
		"space":     map[string]any{"id": 98306, "key": p.space, "name": "Engineering", "type": "global"},
		"history":   map[string]any{"latest": true, "createdBy": f.userJSON(p.creator), "createdDate": "2026-11-01T09:00:00.000Z"},
		"version":   map[string]any{"by": f.userJSON(p.creator), "when": p.when.Format("2006-01-02T15:04:05.000Z07:00"), "number": p.version, "minorEdit": false},
		"ancestors": anc,
		"container": map[string]any{"id": 98306, "key": p.space, "name": "Engineering", "type": "global"}, // a page's container is its space
		"body":      map[string]any{"storage": map[string]any{"value": p.body, "representation": "storage"}},
		"restrictions": map[string]any{"read": map[string]any{"operation": "read", "restrictions": f.restrictions(p)},
			"update": map[string]any{"operation": "update", "restrictions": map[string]any{"user": map[string]any{"results": []any{}}, "group": map[string]any{"results": []any{}}}}},
		"_links": map[string]any{"webui": fmt.Sprintf("/spaces/%s/pages/%s/%s", p.space, p.id, strings.ReplaceAll(p.title, " ", "+")), "tinyui": "/x/" + p.id},
	}
}

func (f *wiki) sawRequests() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return slices.Clone(f.requests)
}
