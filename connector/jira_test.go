package connector_test

import (
	"context"
	"errors"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/connector"
	"github.com/veritykb/verity/connector/jira"
	"github.com/veritykb/verity/connector/rest"
	"github.com/veritykb/verity/kb"
	"github.com/veritykb/verity/kb/kbtest"
)

var dave = fuser{"d4", "Dave", "dave@corp.example"}

// jsetup is a Jira double with project OPS and a store with the connector
// ops added. Who may browse OPS: group jira-software-users (Alice, Bob and
// a user without a visible email), the project role Developers (Carol, and
// group ops-admins: Dave) and each issue's reporter. Issue 1 is open to
// them; issue 2 is at security level 10100, whose members are group hr
// (Bob and Erin, who cannot browse the project), so Bob alone reads it;
// issue 3 has four comments, one restricted to the role Administrators.
type jsetup struct {
	f      *tracker
	svc    *kb.Service
	run    *connector.Runner
	sleeps []time.Duration
}

func newJira(t *testing.T, cloud bool) *jsetup {
	t.Helper()
	f := newTracker(t, cloud)
	f.browse = []map[string]string{{"type": "group", "parameter": "jira-software-users"}, {"type": "projectRole", "parameter": "10002"}, {"type": "reporter"}}
	f.groups["jira-software-users"] = []fuser{alice, bob, nomail}
	f.groups["ops-admins"] = []fuser{dave}
	f.groups["hr"] = []fuser{bob, erin}
	f.roles["10002"] = []fuser{carol}
	f.roleGrps["10002"] = []string{"ops-admins"}
	f.levels["10100"] = []string{"hr"}
	at := t0.Add(-48 * time.Hour)
	desc := `{"type":"doc","version":1,"content":[{"type":"heading","attrs":{"level":2},"content":[{"type":"text","text":"Rollout"}]},{"type":"paragraph","content":[{"type":"text","text":"Move the warehouse to Bitrix24 by April."}]}]}`
	if !cloud {
		desc = "h2. Rollout\nMove the warehouse to *Bitrix24* by April."
	}
	f.put(&fissue{id: "10001", key: "OPS-1", summary: "Warehouse CRM", desc: desc, reporter: erin, updated: at})
	f.put(&fissue{id: "10002", key: "OPS-2", summary: "Layoffs", desc: "The quokka team is cut by four in March.", reporter: alice, level: "10100", updated: at.Add(time.Minute)})
	f.put(&fissue{id: "10003", key: "OPS-3", summary: "Pager duty", desc: "Who carries the pager.", reporter: bob, updated: at.Add(2 * time.Minute),
		comments: []fcomment{{author: alice, body: "Week one: Alice."}, {author: bob, body: "Week two: Bob."},
			{author: carol, body: "The narwhal password is in the vault.", restricted: "Administrators"}, {author: dave, body: "Week three: Dave."}}})
	svc, db, err := kbtest.Open(filepath.Join(t.TempDir(), "kb.db"), t0, kb.Models{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	if _, err := svc.AddConnector(context.Background(), admin, kb.ConnectorAdd{Kind: "jira", Name: "ops", URL: f.srv.URL, User: f.user, Secret: "env:JIRA_TOKEN", Spaces: []string{"OPS"}}); err != nil {
		t.Fatal(err)
	}
	s := &jsetup{f: f, svc: svc}
	s.run = &connector.Runner{Service: svc,
		Platforms: map[string]connector.Opener{"jira": connector.Jira(jira.Options{Options: rest.Options{PageSize: 2,
			Sleep: func(ctx context.Context, d time.Duration) error { s.sleeps = append(s.sleeps, d); return nil }}})},
		Secrets: func(ref string) (string, error) {
			if ref != "env:JIRA_TOKEN" {
				return "", errors.New("not set")
			}
			f.mu.Lock()
			defer f.mu.Unlock()
			return "jira-s3cret-token", nil
		}}
	return s
}

func (s *jsetup) sync(t *testing.T, opt kb.SyncOptions) *kb.SyncReport {
	t.Helper()
	rep, err := s.run.Sync(context.Background(), admin, "ops", opt)
	if err != nil {
		t.Fatalf("sync %+v: %v", opt, err)
	}
	return rep
}

// reads reports whether the user, resolved through the directory, finds
// the query's issue.
func (s *jsetup) source(t *testing.T, id string) *verity.Source {
	t.Helper()
	v, err := s.svc.Show(context.Background(), admin, kb.ShowRequest{ID: id, All: true})
	if err != nil {
		t.Fatalf("show %s: %v", id, err)
	}
	return v.Source
}

func (s *jsetup) reads(t *testing.T, email, query, id string) bool {
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

// TestJiraImportsIssuesWithTheirPermissions: on Cloud and on Data Center,
// a first pass imports every issue with the ACL Jira's permissions give
// — browse ∩ security level — its description as text with headings, and
// the comments every reader may read; a comment restricted to a role is
// in no one's text, so no reader of the issue finds its words.
func TestJiraImportsIssuesWithTheirPermissions(t *testing.T) {
	for _, cloud := range []bool{true, false} {
		name := map[bool]string{true: "cloud", false: "datacenter"}[cloud]
		t.Run(name, func(t *testing.T) {
			s := newJira(t, cloud)
			rep := s.sync(t, kb.SyncOptions{Full: true})
			if want := []string{"jira:ops:10001", "jira:ops:10002", "jira:ops:10003"}; !slices.Equal(rep.Created, want) || rep.Status != verity.SyncOK {
				t.Fatalf("created %v (%s %s), want %v", rep.Created, rep.Status, rep.Error, want)
			}
			v, err := s.svc.Show(context.Background(), admin, kb.ShowRequest{ID: "jira:ops:10001", All: true})
			if err != nil {
				t.Fatal(err)
			}
			wantACL := acl("group:jira:ops/jira-software-users", "group:jira:ops/ops-admins", "user:carol@corp.example", "user:erin@corp.example")
			if !slices.Equal(v.Source.ACL, wantACL) || v.Source.Title != "OPS-1: Warehouse CRM" || v.Source.Author != "user:erin@corp.example" ||
				!strings.HasPrefix(v.Source.Text, "Rollout\n\nMove the warehouse to Bitrix24 by April.") || v.Source.URI != s.f.srv.URL+"/browse/OPS-1" {
				t.Errorf("OPS-1 = %+v, want its browse ACL, title, reporter, text and link", v.Source)
			}
			for _, c := range []struct {
				who, query, id string
				want           bool
			}{
				{"alice@corp.example", "warehouse bitrix24", "jira:ops:10001", true},
				{"dave@corp.example", "warehouse bitrix24", "jira:ops:10001", true},
				{"bob@corp.example", "quokka team cut", "jira:ops:10002", cloud}, // Data Center cannot list a level's members: no one
				{"alice@corp.example", "quokka team cut", "jira:ops:10002", false},
				{"erin@corp.example", "quokka team cut", "jira:ops:10002", false},
				{"alice@corp.example", "week three dave", "jira:ops:10003", true},
				{"alice@corp.example", "narwhal password vault", "jira:ops:10003", false},
				{"carol@corp.example", "narwhal password vault", "jira:ops:10003", false},
			} {
				if got := s.reads(t, c.who, c.query, c.id); got != c.want {
					t.Errorf("%s finds %s by %q = %v, want %v", c.who, c.id, c.query, got, c.want)
				}
			}
			sec, err := s.svc.Show(context.Background(), admin, kb.ShowRequest{ID: "jira:ops:10003", All: true})
			if err != nil {
				t.Fatal(err)
			}
			if strings.Contains(sec.Source.Text, "narwhal") || !strings.Contains(sec.Source.Text, "Week three: Dave.") {
				t.Errorf("OPS-3's text = %q: want every comment but the restricted one", sec.Source.Text)
			}
			warned := strings.Join(rep.Warnings, "\n")
			for _, w := range []string{"OPS-3", "restricted", "Nemo"} {
				if !strings.Contains(warned, w) {
					t.Errorf("warnings %q lack %q", rep.Warnings, w)
				}
			}
			if !cloud && !strings.Contains(warned, "security level") {
				t.Errorf("warnings %q do not say why OPS-2 is readable by no one", rep.Warnings)
			}
		})
	}
}

// TestJiraChangesDeletionsAndFailures: an incremental pass picks up an
// issue moved to a security level (narrowed) and a new comment; a full
// pass revokes a deleted issue; a 429 is waited out as Retry-After says;
// an expired token fails the pass and revokes nothing.
func TestJiraChangesDeletionsAndFailures(t *testing.T) {
	s := newJira(t, true)
	s.sync(t, kb.SyncOptions{Full: true})
	s.f.change("10001", func(is *fissue) { is.level = "10100" })
	s.f.change("10003", func(is *fissue) {
		is.comments = append(is.comments, fcomment{author: carol, body: "Week four: Carol."})
	})
	s.f.throttle = true
	rep := s.sync(t, kb.SyncOptions{})
	if !slices.Contains(rep.Narrowed, "jira:ops:10001") || !slices.Contains(rep.Versions, "jira:ops:10003") || rep.Status != verity.SyncOK {
		t.Fatalf("incremental pass: %+v, want OPS-1 narrowed and OPS-3 versioned", rep)
	}
	if !slices.Contains(s.sleeps, 7*time.Second) {
		t.Errorf("waits %v, want the 7 s Retry-After", s.sleeps)
	}
	if s.reads(t, "alice@corp.example", "warehouse bitrix24", "jira:ops:10001") || !s.reads(t, "bob@corp.example", "warehouse bitrix24", "jira:ops:10001") {
		t.Error("after the narrowing alice still reads OPS-1, or bob does not")
	}
	s.f.change("10002", func(is *fissue) { is.deleted = true })
	rep = s.sync(t, kb.SyncOptions{Full: true, ConfirmDeletions: true})
	if !slices.Equal(rep.Revoked, []string{"jira:ops:10002"}) {
		t.Fatalf("after deleting OPS-2: %+v, want it revoked", rep)
	}
	s.f.mu.Lock()
	s.f.token = "rotated"
	s.f.mu.Unlock()
	rep, err := s.run.Sync(context.Background(), admin, "ops", kb.SyncOptions{Full: true})
	if err == nil || !strings.Contains(err.Error(), "Jira refused the token") || strings.Contains(err.Error(), "jira-s3cret-token") {
		t.Fatalf("sync with an expired token: %v, want Jira's refusal without the token", err)
	}
	if rep == nil || len(rep.Revoked) != 0 || rep.Status != verity.SyncFailed {
		t.Errorf("the failed pass: %+v, want nothing revoked", rep)
	}
}

// TestJiraWebhookHints: a Jira webhook's payload names its issue; the
// hint re-reads it with the connector's own token: an issue moved to a
// security level is narrowed at once, a forged "deleted" for an issue the
// API still gives changes nothing, and a deleted one is revoked.
func TestJiraWebhookHints(t *testing.T) {
	s := newJira(t, true)
	ctx := context.Background()
	s.sync(t, kb.SyncOptions{Full: true})
	keys, err := connector.HookPages("jira", []byte(`{"timestamp":1764763200000,"webhookEvent":"jira:issue_updated","issue":{"id":"10001","key":"OPS-1","fields":{}},"changelog":{"items":[{"field":"security"}]}}`))
	if err != nil || !slices.Equal(keys, []string{"10001"}) {
		t.Fatalf("HookPages = %v, %v; want the issue's id", keys, err)
	}
	s.f.change("10001", func(is *fissue) { is.level = "10100" })
	rep, err := s.run.Hint(ctx, admin, "ops", keys)
	if err != nil || !slices.Equal(rep.Narrowed, []string{"jira:ops:10001"}) {
		t.Fatalf("a security level announced by webhook = %+v, %v; want OPS-1 narrowed", rep, err)
	}
	if s.reads(t, "alice@corp.example", "warehouse bitrix24", "jira:ops:10001") {
		t.Error("alice still reads OPS-1 after the webhook")
	}
	if rep, err = s.run.Hint(ctx, admin, "ops", []string{"10003"}); err != nil || len(rep.Revoked) != 0 {
		t.Errorf("a forged deletion of OPS-3 = %+v, %v; want nothing revoked", rep, err)
	}
	s.f.change("10003", func(is *fissue) { is.deleted = true })
	if rep, err = s.run.Hint(ctx, admin, "ops", []string{"10003"}); err != nil || !slices.Equal(rep.Revoked, []string{"jira:ops:10003"}) {
		t.Errorf("OPS-3 deleted, announced by webhook = %+v, %v; want it revoked", rep, err)
	}
	if keys, err := connector.HookPages("jira", []byte(`{"webhookEvent":"project_created","project":{"id":"1"}}`)); err != nil || len(keys) != 0 {
		t.Errorf("a payload about no issue = %v, %v; want none", keys, err)
	}
}

// TestJiraAttachments: an issue's attachments that a reader takes are
// synced, readable by whoever reads the issue; a security level announced
// by webhook narrows them with the issue; one removed is revoked by the
// next full pass. On Cloud and Data Center.
func TestJiraAttachments(t *testing.T) {
	for _, cloud := range []bool{true, false} {
		t.Run(map[bool]string{true: "cloud", false: "datacenter"}[cloud], func(t *testing.T) {
			s := newJira(t, cloud)
			s.f.change("10001", func(is *fissue) {
				is.files = []ffile{{id: "20001", name: "cutover.md", data: []byte("# Cutover\n\nThe platypus warehouse switches on 4 April.\n")},
					{id: "20002", name: "diagram.png", data: []byte("\x89PNG")}}
			})
			rep := s.sync(t, kb.SyncOptions{Full: true})
			if !slices.Contains(rep.Created, "jira:ops:10001.att20001") || slices.Contains(rep.Created, "jira:ops:10001.att20002") {
				t.Fatalf("created %v, want the Markdown attachment and not the image (warnings %q, failed %+v)", rep.Created, rep.Warnings, rep.Failed)
			}
			att, issue := s.source(t, "jira:ops:10001.att20001"), s.source(t, "jira:ops:10001")
			if !strings.Contains(att.Text, "platypus warehouse") || !slices.Equal(att.ACL, issue.ACL) || att.Title != "OPS-1: cutover.md" || att.URI != s.f.srv.URL+"/secure/attachment/20001/cutover.md" {
				t.Errorf("the attachment = %+v, want its text with the issue's ACL, a title and its own link", att)
			}
			if !cloud {
				return
			}
			if !s.reads(t, "alice@corp.example", "platypus warehouse", "jira:ops:10001.att20001") {
				t.Error("alice does not find the attachment of an issue she reads")
			}
			s.f.change("10001", func(is *fissue) { is.level = "10100" })
			rep, err := s.run.Hint(context.Background(), admin, "ops", []string{"10001"})
			if err != nil || !slices.Equal(rep.Narrowed, []string{"jira:ops:10001", "jira:ops:10001.att20001"}) {
				t.Fatalf("a security level by webhook = %+v, %v; want the issue and its attachment narrowed", rep, err)
			}
			if s.reads(t, "alice@corp.example", "platypus warehouse", "jira:ops:10001.att20001") {
				t.Error("alice still finds the attachment after the narrowing")
			}
			s.f.change("10001", func(is *fissue) { is.files = is.files[1:] })
			if rep := s.sync(t, kb.SyncOptions{Full: true}); !slices.Equal(rep.Revoked, []string{"jira:ops:10001.att20001"}) {
				t.Errorf("the attachment removed: revoked %v, want it", rep.Revoked)
			}
		})
	}
}

// TestJiraFilter: a connector's JQL narrows what is synced: an issue it
// does not select is neither listed nor stored when a webhook names it.
func TestJiraFilter(t *testing.T) {
	s := newJira(t, true)
	ctx := context.Background()
	if _, err := s.svc.RemoveConnector(ctx, admin, "ops"); err != nil {
		t.Fatal(err)
	}
	if _, err := s.svc.AddConnector(ctx, admin, kb.ConnectorAdd{Kind: "jira", Name: "ops", URL: s.f.srv.URL, User: s.f.user, Secret: "env:JIRA_TOKEN", Spaces: []string{"OPS"}, Filter: `key != "OPS-2"`}); err != nil {
		t.Fatal(err)
	}
	rep := s.sync(t, kb.SyncOptions{Full: true})
	if want := []string{"jira:ops:10001", "jira:ops:10003"}; !slices.Equal(rep.Created, want) {
		t.Fatalf("created %v, want %v", rep.Created, want)
	}
	if rep, err := s.run.Hint(ctx, admin, "ops", []string{"10002"}); err != nil || len(rep.Created) != 0 {
		t.Errorf("a hint naming OPS-2 = %+v, %v; want nothing stored", rep, err)
	}
	if _, err := s.svc.AddConnector(ctx, admin, kb.ConnectorAdd{Kind: "confluence", Name: "wiki2", URL: "https://wiki.example", Secret: "env:X", Filter: "space = ENG"}); verity.ErrorCode(err) != verity.EINVALID {
		t.Errorf("a filter on a Confluence connector = %v, want invalid", err)
	}
}
