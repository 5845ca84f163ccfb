package kb

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"strings"
	"time"

	"github.com/veritykb/verity"
)

// Token format: "vty_" + a 16-hex-digit id + "_" + a 64-hex-digit secret
// (32 random bytes). The id names the token in lists and logs; only the
// SHA-256 of the secret is stored.
const (
	tokenPrefix    = "vty_"
	tokenIDLen     = 16
	tokenSecretLen = 64
)

// TokenRequest asks for a new token: the flags of verity token create and
// the body of POST /api/v1/tokens.
type TokenRequest struct {
	Name string `json:"name"`
	// Principals are who the token acts as: exactly one user principal
	// (the actor its changes are logged under) and any groups.
	Principals []string `json:"principals"`
	// Expires is how long the token lives, a Go duration such as 720h;
	// "" or 0 for no expiry.
	Expires string `json:"expires,omitempty"`
	// SCIM makes a provisioning token for an identity provider: it acts
	// as user:scim:NAME (no principals are given), is accepted only by the
	// SCIM routes, reads no record and cannot change its own principal.
	SCIM bool `json:"scim,omitempty"`
}

// TokenList is every token, without secrets: verity token list --json and
// GET /api/v1/tokens.
type TokenList struct {
	Tokens []verity.Token `json:"tokens"`
}

// TokenRevocation is what revoking a token did: Revoked is false when it
// was revoked already.
type TokenRevocation struct {
	ID      string `json:"id"`
	Revoked bool   `json:"revoked"`
}

// NewToken is a token just made: the secret, shown this once, and what is
// stored about it.
type NewToken struct {
	ID    string        `json:"id"`
	Token string        `json:"token"`
	Info  *verity.Token `json:"info"`
}

// CreateToken makes a token on c's behalf; only an admin may.
func (s *Service) CreateToken(ctx context.Context, c verity.Caller, req TokenRequest) (*NewToken, error) {
	if _, err := s.require(ctx, c, verity.RoleAdmin, "creating tokens"); err != nil {
		return nil, err
	}
	if strings.TrimSpace(req.Name) == "" {
		return nil, verity.Errorf(verity.EINVALID, "a token needs a name (who or what will use it)")
	}
	var expires time.Duration
	if req.Expires != "" {
		d, err := time.ParseDuration(req.Expires)
		if err != nil {
			return nil, verity.Errorf(verity.EINVALID, "expires must be a duration such as 720h, got %q", req.Expires)
		}
		expires = d
	}
	if expires < 0 {
		return nil, verity.Errorf(verity.EINVALID, "a token's lifetime must not be negative, got %s", expires)
	}
	var user verity.Principal
	var groups []verity.Principal
	if req.SCIM {
		if len(req.Principals) > 0 {
			return nil, verity.Errorf(verity.EINVALID, "a SCIM token acts as itself (user:scim:NAME): give no principals")
		}
		user = verity.Principal("user:scim:" + strings.Map(func(r rune) rune {
			if r <= ' ' || r == 0x7f {
				return '-'
			}
			return r
		}, strings.TrimSpace(req.Name)))
	}
	for _, p := range req.Principals {
		p, err := verity.ParsePrincipal(p)
		if err != nil {
			return nil, err
		}
		switch p.Kind() {
		case verity.PrincipalUser:
			if user != "" && user != p {
				return nil, verity.Errorf(verity.EINVALID, "a token acts as one user, got %s and %s", user, p)
			}
			user = p
		case verity.PrincipalGroup:
			groups = append(groups, p)
		}
	}
	if user == "" {
		return nil, verity.Errorf(verity.EINVALID, "a token acts as a user: give one user:EMAIL principal (and any group:NAME)")
	}
	id, err := randomHex(tokenIDLen / 2)
	if err != nil {
		return nil, err
	}
	secret, err := randomHex(tokenSecretLen / 2)
	if err != nil {
		return nil, err
	}
	now := s.now().UTC()
	t := &verity.Token{ID: id, Name: strings.TrimSpace(req.Name), Principals: append([]verity.Principal{user}, groups...),
		Hash: secretHash(secret), CreatedBy: c.Actor(), CreatedAt: now}
	if req.SCIM {
		t.Scope = verity.ScopeSCIM
	}
	if expires > 0 {
		exp := now.Add(expires)
		t.ExpiresAt = &exp
	}
	if err := s.store.PutToken(ctx, t); err != nil {
		return nil, err
	}
	return &NewToken{ID: id, Token: tokenPrefix + id + "_" + secret, Info: t}, nil
}

// Tokens lists every token, without secrets; only an admin may.
func (s *Service) Tokens(ctx context.Context, c verity.Caller) (*TokenList, error) {
	if _, err := s.require(ctx, c, verity.RoleAdmin, "listing tokens"); err != nil {
		return nil, err
	}
	ts, err := s.store.Tokens(ctx)
	if err != nil {
		return nil, err
	}
	if ts == nil {
		ts = []verity.Token{}
	}
	return &TokenList{Tokens: ts}, nil
}

// RevokeToken ends token id at once; only an admin may. It reports
// Revoked false when the token was revoked already.
func (s *Service) RevokeToken(ctx context.Context, c verity.Caller, id string) (*TokenRevocation, error) {
	if _, err := s.require(ctx, c, verity.RoleAdmin, "revoking tokens"); err != nil {
		return nil, err
	}
	changed, err := s.store.RevokeToken(ctx, strings.TrimPrefix(id, tokenPrefix), s.now().UTC())
	if err != nil {
		return nil, err
	}
	return &TokenRevocation{ID: id, Revoked: changed}, nil
}

// Authenticate returns the caller a bearer token acts as. Whatever is
// wrong — malformed, unknown, wrong secret, expired, revoked, a SCIM
// token — the error is the same EUNAUTHORIZED with the same message, so a
// guess learns nothing.
func (s *Service) Authenticate(ctx context.Context, bearer string) (verity.Caller, error) {
	t, err := s.validToken(ctx, bearer, "")
	if err != nil {
		return verity.Caller{}, err
	}
	return s.Resolve(ctx, verity.NewCaller(t.Principals...).WithToken(t.ID))
}

// AuthenticateSCIM returns the provisioner a SCIM token acts as; every
// other token, and anything wrong with this one, gets the one refusal of
// [Service.Authenticate]. The provisioner reads as public alone: it may
// change the directory and nothing else.
func (s *Service) AuthenticateSCIM(ctx context.Context, bearer string) (verity.Caller, error) {
	t, err := s.validToken(ctx, bearer, verity.ScopeSCIM)
	if err != nil {
		return verity.Caller{}, err
	}
	return verity.NewCaller(t.Principals[0]).WithPrincipals().WithToken(t.ID).WithScope(verity.ScopeSCIM), nil
}

// validToken returns the stored token bearer names when its secret
// matches, it is valid now and its scope is scope; else the one refusal.
func (s *Service) validToken(ctx context.Context, bearer, scope string) (*verity.Token, error) {
	denied := verity.Errorf(verity.EUNAUTHORIZED, "invalid or expired token")
	id, secret, ok := parseToken(bearer)
	if !ok {
		return nil, denied
	}
	t, err := s.store.Token(ctx, id)
	switch {
	case notFound(err):
		return nil, denied
	case err != nil:
		return nil, err
	}
	if subtle.ConstantTimeCompare([]byte(secretHash(secret)), []byte(t.Hash)) != 1 || !t.Valid(s.now()) || t.Scope != scope || len(t.Principals) == 0 {
		return nil, denied
	}
	return t, nil
}

// parseToken splits "vty_ID_SECRET", checking the lengths and the alphabet.
func parseToken(s string) (id, secret string, ok bool) {
	rest, found := strings.CutPrefix(strings.TrimSpace(s), tokenPrefix)
	if !found {
		return "", "", false
	}
	id, secret, found = strings.Cut(rest, "_")
	if !found || len(id) != tokenIDLen || len(secret) != tokenSecretLen || !isHex(id) || !isHex(secret) {
		return "", "", false
	}
	return id, secret, true
}

func isHex(s string) bool {
	_, err := hex.DecodeString(s)
	return err == nil
}

func secretHash(secret string) string {
	sum := sha256.Sum256([]byte(secret))
	return hex.EncodeToString(sum[:])
}

func randomHex(n int) (string, error) {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		return "", verity.Errorf(verity.EINTERNAL, "make a token: %w", err)
	}
	return hex.EncodeToString(b), nil
}
