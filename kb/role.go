package kb

import (
	"context"

	"github.com/veritykb/verity"
)

// RoleChange is what granting or revoking a role did.
type RoleChange struct {
	Principal verity.Principal `json:"principal"`
	Role      verity.Role      `json:"role"`
	// Changed is false when the principal already held (or did not hold)
	// the role: nothing was written.
	Changed bool `json:"changed"`
}

// GrantRole gives principal p role on c's behalf; only an admin may.
func (s *Service) GrantRole(ctx context.Context, c verity.Caller, role verity.Role, p verity.Principal) (*RoleChange, error) {
	if _, err := s.require(ctx, c, verity.RoleAdmin, "granting roles"); err != nil {
		return nil, err
	}
	if err := grantable(role, p); err != nil {
		return nil, err
	}
	changed, err := s.store.GrantRole(ctx, verity.RoleGrant{Principal: p, Role: role, By: c.Actor(), At: s.now().UTC()})
	if err != nil {
		return nil, err
	}
	return &RoleChange{Principal: p, Role: role, Changed: changed}, nil
}

// RevokeRole takes role from principal p on c's behalf; only an admin may.
// An admin may revoke its own role: the local operator, who holds every
// right whatever the roles say, can always grant it again.
func (s *Service) RevokeRole(ctx context.Context, c verity.Caller, role verity.Role, p verity.Principal) (*RoleChange, error) {
	if _, err := s.require(ctx, c, verity.RoleAdmin, "revoking roles"); err != nil {
		return nil, err
	}
	if err := grantable(role, p); err != nil {
		return nil, err
	}
	changed, err := s.store.RevokeRole(ctx, p, role)
	if err != nil {
		return nil, err
	}
	return &RoleChange{Principal: p, Role: role, Changed: changed}, nil
}

// RoleRequest names a role and the principal it goes to or is taken from:
// the body of POST /api/v1/roles/grant and /roles/revoke.
type RoleRequest struct {
	Role      string `json:"role"`      // curator or admin
	Principal string `json:"principal"` // user:EMAIL or group:NAME
}

// RoleList is every role grant: verity role list --json and GET
// /api/v1/roles.
type RoleList struct {
	Roles []verity.RoleGrant `json:"roles"`
}

// Roles lists every role grant; only an admin may.
func (s *Service) Roles(ctx context.Context, c verity.Caller) (*RoleList, error) {
	if _, err := s.require(ctx, c, verity.RoleAdmin, "listing roles"); err != nil {
		return nil, err
	}
	gs, err := s.store.Roles(ctx)
	if err != nil {
		return nil, err
	}
	if gs == nil {
		gs = []verity.RoleGrant{}
	}
	return &RoleList{Roles: gs}, nil
}

// grantable checks a role and a principal it may go to: a user or a group,
// never public (that would make every caller a curator or an admin).
func grantable(role verity.Role, p verity.Principal) error {
	if _, err := verity.ParseRole(string(role)); err != nil {
		return err
	}
	if k := p.Kind(); k != verity.PrincipalUser && k != verity.PrincipalGroup {
		return verity.Errorf(verity.EINVALID, "roles go to a user:EMAIL or a group:NAME, not %q", string(p))
	}
	if _, err := verity.ParsePrincipal(string(p)); err != nil {
		return err
	}
	return nil
}
