package storetest

import (
	"context"
	"testing"
	"time"

	"github.com/veritykb/verity"
)

func testTokens(t *testing.T, open Opener) {
	db := open(t, "")
	ctx := context.Background()
	at := time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)
	exp := at.Add(time.Hour)
	tok := &verity.Token{ID: "00aa", Name: "ci", Principals: []verity.Principal{"user:ci@x.example", "group:staff"}, Hash: "h", CreatedBy: "local:root", CreatedAt: at, ExpiresAt: &exp}
	if err := db.PutToken(ctx, tok); err != nil {
		t.Fatal(err)
	}
	if err := db.PutToken(ctx, tok); err == nil {
		t.Errorf("PutToken of a taken id = nil, want an error")
	}
	got, err := db.Token(ctx, "00aa")
	if err != nil || got.Name != "ci" || len(got.Principals) != 2 || got.ExpiresAt == nil || !got.ExpiresAt.Equal(exp) || got.RevokedAt != nil {
		t.Fatalf("Token(00aa) = %+v, %v", got, err)
	}
	scim := &verity.Token{ID: "00bb", Name: "okta", Principals: []verity.Principal{"user:scim:okta"}, Hash: "h2", CreatedBy: "local:root", CreatedAt: at, Scope: verity.ScopeSCIM}
	if err := db.PutToken(ctx, scim); err != nil {
		t.Fatal(err)
	}
	if got, err := db.Token(ctx, "00bb"); err != nil || got.Scope != verity.ScopeSCIM || got.Principals[0] != "user:scim:okta" {
		t.Errorf("Token(scim) = %+v, %v; want its scope kept", got, err)
	}
	if _, err := db.Token(ctx, "nope"); verity.ErrorCode(err) != verity.ENOTFOUND {
		t.Errorf("Token(nope) = %v, want not found", err)
	}
	if changed, err := db.RevokeToken(ctx, "00aa", at); err != nil || !changed {
		t.Errorf("RevokeToken = %v, %v; want revoked", changed, err)
	}
	if changed, err := db.RevokeToken(ctx, "00aa", at); err != nil || changed {
		t.Errorf("RevokeToken again = %v, %v; want no change", changed, err)
	}
	if _, err := db.RevokeToken(ctx, "nope", at); verity.ErrorCode(err) != verity.ENOTFOUND {
		t.Errorf("RevokeToken(nope) = %v, want not found", err)
	}
	list, err := db.Tokens(ctx)
	if err != nil || len(list) != 2 || list[0].RevokedAt == nil || list[0].Valid(at) {
		t.Errorf("Tokens = %+v, %v; want the two tokens, the first revoked", list, err)
	}
}
