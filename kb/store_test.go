package kb_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/kb"
)

// roleDouble is an AccessStore and nothing else: the roles a test sets.
type roleDouble struct {
	grants []verity.RoleGrant
}

func (d *roleDouble) GrantRole(_ context.Context, g verity.RoleGrant) (bool, error) {
	d.grants = append(d.grants, g)
	return true, nil
}

func (d *roleDouble) RevokeRole(_ context.Context, p verity.Principal, r verity.Role) (bool, error) {
	n := len(d.grants)
	d.grants = slices.DeleteFunc(d.grants, func(g verity.RoleGrant) bool { return g.Principal == p && g.Role == r })
	return len(d.grants) < n, nil
}

func (d *roleDouble) Roles(context.Context) ([]verity.RoleGrant, error) { return d.grants, nil }

func (d *roleDouble) RolesOf(_ context.Context, ps []verity.Principal) ([]verity.Role, error) {
	var out []verity.Role
	for _, g := range d.grants {
		if slices.Contains(ps, g.Principal) {
			out = append(out, g.Role)
		}
	}
	return out, nil
}

func (d *roleDouble) PutToken(context.Context, *verity.Token) error { return nil }
func (d *roleDouble) Token(context.Context, string) (*verity.Token, error) {
	return nil, verity.Errorf(verity.ENOTFOUND, "no token")
}
func (d *roleDouble) Tokens(context.Context) ([]verity.Token, error)               { return nil, nil }
func (d *roleDouble) RevokeToken(context.Context, string, time.Time) (bool, error) { return false, nil }
func (d *roleDouble) SetSystemDiscoverable(context.Context, string, bool, verity.Principal) (bool, error) {
	return false, nil
}
func (d *roleDouble) Systems(context.Context) ([]verity.System, error) { return nil, nil }
func (d *roleDouble) UndiscoverableSources(context.Context, []string) (map[string]bool, error) {
	return nil, nil
}
func (d *roleDouble) HintQueries(context.Context, []string, int64) (map[string]int64, error) {
	return nil, nil
}
func (d *roleDouble) AddHintQueries(context.Context, int64, map[string]int64) error { return nil }

// TestServiceOverOneConcern runs the service over a double of one concern
// of the store, the roles: rights, identities and role grants need nothing
// else, so a test (or a new backend built a concern at a time) implements
// only that.
func TestServiceOverOneConcern(t *testing.T) {
	ctx := context.Background()
	roles := &roleDouble{}
	s := kb.NewWith(kb.Stores{AccessStore: roles}, kb.Options{Now: func() time.Time { return t0 }})
	ann := verity.NewCaller("user:ann@corp.example", "group:editors")
	if r, err := s.Rights(ctx, ann); err != nil || r.Curator || r.Admin {
		t.Fatalf("Rights(ann) before any grant = %+v, %v; want none", r, err)
	}
	if _, err := s.GrantRole(ctx, ann, verity.RoleCurator, "group:editors"); verity.ErrorCode(err) != verity.EFORBIDDEN {
		t.Errorf("GrantRole by a reader = %v, want forbidden", err)
	}
	if _, err := s.GrantRole(ctx, local, verity.RoleCurator, "group:editors"); err != nil {
		t.Fatal(err)
	}
	id, err := s.Identity(ctx, ann)
	if err != nil || !id.Rights.Curator || id.Rights.Admin || id.Actor != "user:ann@corp.example" {
		t.Errorf("Identity(ann) = %+v, %v; want a curator by group:editors, acting as ann", id, err)
	}
	list, err := s.Roles(ctx, local)
	if err != nil || len(list.Roles) != 1 || list.Roles[0].By != local.Actor() {
		t.Errorf("Roles = %+v, %v; want the one grant, by the local operator", list, err)
	}
}
