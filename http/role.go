package http

import (
	"context"
	"net/http"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/kb"
)

// roles is GET /api/v1/roles, as verity role list --json (admins).
func (s *Server) roles(w http.ResponseWriter, r *http.Request, c verity.Caller) (any, error) {
	return s.svc.Roles(r.Context(), c)
}

// grantRole is POST /api/v1/roles/grant (a [kb.RoleRequest], admins).
func (s *Server) grantRole(w http.ResponseWriter, r *http.Request, c verity.Caller) (any, error) {
	return s.changeRole(w, r, c, nil)
}

// revokeRole is POST /api/v1/roles/revoke (a [kb.RoleRequest], admins).
func (s *Server) revokeRole(w http.ResponseWriter, r *http.Request, c verity.Caller) (any, error) {
	return s.changeRole(w, r, c, s.svc.RevokeRole)
}

func (s *Server) changeRole(w http.ResponseWriter, r *http.Request, c verity.Caller, change func(ctx context.Context, c verity.Caller, role verity.Role, p verity.Principal) (*kb.RoleChange, error)) (any, error) {
	var req kb.RoleRequest
	if err := decode(w, r, s.opt.MaxBody, &req); err != nil {
		return nil, err
	}
	switch {
	case change == nil && req.Provisioned:
		change = s.svc.GrantProvisionedRole
	case change == nil:
		change = s.svc.GrantRole
	case req.Provisioned:
		return nil, verity.Errorf(verity.EINVALID, "provisioned is for granting a role")
	}
	return change(r.Context(), c, verity.Role(req.Role), verity.Principal(req.Principal))
}

// systems is GET /api/v1/systems, as verity systems --json (admins).
func (s *Server) systems(w http.ResponseWriter, r *http.Request, c verity.Caller) (any, error) {
	return s.svc.Systems(r.Context(), c)
}

// setDiscoverable is PUT /api/v1/systems/{system}/discoverable (a
// [kb.DiscoverableRequest], admins).
func (s *Server) setDiscoverable(w http.ResponseWriter, r *http.Request, c verity.Caller) (any, error) {
	var req kb.DiscoverableRequest
	if err := decode(w, r, s.opt.MaxBody, &req); err != nil {
		return nil, err
	}
	return s.svc.SetDiscoverable(r.Context(), c, r.PathValue("system"), req.Discoverable)
}
