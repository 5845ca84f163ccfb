package verity

import (
	"strings"
	"time"
)

// Role is a right beyond reading, granted to a principal and kept in the
// store. Every caller may read what its principals may read; a curator may
// also add and withdraw knowledge it can read; an admin may do anything,
// including widening access and granting roles.
type Role string

// Roles, from fewer rights to more. An admin is also a curator.
const (
	RoleCurator Role = "curator"
	RoleAdmin   Role = "admin"
)

// Roles lists the roles that can be granted.
var Roles = []Role{RoleCurator, RoleAdmin}

// ParseRole checks s and returns it as a Role.
func ParseRole(s string) (Role, error) {
	switch r := Role(strings.ToLower(strings.TrimSpace(s))); r {
	case RoleCurator, RoleAdmin:
		return r, nil
	}
	return "", Errorf(EINVALID, "role %q: want curator or admin", s)
}

// RoleGrant is one role held by one principal: who granted it and when.
type RoleGrant struct {
	Principal Principal `json:"principal"`
	Role      Role      `json:"role"`
	By        Principal `json:"granted_by"`
	At        time.Time `json:"granted_at"`
	// Provisioned says an admin let identity providers and connectors
	// change the members of the group holding it (role grant
	// --provisioned); without it a change of that group's members from
	// them is refused.
	Provisioned bool `json:"provisioned,omitempty"`
}
