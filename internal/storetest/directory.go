package storetest

import (
	"context"
	"slices"
	"testing"

	"github.com/veritykb/verity"
)

// testDirectory checks the directory's tables: users and groups stored and
// replaced, members added and removed only where the directory lists them,
// what authentication reads (membership, activity, aliased platform
// groups), the log written with each change, and the role and token
// columns the directory added.
func testDirectory(t *testing.T, open Opener) {
	ctx := context.Background()
	db := open(t, "")
	ev := func(action string, subject verity.Principal) verity.DirectoryEvent {
		return verity.DirectoryEvent{Actor: admin, Token: "tok1", Action: action, Subject: subject}
	}
	alice, staff := verity.Principal("user:alice@corp.example"), verity.Principal("group:staff")
	if m, err := db.Membership(ctx, alice); err != nil || m.Listed {
		t.Fatalf("Membership(unlisted) = %+v, %v; want not listed", m, err)
	}
	created, err := db.PutUser(ctx, &verity.User{Principal: alice, Name: "Alice", Emails: []string{"a@home.example"}, Active: true}, ev("user.put", alice))
	if err != nil || !created {
		t.Fatalf("PutUser(new) = %v, %v; want created", created, err)
	}
	if created, err = db.PutUser(ctx, &verity.User{Principal: alice, Name: "Alice A.", Emails: []string{"a@home.example"}, ExternalID: "okta-1", Active: true}, ev("user.put", alice)); err != nil || created {
		t.Fatalf("PutUser(again) = %v, %v; want replaced", created, err)
	}
	if _, err := db.PutGroup(ctx, &verity.Group{Principal: staff, Name: "Staff"}, ev("group.put", staff)); err != nil {
		t.Fatal(err)
	}
	if _, _, err := db.SetMembers(ctx, staff, []verity.Principal{"user:nobody@corp.example"}, nil, ev("group.add", staff)); verity.ErrorCode(err) != verity.ENOTFOUND {
		t.Errorf("SetMembers(unlisted user) = %v, want ENOTFOUND", err)
	}
	if _, _, err := db.SetMembers(ctx, "group:none", []verity.Principal{alice}, nil, ev("group.add", "group:none")); verity.ErrorCode(err) != verity.ENOTFOUND {
		t.Errorf("SetMembers(unlisted group) = %v, want ENOTFOUND", err)
	}
	added, _, err := db.SetMembers(ctx, staff, []verity.Principal{alice, alice}, nil, ev("group.add", staff))
	if err != nil || !slices.Equal(added, []verity.Principal{alice}) {
		t.Fatalf("SetMembers(add alice twice) = %v, %v; want [alice]", added, err)
	}
	// A platform group aliased to staff: alice reads as both.
	wiki := verity.Principal("group:confluence:wiki/engineering")
	if _, err := db.PutGroup(ctx, &verity.Group{Principal: wiki, Origin: "confluence:wiki"}, ev("group.put", wiki)); err != nil {
		t.Fatal(err)
	}
	if changed, err := db.SetGroupAlias(ctx, wiki, staff, ev("alias.set", wiki)); err != nil || !changed {
		t.Fatalf("SetGroupAlias = %v, %v", changed, err)
	}
	if changed, err := db.SetGroupAlias(ctx, wiki, staff, ev("alias.set", wiki)); err != nil || changed {
		t.Errorf("SetGroupAlias(again) = %v, %v; want unchanged", changed, err)
	}
	m, err := db.Membership(ctx, alice)
	if want := []verity.Principal{wiki, staff}; err != nil || !m.Listed || !m.Active || !slices.Equal(m.Groups, want) {
		t.Errorf("Membership(alice) = %+v, %v; want listed, active, %v", m, err, want)
	}
	gs, err := db.Groups(ctx, verity.DirectoryFilter{Principal: wiki})
	if err != nil || len(gs) != 1 || gs[0].AliasOf != staff || gs[0].Origin != "confluence:wiki" {
		t.Errorf("Groups(wiki) = %+v, %v; want aliased to staff, origin confluence:wiki", gs, err)
	}
	us, err := db.Users(ctx, verity.DirectoryFilter{ExternalID: "okta-1"})
	if err != nil || len(us) != 1 || us[0].Name != "Alice A." || !slices.Equal(us[0].Groups, []verity.Principal{staff}) || us[0].CreatedBy != admin {
		t.Errorf("Users(externalId okta-1) = %+v, %v", us, err)
	}
	if gs, err := db.Groups(ctx, verity.DirectoryFilter{Name: "Staff"}); err != nil || len(gs) != 1 || !slices.Equal(gs[0].Members, []verity.Principal{alice}) {
		t.Errorf("Groups(displayName Staff) = %+v, %v", gs, err)
	}
	if gs, err := db.Groups(ctx, verity.DirectoryFilter{Member: alice}); err != nil || len(gs) != 1 {
		t.Errorf("Groups(member alice) = %+v, %v; want staff (the platform group has no members of its own)", gs, err)
	}
	// Deactivated: still listed, not active.
	if changed, err := db.SetUserActive(ctx, alice, false, ev("user.deactivate", alice)); err != nil || !changed {
		t.Fatalf("SetUserActive(false) = %v, %v", changed, err)
	}
	if changed, err := db.SetUserActive(ctx, alice, false, ev("user.deactivate", alice)); err != nil || changed {
		t.Errorf("SetUserActive(false, again) = %v, %v; want unchanged", changed, err)
	}
	if _, err := db.SetUserActive(ctx, "user:nobody@corp.example", false, ev("user.deactivate", "user:nobody@corp.example")); verity.ErrorCode(err) != verity.ENOTFOUND {
		t.Errorf("SetUserActive(unlisted) = %v, want ENOTFOUND", err)
	}
	if m, err := db.Membership(ctx, alice); err != nil || !m.Listed || m.Active {
		t.Errorf("Membership(deactivated) = %+v, %v; want listed, inactive", m, err)
	}
	_, removed, err := db.SetMembers(ctx, staff, nil, []verity.Principal{alice, "user:nobody@corp.example"}, ev("group.remove", staff))
	if err != nil || !slices.Equal(removed, []verity.Principal{alice}) {
		t.Errorf("SetMembers(remove) = %v, %v; want [alice]", removed, err)
	}
	if found, err := db.DeleteGroup(ctx, staff, ev("group.delete", staff)); err != nil || !found {
		t.Errorf("DeleteGroup = %v, %v", found, err)
	}
	if gs, err := db.Groups(ctx, verity.DirectoryFilter{Principal: wiki}); err != nil || len(gs) != 1 || gs[0].AliasOf != "" {
		t.Errorf("after deleting staff, wiki = %+v, %v; want its alias gone", gs, err)
	}
	// The log: every change, newest first, with actor and token; none for
	// what changed nothing.
	log, err := db.DirectoryLog(ctx, alice, 0)
	if err != nil {
		t.Fatal(err)
	}
	var actions []string
	for _, e := range log {
		actions = append(actions, e.Action)
		if e.Actor != admin || e.Token != "tok1" || e.At.IsZero() {
			t.Errorf("log event %+v: want actor %s, token tok1 and a time", e, admin)
		}
	}
	if want := []string{"group.remove", "user.deactivate", "group.add", "user.put", "user.put"}; !slices.Equal(actions, want) {
		t.Errorf("DirectoryLog(alice) actions = %v, want %v", actions, want)
	}
	all, err := db.DirectoryLog(ctx, "", 2)
	if err != nil || len(all) != 2 || all[0].Action != "group.delete" || all[1].Detail["removed"] == nil {
		t.Errorf("DirectoryLog(all, 2) = %+v, %v; want the delete, then the removal with its members", all, err)
	}
	// Roles remember whether a grant is provisioned; granting again
	// changes only that.
	g := verity.RoleGrant{Principal: finance, Role: verity.RoleCurator, By: admin}
	if ch, err := db.GrantRole(ctx, g); err != nil || !ch {
		t.Fatal(ch, err)
	}
	g.Provisioned = true
	if ch, err := db.GrantRole(ctx, g); err != nil || !ch {
		t.Errorf("GrantRole(provisioned after plain) = %v, %v; want changed", ch, err)
	}
	if ch, err := db.GrantRole(ctx, g); err != nil || ch {
		t.Errorf("GrantRole(provisioned again) = %v, %v; want unchanged", ch, err)
	}
	roles, err := db.Roles(ctx)
	if err != nil || len(roles) != 1 || !roles[0].Provisioned {
		t.Errorf("Roles = %+v, %v; want finance's grant provisioned", roles, err)
	}
}
