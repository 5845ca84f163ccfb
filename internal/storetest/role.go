package storetest

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/veritykb/verity"
)

const (
	ann     = verity.Principal("user:ann@corp.example")
	bob     = verity.Principal("user:bob@corp.example")
	finance = verity.Principal("group:finance")
)

func testGrantRole(t *testing.T, open Opener) {
	ctx := context.Background()
	db := open(t, "") // its clock says 2026-03-01 09:00 UTC
	now := time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)
	at := time.Date(2026, 2, 1, 12, 0, 0, 0, time.UTC)
	tests := []struct {
		name string
		g    verity.RoleGrant
		want bool
		code string
	}{
		{"curator to a user", verity.RoleGrant{Principal: ann, Role: verity.RoleCurator, By: admin, At: at}, true, ""},
		{"admin to the same user", verity.RoleGrant{Principal: ann, Role: verity.RoleAdmin, By: admin, At: at}, true, ""},
		{"held already", verity.RoleGrant{Principal: ann, Role: verity.RoleCurator, By: bob, At: now}, false, ""},
		{"held already, other spelling", verity.RoleGrant{Principal: "User:ann@corp.example", Role: "Curator", By: bob}, false, ""},
		{"curator to a group, at now", verity.RoleGrant{Principal: finance, Role: verity.RoleCurator, By: "local:operator"}, true, ""},
		{"public", verity.RoleGrant{Principal: verity.Public, Role: verity.RoleCurator, By: admin}, false, verity.EINVALID},
		{"no kind", verity.RoleGrant{Principal: "ann", Role: verity.RoleCurator, By: admin}, false, verity.EINVALID},
		{"local operator", verity.RoleGrant{Principal: "local:operator", Role: verity.RoleAdmin, By: admin}, false, verity.EINVALID},
		{"empty principal", verity.RoleGrant{Role: verity.RoleAdmin, By: admin}, false, verity.EINVALID},
		{"unknown role", verity.RoleGrant{Principal: bob, Role: "owner", By: admin}, false, verity.EINVALID},
		{"empty role", verity.RoleGrant{Principal: bob, By: admin}, false, verity.EINVALID},
		{"granted by no one", verity.RoleGrant{Principal: bob, Role: verity.RoleCurator}, false, verity.EINVALID},
	}
	for _, tt := range tests {
		got, err := db.GrantRole(ctx, tt.g)
		if got != tt.want || verity.ErrorCode(err) != tt.code {
			t.Errorf("GrantRole(%s: %+v) = %v, %v; want %v, code %q", tt.name, tt.g, got, err, tt.want, tt.code)
		}
	}
	// A repeated grant changed nothing: ann's curator grant is still the
	// first one, by admin at its own time.
	grants, err := db.Roles(ctx)
	if err != nil {
		t.Fatal(err)
	}
	want := []verity.RoleGrant{
		{Principal: finance, Role: verity.RoleCurator, By: "local:operator", At: now},
		{Principal: ann, Role: verity.RoleAdmin, By: admin, At: at},
		{Principal: ann, Role: verity.RoleCurator, By: admin, At: at},
	}
	if diff := cmp.Diff(want, grants); diff != "" {
		t.Errorf("Roles() after the grants differs (-want +got):\n%s", diff)
	}
}

func testRevokeRole(t *testing.T, open Opener) {
	ctx := context.Background()
	db := open(t, "")
	for _, g := range []verity.RoleGrant{
		{Principal: ann, Role: verity.RoleCurator, By: admin},
		{Principal: ann, Role: verity.RoleAdmin, By: admin},
	} {
		if _, err := db.GrantRole(ctx, g); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct {
		p    verity.Principal
		r    verity.Role
		want bool
		code string
	}{
		{ann, verity.RoleCurator, true, ""},
		{ann, verity.RoleCurator, false, ""}, // gone already
		{bob, verity.RoleAdmin, false, ""},
		{verity.Public, verity.RoleAdmin, false, verity.EINVALID},
		{ann, "owner", false, verity.EINVALID},
	}
	for _, tt := range tests {
		got, err := db.RevokeRole(ctx, tt.p, tt.r)
		if got != tt.want || verity.ErrorCode(err) != tt.code {
			t.Errorf("RevokeRole(%s, %s) = %v, %v; want %v, code %q", tt.p, tt.r, got, err, tt.want, tt.code)
		}
	}
	grants, err := db.Roles(ctx)
	if err != nil || len(grants) != 1 || grants[0].Principal != ann || grants[0].Role != verity.RoleAdmin {
		t.Errorf("Roles() after revoking ann's curator role = %+v, %v; want ann's admin grant alone", grants, err)
	}
}

func testRolesOf(t *testing.T, open Opener) {
	ctx := context.Background()
	db := open(t, "")
	if got, err := db.Roles(ctx); err != nil || got == nil || len(got) != 0 {
		t.Errorf("Roles() of a new store = %#v, %v; want empty", got, err)
	}
	for _, g := range []verity.RoleGrant{
		{Principal: ann, Role: verity.RoleCurator, By: admin},
		{Principal: finance, Role: verity.RoleCurator, By: admin},
		{Principal: finance, Role: verity.RoleAdmin, By: admin},
	} {
		if _, err := db.GrantRole(ctx, g); err != nil {
			t.Fatal(err)
		}
	}
	many := []verity.Principal{verity.Public}
	for i := range 1000 {
		many = append(many, verity.Principal("group:g"+string(rune('a'+i%26))+string(rune('a'+i/26))))
	}
	many = append(many, finance)
	tests := []struct {
		name string
		ps   []verity.Principal
		want []verity.Role
	}{
		{"none", nil, []verity.Role{}},
		{"public alone", []verity.Principal{verity.Public}, []verity.Role{}},
		{"a user", []verity.Principal{verity.Public, ann}, []verity.Role{verity.RoleCurator}},
		{"a user and a group, curator twice", []verity.Principal{verity.Public, ann, finance}, []verity.Role{verity.RoleAdmin, verity.RoleCurator}},
		{"a user without roles", []verity.Principal{bob}, []verity.Role{}},
		{"more principals than one query takes", many, []verity.Role{verity.RoleAdmin, verity.RoleCurator}},
	}
	for _, tt := range tests {
		got, err := db.RolesOf(ctx, tt.ps)
		if err != nil || got == nil || !slices.Equal(got, tt.want) {
			t.Errorf("RolesOf(%s) = %#v, %v; want %v", tt.name, got, err, tt.want)
		}
	}
}
