package jira

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/connector/rest"
	"github.com/veritykb/verity/kb"
)

// grant is who a project's Browse permission, or an issue security level,
// lets in, as Jira's holders say it.
type grant struct {
	anyone   bool               // anyone, or any logged-in user
	users    []verity.Principal // user:EMAIL
	groups   []string           // the platform's group names
	reporter bool               // the issue's reporter
	assignee bool               // the issue's assignee
	broken   string             // why it cannot be computed: the issue is then readable by no one
}

// holder is one grant of a permission scheme or a security level.
type holder struct {
	Type      string `json:"type"`
	Parameter string `json:"parameter"`
	Value     string `json:"value"`
}

// add maps holder h into g; project is the scheme's project, for roles
// and its lead.
func (j *Jira) add(ctx context.Context, g *grant, h holder, project, where string) error {
	switch h.Type {
	case "anyone", "applicationRole":
		g.anyone = true
	case "group":
		if h.Parameter != "" {
			g.groups = append(g.groups, h.Parameter)
		}
	case "user":
		if p, ok := j.userPrincipal(ctx, &user{AccountID: h.Parameter, Name: h.Parameter}, where); ok {
			g.users = append(g.users, p)
		}
	case "reporter":
		g.reporter = true
	case "assignee":
		g.assignee = true
	case "projectRole":
		if project == "" {
			j.once(where+" role", fmt.Sprintf("%s: a project role has no project here: left out", where))
			return nil
		}
		var role struct {
			Actors []struct {
				Type       string `json:"type"`
				Name       string `json:"name"`
				ActorUser  *user  `json:"actorUser"`
				ActorGroup *struct {
					Name string `json:"name"`
				} `json:"actorGroup"`
			} `json:"actors"`
		}
		if err := j.c.Get(ctx, "/project/"+url.PathEscape(project)+"/role/"+url.PathEscape(h.Parameter), nil, &role); err != nil {
			return err
		}
		for _, a := range role.Actors {
			switch {
			case a.Type == "atlassian-group-role-actor" && a.ActorGroup != nil:
				g.groups = append(g.groups, a.ActorGroup.Name)
			case a.Type == "atlassian-group-role-actor":
				g.groups = append(g.groups, a.Name)
			case a.ActorUser != nil:
				if p, ok := j.userPrincipal(ctx, a.ActorUser, where); ok {
					g.users = append(g.users, p)
				}
			default:
				if p, ok := j.userPrincipal(ctx, &user{Name: a.Name}, where); ok {
					g.users = append(g.users, p)
				}
			}
		}
	case "projectLead":
		var p struct {
			Lead *user `json:"lead"`
		}
		if err := j.c.Get(ctx, "/project/"+url.PathEscape(project), nil, &p); err != nil {
			return err
		}
		if p.Lead != nil {
			if pr, ok := j.userPrincipal(ctx, p.Lead, where); ok {
				g.users = append(g.users, pr)
			}
		}
	default:
		// A custom field's users or groups, a service desk's customers:
		// nothing Verity can name per issue. Left out: narrower.
		j.once(where+" "+h.Type, fmt.Sprintf("%s: a grant to %q cannot be mapped: left out (fewer readers)", where, h.Type))
	}
	return nil
}

// projectGrant is who may browse project key: its permission scheme's
// BROWSE_PROJECTS grants, read once a pass.
func (j *Jira) projectGrant(ctx context.Context, key string) (*grant, error) {
	if g, ok := j.browse[key]; ok {
		return g, nil
	}
	where := j.conn.Origin() + " project " + key
	g := &grant{}
	var scheme struct {
		ID json.Number `json:"id"`
	}
	err := j.c.Get(ctx, "/project/"+url.PathEscape(key)+"/permissionscheme", nil, &scheme)
	if err == nil {
		var full struct {
			Permissions []struct {
				Holder     holder `json:"holder"`
				Permission string `json:"permission"`
			} `json:"permissions"`
		}
		err = j.c.Get(ctx, "/permissionscheme/"+scheme.ID.String(), url.Values{"expand": {"permissions"}}, &full)
		for _, p := range full.Permissions {
			if err != nil {
				break
			}
			if p.Permission == "BROWSE_PROJECTS" || p.Permission == "BROWSE" {
				err = j.add(ctx, g, p.Holder, key, where)
			}
		}
	}
	var ae *rest.AuthError
	if errors.As(err, &ae) {
		return nil, err
	}
	if err != nil {
		g = &grant{broken: fmt.Sprintf("who may browse project %s could not be read (%v)", key, err)}
	}
	j.browse[key] = g
	return g, nil
}

// levelGrant is who an issue security level lets see its issues. Cloud
// lists a level's members; Data Center's API does not, so there an issue
// at a security level is readable by no one in Verity.
func (j *Jira) levelGrant(ctx context.Context, id, project string) (*grant, error) {
	if g, ok := j.levels[id]; ok {
		return g, nil
	}
	where := j.conn.Origin() + " security level " + id
	g := &grant{}
	if !j.cloud {
		g.broken = "Jira Data Center's API does not list an issue security level's members"
		j.levels[id] = g
		return g, nil
	}
	var err error
	for start := 0; ; {
		var page struct {
			Values []struct {
				Holder holder `json:"holder"`
			} `json:"values"`
			IsLast bool `json:"isLast"`
		}
		q := url.Values{"levelId": {id}, "startAt": {strconv.Itoa(start)}, "maxResults": {"50"}}
		if err = j.c.Get(ctx, "/issuesecurityschemes/level/member", q, &page); err != nil {
			break
		}
		for _, v := range page.Values {
			if err = j.add(ctx, g, v.Holder, project, where); err != nil {
				break
			}
		}
		start += len(page.Values)
		if err != nil || page.IsLast || len(page.Values) == 0 {
			break
		}
	}
	var ae *rest.AuthError
	if errors.As(err, &ae) {
		return nil, err
	}
	if err != nil {
		g = &grant{broken: fmt.Sprintf("the members of security level %s could not be read (%v)", id, err)}
	}
	j.levels[id] = g
	return g, nil
}

// acl is who may read an issue: who may browse its project ∩ its
// security level's members, when it has one. A union of principals
// cannot say an intersection, so there both sides become users (groups
// expanded into their members); what cannot be computed makes the issue
// readable by no one, with a warning.
func (j *Jira) acl(ctx context.Context, is *issue) ([]verity.Principal, error) {
	where := j.conn.Origin() + ":" + is.ID + " (" + is.Key + ")"
	browse, err := j.projectGrant(ctx, is.Fields.Project.Key)
	if err != nil {
		return nil, err
	}
	sides := []*grant{browse}
	if is.Fields.Security != nil {
		level, err := j.levelGrant(ctx, is.Fields.Security.ID, is.Fields.Project.Key)
		if err != nil {
			return nil, err
		}
		sides = append(sides, level)
	}
	for _, g := range sides {
		if g.broken != "" {
			j.warn(fmt.Sprintf("%s: %s; it is readable by no one in Verity until it can be", where, g.broken))
			return []verity.Principal{}, nil
		}
	}
	var open []*grant // the sides that do not let everyone in
	for _, g := range sides {
		if !g.anyone {
			open = append(open, g)
		}
	}
	switch len(open) {
	case 0:
		return j.union(ctx, where, browse, is), nil
	case 1:
		return j.union(ctx, where, open[0], is), nil
	}
	var inter map[verity.Principal]bool
	for _, g := range open {
		users, err := j.users(ctx, where, g, is)
		if err != nil {
			return nil, err
		}
		if inter == nil {
			inter = users
			continue
		}
		for u := range inter {
			if !users[u] {
				delete(inter, u)
			}
		}
	}
	acl := make([]verity.Principal, 0, len(inter))
	for u := range inter {
		acl = append(acl, u)
	}
	slices.Sort(acl)
	return acl, nil
}

// union is one grant as principals: its users, its groups as the
// platform's groups, the issue's reporter and assignee where it names
// them, and anyone as the principal the admin chose for it.
func (j *Jira) union(ctx context.Context, where string, g *grant, is *issue) []verity.Principal {
	acl := slices.Clone(g.users)
	for _, name := range g.groups {
		if p, ok := j.groupPrincipal(where, name); ok {
			acl = append(acl, p)
		}
	}
	acl = append(acl, j.roles(ctx, where, g, is)...)
	if g.anyone {
		if j.conn.Anyone != "" {
			acl = append(acl, j.conn.Anyone)
		} else {
			j.once(where+" anyone", fmt.Sprintf("%s: Jira lets anyone (or any logged-in user) read it; no --anyone principal is configured, so that grant maps to no one", where))
		}
	}
	slices.Sort(acl)
	return slices.Compact(acl)
}

// users is one grant expanded into users.
func (j *Jira) users(ctx context.Context, where string, g *grant, is *issue) (map[verity.Principal]bool, error) {
	out := map[verity.Principal]bool{}
	for _, u := range g.users {
		out[u] = true
	}
	for _, u := range j.roles(ctx, where, g, is) {
		out[u] = true
	}
	for _, name := range g.groups {
		ms, err := j.groupMembers(ctx, name)
		var ae *rest.AuthError
		if errors.As(err, &ae) {
			return nil, err
		}
		if err != nil {
			j.warn(fmt.Sprintf("%s: %v: its members are left out", where, err))
			continue
		}
		for _, m := range ms {
			out[m] = true
		}
	}
	return out, nil
}

// roles are the issue's reporter and assignee where g names them.
func (j *Jira) roles(ctx context.Context, where string, g *grant, is *issue) []verity.Principal {
	var out []verity.Principal
	for _, r := range []struct {
		on bool
		u  *user
	}{{g.reporter, is.Fields.Reporter}, {g.assignee, is.Fields.Assignee}} {
		if r.on && r.u != nil {
			if p, ok := j.userPrincipal(ctx, r.u, where); ok {
				out = append(out, p)
			}
		}
	}
	return out
}

// email is a user's email: as the API gave it, else looked up once a
// pass; "" when the profile hides it.
func (j *Jira) email(ctx context.Context, u *user) string {
	if u.Email != "" {
		return u.Email
	}
	id := u.id()
	if id == "" {
		return ""
	}
	if e, ok := j.emails[id]; ok {
		return e
	}
	q := url.Values{"username": {id}}
	if j.cloud {
		q = url.Values{"accountId": {id}}
	}
	var full user
	if err := j.c.Get(ctx, "/user", q, &full); err != nil {
		full.Email = ""
	}
	j.emails[id] = full.Email
	return full.Email
}

// userPrincipal is user:EMAIL for u, or false (with a warning) when its
// email is hidden: a reader Verity cannot name is left out.
func (j *Jira) userPrincipal(ctx context.Context, u *user, where string) (verity.Principal, bool) {
	e := j.email(ctx, u)
	if e != "" {
		if p, err := verity.UserPrincipal(e); err == nil {
			return p, true
		}
	}
	name := u.DisplayName
	if name == "" {
		name = u.id()
	}
	j.once(where+" user "+u.id(), fmt.Sprintf("%s: user %s has no visible email: left out", where, name))
	return "", false
}

// groupPrincipal is a platform group as the connector's principal
// (group:KIND:NAME/GROUP), noted for the directory.
func (j *Jira) groupPrincipal(where, g string) (verity.Principal, bool) {
	p, err := verity.ParsePrincipal(verity.PrincipalGroup + ":" + j.conn.Origin() + "/" + g)
	if err != nil {
		j.once(where+" group "+g, fmt.Sprintf("%s: group %q cannot be named as a principal (%v): left out", where, g, err))
		return "", false
	}
	j.used[g] = true
	return p, true
}

// groupMembers reads the members of group g once a pass
// (GET /group/member?groupname=G, paginated).
func (j *Jira) groupMembers(ctx context.Context, g string) ([]verity.Principal, error) {
	if ms, ok := j.members[g]; ok {
		return ms, nil
	}
	if err, ok := j.failed[g]; ok {
		return nil, err
	}
	ms := []verity.Principal{}
	for start := 0; ; {
		var page struct {
			Values []user `json:"values"`
			IsLast bool   `json:"isLast"`
			Total  int    `json:"total"`
		}
		q := url.Values{"groupname": {g}, "startAt": {strconv.Itoa(start)}, "maxResults": {"50"}, "includeInactiveUsers": {"false"}}
		if err := j.c.Get(ctx, "/group/member", q, &page); err != nil {
			var ae *rest.AuthError
			if !errors.As(err, &ae) {
				err = fmt.Errorf("the members of group %q could not be read (%v)", g, err)
				j.failed[g] = err
			}
			return nil, err
		}
		for i := range page.Values {
			u := &page.Values[i]
			if p, ok := j.userPrincipal(ctx, u, "group "+g); ok {
				ms = append(ms, p)
			}
		}
		start += len(page.Values)
		if page.IsLast || len(page.Values) == 0 {
			break
		}
	}
	j.members[g] = ms
	return ms, nil
}

// Groups are the platform's groups the pass named in ACLs, with their
// members, for the directory (group:KIND:NAME/GROUP): a group whose
// members cannot be read is written with none, so it grants nothing.
func (j *Jira) Groups(ctx context.Context) ([]kb.PlatformGroup, error) {
	names := make([]string, 0, len(j.used))
	for g := range j.used {
		names = append(names, g)
	}
	slices.Sort(names)
	var out []kb.PlatformGroup
	for _, g := range names {
		ms, err := j.groupMembers(ctx, g)
		var ae *rest.AuthError
		if errors.As(err, &ae) {
			return nil, err
		}
		if err != nil {
			j.warn(fmt.Sprintf("%v: it is written with no members, so it grants nothing until they can be", err))
		}
		pg := kb.PlatformGroup{Group: g, Name: g, Members: []string{}}
		for _, m := range ms {
			pg.Members = append(pg.Members, strings.TrimPrefix(string(m), verity.PrincipalUser+":"))
		}
		out = append(out, pg)
	}
	return out, nil
}

// once warns about something once a pass.
func (j *Jira) once(key, msg string) {
	if !j.warned[key] {
		j.warned[key] = true
		j.warn(msg)
	}
}
