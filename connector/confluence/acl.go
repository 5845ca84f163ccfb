package confluence

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"slices"
	"strings"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/connector/rest"
	"github.com/veritykb/verity/kb"
)

// level is one set of readers whose intersection is a page's read
// permission: the space's read permission, the page's read restriction, or
// an ancestor's. anyone is the space's anonymous access.
type level struct {
	users  []verity.Principal
	groups []string
	anyone bool
	// restricted says the platform named readers here, even when none of
	// them could be mapped: a restriction to readers Verity cannot name
	// lets no one through, never everyone.
	restricted bool
}

func (l *level) empty() bool { return !l.restricted && !l.anyone }

// levelOf maps users and groups onto a level, warning about (and leaving
// out) users without a visible email: leaving a reader out only narrows.
func (cf *Confluence) levelOf(where string, users []user, groups []group) *level {
	l := &level{restricted: len(users)+len(groups) > 0}
	for _, u := range users {
		p, err := verity.UserPrincipal(u.Email)
		if u.Email == "" || err != nil {
			cf.warn(fmt.Sprintf("%s: user %s has no visible email, so it cannot be mapped to a reader: left out", where, userName(u)))
			continue
		}
		l.users = append(l.users, p)
	}
	for _, g := range groups {
		if g.Name != "" {
			l.groups = append(l.groups, g.Name)
		}
	}
	return l
}

func userName(u user) string {
	for _, s := range []string{u.DisplayName, u.Username, u.AccountID} {
		if s != "" {
			return strconvQuote(s)
		}
	}
	return "(unnamed)"
}

func strconvQuote(s string) string { return fmt.Sprintf("%q", s) }

// spaceLevel is the read permission of space key, read once a pass.
func (cf *Confluence) spaceLevel(ctx context.Context, key string) (*level, error) {
	if l, ok := cf.spaces[key]; ok {
		return l, nil
	}
	read := cf.serverSpaceLevel
	if cf.cloud() {
		read = cf.cloudSpaceLevel
	}
	m, err := read(ctx, key)
	if err != nil {
		return nil, err
	}
	if m.empty() {
		cf.warn(fmt.Sprintf("space %s: the token sees no read permission of the space, so its pages are readable by no one (give the token's user the permission to see the space's permissions)", key))
	}
	cf.spaces[key] = m
	return m, nil
}

// serverSpaceLevel reads a Data Center space's read permission through
// v1: GET /space/{key}?expand=permissions.
func (cf *Confluence) serverSpaceLevel(ctx context.Context, key string) (*level, error) {
	var sp space
	if err := cf.c.Get(ctx, "/space/"+url.PathEscape(key), url.Values{"expand": {"permissions"}}, &sp); err != nil {
		if errors.Is(err, rest.ErrGone) {
			return nil, fmt.Errorf("connector %s: space %s is not there, or the token cannot read its permissions", cf.conn.Name, key)
		}
		return nil, err
	}
	var users []user
	var groups []group
	anyone := false
	for _, p := range sp.Permissions {
		if p.Operation.Operation != "read" || p.Operation.TargetType != "space" {
			continue
		}
		users = append(users, p.Subjects.User.Results...)
		groups = append(groups, p.Subjects.Group.Results...)
		anyone = anyone || p.AnonymousAccess
	}
	m := cf.levelOf("space "+key, users, groups)
	m.anyone = anyone
	return m, nil
}

// ancestorLevel is the read restriction of ancestor id, nil when it has
// none, read once a pass.
func (cf *Confluence) ancestorLevel(ctx context.Context, id string) (*level, error) {
	if l, ok := cf.restr[id]; ok {
		return l, nil
	}
	r, err := cf.readRestriction(ctx, id)
	if err != nil {
		return nil, err
	}
	l := cf.levelOf(cf.conn.Origin()+":"+id, r.User.Results, r.Group.Results)
	if l.empty() {
		l = nil
	}
	cf.restr[id] = l
	return l, nil
}

// readRestriction is content id's read restriction (v1, on Cloud and Data
// Center alike): GET /content/{id}/restriction/byOperation/read.
func (cf *Confluence) readRestriction(ctx context.Context, id string) (restrictions, error) {
	var r operationRestriction
	q := url.Values{"expand": {"restrictions.user,restrictions.group"}, "limit": {"200"}}
	err := cf.c.Get(ctx, "/content/"+url.PathEscape(id)+"/restriction/byOperation/read", q, &r)
	return r.Restrictions, err
}

// acl is who may read ct in Verity: the union of the one level that
// restricts it when there is one, else the intersection of its levels
// with groups expanded to their members. A permission that cannot be
// computed makes it readable by no one, with a warning naming it.
func (cf *Confluence) acl(ctx context.Context, ct *content) ([]verity.Principal, error) {
	where := cf.conn.Origin() + ":" + ct.ID
	sp, err := cf.spaceLevel(ctx, ct.Space.Key)
	if err != nil {
		return nil, err
	}
	levels := []*level{sp}
	rr := ct.Restrictions.Read.Restrictions
	if rr.Unknown {
		return []verity.Principal{}, nil
	}
	if own := cf.levelOf(where, rr.User.Results, rr.Group.Results); !own.empty() {
		levels = append(levels, own)
	}
	for _, a := range ct.Ancestors {
		l, err := cf.ancestorLevel(ctx, a.ID)
		var ae *rest.AuthError
		if errors.As(err, &ae) {
			return nil, err
		}
		if err != nil {
			cf.warn(fmt.Sprintf("%s: the restrictions of its ancestor %s could not be read (%v): readable by no one", where, a.ID, err))
			return []verity.Principal{}, nil
		}
		if l != nil {
			levels = append(levels, l)
		}
	}
	acl, err := cf.combine(ctx, where, levels)
	var ae *rest.AuthError
	if errors.As(err, &ae) {
		return nil, err
	}
	if err != nil {
		cf.warn(fmt.Sprintf("%s: %v: readable by no one", where, err))
		return []verity.Principal{}, nil
	}
	return acl, nil
}

// combine maps the intersection of levels onto a union of principals.
func (cf *Confluence) combine(ctx context.Context, where string, levels []*level) ([]verity.Principal, error) {
	// The space's anonymous access lets everyone through that level: it
	// narrows nothing, so it drops out of an intersection.
	var restricting []*level
	for _, l := range levels {
		if !l.anyone {
			restricting = append(restricting, l)
		}
	}
	if len(restricting) == 0 {
		// Only the space's own permission, which lets anyone read: the
		// admin's principal for anyone, else its listed readers.
		return cf.union(where, levels[0]), nil
	}
	if len(restricting) == 1 {
		return cf.union(where, restricting[0]), nil
	}
	// Groups every level lets read stay groups: their members are in
	// every level. Everyone else must be in every level as a user or a
	// member of one of its other groups.
	common := slices.Clone(restricting[0].groups)
	for _, l := range restricting[1:] {
		common = slices.DeleteFunc(common, func(g string) bool { return !slices.Contains(l.groups, g) })
	}
	var inter map[verity.Principal]bool
	for _, l := range restricting {
		set := map[verity.Principal]bool{}
		for _, u := range l.users {
			set[u] = true
		}
		for _, g := range l.groups {
			if slices.Contains(common, g) {
				continue
			}
			ms, err := cf.groupMembers(ctx, g)
			if err != nil {
				return nil, err
			}
			for _, m := range ms {
				set[m] = true
			}
		}
		if inter == nil {
			inter = set
			continue
		}
		for p := range inter {
			if !set[p] {
				delete(inter, p)
			}
		}
	}
	var acl []verity.Principal
	for _, g := range common {
		if p, ok := cf.groupPrincipal(where, g); ok {
			acl = append(acl, p)
		}
	}
	for p := range inter {
		acl = append(acl, p)
	}
	slices.Sort(acl)
	return slices.Compact(acl), nil
}

// union maps one level: its users, its groups as the platform's groups,
// and anyone as the principal the admin chose for it (none by default).
func (cf *Confluence) union(where string, l *level) []verity.Principal {
	acl := slices.Clone(l.users)
	for _, g := range l.groups {
		if p, ok := cf.groupPrincipal(where, g); ok {
			acl = append(acl, p)
		}
	}
	if l.anyone {
		if cf.conn.Anyone != "" {
			acl = append(acl, cf.conn.Anyone)
		} else {
			cf.warn(fmt.Sprintf("%s: the space lets anyone read; no --anyone principal is configured, so that grant maps to no one", where))
		}
	}
	slices.Sort(acl)
	return slices.Compact(acl)
}

// groupPrincipal is a platform group as the connector's principal
// (group:KIND:NAME/GROUP), noted for the directory.
func (cf *Confluence) groupPrincipal(where, g string) (verity.Principal, bool) {
	p, err := verity.ParsePrincipal(verity.PrincipalGroup + ":" + cf.conn.Origin() + "/" + g)
	if err != nil {
		cf.warn(fmt.Sprintf("%s: group %q cannot be named as a principal (%v): left out", where, g, err))
		return "", false
	}
	cf.used[g] = true
	return p, true
}

// groupMembers reads the members of group g once a pass: Cloud's
// GET /group/member?name=G, Data Center's GET /group/G/member.
func (cf *Confluence) groupMembers(ctx context.Context, g string) ([]verity.Principal, error) {
	if ms, ok := cf.members[g]; ok {
		return ms, nil
	}
	if err, ok := cf.failed[g]; ok {
		return nil, err
	}
	path, q := "/group/"+url.PathEscape(g)+"/member", url.Values{"limit": {"200"}}
	if cf.conn.User != "" {
		path, q = "/group/member", url.Values{"name": {g}, "limit": {"200"}}
	}
	ms := []verity.Principal{}
	for path != "" {
		var l list[user]
		if err := cf.c.Get(ctx, path, q, &l); err != nil {
			var ae *rest.AuthError
			if !errors.As(err, &ae) {
				err = fmt.Errorf("the members of group %q could not be read (%v)", g, err)
				cf.failed[g] = err
			}
			return nil, err
		}
		for _, u := range l.Results {
			if p, err := verity.UserPrincipal(u.Email); err == nil && u.Email != "" {
				ms = append(ms, p)
			} else {
				cf.warn(fmt.Sprintf("group %q: member %s has no visible email: left out", g, userName(u)))
			}
		}
		path, q = l.Links.Next, nil
	}
	cf.members[g] = ms
	return ms, nil
}

// Groups are the platform's groups the pass named in ACLs, with their
// members, for the directory (group:KIND:NAME/GROUP): a group whose
// members cannot be read is written with none, so it grants nothing.
func (cf *Confluence) Groups(ctx context.Context) ([]kb.PlatformGroup, error) {
	names := make([]string, 0, len(cf.used))
	for g := range cf.used {
		names = append(names, g)
	}
	slices.Sort(names)
	var out []kb.PlatformGroup
	for _, g := range names {
		ms, err := cf.groupMembers(ctx, g)
		var ae *rest.AuthError
		if errors.As(err, &ae) {
			return nil, err
		}
		if err != nil {
			cf.warn(fmt.Sprintf("%v: it is written with no members, so it grants nothing until they can be", err))
		}
		pg := kb.PlatformGroup{Group: g, Name: g, Members: []string{}}
		for _, m := range ms {
			pg.Members = append(pg.Members, strings.TrimPrefix(string(m), verity.PrincipalUser+":"))
		}
		out = append(out, pg)
	}
	return out, nil
}
