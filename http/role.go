package http

import (
	"context"
	"net/http"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/kb"
)

// RoleRequest is the body of POST /api/v1/roles/grant and /roles/revoke.
type RoleRequest struct {
	Role      string `json:"role"`      // curator or admin
	Principal string `json:"principal"` // user:EMAIL or group:NAME
}

// roles is GET /api/v1/roles, as verity role list --json (admins).
func (s *Server) roles(w http.ResponseWriter, r *http.Request, c verity.Caller) (any, error) {
	gs, err := s.svc.Roles(r.Context(), c)
	if err != nil {
		return nil, err
	}
	return map[string]any{"roles": gs}, nil
}

// grantRole is POST /api/v1/roles/grant (admins).
func (s *Server) grantRole(w http.ResponseWriter, r *http.Request, c verity.Caller) (any, error) {
	return s.changeRole(w, r, c, s.svc.GrantRole)
}

// revokeRole is POST /api/v1/roles/revoke (admins).
func (s *Server) revokeRole(w http.ResponseWriter, r *http.Request, c verity.Caller) (any, error) {
	return s.changeRole(w, r, c, s.svc.RevokeRole)
}

func (s *Server) changeRole(w http.ResponseWriter, r *http.Request, c verity.Caller, change func(ctx context.Context, c verity.Caller, role verity.Role, p verity.Principal) (*kb.RoleChange, error)) (any, error) {
	var req RoleRequest
	if err := decode(w, r, s.opt.MaxBody, &req); err != nil {
		return nil, err
	}
	return change(r.Context(), c, verity.Role(req.Role), verity.Principal(req.Principal))
}
