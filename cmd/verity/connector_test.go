package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestSyncKilled: a second verity sync of the connector while the first
// runs is refused; then the test kills -9 the first midway — after its first batch
// (the six listing requests that make 512 pages or more: 600) is committed, while it waits on the site — and runs it again:
// every page is stored once, at version 1, none lost and none twice. The
// site is a small double of Confluence Cloud's REST API v2 (a space's pages
// with _links.next, space permissions) and the v1 endpoints it keeps (CQL,
// groups); see connector/double_v2_test.go for the references it follows.
func TestSyncKilled(t *testing.T) {
	bin := verityBinary(t)
	const pages = 1200
	release := make(chan struct{})
	var blocked bool
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if u, p, ok := r.BasicAuth(); !ok || u != "bot@corp.example" || p != "tok" {
			w.WriteHeader(http.StatusUnauthorized)
			return
		}
		switch {
		case r.URL.Path == "/wiki/api/v2/spaces":
			json.NewEncoder(w).Encode(map[string]any{"results": []any{map[string]any{"id": "1", "key": "ENG"}}, "_links": map[string]any{}})
		case r.URL.Path == "/wiki/api/v2/spaces/1/permissions":
			json.NewEncoder(w).Encode(map[string]any{"results": []any{map[string]any{"principal": map[string]any{"type": "group", "id": "g1"},
				"operation": map[string]any{"key": "read", "targetType": "space"}}}, "_links": map[string]any{}})
		case r.URL.Path == "/wiki/rest/api/group/by-id":
			json.NewEncoder(w).Encode(map[string]any{"type": "group", "name": "staff", "id": "g1"})
		case r.URL.Path == "/wiki/rest/api/group/member":
			json.NewEncoder(w).Encode(map[string]any{"results": []any{map[string]any{"accountId": "a", "email": "ann@corp.example"}}})
		case r.URL.Path == "/wiki/rest/api/content/search": // the batch's read restrictions: none
			var results []any
			for _, id := range strings.Split(strings.Trim(strings.TrimPrefix(r.URL.Query().Get("cql"), "id in "), "()"), ",") {
				results = append(results, map[string]any{"id": id, "type": "page"})
			}
			json.NewEncoder(w).Encode(map[string]any{"results": results, "_links": map[string]any{}})
		case r.URL.Path == "/wiki/api/v2/spaces/1/blogposts":
			json.NewEncoder(w).Encode(map[string]any{"results": []any{}, "_links": map[string]any{}})
		case r.URL.Path == "/wiki/api/v2/spaces/1/pages":
			start, _ := strconv.Atoi(r.URL.Query().Get("cursor"))
			if start >= 600 && start < pages && !blocked {
				blocked = true
				<-release // the first process dies here
			}
			var results []any
			for i := start; i < min(start+100, pages); i++ {
				results = append(results, map[string]any{"id": strconv.Itoa(i + 1), "status": "current", "title": fmt.Sprintf("Page %d", i+1),
					"spaceId": "1", "version": map[string]any{"number": 1, "createdAt": "2026-12-01T10:00:00.000Z"},
					"body":   map[string]any{"storage": map[string]any{"representation": "storage", "value": fmt.Sprintf("<p>Page %d of the runbook.</p>", i+1)}},
					"_links": map[string]any{"webui": fmt.Sprintf("/spaces/ENG/pages/%d", i+1)}})
			}
			links := map[string]any{"base": "http://" + r.Host + "/wiki"}
			if start+100 < pages {
				links["next"] = fmt.Sprintf("/wiki/api/v2/spaces/1/pages?status=current&body-format=storage&limit=100&cursor=%d", start+100)
			}
			json.NewEncoder(w).Encode(map[string]any{"results": results, "_links": links})
		default:
			w.WriteHeader(http.StatusNotFound)
		}
	}))
	defer srv.Close()
	defer close(release)
	dir := t.TempDir()
	db, token := filepath.Join(dir, "v.db"), filepath.Join(dir, "token")
	os.WriteFile(token, []byte("tok\n"), 0o600)
	if _, errOut, code := cli(t, db, "", "connector", "add", "confluence", "--name", "wiki", "--url", srv.URL+"/wiki", "--user", "bot@corp.example",
		"--token-file", token, "--space", "ENG"); code != 0 {
		t.Fatalf("connector add: %s", errOut)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "--db", db, "sync", "wiki", "--full")
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(30 * time.Second); storedSources(db) < 600 && time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
	}
	if n := storedSources(db); n != 600 {
		t.Fatalf("before the kill the store holds %d pages, want the first batch of 600", n)
	}
	// While it runs, another pass of the connector is refused at once.
	if _, errOut, code := cli(t, db, "", "sync", "wiki"); code != exitConflict || !strings.Contains(errOut, "a pass of connector wiki is running") {
		t.Errorf("a second sync during the first = exit %d: %s; want a conflict", code, errOut)
	}
	cmd.Process.Kill()
	cmd.Wait()
	out, errOut, code := cli(t, db, "", "--json", "sync", "wiki", "--full")
	if code != 0 {
		t.Fatalf("the second sync = exit %d: %s", code, errOut)
	}
	var reps []struct {
		Created   []string `json:"created"`
		Versions  []string `json:"new_versions"`
		Unchanged int      `json:"unchanged"`
		Status    string   `json:"status"`
	}
	if err := json.Unmarshal([]byte(out), &reps); err != nil || len(reps) != 1 {
		t.Fatalf("sync --json = %v:\n%s", err, out)
	}
	if r := reps[0]; len(r.Created) != pages-600 || r.Unchanged != 600 || len(r.Versions) != 0 || r.Status != "ok" {
		t.Errorf("the resumed pass created %d, kept %d unchanged, made %d new versions (%s); want %d, 600, 0", len(r.Created), r.Unchanged, len(r.Versions), r.Status, pages-600)
	}
	if n := storedSources(db); n != pages {
		t.Errorf("the store holds %d pages, want %d", n, pages)
	}
}

// TestJiraCommands: verity connector add jira and verity sync against a
// small double of Jira Data Center's REST API v2 (search with startAt,
// the permission scheme; see connector/jira_double_test.go for the
// references): the issue is stored with its project's browse group, and
// a member of staff reads it through the group alias, and no one else.
func TestJiraCommands(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Authorization") != "Bearer pat" {
			w.WriteHeader(http.StatusUnauthorized)
			return
		}
		switch r.URL.Path {
		case "/rest/api/2/search":
			json.NewEncoder(w).Encode(map[string]any{"startAt": 0, "maxResults": 50, "total": 1, "issues": []any{map[string]any{"id": "10001", "key": "OPS-1",
				"fields": map[string]any{"summary": "Warehouse CRM", "description": "h2. Rollout\nMove the warehouse to *Bitrix24* by April.",
					"updated": "2026-12-01T10:00:00.000+0000", "project": map[string]any{"key": "OPS"}, "comment": map[string]any{"comments": []any{}, "total": 0}}}}})
		case "/rest/api/2/project/OPS/permissionscheme":
			json.NewEncoder(w).Encode(map[string]any{"id": 1})
		case "/rest/api/2/permissionscheme/1":
			json.NewEncoder(w).Encode(map[string]any{"permissions": []any{map[string]any{"holder": map[string]any{"type": "group", "parameter": "jira-users"}, "permission": "BROWSE_PROJECTS"}}})
		case "/rest/api/2/group/member":
			json.NewEncoder(w).Encode(map[string]any{"values": []any{}, "isLast": true})
		default:
			w.WriteHeader(http.StatusNotFound)
		}
	}))
	defer srv.Close()
	dir := t.TempDir()
	db, token := filepath.Join(dir, "v.db"), filepath.Join(dir, "jira.token")
	os.WriteFile(token, []byte("pat\n"), 0o600)
	for _, args := range [][]string{
		{"connector", "add", "jira", "--name", "ops", "--url", srv.URL, "--token-file", token, "--project", "OPS"},
		{"group", "add", "staff", "ann@corp.example", "--create"},
		{"group", "alias", "jira:ops/jira-users", "staff"},
	} {
		if out, errOut, code := cli(t, db, "", args...); code != 0 {
			t.Fatalf("%v = exit %d: %s%s", args, code, out, errOut)
		}
	}
	out, errOut, code := cli(t, db, "", "--json", "sync", "ops")
	if code != 0 || !strings.Contains(out, `"jira:ops:10001"`) {
		t.Fatalf("sync ops = exit %d: %s%s", code, out, errOut)
	}
	out, _, code = cli(t, db, "", "--as", "user:ann@corp.example", "search", "warehouse bitrix24")
	if code != 0 || !strings.Contains(out, "OPS-1: Warehouse CRM") {
		t.Errorf("staff's search = exit %d:\n%s", code, out)
	}
	if out, _, _ = cli(t, db, "", "--as", "group:other", "search", "warehouse bitrix24"); strings.Contains(out, "OPS-1") {
		t.Errorf("another group finds the issue:\n%s", out)
	}
}
