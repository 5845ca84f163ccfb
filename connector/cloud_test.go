package connector_test

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/kb"
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
