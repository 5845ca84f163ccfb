package verity

import (
	"slices"
	"strings"
)

// Principal names who may read something. Principals are type-prefixed strings:
// "user:alice@corp.example", "group:finance", or the single word "public".
type Principal string

// Public is the principal every caller has. A source whose ACL holds Public is
// readable by anyone.
const Public Principal = "public"

// Principal kinds, the part before the colon.
const (
	PrincipalUser  = "user"
	PrincipalGroup = "group"
)

// ParsePrincipal checks s and returns it as a Principal. It accepts "public",
// "user:NAME" and "group:NAME" with a non-empty NAME free of spaces and control
// characters; the kind is case-insensitive and returned lowercase.
func ParsePrincipal(s string) (Principal, error) {
	s = strings.TrimSpace(s)
	if strings.EqualFold(s, string(Public)) {
		return Public, nil
	}
	kind, name, ok := strings.Cut(s, ":")
	if !ok {
		return "", Errorf(EINVALID, "principal %q: want public, user:NAME or group:NAME", s)
	}
	kind = strings.ToLower(kind)
	if kind != PrincipalUser && kind != PrincipalGroup {
		return "", Errorf(EINVALID, "principal %q: unknown kind %q (want user or group)", s, kind)
	}
	if name == "" || strings.IndexFunc(name, func(r rune) bool { return r <= ' ' || r == 0x7f }) >= 0 {
		return "", Errorf(EINVALID, "principal %q: name must be non-empty and free of spaces", s)
	}
	return Principal(kind + ":" + name), nil
}

// Kind returns "user", "group" or "public".
func (p Principal) Kind() string {
	if p == Public {
		return "public"
	}
	kind, _, _ := strings.Cut(string(p), ":")
	return kind
}

// Email returns the email address of a user principal whose name looks like one
// ("user:alice@corp.example" → "alice@corp.example"), else "".
func (p Principal) Email() string {
	kind, name, ok := strings.Cut(string(p), ":")
	if !ok || kind != PrincipalUser || !looksLikeEmail(name) {
		return ""
	}
	return name
}

// AuthorPrincipal turns an author as connectors give it — an email or a user:
// principal — into a user principal, and reports whether it could. An empty
// author is "" and true. An author that names no user a principal can stand
// for — a plain name such as "Иван Петров", a malformed user: — is "" and
// false: the record is kept without an author, and a hint about it leaves
// the contact out (seed 004), rather than the record being lost.
func AuthorPrincipal(author string) (Principal, bool) {
	author = strings.TrimSpace(author)
	if author == "" {
		return "", true
	}
	if strings.HasPrefix(strings.ToLower(author), PrincipalUser+":") {
		p, err := ParsePrincipal(author)
		if err != nil {
			return "", false
		}
		return p, true
	}
	if !looksLikeEmail(author) {
		return "", false
	}
	return Principal(PrincipalUser + ":" + author), true
}

func looksLikeEmail(s string) bool {
	at := strings.IndexByte(s, '@')
	return at > 0 && at < len(s)-1 && strings.Count(s, "@") == 1 &&
		strings.IndexFunc(s, func(r rune) bool { return r <= ' ' }) < 0
}

// Caller is who is asking: the principals a request runs under, and the
// actor the log records for what it changes. Public is always among the
// principals, so a caller built from nothing reads only public sources.
//
// Transports establish the caller; nothing a request, a document or a model
// says can change it. The local operator ([LocalOperator]) is whoever can
// open the store file: it reads as public, like an anonymous caller, and has
// every right (the service layer decides rights, package kb).
type Caller struct {
	principals []Principal
	actor      Principal
	token      string
	scope      string
	local      bool
	anonymous  bool
	audience   bool
}

// NewCaller returns a Caller holding ps plus Public, deduplicated and sorted.
// Its actor is its first user principal, else its first group, else Public.
func NewCaller(ps ...Principal) Caller {
	all := append([]Principal{Public}, ps...)
	slices.Sort(all)
	all = slices.Compact(all)
	c := Caller{principals: all, actor: Public}
	for _, kind := range []string{PrincipalUser, PrincipalGroup} {
		if i := slices.IndexFunc(all, func(p Principal) bool { return p.Kind() == kind }); i >= 0 {
			c.actor = all[i]
			break
		}
	}
	return c
}

// LocalOperator returns the caller a command-line run acts as when it names
// no principals: the person at the machine, trusted with the store file. It
// reads as Public and is recorded in logs as "local:NAME" (NAME is the
// operating-system user, or "operator" when unknown).
func LocalOperator(name string) Caller {
	name = strings.Map(func(r rune) rune {
		if r <= ' ' || r == 0x7f || r == ':' {
			return -1
		}
		return r
	}, name)
	if name == "" {
		name = "operator"
	}
	return Caller{principals: []Principal{Public}, actor: Principal("local:" + name), local: true}
}

// Anonymous returns the caller of a request that brought no credentials,
// where a server lets such requests read (verity serve --anonymous read):
// the public caller, which the service layer lets read what is public and
// nothing more — no permission hints, nothing stored that others see.
func Anonymous() Caller {
	c := NewCaller()
	c.anonymous = true
	return c
}

// Audience returns the caller of an answer shown to several people at
// once (a group chat): it reads as ps plus Public, which the service layer
// computes so that every reader may read what it reads, and it may ask
// and nothing more — no hints, no rights, no feedback of its own.
func Audience(ps ...Principal) Caller {
	c := NewCaller(ps...)
	c.audience = true
	return c
}

// Audience reports whether c is a chat's audience ([Audience]).
func (c Caller) Audience() bool { return c.audience }

// Anonymous reports whether c is the unauthenticated caller of [Anonymous].
func (c Caller) Anonymous() bool { return c.anonymous }

// Local reports whether c is the local operator.
func (c Caller) Local() bool { return c.local }

// Actor is who the log records as making a change on c's behalf.
func (c Caller) Actor() Principal {
	if c.actor == "" {
		return Public
	}
	return c.actor
}

// Actor is who a change is recorded as: the caller's actor principal and,
// for a request made with an API token, the token's id.
type Actor struct {
	Who   Principal
	Token string
}

// AsActor returns who the log records for a change c makes.
func (c Caller) AsActor() Actor { return Actor{Who: c.Actor(), Token: c.token} }

// WithToken returns c authenticated by the API token with id: logs record
// the token beside the actor.
func (c Caller) WithToken(id string) Caller {
	c.token = id
	return c
}

// WithScope returns c limited to what a token of that scope may do
// ([Token.Scope]).
func (c Caller) WithScope(scope string) Caller {
	c.scope = scope
	return c
}

// Provisioner reports whether c is an identity provider's SCIM token,
// which may change the directory and do nothing else.
func (c Caller) Provisioner() bool { return c.scope == ScopeSCIM }

// WithPrincipals returns c reading as ps plus Public instead of what it
// read as, keeping its actor, token and scope: the directory's word on who
// a caller is.
func (c Caller) WithPrincipals(ps ...Principal) Caller {
	n := NewCaller(ps...)
	c.principals = n.principals
	return c
}

// Token is the id of the token c was authenticated with, "" for none.
func (c Caller) Token() string { return c.token }

// Principals returns the caller's principals, sorted, always including Public.
func (c Caller) Principals() []Principal {
	if len(c.principals) == 0 {
		return []Principal{Public}
	}
	return slices.Clone(c.principals)
}

// CanRead reports whether the caller holds any principal in acl. An empty ACL
// is readable by no one: Verity fails closed.
func (c Caller) CanRead(acl []Principal) bool {
	for _, a := range acl {
		if a == Public {
			return true
		}
		if slices.Contains(c.principals, a) {
			return true
		}
	}
	return false
}
