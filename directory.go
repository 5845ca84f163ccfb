package verity

import (
	"strings"
	"time"
)

// User is a person the directory lists: keyed by one lower-cased
// user:EMAIL principal (SCIM's userName). Emails are display data only:
// they never match an identity. A deactivated user stays listed, so it is
// never mistaken for one the directory does not know, and is refused
// everywhere.
type User struct {
	Principal  Principal `json:"principal"`
	Name       string    `json:"name,omitempty"`
	Emails     []string  `json:"emails,omitempty"`
	ExternalID string    `json:"external_id,omitempty"`
	Active     bool      `json:"active"`
	CreatedBy  Principal `json:"created_by"`
	CreatedAt  time.Time `json:"created_at"`
	UpdatedAt  time.Time `json:"updated_at"`
	// Groups are the groups it belongs to, where a listing asks for them.
	Groups []Principal `json:"groups,omitempty"`
}

// Group is a group the directory lists with its members (users; groups do
// not nest). Origin is "" for a directory group, which admins and SCIM
// keep, and KIND:NAME of the connector that alone writes a platform group
// (group:KIND:NAME/GROUP).
type Group struct {
	Principal  Principal   `json:"principal"`
	Name       string      `json:"name,omitempty"`
	ExternalID string      `json:"external_id,omitempty"`
	Origin     string      `json:"origin,omitempty"`
	Members    []Principal `json:"members"`
	// AliasOf is the directory group whose members read as this platform
	// group, when an admin said they are the same.
	AliasOf   Principal `json:"alias_of,omitempty"`
	CreatedBy Principal `json:"created_by"`
	CreatedAt time.Time `json:"created_at"`
	UpdatedAt time.Time `json:"updated_at"`
}

// Membership is what the directory says of one user at the moment of a
// call: whether it lists the user at all, whether the user is active, and
// the groups the user reads as (its groups and the platform groups aliased
// to them).
type Membership struct {
	Listed bool
	Active bool
	Groups []Principal
}

// DirectoryEvent is one change to the directory, as its log keeps it.
type DirectoryEvent struct {
	ID      int64          `json:"id"`
	At      time.Time      `json:"at"`
	Actor   Principal      `json:"actor"`
	Token   string         `json:"token,omitempty"`
	Action  string         `json:"action"`
	Subject Principal      `json:"subject"`
	Detail  map[string]any `json:"detail,omitempty"`
}

// UserPrincipal is the directory's key for a user: user:EMAIL with the
// email lower-cased, from an email or a user: principal. It refuses what
// is not an email.
func UserPrincipal(s string) (Principal, error) {
	s = strings.TrimSpace(s)
	if k, rest, ok := strings.Cut(s, ":"); ok && strings.EqualFold(k, PrincipalUser) {
		s = rest
	}
	s = strings.ToLower(s)
	if !looksLikeEmail(s) {
		return "", Errorf(EINVALID, "user %q: want an email or user:EMAIL", s)
	}
	return ParsePrincipal(PrincipalUser + ":" + s)
}

// GroupPrincipal is the directory's name for a group: group:NAME from NAME
// or a group: principal, as ACLs write it.
func GroupPrincipal(s string) (Principal, error) {
	s = strings.TrimSpace(s)
	if k, rest, ok := strings.Cut(s, ":"); ok && strings.EqualFold(k, PrincipalGroup) {
		s = rest
	}
	p, err := ParsePrincipal(PrincipalGroup + ":" + s)
	if err != nil {
		return "", err
	}
	return p, nil
}

// Platform reports whether g names a platform's group
// (group:KIND:NAME/GROUP), which only its connector may write, and returns
// the connector (KIND:NAME).
func (p Principal) Platform() (connector string, ok bool) {
	kind, name, found := strings.Cut(string(p), ":")
	if !found || kind != PrincipalGroup {
		return "", false
	}
	platform, rest, found := strings.Cut(name, ":")
	if !found || platform == "" {
		return "", false
	}
	conn, _, found := strings.Cut(rest, "/")
	if !found || conn == "" {
		return "", false
	}
	return platform + ":" + conn, true
}

// DirectoryFilter selects users or groups; empty fields select all.
// Member selects the groups a user belongs to, or a group's users.
type DirectoryFilter struct {
	Principal  Principal
	ExternalID string
	Name       string // a group's display name (SCIM's displayName eq)
	Member     Principal
}
