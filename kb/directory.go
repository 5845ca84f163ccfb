package kb

import (
	"context"
	"slices"
	"strings"

	"github.com/veritykb/verity"
)

// The directory says who belongs to which group. A caller authenticated as
// a user it lists — by a token, a trusted proxy, a chat link or --as — reads
// as that user plus the directory's groups for it, read from the store at
// every call; a user it has never listed keeps the principals its token
// was given. A deactivated user is refused everywhere, like a bad token.
//
// Who may change it: an admin, anything; an identity provider's SCIM token
// (a provisioner), users and directory groups except its own principal,
// and the members of a group holding a role only where an admin granted
// that role --provisioned; a connector, the groups of its own platform
// (group:KIND:NAME/GROUP) and nothing else.

// errDenied is the one refusal of a caller who is not (or no longer) who
// it says: the same as a bad token's.
var errDenied = verity.Errorf(verity.EUNAUTHORIZED, "invalid or expired token")

// Resolve returns who c reads as according to the directory: for a caller
// whose actor is a user the directory lists and holds active, that user
// plus its groups (and the platform groups aliased to them), replacing the
// groups its credentials named; for a listed user who is deactivated, the
// refusal of a bad token. Any other caller comes back unchanged.
// Transports call it on every caller they establish themselves (a proxy's
// user, --as, a chat link); [Service.Authenticate] calls it for tokens.
func (s *Service) Resolve(ctx context.Context, c verity.Caller) (verity.Caller, error) {
	if s.store.DirectoryStore == nil || c.Local() || c.Anonymous() || c.Actor().Kind() != verity.PrincipalUser {
		return c, nil
	}
	key, err := verity.UserPrincipal(string(c.Actor()))
	if err != nil {
		return c, nil // not an email: the directory cannot list it
	}
	m, err := s.store.Membership(ctx, key)
	if err != nil {
		return verity.Caller{}, err
	}
	if !m.Listed {
		return c, nil
	}
	if !m.Active {
		return verity.Caller{}, errDenied
	}
	ps := append([]verity.Principal{c.Actor(), key}, m.Groups...)
	return c.WithPrincipals(ps...), nil
}

// UserPut creates or replaces a user: SCIM's create, replace and patch
// (an admin makes users with verity group add --create).
type UserPut struct {
	User       string   `json:"user"` // an email or user:EMAIL
	Name       string   `json:"name,omitempty"`
	Emails     []string `json:"emails,omitempty"`
	ExternalID string   `json:"external_id,omitempty"`
	Active     bool     `json:"active"`
}

// UserChange is what a change to a user did.
type UserChange struct {
	User    verity.User `json:"user"`
	Created bool        `json:"created"`
	Changed bool        `json:"changed"`
}

// UserList is the directory's users: verity user list --json.
type UserList struct {
	Users []verity.User `json:"users"`
}

// GroupList is the directory's groups: verity group list --json.
type GroupList struct {
	Groups []verity.Group `json:"groups"`
}

// GroupChange adds users to a group or takes them out: verity group add
// and remove. Create makes unknown users (active) and a missing group
// instead of refusing them.
type GroupChange struct {
	Group  string   `json:"group"`
	Users  []string `json:"users"`
	Create bool     `json:"create,omitempty"`
}

// MembersChange is what a change of a group's members did, and the
// command that undoes it.
type MembersChange struct {
	Group   verity.Principal   `json:"group"`
	Added   []verity.Principal `json:"added"`
	Removed []verity.Principal `json:"removed"`
	Created []verity.Principal `json:"created,omitempty"` // users and the group made by Create
	Undo    string             `json:"undo,omitempty"`
}

// UserDetail is one user with its groups and its log: verity user show.
type UserDetail struct {
	User verity.User             `json:"user"`
	Log  []verity.DirectoryEvent `json:"log"`
}

// directoryCaller decides whether c may change the directory: an admin,
// or a provisioner (a SCIM token). It returns whether c is a provisioner.
func (s *Service) directoryCaller(ctx context.Context, c verity.Caller, what string) (bool, error) {
	if c.Provisioner() {
		return true, nil
	}
	if _, err := s.require(ctx, c, verity.RoleAdmin, what); err != nil {
		return false, err
	}
	return false, nil
}

// directoryEvent is the log's line for a change c makes.
func directoryEvent(c verity.Caller, action string, subject verity.Principal, detail map[string]any) verity.DirectoryEvent {
	a := c.AsActor()
	return verity.DirectoryEvent{Actor: a.Who, Token: a.Token, Action: action, Subject: subject, Detail: detail}
}

// directoryGroup parses a directory group's name, which admins, SCIM and
// proxies may write: group:NAME without a colon in NAME, so that none of
// them can produce a platform group's name (group:KIND:NAME/GROUP).
func directoryGroup(s string) (verity.Principal, error) {
	g, err := verity.GroupPrincipal(s)
	if err != nil {
		return "", err
	}
	if strings.Contains(strings.TrimPrefix(string(g), verity.PrincipalGroup+":"), ":") {
		return "", verity.Errorf(verity.EINVALID, "group %q: a directory group's name has no colon (group:KIND:NAME/GROUP names a platform's group, which only its connector writes)", s)
	}
	return g, nil
}

// PutUser creates or replaces a user on c's behalf (an admin or a
// provisioner, never for its own principal).
func (s *Service) PutUser(ctx context.Context, c verity.Caller, req UserPut) (*UserChange, error) {
	if _, err := s.directoryCaller(ctx, c, "changing the directory"); err != nil {
		return nil, err
	}
	p, err := verity.UserPrincipal(req.User)
	if err != nil {
		return nil, err
	}
	if err := notSelf(c, p); err != nil {
		return nil, err
	}
	old, err := s.store.Users(ctx, verity.DirectoryFilter{Principal: p})
	if err != nil {
		return nil, err
	}
	u := &verity.User{Principal: p, Name: strings.TrimSpace(req.Name), Emails: req.Emails, ExternalID: req.ExternalID, Active: req.Active}
	if len(old) == 1 {
		o := old[0]
		if o.Name == u.Name && slices.Equal(o.Emails, u.Emails) && o.ExternalID == u.ExternalID && o.Active == u.Active {
			return &UserChange{User: o}, nil
		}
	}
	action := "user.put"
	if len(old) == 1 && old[0].Active != u.Active {
		action = map[bool]string{true: "user.activate", false: "user.deactivate"}[u.Active]
	}
	created, err := s.store.PutUser(ctx, u, directoryEvent(c, action, p, map[string]any{"active": u.Active}))
	if err != nil {
		return nil, err
	}
	s.log.Info("directory user stored", "user", string(p), "active", u.Active, "by", string(c.Actor()))
	us, err := s.store.Users(ctx, verity.DirectoryFilter{Principal: p})
	if err != nil || len(us) != 1 {
		return nil, err
	}
	return &UserChange{User: us[0], Created: created, Changed: true}, nil
}

// SetUserActive activates or deactivates a listed user on c's behalf: a
// deactivated user is refused at its next call on every server.
func (s *Service) SetUserActive(ctx context.Context, c verity.Caller, user string, active bool) (*UserChange, error) {
	if _, err := s.directoryCaller(ctx, c, "changing the directory"); err != nil {
		return nil, err
	}
	p, err := verity.UserPrincipal(user)
	if err != nil {
		return nil, err
	}
	if err := notSelf(c, p); err != nil {
		return nil, err
	}
	action := map[bool]string{true: "user.activate", false: "user.deactivate"}[active]
	changed, err := s.store.SetUserActive(ctx, p, active, directoryEvent(c, action, p, nil))
	if err != nil {
		return nil, err
	}
	if changed {
		s.log.Info("directory user "+action[len("user."):]+"d", "user", string(p), "by", string(c.Actor()))
	}
	us, err := s.store.Users(ctx, verity.DirectoryFilter{Principal: p})
	if err != nil || len(us) != 1 {
		return nil, err
	}
	return &UserChange{User: us[0], Changed: changed}, nil
}

// Users lists the directory's users (f selects), each with its groups: an
// admin's or a provisioner's.
func (s *Service) Users(ctx context.Context, c verity.Caller, f verity.DirectoryFilter) (*UserList, error) {
	if _, err := s.directoryCaller(ctx, c, "reading the directory"); err != nil {
		return nil, err
	}
	us, err := s.store.Users(ctx, f)
	if err != nil {
		return nil, err
	}
	return &UserList{Users: us}, nil
}

// User returns one user with its groups and the log of changes to it.
func (s *Service) User(ctx context.Context, c verity.Caller, user string) (*UserDetail, error) {
	if _, err := s.directoryCaller(ctx, c, "reading the directory"); err != nil {
		return nil, err
	}
	p, err := verity.UserPrincipal(user)
	if err != nil {
		return nil, err
	}
	us, err := s.store.Users(ctx, verity.DirectoryFilter{Principal: p})
	if err != nil {
		return nil, err
	}
	if len(us) == 0 {
		return nil, verity.Errorf(verity.ENOTFOUND, "no user %q in the directory", p)
	}
	log, err := s.store.DirectoryLog(ctx, p, 50)
	if err != nil {
		return nil, err
	}
	return &UserDetail{User: us[0], Log: log}, nil
}

// Groups lists the directory's groups (f selects) with their members; a
// provisioner sees directory groups only.
func (s *Service) Groups(ctx context.Context, c verity.Caller, f verity.DirectoryFilter) (*GroupList, error) {
	if _, err := s.directoryCaller(ctx, c, "reading the directory"); err != nil {
		return nil, err
	}
	gs, err := s.store.Groups(ctx, f)
	if err != nil {
		return nil, err
	}
	if c.Provisioner() {
		// An identity provider keeps directory groups; platforms' groups
		// are their connectors' and none of its business.
		gs = slices.DeleteFunc(gs, func(g verity.Group) bool { return g.Origin != "" })
	}
	return &GroupList{Groups: gs}, nil
}

// GroupPut creates a directory group or renames its display name.
type GroupPut struct {
	Group      string `json:"group"` // NAME or group:NAME
	Name       string `json:"name,omitempty"`
	ExternalID string `json:"external_id,omitempty"`
}

// PutGroup creates or updates a directory group on c's behalf.
func (s *Service) PutGroup(ctx context.Context, c verity.Caller, req GroupPut) (*verity.Group, bool, error) {
	if _, err := s.directoryCaller(ctx, c, "changing the directory"); err != nil {
		return nil, false, err
	}
	g, err := directoryGroup(req.Group)
	if err != nil {
		return nil, false, err
	}
	if err := notSelf(c, g); err != nil {
		return nil, false, err
	}
	created, err := s.store.PutGroup(ctx, &verity.Group{Principal: g, Name: strings.TrimSpace(req.Name), ExternalID: req.ExternalID},
		directoryEvent(c, "group.put", g, nil))
	if err != nil {
		return nil, false, err
	}
	gs, err := s.store.Groups(ctx, verity.DirectoryFilter{Principal: g})
	if err != nil || len(gs) != 1 {
		return nil, false, err
	}
	return &gs[0], created, nil
}

// DeleteGroup removes a directory group and its memberships on c's
// behalf. A group holding a role is deleted only by an admin, or by a
// provisioner where every grant it holds is provisioned.
func (s *Service) DeleteGroup(ctx context.Context, c verity.Caller, group string) (bool, error) {
	prov, err := s.directoryCaller(ctx, c, "changing the directory")
	if err != nil {
		return false, err
	}
	g, err := directoryGroup(group)
	if err != nil {
		return false, err
	}
	if prov {
		if err := s.provisionable(ctx, c, g); err != nil {
			return false, err
		}
	}
	found, err := s.store.DeleteGroup(ctx, g, directoryEvent(c, "group.delete", g, nil))
	if err != nil {
		return false, err
	}
	if found {
		s.log.Info("directory group deleted", "group", string(g), "by", string(c.Actor()))
	}
	return found, nil
}

// AddToGroup puts users into a group on c's behalf (an admin's verity
// group add). Unknown users are refused unless req.Create makes them
// active; a missing group is refused unless req.Create makes it.
func (s *Service) AddToGroup(ctx context.Context, c verity.Caller, req GroupChange) (*MembersChange, error) {
	return s.changeMembers(ctx, c, req, true)
}

// RemoveFromGroup takes users out of a group on c's behalf.
func (s *Service) RemoveFromGroup(ctx context.Context, c verity.Caller, req GroupChange) (*MembersChange, error) {
	return s.changeMembers(ctx, c, req, false)
}

func (s *Service) changeMembers(ctx context.Context, c verity.Caller, req GroupChange, add bool) (*MembersChange, error) {
	prov, err := s.directoryCaller(ctx, c, "changing a group's members")
	if err != nil {
		return nil, err
	}
	g, err := directoryGroup(req.Group)
	if err != nil {
		return nil, err
	}
	if len(req.Users) == 0 {
		return nil, verity.Errorf(verity.EINVALID, "name the users to %s", map[bool]string{true: "add", false: "remove"}[add])
	}
	users := make([]verity.Principal, 0, len(req.Users))
	for _, u := range req.Users {
		p, err := verity.UserPrincipal(u)
		if err != nil {
			return nil, err
		}
		if err := notSelf(c, p); err != nil {
			return nil, err
		}
		users = append(users, p)
	}
	if prov {
		if err := s.provisionable(ctx, c, g); err != nil {
			return nil, err
		}
	}
	out := &MembersChange{Group: g, Added: []verity.Principal{}, Removed: []verity.Principal{}}
	if add {
		gs, err := s.store.Groups(ctx, verity.DirectoryFilter{Principal: g})
		if err != nil {
			return nil, err
		}
		if len(gs) == 0 {
			if !req.Create {
				return nil, verity.Errorf(verity.ENOTFOUND, "no group %q in the directory (add --create to make it)", g)
			}
			if _, err := s.store.PutGroup(ctx, &verity.Group{Principal: g}, directoryEvent(c, "group.put", g, nil)); err != nil {
				return nil, err
			}
			out.Created = append(out.Created, g)
		}
		for _, u := range users {
			us, err := s.store.Users(ctx, verity.DirectoryFilter{Principal: u})
			if err != nil {
				return nil, err
			}
			if len(us) > 0 {
				continue
			}
			if !req.Create {
				return nil, verity.Errorf(verity.ENOTFOUND, "no user %q in the directory (add --create to make it, active)", u)
			}
			if _, err := s.store.PutUser(ctx, &verity.User{Principal: u, Active: true}, directoryEvent(c, "user.put", u, map[string]any{"active": true})); err != nil {
				return nil, err
			}
			out.Created = append(out.Created, u)
		}
		added, _, err := s.store.SetMembers(ctx, g, users, nil, directoryEvent(c, "group.add", g, nil))
		if err != nil {
			return nil, err
		}
		out.Added = append(out.Added, added...)
	} else {
		_, removed, err := s.store.SetMembers(ctx, g, nil, users, directoryEvent(c, "group.remove", g, nil))
		if err != nil {
			return nil, err
		}
		out.Removed = append(out.Removed, removed...)
	}
	if n := len(out.Added) + len(out.Removed); n > 0 {
		s.log.Info("directory group members changed", "group", string(g), "added", len(out.Added), "removed", len(out.Removed), "by", string(c.Actor()))
		out.Undo = undoMembers(out)
	}
	return out, nil
}

// ReplaceMembers makes a group's members exactly users (SCIM's replace of
// members), on a provisioner's or an admin's behalf.
func (s *Service) ReplaceMembers(ctx context.Context, c verity.Caller, group string, users []string) (*MembersChange, error) {
	prov, err := s.directoryCaller(ctx, c, "changing a group's members")
	if err != nil {
		return nil, err
	}
	g, err := directoryGroup(group)
	if err != nil {
		return nil, err
	}
	want := make([]verity.Principal, 0, len(users))
	for _, u := range users {
		p, err := verity.UserPrincipal(u)
		if err != nil {
			return nil, err
		}
		if err := notSelf(c, p); err != nil {
			return nil, err
		}
		want = append(want, p)
	}
	gs, err := s.store.Groups(ctx, verity.DirectoryFilter{Principal: g})
	if err != nil {
		return nil, err
	}
	if len(gs) == 0 {
		return nil, verity.Errorf(verity.ENOTFOUND, "no group %q in the directory", g)
	}
	var add, remove []verity.Principal
	for _, p := range want {
		if !slices.Contains(gs[0].Members, p) {
			add = append(add, p)
		}
	}
	for _, p := range gs[0].Members {
		if !slices.Contains(want, p) {
			remove = append(remove, p)
		}
	}
	out := &MembersChange{Group: g, Added: []verity.Principal{}, Removed: []verity.Principal{}}
	if len(add)+len(remove) == 0 {
		return out, nil
	}
	if prov {
		if err := s.provisionable(ctx, c, g); err != nil {
			return nil, err
		}
	}
	added, removed, err := s.store.SetMembers(ctx, g, add, remove, directoryEvent(c, "group.replace", g, nil))
	if err != nil {
		return nil, err
	}
	out.Added, out.Removed = append(out.Added, added...), append(out.Removed, removed...)
	s.log.Info("directory group members changed", "group", string(g), "added", len(added), "removed", len(removed), "by", string(c.Actor()))
	out.Undo = undoMembers(out)
	return out, nil
}

// provisionable refuses a provisioner's (or a connector's) change to the
// members of a group that holds a role an admin did not grant
// --provisioned, and logs the refusal: roles stay an admin's decision.
func (s *Service) provisionable(ctx context.Context, c verity.Caller, g verity.Principal) error {
	grants, err := s.store.Roles(ctx)
	if err != nil {
		return err
	}
	for _, gr := range grants {
		if gr.Principal != g || gr.Provisioned {
			continue
		}
		ev := directoryEvent(c, "refused", g, map[string]any{"why": "the group holds the " + string(gr.Role) + " role, not granted --provisioned"})
		if err := s.store.LogDirectory(ctx, ev); err != nil {
			return err
		}
		s.log.Warn("directory change refused: group holds a role", "group", string(g), "role", string(gr.Role), "by", string(c.Actor()))
		return verity.Errorf(verity.EFORBIDDEN, "%s holds the %s role, so only an admin changes its members (or grants the role with --provisioned: verity role grant %s %s --provisioned)",
			g, gr.Role, gr.Role, g)
	}
	return nil
}

// notSelf refuses a provisioner's change to its own principal: a SCIM token
// cannot give itself groups.
func notSelf(c verity.Caller, p verity.Principal) error {
	if c.Provisioner() && p == c.Actor() {
		return verity.Errorf(verity.EFORBIDDEN, "a provisioning token cannot change its own principal %s", p)
	}
	return nil
}

// undoMembers is the command that undoes a change of members.
func undoMembers(m *MembersChange) string {
	var parts []string
	if len(m.Added) > 0 {
		parts = append(parts, "verity group remove "+string(m.Group)+" "+joinPrincipals(m.Added))
	}
	if len(m.Removed) > 0 {
		parts = append(parts, "verity group add "+string(m.Group)+" "+joinPrincipals(m.Removed))
	}
	return strings.Join(parts, " && ")
}

func joinPrincipals(ps []verity.Principal) string {
	ss := make([]string, len(ps))
	for i, p := range ps {
		ss[i] = string(p)
	}
	return strings.Join(ss, " ")
}

// AliasChange is what saying a platform group equals a directory group
// did: who now reads as the platform group that did not before.
type AliasChange struct {
	Platform verity.Principal   `json:"platform"`
	Group    verity.Principal   `json:"group,omitempty"`
	Changed  bool               `json:"changed"`
	Adds     []verity.Principal `json:"adds,omitempty"`
}

// AliasGroup says platform group platform (group:KIND:NAME/GROUP) reads as
// directory group group: the group's members read what is shared with the
// platform group. An alias widens who reads, so it is an admin's alone,
// logged with the principals it adds; an aliased group never holds a role.
// An empty group takes the alias away.
func (s *Service) AliasGroup(ctx context.Context, c verity.Caller, platform, group string) (*AliasChange, error) {
	if _, err := s.require(ctx, c, verity.RoleAdmin, "aliasing groups"); err != nil {
		return nil, err
	}
	p, err := verity.GroupPrincipal(platform)
	if err != nil {
		return nil, err
	}
	if _, ok := p.Platform(); !ok {
		return nil, verity.Errorf(verity.EINVALID, "%s is not a platform's group: want group:KIND:NAME/GROUP, such as group:confluence:wiki/engineering", p)
	}
	out := &AliasChange{Platform: p}
	if strings.TrimSpace(group) == "" {
		changed, err := s.store.SetGroupAlias(ctx, p, "", directoryEvent(c, "alias.remove", p, nil))
		if err != nil {
			return nil, err
		}
		out.Changed = changed
		return out, nil
	}
	g, err := directoryGroup(group)
	if err != nil {
		return nil, err
	}
	grants, err := s.store.Roles(ctx)
	if err != nil {
		return nil, err
	}
	for _, gr := range grants {
		if gr.Principal == p {
			return nil, verity.Errorf(verity.EINVALID, "%s holds the %s role; an aliased group never carries a role: revoke it first", p, gr.Role)
		}
	}
	gs, err := s.store.Groups(ctx, verity.DirectoryFilter{Principal: g})
	if err != nil {
		return nil, err
	}
	if len(gs) == 0 {
		return nil, verity.Errorf(verity.ENOTFOUND, "no group %q in the directory", g)
	}
	var old []verity.Principal
	if ps, err := s.store.Groups(ctx, verity.DirectoryFilter{Principal: p}); err != nil {
		return nil, err
	} else if len(ps) == 1 {
		old = ps[0].Members
	}
	for _, m := range gs[0].Members {
		if !slices.Contains(old, m) {
			out.Adds = append(out.Adds, m)
		}
	}
	detail := map[string]any{"group": string(g), "adds": out.Adds}
	changed, err := s.store.SetGroupAlias(ctx, p, g, directoryEvent(c, "alias.set", p, detail))
	if err != nil {
		return nil, err
	}
	out.Group, out.Changed = g, changed
	if changed {
		s.log.Info("directory alias set", "platform", string(p), "group", string(g), "adds", len(out.Adds), "by", string(c.Actor()))
	}
	return out, nil
}

// PlatformGroup is one group of a connector's platform and its members, as
// the connector read them.
type PlatformGroup struct {
	Group   string   `json:"group"` // the platform's own group name
	Name    string   `json:"name,omitempty"`
	Members []string `json:"members"` // emails
}

// PlatformSync is what writing a connector's groups did.
type PlatformSync struct {
	Groups  int      `json:"groups"`
	Added   int      `json:"added"`
	Removed int      `json:"removed"`
	Aliased []string `json:"aliased,omitempty"` // left alone: an alias stands
	Unknown int      `json:"unknown_users"`     // members the directory does not list, made active
}

// SyncPlatformGroups writes the groups a connector (KIND:NAME, such as
// confluence:wiki) read from its platform into the directory as
// group:KIND:NAME/GROUP with exactly the members given; only that
// connector writes them. A group aliased to a directory group is left as
// it is while the alias stands; a group holding a role is refused unless
// the grant is provisioned. c is the connector's caller (a curator's run).
func (s *Service) SyncPlatformGroups(ctx context.Context, c verity.Caller, connector string, groups []PlatformGroup) (*PlatformSync, error) {
	if c.Connector() == "" {
		if _, err := s.require(ctx, c, verity.RoleCurator, "syncing a platform's groups"); err != nil {
			return nil, err
		}
	} else if _, name, _ := strings.Cut(connector, ":"); name != c.Connector() {
		return nil, verity.Errorf(verity.EFORBIDDEN, "connector %s may sync its own platform's groups, not %s's", c.Connector(), connector)
	}
	kind, name, ok := strings.Cut(connector, ":")
	if !ok || kind == "" || name == "" || strings.ContainsAny(connector, " /") {
		return nil, verity.Errorf(verity.EINVALID, "connector %q: want KIND:NAME, such as confluence:wiki", connector)
	}
	out := &PlatformSync{}
	for _, pg := range groups {
		if strings.TrimSpace(pg.Group) == "" {
			return nil, verity.Errorf(verity.EINVALID, "a group of %s has no name", connector)
		}
		gp, err := verity.ParsePrincipal(verity.PrincipalGroup + ":" + connector + "/" + strings.TrimSpace(pg.Group))
		if err != nil {
			return nil, err
		}
		if conn, ok := gp.Platform(); !ok || conn != connector {
			return nil, verity.Errorf(verity.EINVALID, "group %q of %s: not a platform group's name", pg.Group, connector)
		}
		existing, err := s.store.Groups(ctx, verity.DirectoryFilter{Principal: gp})
		if err != nil {
			return nil, err
		}
		if len(existing) == 1 && existing[0].AliasOf != "" {
			out.Aliased = append(out.Aliased, string(gp))
			continue
		}
		if len(existing) == 1 && existing[0].Origin != connector {
			return nil, verity.Errorf(verity.EFORBIDDEN, "%s belongs to %s, not %s", gp, existing[0].Origin, connector)
		}
		if err := s.provisionable(ctx, c, gp); err != nil {
			return nil, err
		}
		if len(existing) == 0 {
			if _, err := s.store.PutGroup(ctx, &verity.Group{Principal: gp, Name: pg.Name, Origin: connector}, directoryEvent(c, "group.put", gp, map[string]any{"connector": connector})); err != nil {
				return nil, err
			}
		}
		var want []verity.Principal
		for _, m := range pg.Members {
			p, err := verity.UserPrincipal(m)
			if err != nil {
				return nil, err
			}
			us, err := s.store.Users(ctx, verity.DirectoryFilter{Principal: p})
			if err != nil {
				return nil, err
			}
			if len(us) == 0 {
				if _, err := s.store.PutUser(ctx, &verity.User{Principal: p, Active: true}, directoryEvent(c, "user.put", p, map[string]any{"connector": connector})); err != nil {
					return nil, err
				}
				out.Unknown++
			}
			want = append(want, p)
		}
		var have []verity.Principal
		if len(existing) == 1 {
			have = existing[0].Members
		}
		var add, remove []verity.Principal
		for _, p := range want {
			if !slices.Contains(have, p) {
				add = append(add, p)
			}
		}
		for _, p := range have {
			if !slices.Contains(want, p) {
				remove = append(remove, p)
			}
		}
		added, removed, err := s.store.SetMembers(ctx, gp, add, remove, directoryEvent(c, "group.sync", gp, map[string]any{"connector": connector}))
		if err != nil {
			return nil, err
		}
		out.Groups++
		out.Added += len(added)
		out.Removed += len(removed)
	}
	return out, nil
}
