package connector_test

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/connector"
	"github.com/veritykb/verity/connector/confluence"
	"github.com/veritykb/verity/connector/rest"
	"github.com/veritykb/verity/kb"
	"github.com/veritykb/verity/kb/kbtest"
	"github.com/veritykb/verity/webhook"
)

var (
	t0     = time.Date(2026, 12, 3, 12, 0, 0, 0, time.UTC)
	admin  = kbtest.Operator
	alice  = fuser{"a1", "Alice", "alice@corp.example"}
	bob    = fuser{"b2", "Bob", "bob@corp.example"}
	carol  = fuser{"c3", "Carol", "carol@corp.example"}
	erin   = fuser{"e5", "Erin", "erin@corp.example"}
	nomail = fuser{"n4", "Nemo", ""} // a user whose profile hides the email
)

// setup is a Confluence double with five pages in space ENG, a store with
// the connector wiki added, and a runner over both. The space lets
// confluence-users read; page 2 is restricted to Bob; page 3, under page
// 2, to group eng (Bob and Carol), so Bob alone reads it; page 4 to
// ops-new, a group Verity has never seen (Alice and Erin, who is not in
// the space); page 5 to a user without a visible email.
type setup struct {
	f      *wiki
	svc    *kb.Service
	run    *connector.Runner
	sleeps []time.Duration
}

func newSetup(t *testing.T, dc ...bool) *setup {
	t.Helper()
	f := newConfluence(t)
	f.dc = len(dc) > 0 && dc[0]
	f.spaceGroups = []string{"confluence-users"}
	f.groups["confluence-users"] = []fuser{alice, bob, carol, nomail}
	f.groups["eng"] = []fuser{bob, carol}
	f.groups["ops-new"] = []fuser{alice, erin}
	f.put(&fpage{id: "1", space: "ENG", title: "Handbook", creator: alice, body: `<h1>Onboarding</h1><p>Every new engineer gets a <strong>laptop</strong> on day one.</p>` +
		`<h2>Tools</h2><ul><li><p>Git</p></li><li><p>The wiki</p></li></ul>` +
		`<ac:structured-macro ac:name="code"><ac:parameter ac:name="language">bash</ac:parameter><ac:plain-text-body><![CDATA[make setup]]></ac:plain-text-body></ac:structured-macro>` +
		`<p>See <ac:link><ri:page ri:content-title="Salaries" /></ac:link>.</p>`})
	f.put(&fpage{id: "2", space: "ENG", title: "Salaries", creator: nomail, users: []fuser{bob}, body: `<p>The salary bands for quokkas are confidential.</p>`})
	f.put(&fpage{id: "3", space: "ENG", title: "Salaries detail", creator: bob, ancestors: []string{"2"}, groups: []string{"eng"}, body: `<p>Band three pays wombats well.</p>`})
	f.put(&fpage{id: "4", space: "ENG", title: "Secret project", creator: alice, groups: []string{"ops-new"}, body: `<p>Project narwhal ships in spring.</p>`})
	f.put(&fpage{id: "5", space: "ENG", title: "Nemo's notes", creator: nomail, users: []fuser{nomail}, body: `<p>Axolotl notes for myself.</p>`})
	svc, db, err := kbtest.Open(filepath.Join(t.TempDir(), "kb.db"), t0, kb.Models{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	ctx := context.Background()
	user := f.user
	if f.dc {
		user = "" // a personal access token, sent as a bearer token
	}
	if _, err := svc.AddConnector(ctx, admin, kb.ConnectorAdd{Kind: "confluence", Name: "wiki", URL: f.URL(), User: user, Secret: "env:WIKI_TOKEN", Spaces: []string{"ENG"}}); err != nil {
		t.Fatal(err)
	}
	s := &setup{f: f, svc: svc}
	s.run = &connector.Runner{Service: svc,
		Platforms: map[string]connector.Opener{"confluence": connector.Confluence(confluence.Options{Options: rest.Options{PageSize: 2,
			Sleep: func(ctx context.Context, d time.Duration) error { s.sleeps = append(s.sleeps, d); return nil }}})},
		Secrets: func(ref string) (string, error) {
			if ref != "env:WIKI_TOKEN" {
				return "", errors.New("not set")
			}
			f.mu.Lock()
			defer f.mu.Unlock()
			return "cloud-api-token-s3cret", nil
		}}
	return s
}

func (s *setup) sync(t *testing.T, opt kb.SyncOptions) *kb.SyncReport {
	t.Helper()
	rep, err := s.run.Sync(context.Background(), admin, "wiki", opt)
	if err != nil {
		t.Fatalf("sync %+v: %v", opt, err)
	}
	return rep
}

// finds reports whether the user (resolved through the directory, as a
// transport resolves it) finds the query's page.
func (s *setup) finds(t *testing.T, email, query, id string) bool {
	t.Helper()
	ctx := context.Background()
	c, err := s.svc.Resolve(ctx, verity.NewCaller(verity.Principal("user:"+email)))
	if err != nil {
		t.Fatal(err)
	}
	res, err := s.svc.Search(ctx, c, kb.SearchRequest{Query: query, K: 10})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range res.Results {
		if r.SourceID == id {
			return true
		}
	}
	return false
}

func (s *setup) source(t *testing.T, id string) *kb.SourceView {
	t.Helper()
	v, err := s.svc.Show(context.Background(), admin, kb.ShowRequest{ID: id, All: true})
	if err != nil {
		t.Fatalf("show %s: %v", id, err)
	}
	return v
}

// hookServer serves connectors' webhooks over the setup's store, with the
// secret env:name set to value.
func (s *setup) hookServer(t *testing.T, name, value string) *httptest.Server {
	secrets := connector.Secrets(func(n string) string {
		if n == name {
			return value
		}
		return ""
	})
	srv := httptest.NewServer(webhook.Handler(s.svc, webhook.Options{Secrets: secrets, Pages: connector.HookPages}))
	t.Cleanup(srv.Close)
	return srv
}

func acl(ps ...string) []verity.Principal {
	out := make([]verity.Principal, len(ps))
	for i, p := range ps {
		out[i] = verity.Principal(p)
	}
	return out
}

// TestSyncImportsPagesWithTheirPermissions: a first pass imports every
// page with the ACL Confluence's intersection gives, text with headings,
// and authors as the platform names them; the platform's groups land in
// the directory, so a user reads what the space lets them.
func TestSyncImportsPagesWithTheirPermissions(t *testing.T) {
	s := newSetup(t)
	rep := s.sync(t, kb.SyncOptions{Full: true})
	if want := []string{"confluence:wiki:1", "confluence:wiki:2", "confluence:wiki:3", "confluence:wiki:4", "confluence:wiki:5"}; !slices.Equal(rep.Created, want) {
		t.Fatalf("created = %v, want %v (report %+v)", rep.Created, want, rep)
	}
	wantACL := map[string][]verity.Principal{
		"1": acl("group:confluence:wiki/confluence-users"),
		"2": acl("user:bob@corp.example"),   // space ∩ Bob
		"3": acl("user:bob@corp.example"),   // space ∩ eng ∩ its parent's Bob: inherited
		"4": acl("user:alice@corp.example"), // space ∩ ops-new: Erin is not in the space
		"5": {},                             // a user Verity cannot name: no one
	}
	for key, want := range wantACL {
		src := s.source(t, "confluence:wiki:"+key)
		if !slices.Equal(src.ACL, want) {
			t.Errorf("ACL of page %s = %v, want %v", key, src.ACL, want)
		}
		if src.System != "confluence:wiki" {
			t.Errorf("system of page %s = %q, want confluence:wiki", key, src.System)
		}
	}
	if !slices.ContainsFunc(rep.Warnings, func(w string) bool {
		return strings.Contains(w, "confluence:wiki:5") && strings.Contains(w, "readable by no one")
	}) {
		t.Errorf("warnings %q name no unreadable page 5", rep.Warnings)
	}
	h := s.source(t, "confluence:wiki:1")
	for _, want := range []string{"Onboarding\n\nEvery new engineer gets a laptop on day one.", "Tools\n\n- Git\n- The wiki", "make setup", "See Salaries."} {
		if !strings.Contains(h.Text, want) {
			t.Errorf("text of the handbook lacks %q:\n%s", want, h.Text)
		}
	}
	if strings.Contains(h.Text, "bash") {
		t.Errorf("text keeps a macro's parameter:\n%s", h.Text)
	}
	if h.Author != "user:alice@corp.example" || s.source(t, "confluence:wiki:2").Author != "" {
		t.Errorf("authors = %q and %q, want alice and none (no visible email)", h.Author, s.source(t, "confluence:wiki:2").Author)
	}
	if rep.Groups == nil || rep.Groups.Groups != 1 {
		t.Errorf("groups written = %+v, want confluence-users", rep.Groups)
	}
	for _, tt := range []struct {
		who, query, id string
		want           bool
	}{
		{"alice@corp.example", "laptop engineer", "confluence:wiki:1", true},
		{"erin@corp.example", "laptop engineer", "confluence:wiki:1", false},
		{"alice@corp.example", "salary bands quokkas", "confluence:wiki:2", false},
		{"bob@corp.example", "salary bands quokkas", "confluence:wiki:2", true},
		{"carol@corp.example", "band wombats", "confluence:wiki:3", false},
		{"bob@corp.example", "band wombats", "confluence:wiki:3", true},
		{"alice@corp.example", "project narwhal", "confluence:wiki:4", true},
		{"erin@corp.example", "project narwhal", "confluence:wiki:4", false},
	} {
		if got := s.finds(t, tt.who, tt.query, tt.id); got != tt.want {
			t.Errorf("%s finds %s = %v, want %v", tt.who, tt.id, got, tt.want)
		}
	}
	// A second pass with nothing changed changes nothing.
	rep = s.sync(t, kb.SyncOptions{Full: true})
	if len(rep.Created)+len(rep.Versions)+len(rep.Changes)+len(rep.Revoked) != 0 || rep.Unchanged != 5 {
		t.Errorf("an idle pass = %+v, want 5 unchanged", rep)
	}
}

// TestDeletedAndRestoredPages: a page deleted between two passes is
// revoked and leaves search; when it comes back the connector unrevokes
// it; a curator's own revocation stands through both.
func TestDeletedAndRestoredPages(t *testing.T) {
	s := newSetup(t)
	ctx := context.Background()
	s.sync(t, kb.SyncOptions{Full: true})
	s.f.change("4", func(p *fpage) { p.status = "trashed" })
	rep := s.sync(t, kb.SyncOptions{Full: true})
	if !slices.Equal(rep.Revoked, []string{"confluence:wiki:4"}) || rep.Status != verity.SyncOK {
		t.Fatalf("after deleting page 4: %+v, want it revoked", rep)
	}
	if s.finds(t, "alice@corp.example", "project narwhal", "confluence:wiki:4") {
		t.Error("alice still finds the deleted page")
	}
	s.f.change("4", func(p *fpage) { p.status = "current" })
	rep = s.sync(t, kb.SyncOptions{Full: true})
	if !slices.Equal(rep.Unrevoked, []string{"confluence:wiki:4"}) || !s.finds(t, "alice@corp.example", "project narwhal", "confluence:wiki:4") {
		t.Fatalf("after restoring page 4: %+v, want it unrevoked and found", rep)
	}
	// A curator revokes page 1 by hand; its deletion and return at the
	// platform leave that revocation standing.
	if _, err := s.svc.Revoke(ctx, admin, kb.RevokeRequest{Refs: []string{"confluence:wiki:1"}, Reason: "outdated"}); err != nil {
		t.Fatal(err)
	}
	s.f.change("1", func(p *fpage) { p.status = "trashed" })
	// (Confirmed: page 4's deletion counts in this hour's window.)
	if rep = s.sync(t, kb.SyncOptions{Full: true, ConfirmDeletions: true}); len(rep.Revoked) != 0 || rep.Status != verity.SyncOK {
		t.Errorf("deleting a page a curator revoked: revoked %v, want none by the connector", rep.Revoked)
	}
	s.f.change("1", func(p *fpage) { p.status = "current" })
	rep = s.sync(t, kb.SyncOptions{Full: true})
	if len(rep.Unrevoked) != 0 || !slices.Equal(rep.Kept, []string{"confluence:wiki:1"}) || s.source(t, "confluence:wiki:1").Status != verity.StatusRevoked {
		t.Errorf("the page is back: %+v; want the curator's revocation kept", rep)
	}
}

// TestGuardAgainstMassRevocation: an empty listing (a token that lost
// access gets 200 and nothing) and a listing that loses more than the
// share revoke nothing and mark the pass blocked, until the admin
// confirms.
func TestGuardAgainstMassRevocation(t *testing.T) {
	s := newSetup(t)
	ctx := context.Background()
	s.sync(t, kb.SyncOptions{Full: true})
	s.f.empty = true
	rep := s.sync(t, kb.SyncOptions{Full: true})
	if rep.Status != verity.SyncBlocked || len(rep.Revoked) != 0 || !strings.Contains(rep.Error, "--confirm-deletions") {
		t.Fatalf("an empty listing = %+v, want blocked with nothing revoked", rep)
	}
	if d, err := s.svc.ConnectorDetail(ctx, admin, "wiki"); err != nil || d.Connector.State.Status != verity.SyncBlocked {
		t.Errorf("connector after the blocked pass = %+v, %v", d, err)
	}
	s.f.empty = false
	s.f.change("2", func(p *fpage) { p.status = "trashed" })
	s.f.change("3", func(p *fpage) { p.status = "trashed" })
	if rep = s.sync(t, kb.SyncOptions{Full: true}); rep.Status != verity.SyncBlocked || len(rep.Revoked) != 0 {
		t.Fatalf("losing 2 of 5 pages (more than 20%%) = %+v, want blocked", rep)
	}
	rep = s.sync(t, kb.SyncOptions{Full: true, ConfirmDeletions: true})
	if rep.Status != verity.SyncOK || !slices.Equal(rep.Revoked, []string{"confluence:wiki:2", "confluence:wiki:3"}) {
		t.Fatalf("confirmed = %+v, want both revoked", rep)
	}
}

// TestRateLimitAndExpiredToken: a 429 mid-listing is waited out as
// Retry-After says; an expired token fails the pass with an error that
// names the connector and not the token, revoking nothing.
func TestRateLimitAndExpiredToken(t *testing.T) {
	s := newSetup(t)
	s.f.throttle = "2"
	rep := s.sync(t, kb.SyncOptions{Full: true})
	if len(rep.Created) != 5 || !slices.Contains(s.sleeps, 3*time.Second) {
		t.Fatalf("a 429 mid-listing: created %d, waited %v; want 5 pages after a 3s wait", len(rep.Created), s.sleeps)
	}
	s.f.mu.Lock()
	s.f.token = "rotated"
	s.f.mu.Unlock()
	rep, err := s.run.Sync(context.Background(), admin, "wiki", kb.SyncOptions{Full: true})
	if err == nil || !strings.Contains(err.Error(), "connector wiki") || strings.Contains(err.Error(), "s3cret") {
		t.Fatalf("an expired token: %v, want an error naming the connector and not the token", err)
	}
	if rep == nil || rep.Status != verity.SyncFailed || len(rep.Revoked) != 0 {
		t.Errorf("an expired token's pass = %+v, want failed with nothing revoked", rep)
	}
	if s.source(t, "confluence:wiki:1").Status != verity.StatusActive {
		t.Error("a failed listing revoked a page")
	}
}

// TestHintsAreRefetched: a webhook's hint makes the connector read the
// page again with its own token: a restriction added at the platform
// narrows the ACL at once; a hint that a live page was deleted (forged or
// replayed) changes nothing.
func TestHintsAreRefetched(t *testing.T) {
	s := newSetup(t)
	ctx := context.Background()
	s.sync(t, kb.SyncOptions{Full: true})
	s.f.change("1", func(p *fpage) { p.users = []fuser{bob} })
	rep, err := s.run.Hint(ctx, admin, "wiki", []string{"1"})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(rep.Narrowed, []string{"confluence:wiki:1"}) || len(rep.Changes) != 1 || rep.Changes[0].ACL == nil ||
		!slices.Equal(rep.Changes[0].ACL.Removed, acl("group:confluence:wiki/confluence-users")) || !slices.Equal(rep.Changes[0].ACL.Added, acl("user:bob@corp.example")) {
		t.Fatalf("a restriction announced by webhook = %+v, want page 1 narrowed to Bob", rep)
	}
	if s.finds(t, "alice@corp.example", "laptop engineer", "confluence:wiki:1") || !s.finds(t, "bob@corp.example", "laptop engineer", "confluence:wiki:1") {
		t.Error("after the restriction, alice should not find the handbook and bob should")
	}
	// A forged "page 4 was deleted": the API still gives it.
	rep, err = s.run.Hint(ctx, admin, "wiki", []string{"4"})
	if err != nil || len(rep.Revoked) != 0 || rep.Unchanged != 1 || s.source(t, "confluence:wiki:4").Status != verity.StatusActive {
		t.Errorf("a forged deletion = %+v, %v; want nothing changed", rep, err)
	}
	if _, err := s.run.Hint(ctx, admin, "wiki", []string{"../space/ENG"}); verity.ErrorCode(err) != verity.EINVALID {
		t.Errorf("a hint naming no page id = %v, want invalid", err)
	}
}

// TestResumeAfterACrash: a pass that dies after its first batch loses and
// duplicates nothing: the next continues from the last committed cursor
// and each changed page gets exactly one new version.
func TestResumeAfterACrash(t *testing.T) {
	s := newSetup(t)
	s.sync(t, kb.SyncOptions{Full: true})
	for i, id := range []string{"1", "2", "3"} {
		s.f.change(id, func(p *fpage) {
			p.version++
			p.when = p.when.Add(time.Duration(i+1) * 2 * time.Hour)
			p.body += "<p>Edited.</p>"
		})
	}
	ctx, cancel := context.WithCancel(context.Background())
	batches := 0
	s.run.Batch = 1 // a transaction per listing request, as a big space's pass has many
	s.run.Progress = func(string, int) {
		if batches++; batches == 1 {
			cancel() // the process dies after committing its first batch
		}
	}
	if _, err := s.run.Sync(ctx, admin, "wiki", kb.SyncOptions{}); err == nil {
		t.Fatal("the interrupted pass reported no error")
	}
	d, err := s.svc.ConnectorDetail(context.Background(), admin, "wiki")
	if err != nil || d.Connector.State.Cursor != "2026-12-01T14:00:00Z" {
		t.Fatalf("cursor after the crash = %+v, %v; want the first stored batch's (pages 1 and 2, edited by 14:00)", d.Connector.State, err)
	}
	s.run.Progress = nil
	s.sync(t, kb.SyncOptions{})
	for _, id := range []string{"1", "2", "3"} {
		if src := s.source(t, "confluence:wiki:"+id); src.Version != 2 || !strings.Contains(src.Text, "Edited.") {
			t.Errorf("page %s after the resumed pass: version %d, want 2 with the edit", id, src.Version)
		}
	}
	list, err := s.svc.Sources(context.Background(), admin, kb.SourceQuery{All: true})
	if err != nil {
		t.Fatal(err)
	}
	if n := len(list.Sources); n != 5 {
		t.Errorf("%d sources after the crash and resume, want 5", n)
	}
}

// TestScheduledPasses: a worker's scheduler queues a full pass of a
// connector never synced, as whoever added it, and no second one while it
// waits; the job runs the pass; then nothing is due until the interval.
func TestScheduledPasses(t *testing.T) {
	s := newSetup(t)
	ctx := context.Background()
	scheduler := verity.LocalOperator("scheduler")
	q, err := s.svc.QueueDueSyncs(ctx, scheduler)
	if err != nil || len(q.Jobs) != 1 || q.Jobs[0].Kind != verity.JobSync {
		t.Fatalf("QueueDueSyncs = %+v, %v; want one sync job", q, err)
	}
	if again, err := s.svc.QueueDueSyncs(ctx, scheduler); err != nil || len(again.Jobs) != 1 || again.Jobs[0].ID != q.Jobs[0].ID {
		t.Errorf("QueueDueSyncs while the pass waits = %+v, %v; want the same job, not another", again, err)
	}
	if _, err := s.svc.QueueDueSyncs(ctx, verity.NewCaller("user:adm@corp.example")); verity.ErrorCode(err) != verity.EFORBIDDEN {
		t.Errorf("QueueDueSyncs as a user = %v, want forbidden", err)
	}
	res, err := s.svc.RunJob(ctx, q.Jobs[0], kb.JobHandlers{verity.JobSync: s.run.Handler()})
	if err != nil {
		t.Fatal(err)
	}
	if rep, ok := res.(*kb.SyncReport); !ok || !rep.Full || len(rep.Created) != 5 {
		t.Fatalf("the scheduled pass = %+v, want a full pass creating 5 pages", res)
	}
	if q, err := s.svc.QueueDueSyncs(ctx, scheduler); err != nil || len(q.Jobs) != 0 {
		t.Errorf("QueueDueSyncs right after a pass = %+v, %v; want nothing due", q, err)
	}
}

// TestWebhook: a restriction announced by a signed webhook is applied by
// the job it queues, read from the API; a forged post (no signature, a
// wrong one, another connector's) is refused with 401 and queues nothing.
func TestWebhook(t *testing.T) {
	s := newSetup(t)
	ctx := context.Background()
	if _, err := s.svc.AddConnector(ctx, admin, kb.ConnectorAdd{Kind: "confluence", Name: "hooked", URL: s.f.URL(), User: s.f.user, Secret: "env:WIKI_TOKEN",
		Webhook: "env:HOOK_SECRET", Spaces: []string{"ENG"}}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.run.Sync(ctx, admin, "hooked", kb.SyncOptions{Full: true}); err != nil {
		t.Fatal(err)
	}
	srv := s.hookServer(t, "HOOK_SECRET", "hook-s3cret")
	sign := func(key string, body []byte) string {
		m := hmac.New(sha256.New, []byte(key))
		m.Write(body)
		return "sha256=" + hex.EncodeToString(m.Sum(nil))
	}
	post := func(name, sig string, body []byte) int {
		req, _ := http.NewRequest(http.MethodPost, srv.URL+webhook.Prefix+name+"/webhook", bytes.NewReader(body))
		if sig != "" {
			req.Header.Set("X-Hub-Signature", sig)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	// Cloud's page_restrictions_updated event, as its payload names the page.
	body := []byte(`{"timestamp":1764763200000,"event":"page_restrictions_updated","userAccountId":"a1","page":{"id":1,"spaceKey":"ENG","title":"Handbook"}}`)
	for _, tt := range []struct{ name, sig string }{
		{"hooked", ""}, {"hooked", sign("guess", body)}, {"wiki", sign("hook-s3cret", body)}, {"nope", sign("hook-s3cret", body)},
	} {
		if code := post(tt.name, tt.sig, body); code != http.StatusUnauthorized {
			t.Errorf("post to %s signed %q = %d, want 401", tt.name, tt.sig, code)
		}
	}
	if jobs, err := s.svc.Jobs(ctx, admin, kb.JobQuery{}); err != nil || len(jobs) != 0 {
		t.Fatalf("forged posts queued %d jobs (%v)", len(jobs), err)
	}
	s.f.change("1", func(p *fpage) { p.users = []fuser{bob} })
	if code := post("hooked", sign("hook-s3cret", body), body); code != http.StatusAccepted {
		t.Fatalf("the signed post = %d, want 202", code)
	}
	jobs, err := s.svc.Jobs(ctx, admin, kb.JobQuery{})
	if err != nil || len(jobs) != 1 {
		t.Fatalf("jobs after the signed post = %d (%v), want 1", len(jobs), err)
	}
	res, err := s.svc.RunJob(ctx, jobs[0], kb.JobHandlers{verity.JobSync: s.run.Handler()})
	if err != nil {
		t.Fatal(err)
	}
	if rep := res.(*kb.SyncReport); !slices.Equal(rep.Narrowed, []string{"confluence:hooked:1"}) {
		t.Errorf("the hinted pass = %+v, want page 1 narrowed", rep)
	}
	// A replayed (signed) post that claims nothing new changes nothing.
	post("hooked", sign("hook-s3cret", body), body)
	jobs, _ = s.svc.Jobs(ctx, admin, kb.JobQuery{})
	res, err = s.svc.RunJob(ctx, jobs[0], kb.JobHandlers{verity.JobSync: s.run.Handler()})
	if rep, _ := res.(*kb.SyncReport); err != nil || rep.Unchanged != 1 || len(rep.Changes)+len(rep.Revoked) != 0 {
		t.Errorf("a replayed post = %+v, %v; want nothing changed", res, err)
	}
}

// TestDataCenter: a Data Center site is read with a personal access token
// as a bearer token; its users carry no email, so a page restricted to
// users is readable by no one (with a warning), while a group's page
// keeps the platform's group, which an admin aliases to a directory group.
func TestDataCenter(t *testing.T) {
	s := newSetup(t, true)
	rep := s.sync(t, kb.SyncOptions{Full: true})
	if len(rep.Created) != 5 {
		t.Fatalf("created %v, want 5 pages", rep.Created)
	}
	if got := s.source(t, "confluence:wiki:1").ACL; !slices.Equal(got, acl("group:confluence:wiki/confluence-users")) {
		t.Errorf("ACL of the open page = %v, want the space's group", got)
	}
	if got := s.source(t, "confluence:wiki:2").ACL; len(got) != 0 {
		t.Errorf("ACL of a page restricted to a user without an email = %v, want no one", got)
	}
	for _, r := range s.f.sawRequests() {
		if strings.Contains(r, "/wiki/") {
			t.Errorf("a Data Center request under /wiki: %s", r)
		}
	}
	ctx := context.Background()
	if _, err := s.svc.AddToGroup(ctx, admin, kb.GroupChange{Group: "engineering", Users: []string{"alice@corp.example"}, Create: true}); err != nil {
		t.Fatal(err)
	}
	if s.finds(t, "alice@corp.example", "laptop engineer", "confluence:wiki:1") {
		t.Error("alice finds the page before the alias")
	}
	if _, err := s.svc.AliasGroup(ctx, admin, "group:confluence:wiki/confluence-users", "group:engineering"); err != nil {
		t.Fatal(err)
	}
	if !s.finds(t, "alice@corp.example", "laptop engineer", "confluence:wiki:1") {
		t.Error("alice does not find the page after the alias")
	}
}

// TestWebhookBurstMeetsTheGuard: deletions reported one hint at a time
// add up in the hour's window: the second of five pages goes over 20% and
// is held back, until confirmed; a page moved to another space counts as
// gone.
func TestWebhookBurstMeetsTheGuard(t *testing.T) {
	s := newSetup(t)
	ctx := context.Background()
	s.sync(t, kb.SyncOptions{Full: true})
	s.f.change("4", func(p *fpage) { p.space = "ARCHIVE" }) // moved out of the synced spaces
	s.f.change("5", func(p *fpage) { p.status = "trashed" })
	rep, err := s.run.Hint(ctx, admin, "wiki", []string{"4"})
	if err != nil || !slices.Equal(rep.Revoked, []string{"confluence:wiki:4"}) {
		t.Fatalf("the first hinted deletion = %+v, %v; want page 4 revoked", rep, err)
	}
	rep, err = s.run.Hint(ctx, admin, "wiki", []string{"5"})
	if err != nil || len(rep.Revoked) != 0 || rep.Status != verity.SyncBlocked {
		t.Fatalf("the second within the hour = %+v, %v; want it held back by the guard", rep, err)
	}
	if s.source(t, "confluence:wiki:5").Status != verity.StatusActive {
		t.Error("the guard let page 5 be revoked")
	}
	rep = s.sync(t, kb.SyncOptions{Full: true, ConfirmDeletions: true})
	if !slices.Equal(rep.Revoked, []string{"confluence:wiki:5"}) {
		t.Errorf("confirmed = %+v, want page 5 revoked", rep)
	}
}

// TestMembershipChangeReexpands: where an intersection expanded a group,
// a change of its members at the platform reaches the ACL at the next
// full pass.
func TestMembershipChangeReexpands(t *testing.T) {
	s := newSetup(t)
	s.sync(t, kb.SyncOptions{Full: true})
	s.f.mu.Lock()
	s.f.groups["ops-new"] = []fuser{alice, carol}
	s.f.mu.Unlock()
	rep := s.sync(t, kb.SyncOptions{Full: true})
	if got := s.source(t, "confluence:wiki:4").ACL; !slices.Equal(got, acl("user:alice@corp.example", "user:carol@corp.example")) {
		t.Errorf("ACL of page 4 after carol joined ops-new = %v (report %+v)", got, rep.Changes)
	}
	if !slices.Equal(rep.Widened, []string{"confluence:wiki:4"}) {
		t.Errorf("widened = %v, want page 4", rep.Widened)
	}
}

// TestAdopt: a connector named over a system that an export filled is
// refused unless it adopts; adopting, it takes over the exported source
// with its page's uri (keeping its id), and manages it from then on.
func TestAdopt(t *testing.T) {
	s := newSetup(t)
	ctx := context.Background()
	export := &verity.Source{ID: "CONF-1", URI: s.f.URL() + "/spaces/ENG/pages/1/Handbook", System: "confluence", Title: "Handbook (export)",
		ACL: []verity.Principal{verity.Public}, Text: "An old export of the handbook."}
	if err := kbtest.Seed(ctx, s.svc, nil, []*verity.Source{export}, t0); err != nil {
		t.Fatal(err)
	}
	add := kb.ConnectorAdd{Kind: "confluence", Name: "exp", URL: s.f.URL(), User: s.f.user, Secret: "env:WIKI_TOKEN", System: "confluence", Spaces: []string{"ENG"}}
	if _, err := s.svc.AddConnector(ctx, admin, add); verity.ErrorCode(err) != verity.ECONFLICT || !strings.Contains(err.Error(), "--adopt") {
		t.Fatalf("a connector over an exported system = %v, want a conflict that names --adopt", err)
	}
	add.Adopt = true
	if _, err := s.svc.AddConnector(ctx, admin, add); err != nil {
		t.Fatal(err)
	}
	rep, err := s.run.Sync(ctx, admin, "exp", kb.SyncOptions{Full: true})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(rep.Adopted, []string{"CONF-1"}) || len(rep.Created) != 4 || len(rep.Failed) != 0 {
		t.Fatalf("adopting = %+v, want CONF-1 adopted and the 4 other pages created", rep)
	}
	src := s.source(t, "CONF-1")
	if src.Version != 2 || !slices.Equal(src.ACL, acl("group:confluence:exp/confluence-users")) || !strings.Contains(src.Text, "laptop") {
		t.Errorf("the adopted source = version %d, ACL %v; want the page's text and permissions", src.Version, src.ACL)
	}
	if _, err := s.svc.Show(ctx, admin, kb.ShowRequest{ID: "confluence:exp:1", All: true}); verity.ErrorCode(err) != verity.ENOTFOUND {
		t.Errorf("page 1 was stored twice: %v", err)
	}
	// No one else writes into the adopted system now, the operator neither.
	irep, err := s.svc.Ingest(ctx, admin, kb.IngestRequest{Format: "jsonl",
		Body: strings.NewReader(`{"id":"CONF-2","uri":"https://x.example/2","system":"confluence","acl":["public"],"text":"x"}` + "\n")})
	if err != nil || len(irep.Failed) != 1 || irep.Failed[0].Code != verity.EFORBIDDEN {
		t.Errorf("ingest into the adopted system = %+v, %v; want it refused", irep, err)
	}
	s.f.change("1", func(p *fpage) { p.status = "trashed" })
	rep, err = s.run.Sync(ctx, admin, "exp", kb.SyncOptions{Full: true, ConfirmDeletions: true})
	if err != nil || !slices.Equal(rep.Revoked, []string{"CONF-1"}) {
		t.Errorf("the adopted page deleted = %+v, %v; want CONF-1 revoked", rep, err)
	}
}

// TestFailsClosed: what cannot be read or mapped makes a page readable by
// no one, with a warning naming it — an ancestor whose restrictions the
// token may not see, a group whose members cannot be read where an
// intersection needs them — and a very large page is cut, with a warning.
func TestFailsClosed(t *testing.T) {
	s := newSetup(t)
	s.f.hideRestrictions = map[string]bool{"2": true}
	s.f.change("4", func(p *fpage) { p.groups = []string{"ghosts"} }) // no such group at the platform
	s.f.change("1", func(p *fpage) { p.body = "<p>" + strings.Repeat("word ", 100) + "</p>" })
	s.run.Platforms["confluence"] = connector.Confluence(confluence.Options{Options: rest.Options{PageSize: 2, MaxText: 64}})
	rep := s.sync(t, kb.SyncOptions{Full: true})
	for _, id := range []string{"3", "4"} {
		if got := s.source(t, "confluence:wiki:"+id).ACL; len(got) != 0 {
			t.Errorf("ACL of page %s = %v, want no one", id, got)
		}
	}
	for _, want := range []string{"confluence:wiki:3: the restrictions of its ancestor 2 could not be read", `confluence:wiki:4: the members of group "ghosts" could not be read`,
		"confluence:wiki:1: the text is longer than 64 bytes"} {
		if !slices.ContainsFunc(rep.Warnings, func(w string) bool { return strings.Contains(w, want) }) {
			t.Errorf("no warning %q in %q", want, rep.Warnings)
		}
	}
	if n := len(s.source(t, "confluence:wiki:1").Text); n > 64 {
		t.Errorf("the large page's text is %d bytes, want at most 64", n)
	}
}
