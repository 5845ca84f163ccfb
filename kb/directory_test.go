package kb_test

import (
	"context"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/kb"
	"github.com/veritykb/verity/kb/kbtest"
	"github.com/veritykb/verity/sqlite"
)

// directoryStore is a store with a staff page, a page shared with a
// platform's group, and two services over it: two servers sharing one
// store, neither of which may remember what the other changed.
func directoryStore(t *testing.T) (a, b *kb.Service) {
	t.Helper()
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "dir.db")
	var svcs []*kb.Service
	for range 2 {
		db, err := sqlite.Open(ctx, path, sqlite.Options{})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
		svcs = append(svcs, kb.New(db, kb.Options{Now: func() time.Time { return t0 }}))
	}
	pages := []*verity.Source{
		{ID: "STAFF-1", URI: "https://wiki.corp.example/staff", System: verity.SystemConfluence, Title: "Staff page",
			ACL: []verity.Principal{"group:staff"}, Text: "Parking is in the north lot for staff."},
		{ID: "ENG-1", URI: "https://wiki.corp.example/eng", System: verity.SystemConfluence, Title: "Engineering page",
			ACL: []verity.Principal{"group:confluence:wiki/eng"}, Text: "Deploys stop on Friday at two."},
	}
	grants := []verity.RoleGrant{{Principal: "group:editors", Role: verity.RoleCurator}}
	if err := kbtest.Seed(ctx, svcs[0], grants, pages, t0); err != nil {
		t.Fatal(err)
	}
	return svcs[0], svcs[1]
}

func reads(ctx context.Context, s *kb.Service, c verity.Caller, id string) bool {
	_, err := s.Show(ctx, c, kb.ShowRequest{ID: id})
	return err == nil
}

// TestDirectoryGivesGroups is the "done when": alice, added to
// staff, reads a staff page through a token that never named the group,
// on every server at its next call; removed, she loses it; deactivated,
// she is refused as a bad token is; a user the directory never listed
// keeps its token's groups.
func TestDirectoryGivesGroups(t *testing.T) {
	ctx := context.Background()
	one, two := directoryStore(t)
	tok, err := one.CreateToken(ctx, local, kb.TokenRequest{Name: "alice", Principals: []string{"user:Alice@corp.example"}})
	if err != nil {
		t.Fatal(err)
	}
	old, err := one.CreateToken(ctx, local, kb.TokenRequest{Name: "carol", Principals: []string{"user:carol@corp.example", "group:staff"}})
	if err != nil {
		t.Fatal(err)
	}
	as := func(s *kb.Service, token string) verity.Caller {
		t.Helper()
		c, err := s.Authenticate(ctx, token)
		if err != nil {
			t.Fatalf("Authenticate = %v", err)
		}
		return c
	}
	if reads(ctx, two, as(two, tok.Token), "STAFF-1") {
		t.Fatal("alice reads the staff page before she is in staff")
	}
	if !reads(ctx, two, as(two, old.Token), "STAFF-1") {
		t.Error("carol, whom the directory never listed, lost her token's group staff")
	}
	add, err := one.AddToGroup(ctx, local, kb.GroupChange{Group: "staff", Users: []string{"alice@corp.example"}})
	if verity.ErrorCode(err) != verity.ENOTFOUND {
		t.Fatalf("group add of an unknown user and group = %v, want ENOTFOUND (refused without --create)", err)
	}
	add, err = one.AddToGroup(ctx, local, kb.GroupChange{Group: "staff", Users: []string{"alice@corp.example"}, Create: true})
	if err != nil || !slices.Equal(add.Added, []verity.Principal{"user:alice@corp.example"}) || add.Undo == "" {
		t.Fatalf("group add --create = %+v, %v", add, err)
	}
	if !reads(ctx, two, as(two, tok.Token), "STAFF-1") {
		t.Error("alice, added to staff on one server, does not read the staff page on the other at her next call")
	}
	if _, err := one.RemoveFromGroup(ctx, local, kb.GroupChange{Group: "group:staff", Users: []string{"user:alice@corp.example"}}); err != nil {
		t.Fatal(err)
	}
	if reads(ctx, two, as(two, tok.Token), "STAFF-1") {
		t.Error("alice, removed from staff, still reads the staff page at her next call")
	}
	// A token that named staff does not keep it once the directory lists
	// the user: the directory decides.
	named, err := one.CreateToken(ctx, local, kb.TokenRequest{Name: "alice2", Principals: []string{"user:alice@corp.example", "group:staff"}})
	if err != nil {
		t.Fatal(err)
	}
	if reads(ctx, two, as(two, named.Token), "STAFF-1") {
		t.Error("a listed user's token that names staff reads as staff although the directory says she is not in it")
	}
	// Deactivated: refused everywhere, with a bad token's error.
	if _, err := one.SetUserActive(ctx, local, "alice@corp.example", false); err != nil {
		t.Fatal(err)
	}
	_, bad := two.Authenticate(ctx, "vty_0000000000000000_0000000000000000000000000000000000000000000000000000000000000000")
	_, err = two.Authenticate(ctx, tok.Token)
	if verity.ErrorCode(err) != verity.EUNAUTHORIZED || err.Error() != bad.Error() {
		t.Errorf("Authenticate(deactivated) = %v, want %v", err, bad)
	}
	if _, err := two.Resolve(ctx, verity.NewCaller("user:alice@corp.example")); verity.ErrorCode(err) != verity.EUNAUTHORIZED {
		t.Errorf("Resolve(--as a deactivated user) = %v, want EUNAUTHORIZED", err)
	}
	if _, err := one.SetUserActive(ctx, local, "alice@corp.example", true); err != nil {
		t.Fatal(err)
	}
	if _, err := two.Authenticate(ctx, tok.Token); err != nil {
		t.Errorf("Authenticate(activated again) = %v", err)
	}
	detail, err := one.User(ctx, local, "ALICE@corp.example")
	if err != nil {
		t.Fatal(err)
	}
	var actions []string
	for _, e := range detail.Log {
		actions = append(actions, e.Action)
	}
	if want := []string{"user.activate", "user.deactivate", "group.remove", "group.add", "user.put"}; !slices.Equal(actions, want) {
		t.Errorf("user show's log = %v, want %v", actions, want)
	}
}

// TestDirectoryRights: only an admin changes the directory (a curator
// cannot give itself a group); an identity provider's token changes users
// and groups but not its own principal, nor the members of a group holding
// a role an admin did not grant --provisioned, and it is refused on every
// other operation.
func TestDirectoryRights(t *testing.T) {
	ctx := context.Background()
	s, _ := directoryStore(t)
	editor := verity.NewCaller("user:ed@corp.example", "group:editors")
	if _, err := s.AddToGroup(ctx, editor, kb.GroupChange{Group: "board", Users: []string{"ed@corp.example"}, Create: true}); verity.ErrorCode(err) != verity.EFORBIDDEN {
		t.Errorf("a curator's group add = %v, want EFORBIDDEN", err)
	}
	for name, f := range map[string]func(verity.Caller) error{
		"users":  func(c verity.Caller) error { _, err := s.Users(ctx, c, verity.DirectoryFilter{}); return err },
		"groups": func(c verity.Caller) error { _, err := s.Groups(ctx, c, verity.DirectoryFilter{}); return err },
		"deactivate": func(c verity.Caller) error {
			_, err := s.SetUserActive(ctx, c, "ed@corp.example", false)
			return err
		},
		"alias": func(c verity.Caller) error {
			_, err := s.AliasGroup(ctx, c, "group:confluence:wiki/eng", "group:staff")
			return err
		},
	} {
		if err := f(editor); verity.ErrorCode(err) != verity.EFORBIDDEN {
			t.Errorf("a curator's %s = %v, want EFORBIDDEN", name, err)
		}
	}
	scim, err := s.CreateToken(ctx, local, kb.TokenRequest{Name: "okta", SCIM: true})
	if err != nil || scim.Info.Scope != verity.ScopeSCIM || scim.Info.Principals[0] != "user:scim:okta" {
		t.Fatalf("token create --scim = %+v, %v", scim, err)
	}
	if _, err := s.Authenticate(ctx, scim.Token); verity.ErrorCode(err) != verity.EUNAUTHORIZED {
		t.Errorf("Authenticate(a SCIM token) = %v, want EUNAUTHORIZED: it opens no other route", err)
	}
	plain, _ := s.CreateToken(ctx, local, kb.TokenRequest{Name: "p", Principals: []string{"user:p@corp.example"}})
	if _, err := s.AuthenticateSCIM(ctx, plain.Token); verity.ErrorCode(err) != verity.EUNAUTHORIZED {
		t.Errorf("AuthenticateSCIM(an API token) = %v, want EUNAUTHORIZED", err)
	}
	prov, err := s.AuthenticateSCIM(ctx, scim.Token)
	if err != nil || !prov.Provisioner() || len(prov.Principals()) != 1 {
		t.Fatalf("AuthenticateSCIM = %v principals %v, %v; want a provisioner reading as public alone", prov, prov.Principals(), err)
	}
	if _, err := s.PutUser(ctx, prov, kb.UserPut{User: "ed@corp.example", Active: true}); err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.PutGroup(ctx, prov, kb.GroupPut{Group: "editors"}); err != nil {
		t.Fatal(err)
	}
	// editors holds curator: the provisioner may not change its members.
	if _, err := s.AddToGroup(ctx, prov, kb.GroupChange{Group: "editors", Users: []string{"ed@corp.example"}}); verity.ErrorCode(err) != verity.EFORBIDDEN {
		t.Errorf("SCIM add to a group holding a role = %v, want EFORBIDDEN", err)
	}
	if _, err := s.GrantProvisionedRole(ctx, local, verity.RoleCurator, "group:editors"); err != nil {
		t.Fatal(err)
	}
	if _, err := s.AddToGroup(ctx, prov, kb.GroupChange{Group: "editors", Users: []string{"ed@corp.example"}}); err != nil {
		t.Errorf("SCIM add to a group whose role is provisioned = %v", err)
	}
	if _, err := s.PutUser(ctx, prov, kb.UserPut{User: "user:scim:okta", Active: true}); err == nil {
		t.Error("a SCIM token made a user of its own principal")
	}
	if _, _, err := s.PutGroup(ctx, prov, kb.GroupPut{Group: "confluence:wiki/eng"}); verity.ErrorCode(err) != verity.EINVALID {
		t.Errorf("SCIM naming a platform's group = %v, want EINVALID", err)
	}
	if _, err := s.GrantProvisionedRole(ctx, local, verity.RoleCurator, "user:ed@corp.example"); verity.ErrorCode(err) != verity.EINVALID {
		t.Errorf("--provisioned to a user = %v, want EINVALID", err)
	}
}

// TestPlatformGroups: a connector writes its platform's groups; an alias to
// a directory group lets that group's members read what the platform group
// may, is logged with whom it adds, stops the connector writing that
// group, and forbids a role on it.
func TestPlatformGroups(t *testing.T) {
	ctx := context.Background()
	s, _ := directoryStore(t)
	sync, err := s.SyncPlatformGroups(ctx, local, "confluence:wiki", []kb.PlatformGroup{{Group: "eng", Members: []string{"bob@corp.example"}}})
	if err != nil || sync.Added != 1 || sync.Unknown != 1 {
		t.Fatalf("SyncPlatformGroups = %+v, %v", sync, err)
	}
	bob, _ := s.Resolve(ctx, verity.NewCaller("user:bob@corp.example"))
	if !reads(ctx, s, bob, "ENG-1") {
		t.Error("bob, in the platform's group eng, cannot read its page")
	}
	if _, err := s.AddToGroup(ctx, local, kb.GroupChange{Group: "staff", Users: []string{"alice@corp.example"}, Create: true}); err != nil {
		t.Fatal(err)
	}
	alice, _ := s.Resolve(ctx, verity.NewCaller("user:alice@corp.example"))
	if reads(ctx, s, alice, "ENG-1") {
		t.Fatal("alice reads the eng page before any alias")
	}
	if _, err := s.AliasGroup(ctx, verity.NewCaller("user:ed@corp.example", "group:editors"), "group:confluence:wiki/eng", "group:staff"); verity.ErrorCode(err) != verity.EFORBIDDEN {
		t.Errorf("a curator's alias = %v, want EFORBIDDEN", err)
	}
	al, err := s.AliasGroup(ctx, local, "group:confluence:wiki/eng", "group:staff")
	if err != nil || !al.Changed || !slices.Equal(al.Adds, []verity.Principal{"user:alice@corp.example"}) {
		t.Fatalf("AliasGroup = %+v, %v; want it to say it adds alice", al, err)
	}
	alice, _ = s.Resolve(ctx, verity.NewCaller("user:alice@corp.example"))
	if !reads(ctx, s, alice, "ENG-1") {
		t.Error("alice, in staff, does not read the eng page once eng is aliased to staff")
	}
	if _, err := s.GrantRole(ctx, local, verity.RoleCurator, "group:confluence:wiki/eng"); verity.ErrorCode(err) != verity.EINVALID {
		t.Errorf("a role on an aliased group = %v, want EINVALID", err)
	}
	sync, err = s.SyncPlatformGroups(ctx, local, "confluence:wiki", []kb.PlatformGroup{{Group: "eng", Members: []string{"mallory@corp.example"}}})
	if err != nil || !slices.Equal(sync.Aliased, []string{"group:confluence:wiki/eng"}) || sync.Added != 0 {
		t.Errorf("sync of an aliased group = %+v, %v; want it left alone", sync, err)
	}
	for conn, g := range map[string]string{"slack:corp": " ", "wiki": "eng", "confluence:wiki/x": "eng"} {
		if _, err := s.SyncPlatformGroups(ctx, local, conn, []kb.PlatformGroup{{Group: g}}); verity.ErrorCode(err) != verity.EINVALID {
			t.Errorf("SyncPlatformGroups(%q, %q) = %v, want EINVALID", conn, g, err)
		}
	}
	if _, err := s.AddToGroup(ctx, local, kb.GroupChange{Group: "group:confluence:wiki/eng", Users: []string{"alice@corp.example"}}); verity.ErrorCode(err) != verity.EINVALID {
		t.Errorf("an admin writing a platform group's members = %v, want EINVALID (only its connector does)", err)
	}
}

// BenchmarkAuthenticate measures what the directory adds to every
// authenticated request: a token whose user the directory lists (its
// groups read from the store) beside one whose user it does not.
//
//	go test ./kb -run '^$' -bench Authenticate -count 5
func BenchmarkAuthenticate(b *testing.B) {
	ctx := context.Background()
	db, err := sqlite.Open(ctx, filepath.Join(b.TempDir(), "auth.db"), sqlite.Options{})
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	s := kb.New(db, kb.Options{Now: func() time.Time { return t0 }})
	for _, g := range []string{"staff", "sales", "eng"} {
		if _, err := s.AddToGroup(ctx, local, kb.GroupChange{Group: g, Users: []string{"listed@corp.example"}, Create: true}); err != nil {
			b.Fatal(err)
		}
	}
	for _, name := range []string{"unlisted", "listed"} {
		tok, err := s.CreateToken(ctx, local, kb.TokenRequest{Name: name, Principals: []string{"user:" + name + "@corp.example", "group:staff"}})
		if err != nil {
			b.Fatal(err)
		}
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				if _, err := s.Authenticate(ctx, tok.Token); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
