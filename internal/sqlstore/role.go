package sqlstore

import (
	"context"
	"fmt"
	"slices"

	"github.com/veritykb/verity"
)

// GrantRole gives g.Principal the role g.Role, recorded as granted by g.By
// at g.At (now when zero), provisioned or not. It reports false, changing
// nothing, when the principal already holds the role so. It refuses a principal other than a
// user: or group: one (public can hold no role, or every caller would),
// an unknown role, or a grant by no one. Deciding who may grant is the
// service layer's, not the store's.
func (d *DB) GrantRole(ctx context.Context, g verity.RoleGrant) (bool, error) {
	p, r, err := checkRole(g.Principal, g.Role)
	if err != nil {
		return false, fmt.Errorf("grant role: %w", err)
	}
	if g.By == "" {
		return false, verity.Errorf(verity.EINVALID, "grant role %s to %s: granted by whom?", r, p)
	}
	at := g.At
	if at.IsZero() {
		at = d.now()
	}
	res, err := d.q().ExecContext(ctx, `INSERT INTO roles (principal, role, granted_by, granted_at, provisioned) VALUES (?, ?, ?, ?, ?)
		ON CONFLICT (principal, role) DO UPDATE SET provisioned = excluded.provisioned, granted_by = excluded.granted_by, granted_at = excluded.granted_at
		WHERE roles.provisioned <> excluded.provisioned`, string(p), string(r), string(g.By), formatTime(at), boolInt(g.Provisioned))
	if err != nil {
		return false, fmt.Errorf("grant role %s to %s: %w", r, p, err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, fmt.Errorf("grant role %s to %s: %w", r, p, err)
	}
	return n > 0, nil
}

// RevokeRole takes role r from p, reporting whether p held it. It refuses
// the same principals and roles as [DB.GrantRole].
func (d *DB) RevokeRole(ctx context.Context, p verity.Principal, r verity.Role) (bool, error) {
	p, r, err := checkRole(p, r)
	if err != nil {
		return false, fmt.Errorf("revoke role: %w", err)
	}
	res, err := d.q().ExecContext(ctx, `DELETE FROM roles WHERE principal = ? AND role = ?`, string(p), string(r))
	if err != nil {
		return false, fmt.Errorf("revoke role %s from %s: %w", r, p, err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, fmt.Errorf("revoke role %s from %s: %w", r, p, err)
	}
	return n > 0, nil
}

// Roles returns every grant, ordered by principal and then role.
func (d *DB) Roles(ctx context.Context) ([]verity.RoleGrant, error) {
	rows, err := d.q().QueryContext(ctx, `SELECT principal, role, granted_by, granted_at, provisioned FROM roles ORDER BY principal, role`)
	if err != nil {
		return nil, fmt.Errorf("list roles: %w", err)
	}
	defer rows.Close()
	out := []verity.RoleGrant{}
	for rows.Next() {
		var p, r, by, at string
		var prov int64
		if err := rows.Scan(&p, &r, &by, &at, &prov); err != nil {
			return nil, fmt.Errorf("list roles: %w", err)
		}
		out = append(out, verity.RoleGrant{Principal: verity.Principal(p), Role: verity.Role(r), By: verity.Principal(by), At: parseTime(at), Provisioned: prov != 0})
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("list roles: %w", err)
	}
	return out, nil
}

// RolesOf returns the distinct roles held by any of ps, sorted; empty, not
// nil, when they hold none. Principals are matched as given (a
// [verity.Caller]'s are canonical already).
func (d *DB) RolesOf(ctx context.Context, ps []verity.Principal) ([]verity.Role, error) {
	out := []verity.Role{}
	for lo := 0; lo < len(ps); lo += batchSize {
		part := ps[lo:min(lo+batchSize, len(ps))]
		args := make([]any, len(part))
		for i, p := range part {
			args[i] = string(p)
		}
		rows, err := d.q().QueryContext(ctx, `SELECT DISTINCT role FROM roles WHERE principal IN (`+placeholders(len(part))+`)`, args...)
		if err != nil {
			return nil, fmt.Errorf("roles of principals: %w", err)
		}
		for rows.Next() {
			var r string
			if err := rows.Scan(&r); err != nil {
				rows.Close()
				return nil, fmt.Errorf("roles of principals: %w", err)
			}
			out = append(out, verity.Role(r))
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return nil, fmt.Errorf("roles of principals: %w", err)
		}
	}
	slices.Sort(out)
	return slices.Compact(out), nil
}

// checkRole returns p and r in canonical form (as [verity.ParsePrincipal]
// and [verity.ParseRole] give them), refusing a principal that is not a
// user or a group, or an unknown role.
func checkRole(p verity.Principal, r verity.Role) (verity.Principal, verity.Role, error) {
	cp, err := verity.ParsePrincipal(string(p))
	if err != nil {
		return "", "", err
	}
	if k := cp.Kind(); k != verity.PrincipalUser && k != verity.PrincipalGroup {
		return "", "", verity.Errorf(verity.EINVALID, "principal %q cannot hold a role: want user:NAME or group:NAME", p)
	}
	cr, err := verity.ParseRole(string(r))
	if err != nil {
		return "", "", err
	}
	return cp, cr, nil
}
