package kb_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/kb"
	"github.com/veritykb/verity/sqlite"
)

// TestTokens makes tokens as an admin and authenticates with them: a good
// token is its principals, with its id; a malformed, unknown, wrong,
// expired or revoked one is refused with one and the same error; the
// store never holds a secret.
func TestTokens(t *testing.T) {
	ctx := context.Background()
	now := t0
	path := filepath.Join(t.TempDir(), "t.db")
	db, err := sqlite.Open(ctx, path, sqlite.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	s := kb.New(db, kb.Options{Now: func() time.Time { return now }})
	if _, err := s.GrantRole(ctx, local, verity.RoleCurator, "user:cb@corp.example"); err != nil {
		t.Fatal(err)
	}
	alice, err := s.CreateToken(ctx, local, kb.TokenRequest{Name: "alice", Principals: []string{"group:board", "user:cb@corp.example"}})
	if err != nil {
		t.Fatal(err)
	}
	short, err := s.CreateToken(ctx, local, kb.TokenRequest{Name: "short", Principals: []string{"user:x@corp.example"}, Expires: "1h"})
	if err != nil {
		t.Fatal(err)
	}
	gone, err := s.CreateToken(ctx, local, kb.TokenRequest{Name: "gone", Principals: []string{"user:y@corp.example"}})
	if err != nil {
		t.Fatal(err)
	}
	if changed, err := s.RevokeToken(ctx, local, gone.ID); err != nil || !changed.Revoked {
		t.Fatalf("RevokeToken = %v, %v", changed, err)
	}
	if !strings.HasPrefix(alice.Token, "vty_"+alice.ID+"_") || len(alice.Token) != len("vty_")+16+1+64 {
		t.Errorf("token = %q, want vty_ID_SECRET with a 16-digit id and a 64-digit secret", alice.Token)
	}
	c, err := s.Authenticate(ctx, alice.Token)
	if err != nil {
		t.Fatalf("Authenticate(alice) = %v", err)
	}
	if c.Token() != alice.ID || c.Actor() != "user:cb@corp.example" || !c.CanRead([]verity.Principal{"group:board"}) || c.Local() {
		t.Errorf("alice's caller = token %q actor %q principals %v, want her token, her user, her group", c.Token(), c.Actor(), c.Principals())
	}
	if r, _ := s.Rights(ctx, c); !r.Curator || r.Admin {
		t.Errorf("Rights(alice's token) = %+v, want her curator role", r)
	}
	if _, err := s.Authenticate(ctx, short.Token); err != nil {
		t.Errorf("Authenticate(short) within its hour = %v", err)
	}
	now = now.Add(2 * time.Hour)
	wrong := alice.Token[:len(alice.Token)-1] + map[bool]string{true: "0", false: "1"}[strings.HasSuffix(alice.Token, "1")]
	var first error
	for name, tok := range map[string]string{
		"empty": "", "no prefix": strings.TrimPrefix(alice.Token, "vty_"), "short": alice.Token[:20],
		"unknown": "vty_0000000000000000_" + strings.Repeat("ab", 32), "wrong secret": wrong,
		"expired": short.Token, "revoked": gone.Token, "not hex": "vty_zzzzzzzzzzzzzzzz_" + strings.Repeat("zz", 32),
	} {
		_, err := s.Authenticate(ctx, tok)
		if verity.ErrorCode(err) != verity.EUNAUTHORIZED {
			t.Errorf("Authenticate(%s) = %v, want unauthorized", name, err)
			continue
		}
		if first == nil {
			first = err
		} else if err.Error() != first.Error() {
			t.Errorf("Authenticate(%s) says %q, another bad token %q: they must read the same", name, err, first)
		}
	}
	list, err := s.Tokens(ctx, local)
	if err != nil || len(list.Tokens) != 3 {
		t.Fatalf("Tokens = %d, %v; want 3", len(list.Tokens), err)
	}
	for _, tc := range []verity.Caller{admin, curIn, reader, public} {
		if _, err := s.Tokens(ctx, tc); verity.ErrorCode(err) != verity.EFORBIDDEN {
			t.Errorf("Tokens as %v = %v, want forbidden", tc.Principals(), err)
		}
		if _, err := s.CreateToken(ctx, tc, kb.TokenRequest{Name: "x", Principals: []string{"user:z@corp.example"}}); verity.ErrorCode(err) != verity.EFORBIDDEN {
			t.Errorf("CreateToken as %v = %v, want forbidden", tc.Principals(), err)
		}
	}
	for _, bad := range []kb.TokenRequest{
		{Name: "", Principals: []string{"user:a@x.example"}},
		{Name: "groups only", Principals: []string{"group:staff"}},
		{Name: "two users", Principals: []string{"user:a@x.example", "user:b@x.example"}},
		{Name: "negative", Principals: []string{"user:a@x.example"}, Expires: "-1h"},
	} {
		if _, err := s.CreateToken(ctx, local, bad); verity.ErrorCode(err) != verity.EINVALID {
			t.Errorf("CreateToken(%q) = %v, want invalid", bad.Name, err)
		}
	}
	db.Close()
	data, _ := os.ReadFile(path)
	wal, _ := os.ReadFile(path + "-wal")
	for _, tok := range []*kb.NewToken{alice, short, gone} {
		secret := tok.Token[len("vty_")+16+1:]
		if bytes.Contains(data, []byte(secret)) || bytes.Contains(wal, []byte(secret)) {
			t.Errorf("the store file holds the secret of token %s", tok.ID)
		}
	}
}

// TestTokenInTheLog revokes through a token's caller: the log records the
// token's user as the actor and the token's id, which admins see.
func TestTokenInTheLog(t *testing.T) {
	f := build(t)
	ctx := context.Background()
	s := f.open(t, true)
	tok, err := s.CreateToken(ctx, local, kb.TokenRequest{Name: "cb", Principals: []string{"user:cb@corp.example", "group:board"}})
	if err != nil {
		t.Fatal(err)
	}
	c, err := s.Authenticate(ctx, tok.Token)
	if err != nil {
		t.Fatal(err)
	}
	rep, err := s.Revoke(ctx, c, kb.RevokeRequest{Refs: refStrings([]verity.Ref{verity.SourceRef("BOARD-1")}), Reason: "by token"})
	if err != nil {
		t.Fatal(err)
	}
	log, err := s.Log(ctx, local)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range log.Events {
		if e.ID == rep.Event.ID && (e.Who != "user:cb@corp.example" || e.Token != tok.ID) {
			t.Errorf("logged event = who %q token %q, want user:cb@corp.example with token %s", e.Who, e.Token, tok.ID)
		}
	}
	own, _ := s.Log(ctx, c)
	for _, e := range own.Events {
		if e.Token != "" {
			t.Errorf("a non-admin sees token %q in the log, want tokens for admins only", e.Token)
		}
	}
}
