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
	// Provisioned says identity providers and connectors may change the
	// members of the group holding it.
	Provisioned bool `json:"provisioned,omitempty"`
}

// GrantRole gives principal p role on c's behalf; only an admin may. A
// group's members may then be changed by an admin alone: see
// [Service.GrantProvisionedRole].
func (s *Service) GrantRole(ctx context.Context, c verity.Caller, role verity.Role, p verity.Principal) (*RoleChange, error) {
	return s.grantRole(ctx, c, role, p, false)
}

// GrantProvisionedRole gives group p role and lets identity providers
// (SCIM) and connectors change p's members, and with them who holds the
// role (verity role grant --provisioned). Granting it again without
// provisioned takes that leave away.
func (s *Service) GrantProvisionedRole(ctx context.Context, c verity.Caller, role verity.Role, p verity.Principal) (*RoleChange, error) {
	return s.grantRole(ctx, c, role, p, true)
}

func (s *Service) grantRole(ctx context.Context, c verity.Caller, role verity.Role, p verity.Principal, provisioned bool) (*RoleChange, error) {
	if _, err := s.require(ctx, c, verity.RoleAdmin, "granting roles"); err != nil {
		return nil, err
	}
	if err := grantable(role, p); err != nil {
		return nil, err
	}
	if provisioned && p.Kind() != verity.PrincipalGroup {
		return nil, verity.Errorf(verity.EINVALID, "--provisioned is for a group, whose members an identity provider keeps; %s is not one", p)
	}
	if p.Kind() == verity.PrincipalGroup && s.store.DirectoryStore != nil {
		gs, err := s.store.Groups(ctx, verity.DirectoryFilter{Principal: p})
		if err != nil {
			return nil, err
		}
		if len(gs) == 1 && gs[0].AliasOf != "" {
			return nil, verity.Errorf(verity.EINVALID, "%s is aliased to %s; an aliased group never carries a role: grant it to %s", p, gs[0].AliasOf, gs[0].AliasOf)
		}
	}
	changed, err := s.store.GrantRole(ctx, verity.RoleGrant{Principal: p, Role: role, By: c.Actor(), At: s.now().UTC(), Provisioned: provisioned})
	if err != nil {
		return nil, err
	}
	if changed {
		s.log.Info("role granted", "role", string(role), "principal", string(p), "provisioned", provisioned, "by", string(c.Actor()))
	}
	return &RoleChange{Principal: p, Role: role, Changed: changed, Provisioned: provisioned}, nil
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
	// Provisioned (grants to groups only) lets identity providers and
	// connectors change the group's members.
	Provisioned bool `json:"provisioned,omitempty"`
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
