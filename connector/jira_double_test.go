package connector_test

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// tracker is a double of a Jira site's REST API, written from Atlassian's
// references:
//   - Cloud v3 (developer.atlassian.com/cloud/jira/platform/rest/v3/):
//     GET /rest/api/3/search/jql (api-group-issue-search: jql, fields,
//     maxResults, nextPageToken; answers {"issues", "nextPageToken",
//     "isLast"}), GET /rest/api/3/issue/{id} (api-group-issues),
//     GET /rest/api/3/issue/{id}/comment (api-group-issue-comments:
//     {"comments", "startAt", "maxResults", "total"}; a comment's
//     "visibility": {"type": "role"|"group", "value"}), GET
//     /rest/api/3/project/{key}/permissionscheme and GET
//     /rest/api/3/permissionscheme/{id}?expand=permissions
//     (api-group-permission-schemes: "permissions": [{"holder": {"type",
//     "parameter", "value"}, "permission": "BROWSE_PROJECTS"}]), GET
//     /rest/api/3/project/{key}/role/{id} (api-group-project-roles:
//     "actors": [{"type": "atlassian-user-role-actor", "actorUser":
//     {"accountId"}}, {"type": "atlassian-group-role-actor", "actorGroup":
//     {"name"}}]), GET /rest/api/3/user?accountId= (api-group-users),
//     GET /rest/api/3/group/member?groupname= (api-group-groups:
//     {"values", "isLast", "total"}), GET
//     /rest/api/3/issuesecurityschemes/level/member?levelId=
//     (api-group-issue-security-schemes: {"values": [{"holder"}],
//     "isLast"}); bodies in the Atlassian Document Format; errors
//     {"errorMessages": [...]}; 429 with Retry-After
//     (developer.atlassian.com/cloud/jira/platform/rate-limiting/).
//   - Data Center v2 (docs.atlassian.com/software/jira/docs/api/REST/9.12.0/):
//     GET /rest/api/2/search with startAt, maxResults and total; bodies
//     in wiki markup; a personal access token as a bearer token.
//
// Users carry an email only when their profile shows it, as on Cloud.
type tracker struct {
	t        *testing.T
	mu       sync.Mutex
	srv      *httptest.Server
	cloud    bool
	user     string
	token    string
	issues   map[string]*fissue
	browse   []map[string]string // BROWSE_PROJECTS holders of project OPS
	roles    map[string][]fuser  // project role id → its users
	roleGrps map[string][]string // project role id → its groups
	levels   map[string][]string // security level id → its groups
	groups   map[string][]fuser
	throttle bool // the next search answers 429 once
	requests []string
}

type fissue struct {
	id, key, summary, desc string // desc: ADF JSON on Cloud, wiki markup on Data Center
	reporter               fuser
	comments               []fcomment
	updated                time.Time
	level                  string
	deleted                bool
	files                  []ffile
}

// ffile is an issue's attachment: fields.attachment [{"id", "filename",
// "size", "mimeType", "created", "author", "content"}], its content at
// /rest/api/3/attachment/content/{id} on Cloud and
// /secure/attachment/{id}/{filename} on Data Center (api-group-issue-
// attachments; the Data Center reference's attachment resource).
type ffile struct {
	id, name string
	data     []byte
}

type fcomment struct {
	author     fuser
	body       string
	restricted string // a role's name: visible to it alone
}

func newTracker(t *testing.T, cloud bool) *tracker {
	f := &tracker{t: t, cloud: cloud, token: "jira-s3cret-token", issues: map[string]*fissue{}, roles: map[string][]fuser{},
		roleGrps: map[string][]string{}, levels: map[string][]string{}, groups: map[string][]fuser{}}
	if cloud {
		f.user = "sync@corp.example"
	}
	f.srv = httptest.NewServer(http.HandlerFunc(f.serve))
	t.Cleanup(f.srv.Close)
	return f
}

func (f *tracker) put(is *fissue) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.issues[is.id] = is
}

func (f *tracker) change(id string, fn func(is *fissue)) {
	f.mu.Lock()
	defer f.mu.Unlock()
	fn(f.issues[id])
	f.issues[id].updated = f.issues[id].updated.Add(time.Hour)
}

func (f *tracker) fail(w http.ResponseWriter, code int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(code)
	json.NewEncoder(w).Encode(map[string]any{"errorMessages": []string{msg}, "errors": map[string]any{}})
}

func (f *tracker) authorized(r *http.Request) bool {
	h := r.Header.Get("Authorization")
	if f.cloud {
		return h == "Basic "+base64.StdEncoding.EncodeToString([]byte(f.user+":"+f.token))
	}
	return h == "Bearer "+f.token
}

var (
	jqlSince = regexp.MustCompile(`updated >= "([^"]+)"`)
	jqlID    = regexp.MustCompile(`^id = ([0-9]+) AND`)
)

func (f *tracker) serve(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.requests = append(f.requests, r.URL.Path)
	if !f.authorized(r) {
		f.fail(w, http.StatusUnauthorized, "Client must be authenticated to access this resource.")
		return
	}
	api := "/rest/api/2"
	if f.cloud {
		api = "/rest/api/3"
	}
	if rest, ok := strings.CutPrefix(r.URL.Path, "/secure/attachment/"); ok && !f.cloud {
		id, _, _ := strings.Cut(rest, "/")
		f.download(w, id)
		return
	}
	path, ok := strings.CutPrefix(r.URL.Path, api)
	if !ok {
		f.fail(w, http.StatusNotFound, "no such API")
		return
	}
	if id, ok := strings.CutPrefix(path, "/attachment/content/"); ok && f.cloud {
		f.download(w, id)
		return
	}
	q := r.URL.Query()
	write := func(v any) {
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(v)
	}
	switch {
	case path == "/search/jql" && f.cloud, path == "/search" && !f.cloud:
		if f.throttle {
			f.throttle = false
			w.Header().Set("Retry-After", "7")
			f.fail(w, http.StatusTooManyRequests, "Rate limit exceeded.")
			return
		}
		jql := q.Get("jql")
		// The double reads three conditions: the projects, updated >= and
		// a connector's filter key != "K"; and id = N for a hint.
		if m := jqlID.FindStringSubmatch(jql); m != nil {
			var out []any
			if is := f.issues[m[1]]; is != nil && !is.deleted && !strings.Contains(jql, `key != "`+is.key+`"`) {
				out = append(out, f.issueJSON(is))
			}
			write(map[string]any{"issues": out, "isLast": true, "total": len(out), "startAt": 0})
			return
		}
		if !strings.Contains(jql, `project in ("OPS")`) {
			f.fail(w, http.StatusBadRequest, "The value for field 'project' is invalid: "+jql)
			return
		}
		var since time.Time
		if m := jqlSince.FindStringSubmatch(jql); m != nil {
			since, _ = time.Parse("2006/01/02 15:04", m[1])
		}
		var all []*fissue
		for _, is := range f.issues {
			if !is.deleted && !is.updated.Before(since) && !strings.Contains(jql, `key != "`+is.key+`"`) {
				all = append(all, is)
			}
		}
		slices.SortFunc(all, func(a, b *fissue) int { return a.updated.Compare(b.updated)*10 + strings.Compare(a.id, b.id) })
		start := atoi(q.Get("startAt"))
		if f.cloud {
			start = atoi(q.Get("nextPageToken"))
		}
		n := max(atoi(q.Get("maxResults")), 1)
		end := min(start+n, len(all))
		start = min(start, end)
		var out []any
		for _, is := range all[start:end] {
			out = append(out, f.issueJSON(is))
		}
		if f.cloud {
			res := map[string]any{"issues": out, "isLast": end >= len(all)}
			if end < len(all) {
				res["nextPageToken"] = strconv.Itoa(end)
			}
			write(res)
			return
		}
		write(map[string]any{"issues": out, "startAt": start, "maxResults": n, "total": len(all)})
	case strings.HasPrefix(path, "/issue/") && strings.HasSuffix(path, "/comment"):
		is := f.issues[strings.TrimSuffix(strings.TrimPrefix(path, "/issue/"), "/comment")]
		if is == nil || is.deleted {
			f.fail(w, http.StatusNotFound, "Issue does not exist or you do not have permission to see it.")
			return
		}
		write(f.comments(is, atoi(q.Get("startAt")), max(atoi(q.Get("maxResults")), 1)))
	case strings.HasPrefix(path, "/issue/"):
		is := f.issues[strings.TrimPrefix(path, "/issue/")]
		if is == nil || is.deleted {
			f.fail(w, http.StatusNotFound, "Issue does not exist or you do not have permission to see it.")
			return
		}
		write(f.issueJSON(is))
	case path == "/project/OPS/permissionscheme":
		write(map[string]any{"id": 10000, "name": "Ops scheme"})
	case path == "/permissionscheme/10000":
		perms := []any{map[string]any{"id": 1, "holder": map[string]any{"type": "group", "parameter": "jira-admins"}, "permission": "ADMINISTER_PROJECTS"}}
		for i, h := range f.browse {
			perms = append(perms, map[string]any{"id": 10 + i, "holder": h, "permission": "BROWSE_PROJECTS"})
		}
		write(map[string]any{"id": 10000, "name": "Ops scheme", "permissions": perms})
	case strings.HasPrefix(path, "/project/OPS/role/"):
		id := strings.TrimPrefix(path, "/project/OPS/role/")
		var actors []any
		for _, u := range f.roles[id] {
			actors = append(actors, map[string]any{"type": "atlassian-user-role-actor", "displayName": u.name, "actorUser": f.userRef(u)})
		}
		for _, g := range f.roleGrps[id] {
			actors = append(actors, map[string]any{"type": "atlassian-group-role-actor", "name": g, "actorGroup": map[string]any{"name": g, "displayName": g}})
		}
		write(map[string]any{"id": atoi(id), "name": "Developers", "actors": actors})
	case path == "/user":
		for _, members := range f.groups {
			for _, u := range members {
				if u.id == q.Get("accountId") || u.id == q.Get("username") {
					write(f.userJSON(u))
					return
				}
			}
		}
		for _, members := range f.roles {
			for _, u := range members {
				if u.id == q.Get("accountId") || u.id == q.Get("username") {
					write(f.userJSON(u))
					return
				}
			}
		}
		f.fail(w, http.StatusNotFound, "The user does not exist.")
	case path == "/group/member":
		members, ok := f.groups[q.Get("groupname")]
		if !ok {
			f.fail(w, http.StatusNotFound, "The group does not exist.")
			return
		}
		start, n := atoi(q.Get("startAt")), max(atoi(q.Get("maxResults")), 1)
		end := min(start+n, len(members))
		var vs []any
		for _, u := range members[min(start, end):end] {
			vs = append(vs, f.userJSON(u))
		}
		write(map[string]any{"values": vs, "startAt": start, "maxResults": n, "total": len(members), "isLast": end >= len(members)})
	case path == "/issuesecurityschemes/level/member" && f.cloud:
		var vs []any
		for _, g := range f.levels[q.Get("levelId")] {
			vs = append(vs, map[string]any{"id": 1, "issueSecurityLevelId": q.Get("levelId"), "holder": map[string]any{"type": "group", "parameter": g}})
		}
		write(map[string]any{"values": vs, "startAt": 0, "maxResults": 50, "total": len(vs), "isLast": true})
	default:
		f.fail(w, http.StatusNotFound, "no such resource: "+path)
	}
}

// userRef is a user as Cloud names one by account id, Data Center by name.
func (f *tracker) userRef(u fuser) map[string]any {
	if f.cloud {
		return map[string]any{"accountId": u.id}
	}
	return map[string]any{"name": u.id}
}

func (f *tracker) userJSON(u fuser) map[string]any {
	m := f.userRef(u)
	m["displayName"], m["active"] = u.name, true
	if u.email != "" {
		m["emailAddress"] = u.email
	}
	return m
}

// body is a text as the API carries it: an ADF document on Cloud (the
// double's descriptions are ADF already), wiki markup on Data Center.
func (f *tracker) body(s string) any {
	if !f.cloud {
		return s
	}
	if strings.HasPrefix(s, "{") {
		return json.RawMessage(s)
	}
	return map[string]any{"type": "doc", "version": 1, "content": []any{
		map[string]any{"type": "paragraph", "content": []any{map[string]any{"type": "text", "text": s}}}}}
}

func (f *tracker) comments(is *fissue, start, n int) map[string]any {
	end := min(start+n, len(is.comments))
	var cs []any
	for i, c := range is.comments[min(start, end):end] {
		m := map[string]any{"id": fmt.Sprint(100 + start + i), "author": f.userJSON(c.author), "body": f.body(c.body),
			"created": is.updated.Format("2006-01-02T15:04:05.000-0700")}
		if c.restricted != "" {
			m["visibility"] = map[string]any{"type": "role", "value": c.restricted}
		}
		cs = append(cs, m)
	}
	return map[string]any{"comments": cs, "startAt": start, "maxResults": n, "total": len(is.comments)}
}

func (f *tracker) issueJSON(is *fissue) map[string]any {
	fields := map[string]any{"summary": is.summary, "description": f.body(is.desc), "updated": is.updated.Format("2006-01-02T15:04:05.000-0700"),
		"project": map[string]any{"key": "OPS", "id": "10001"}, "reporter": f.userJSON(is.reporter), "creator": f.userJSON(is.reporter),
		"comment": f.comments(is, 0, 2), "security": nil}
	if is.level != "" {
		fields["security"] = map[string]any{"id": is.level, "name": "Level " + is.level}
	}
	files := []any{}
	for _, a := range is.files {
		content := f.srv.URL + "/rest/api/3/attachment/content/" + a.id
		if !f.cloud {
			content = f.srv.URL + "/secure/attachment/" + a.id + "/" + a.name
		}
		files = append(files, map[string]any{"id": a.id, "filename": a.name, "size": len(a.data), "mimeType": "text/plain",
			"created": is.updated.Format("2006-01-02T15:04:05.000-0700"), "author": f.userJSON(is.reporter), "content": content})
	}
	fields["attachment"] = files
	return map[string]any{"id": is.id, "key": is.key, "fields": fields}
}

// download serves an attachment's content.
func (f *tracker) download(w http.ResponseWriter, id string) {
	for _, is := range f.issues {
		for _, a := range is.files {
			if a.id == id && !is.deleted {
				w.Write(a.data)
				return
			}
		}
	}
	f.fail(w, http.StatusNotFound, "The attachment does not exist.")
}
