package connector_test

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/connector"
	"github.com/veritykb/verity/kb"
	"github.com/veritykb/verity/webhook"
)

// count is how many requests the double saw whose method and path start
// with prefix.
func (f *wiki) count(prefix string) int {
	n := 0
	for _, r := range f.sawRequests() {
		if strings.HasPrefix(r, prefix) {
			n++
		}
	}
	return n
}

// TestCloudReadsV2: on Cloud the pass lists pages and blog posts through
// the REST API v2 (the double answers v1's content and space endpoints
// with 410, as Cloud retires them) and keeps v1 only for what v2 lacks:
// CQL and read restrictions. A blog post is synced; ancestors are read
// once per parent; creators' emails come from users-bulk; a space grant
// to a role, which Verity cannot name, is left out with a warning.
func TestCloudReadsV2(t *testing.T) {
	s := newSetup(t)
	s.f.put(&fpage{id: "6", space: "ENG", title: "Salaries appendix", creator: bob, ancestors: []string{"2"}, body: `<p>Appendix on band six.</p>`})
	s.f.put(&fpage{id: "7", space: "ENG", title: "Release notes", creator: carol, blog: true, body: `<p>Release seven ships the capybara importer.</p>`})
	s.f.spaceRoles = []string{"role-viewers"}
	rep := s.sync(t, kb.SyncOptions{Full: true})
	if len(rep.Created) != 7 {
		t.Fatalf("created %v, want 7 (five pages, an appendix, a blog post); warnings %q", rep.Created, rep.Warnings)
	}
	for _, want := range []string{"GET /wiki/api/v2/spaces/", "GET /wiki/api/v2/spaces", "POST /wiki/api/v2/users-bulk", "GET /wiki/rest/api/content/search"} {
		if s.f.count(want) == 0 {
			t.Errorf("no request %q; saw %q", want, s.f.sawRequests())
		}
	}
	if n := s.f.count("GET /wiki/api/v2/pages/"); n != 1 {
		t.Errorf("%d ancestors requests for two children of one parent, want 1", n)
	}
	if n := s.f.count("POST /wiki/api/v2/users-bulk"); n > 3 {
		t.Errorf("%d users-bulk requests, want each account read once a pass (at most one per listing request)", n)
	}
	blog := s.source(t, "confluence:wiki:7")
	if !strings.Contains(blog.Text, "capybara importer") || blog.Author != "user:carol@corp.example" || !slices.Equal(blog.ACL, acl("group:confluence:wiki/confluence-users")) {
		t.Errorf("blog post = %q by %q readable by %v", blog.Text, blog.Author, blog.ACL)
	}
	if got := s.source(t, "confluence:wiki:6").ACL; !slices.Equal(got, acl("user:bob@corp.example")) {
		t.Errorf("ACL of a page under a restricted parent = %v, want Bob (space ∩ its parent's restriction)", got)
	}
	if !slices.ContainsFunc(rep.Warnings, func(w string) bool { return strings.Contains(w, "role") && strings.Contains(w, "left out") }) {
		t.Errorf("warnings %q name no role grant left out", rep.Warnings)
	}

	// An incremental pass finds the edit with CQL and reads the page's
	// body through v2 by id.
	s.f.change("7", func(p *fpage) {
		p.version, p.when = 2, p.when.Add(3*time.Hour)
		p.body = `<p>Release seven ships the capybara importer and the wombat exporter.</p>`
	})
	before := s.f.count("GET /wiki/api/v2/blogposts")
	rep = s.sync(t, kb.SyncOptions{})
	if !slices.Equal(rep.Versions, []string{"confluence:wiki:7"}) || s.f.count("GET /wiki/api/v2/blogposts") != before+1 {
		t.Fatalf("incremental pass = %+v, want a new version of the blog post read by id", rep)
	}
	if !strings.Contains(s.source(t, "confluence:wiki:7").Text, "wombat exporter") {
		t.Error("the blog post's edit is not stored")
	}

	// A webhook's hint about the blog post reads it again through v2; a
	// restriction added there narrows it.
	s.f.change("7", func(p *fpage) { p.users = []fuser{alice} })
	rep, err := s.run.Hint(context.Background(), admin, "wiki", []string{"7"})
	if err != nil || !slices.Equal(rep.Narrowed, []string{"confluence:wiki:7"}) {
		t.Fatalf("hint on the blog post = %+v, %v; want it narrowed", rep, err)
	}
	if got := s.source(t, "confluence:wiki:7").ACL; !slices.Equal(got, acl("user:alice@corp.example")) {
		t.Errorf("ACL after the restriction = %v, want Alice", got)
	}
	for _, r := range s.f.sawRequests() {
		if strings.HasPrefix(r, "GET /wiki/rest/api/content") && !strings.Contains(r, "/restriction/") && r != "GET /wiki/rest/api/content/search" {
			t.Errorf("a retired v1 content request: %s", r)
		}
	}
}

// TestCloudRestrictionsUnknown: a page CQL does not give back (so its read
// restrictions cannot be read) is readable by no one, with a warning —
// never by the whole space.
func TestCloudRestrictionsUnknown(t *testing.T) {
	s := newSetup(t)
	s.f.hideFromCQL = map[string]bool{"1": true}
	rep := s.sync(t, kb.SyncOptions{Full: true})
	if got := s.source(t, "confluence:wiki:1").ACL; len(got) != 0 {
		t.Errorf("ACL of a page whose restrictions are unknown = %v, want no one", got)
	}
	if !slices.ContainsFunc(rep.Warnings, func(w string) bool {
		return strings.Contains(w, "confluence:wiki:1") && strings.Contains(w, "readable by no one")
	}) {
		t.Errorf("warnings %q do not name page 1", rep.Warnings)
	}
	if s.finds(t, "alice@corp.example", "laptop engineer", "confluence:wiki:1") {
		t.Error("alice finds a page whose restrictions are unknown")
	}
	if src := s.source(t, "confluence:wiki:2"); !slices.Equal(src.ACL, acl("user:bob@corp.example")) || src.Status != verity.StatusActive {
		t.Errorf("page 2 = %v %s; the other pages keep their ACLs", src.ACL, src.Status)
	}
}

// connectJWT is a webhook's JWT as Atlassian Connect signs one: HS256
// under the installation's shared secret, with its qsh over METHOD&PATH&
// (developer.atlassian.com/cloud/confluence/understanding-jwt/); query is
// the canonical query, written out by hand.
func connectJWT(alg, secret, method, path string, iat, exp time.Time, query ...string) string {
	enc := base64.RawURLEncoding.EncodeToString
	head, _ := json.Marshal(map[string]string{"alg": alg, "typ": "JWT"})
	qsh := sha256.Sum256([]byte(method + "&" + path + "&" + strings.Join(query, "")))
	claims, _ := json.Marshal(map[string]any{"iss": "confluence:7f3a-client-key", "iat": iat.Unix(), "exp": exp.Unix(), "qsh": hex.EncodeToString(qsh[:])})
	signing := enc(head) + "." + enc(claims)
	m := hmac.New(sha256.New, []byte(secret))
	m.Write([]byte(signing))
	return signing + "." + enc(m.Sum(nil))
}

// TestWebhookCloudJWT: Confluence Cloud's app webhooks, authorized by a
// Connect JWT under the installation's shared secret, queue a re-reading;
// a token that is expired, unsigned (alg none), signed with another
// secret or bound to another route (its qsh) is refused with 401 and
// queues nothing.
func TestWebhookCloudJWT(t *testing.T) {
	s := newSetup(t)
	ctx := context.Background()
	if _, err := s.svc.AddConnector(ctx, admin, kb.ConnectorAdd{Kind: "confluence", Name: "cloud", URL: s.f.URL(), User: s.f.user, Secret: "env:WIKI_TOKEN",
		Webhook: "env:SHARED_SECRET", Spaces: []string{"ENG"}}); err != nil {
		t.Fatal(err)
	}
	srv := s.hookServer(t, "SHARED_SECRET", "connect-shared-s3cret")
	path := webhook.Prefix + "cloud/webhook"
	body := []byte(`{"timestamp":1764763200000,"userAccountId":"a1","page":{"id":1,"spaceKey":"ENG","title":"Handbook"}}`)
	post := func(auth string, query ...string) int {
		req, _ := http.NewRequest(http.MethodPost, srv.URL+path+strings.Join(query, ""), bytes.NewReader(body))
		req.Header.Set("Authorization", auth)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	now := t0 // the store's clock
	for _, tt := range []struct{ why, auth string }{
		{"expired", "JWT " + connectJWT("HS256", "connect-shared-s3cret", "POST", path, now.Add(-10*time.Minute), now.Add(-7*time.Minute))},
		{"unsigned", "JWT " + strings.Join(strings.Split(connectJWT("none", "", "POST", path, now, now.Add(3*time.Minute)), ".")[:2], ".") + "."},
		{"another secret", "JWT " + connectJWT("HS256", "guess", "POST", path, now, now.Add(3*time.Minute))},
		{"another route", "JWT " + connectJWT("HS256", "connect-shared-s3cret", "POST", webhook.Prefix+"wiki/webhook", now, now.Add(3*time.Minute))},
		{"a GET's token", "JWT " + connectJWT("HS256", "connect-shared-s3cret", "GET", path, now, now.Add(3*time.Minute))},
		{"not a JWT", "JWT abc"},
	} {
		if code := post(tt.auth); code != http.StatusUnauthorized {
			t.Errorf("%s: %d, want 401", tt.why, code)
		}
	}
	if jobs, err := s.svc.Jobs(ctx, admin, kb.JobQuery{}); err != nil || len(jobs) != 0 {
		t.Fatalf("refused posts queued %d jobs (%v)", len(jobs), err)
	}
	// The app's base URL may be Verity's root (qsh over the whole path)
	// or /connectors/NAME (qsh over /webhook).
	for i, p := range []string{path, "/webhook"} {
		if code := post("JWT " + connectJWT("HS256", "connect-shared-s3cret", "POST", p, now, now.Add(3*time.Minute))); code != http.StatusAccepted {
			t.Fatalf("a valid token (qsh over %s) = %d, want 202", p, code)
		}
		if jobs, err := s.svc.Jobs(ctx, admin, kb.JobQuery{}); err != nil || len(jobs) != i+1 {
			t.Fatalf("jobs after %d valid posts = %d (%v)", i+1, len(jobs), err)
		}
	}
	// The same route under the API's root, qsh over its whole path or
	// over /webhook.
	for i, p := range []string{webhook.APIPrefix + "cloud/webhook", "/webhook"} {
		req, _ := http.NewRequest(http.MethodPost, srv.URL+webhook.APIPrefix+"cloud/webhook", bytes.NewReader(body))
		req.Header.Set("Authorization", "JWT "+connectJWT("HS256", "connect-shared-s3cret", "POST", p, now, now.Add(3*time.Minute)))
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusAccepted {
			t.Errorf("a valid token under /api/v1 (qsh over %s, post %d) = %d, want 202", p, i, resp.StatusCode)
		}
	}
	// The query is canonical in qsh: names sorted, values RFC 3986-encoded
	// and joined by commas, the jwt parameter left out.
	canonical := "lic=none&space=ENG%20HR&tags=a%2Cb,c"
	tok := connectJWT("HS256", "connect-shared-s3cret", "POST", path, now, now.Add(3*time.Minute), canonical)
	if code := post("JWT "+tok, "?tags=c&space=ENG+HR&jwt=x&tags=a%2Cb&lic=none"); code != http.StatusAccepted {
		t.Errorf("a valid token over a query = %d, want 202", code)
	}
	if code := post("JWT "+tok, "?tags=c&space=ENG&lic=none"); code != http.StatusUnauthorized {
		t.Errorf("the same token over another query = %d, want 401", code)
	}
}

// TestForgeEventNamesThePage: a Forge app's Confluence event forwarded as
// it comes (developer.atlassian.com/platform/forge/events-reference/
// confluence: {"eventType", "atlassianId", "content": {"id", …}}) names
// its page, so a Forge trigger that posts the event signed with the
// webhook secret (X-Hub-Signature) is a hint like any other.
func TestForgeEventNamesThePage(t *testing.T) {
	body := []byte(`{"eventType":"avi:confluence:permissions_updated:page","atlassianId":"a1","content":{"id":"1","type":"page","status":"current","title":"Handbook","space":{"key":"ENG"}}}`)
	keys, err := connector.HookPages("confluence", body)
	if err != nil || !slices.Equal(keys, []string{"1"}) {
		t.Errorf("HookPages(a Forge event) = %v, %v; want page 1", keys, err)
	}
}
