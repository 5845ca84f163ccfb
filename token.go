package verity

import "time"

// Token is an API token as the store keeps it: who it acts as and until
// when, never its secret — only the SHA-256 of the secret, in Hash.
type Token struct {
	ID         string      `json:"id"`
	Name       string      `json:"name"`
	Principals []Principal `json:"principals"` // its user principal first, then its groups
	Hash       string      `json:"-"`          // hex SHA-256 of the secret
	CreatedBy  Principal   `json:"created_by"`
	CreatedAt  time.Time   `json:"created_at"`
	ExpiresAt  *time.Time  `json:"expires_at,omitempty"` // nil: it does not expire
	RevokedAt  *time.Time  `json:"revoked_at,omitempty"`
	// Scope is what the token may do: "" for the API, [ScopeSCIM] for
	// provisioning users and groups and nothing else.
	Scope string `json:"scope,omitempty"`
}

// ScopeSCIM is the scope of a token an identity provider provisions the
// directory with (verity token create --scim): it is refused on every
// other route and reads no record.
const ScopeSCIM = "scim"

// Valid reports whether the token may still be used at time now.
func (t *Token) Valid(now time.Time) bool {
	return t.RevokedAt == nil && (t.ExpiresAt == nil || now.Before(*t.ExpiresAt))
}
