package sqlstore

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/veritykb/verity"
)

// PutToken stores a new token. Its id must be new; its secret is not
// given, only its hash.
func (d *DB) PutToken(ctx context.Context, t *verity.Token) error {
	if t.ID == "" || t.Hash == "" || len(t.Principals) == 0 {
		return verity.Errorf(verity.EINVALID, "a token needs an id, a hash and principals")
	}
	ps, _ := json.Marshal(t.Principals)
	_, err := d.q().ExecContext(ctx, `INSERT INTO tokens (id, name, principals, hash, created_by, created_at, expires_at, scope) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
		t.ID, t.Name, string(ps), t.Hash, string(t.CreatedBy), formatTime(t.CreatedAt), optTime(t.ExpiresAt), t.Scope)
	if err != nil {
		return fmt.Errorf("store token %s: %w", t.ID, err)
	}
	return nil
}

// Token returns the token with id; ENOTFOUND when there is none.
func (d *DB) Token(ctx context.Context, id string) (*verity.Token, error) {
	t, err := scanToken(d.q().QueryRowContext(ctx, `SELECT `+tokenColumns+` FROM tokens WHERE id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, verity.Errorf(verity.ENOTFOUND, "no token %q", id)
	}
	if err != nil {
		return nil, fmt.Errorf("read token %s: %w", id, err)
	}
	return t, nil
}

// Tokens lists every token, oldest first.
func (d *DB) Tokens(ctx context.Context) ([]verity.Token, error) {
	return scanAll(ctx, d.q(), "tokens", `SELECT `+tokenColumns+` FROM tokens ORDER BY created_at, id`, scanToken)
}

// RevokeToken marks token id revoked at time at; it reports false when
// the token was revoked already, and ENOTFOUND when there is none.
func (d *DB) RevokeToken(ctx context.Context, id string, at time.Time) (bool, error) {
	res, err := d.q().ExecContext(ctx, `UPDATE tokens SET revoked_at = ? WHERE id = ? AND revoked_at = ''`, formatTime(at), id)
	if err != nil {
		return false, fmt.Errorf("revoke token %s: %w", id, err)
	}
	if n, _ := res.RowsAffected(); n > 0 {
		return true, nil
	}
	if _, err := d.Token(ctx, id); err != nil {
		return false, err
	}
	return false, nil
}

const tokenColumns = `id, name, principals, hash, created_by, created_at, expires_at, revoked_at, scope`

func scanToken(sc interface{ Scan(...any) error }) (*verity.Token, error) {
	var (
		t                         verity.Token
		ps, by, created, exp, rev string
	)
	if err := sc.Scan(&t.ID, &t.Name, &ps, &t.Hash, &by, &created, &exp, &rev, &t.Scope); err != nil {
		return nil, err
	}
	if err := json.Unmarshal([]byte(ps), &t.Principals); err != nil {
		return nil, fmt.Errorf("token %s: principals: %w", t.ID, err)
	}
	t.CreatedBy, t.CreatedAt = verity.Principal(by), parseTime(created)
	if exp != "" {
		e := parseTime(exp)
		t.ExpiresAt = &e
	}
	if rev != "" {
		r := parseTime(rev)
		t.RevokedAt = &r
	}
	return &t, nil
}

func optTime(t *time.Time) string {
	if t == nil {
		return ""
	}
	return formatTime(*t)
}
