package http

import (
	"net/http"
	"time"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/kb"
)

// TokenRequest is the body of POST /api/v1/tokens (admins).
type TokenRequest struct {
	Name       string   `json:"name"`
	Principals []string `json:"principals"`        // one user:EMAIL and any group:NAME
	Expires    string   `json:"expires,omitempty"` // a Go duration such as 720h; none: no expiry
}

// TokenRevokeRequest is the body of POST /api/v1/tokens/revoke (admins).
type TokenRevokeRequest struct {
	ID string `json:"id"`
}

// tokens is GET /api/v1/tokens, as verity token list --json: no secrets.
func (s *Server) tokens(w http.ResponseWriter, r *http.Request, c verity.Caller) (any, error) {
	ts, err := s.svc.Tokens(r.Context(), c)
	if err != nil {
		return nil, err
	}
	if ts == nil {
		ts = []verity.Token{}
	}
	return map[string]any{"tokens": ts}, nil
}

// createToken is POST /api/v1/tokens, as verity token create --json: the
// secret is in this one answer and nowhere else.
func (s *Server) createToken(w http.ResponseWriter, r *http.Request, c verity.Caller) (any, error) {
	var req TokenRequest
	if err := decode(w, r, s.opt.MaxBody, &req); err != nil {
		return nil, err
	}
	var expires time.Duration
	if req.Expires != "" {
		d, err := time.ParseDuration(req.Expires)
		if err != nil {
			return nil, verity.Errorf(verity.EINVALID, "expires must be a duration such as 720h, got %q", req.Expires)
		}
		expires = d
	}
	ps := make([]verity.Principal, len(req.Principals))
	for i, p := range req.Principals {
		ps[i] = verity.Principal(p)
	}
	return s.svc.CreateToken(r.Context(), c, kb.TokenRequest{Name: req.Name, Principals: ps, Expires: expires})
}

// revokeToken is POST /api/v1/tokens/revoke, as verity token revoke --json.
func (s *Server) revokeToken(w http.ResponseWriter, r *http.Request, c verity.Caller) (any, error) {
	var req TokenRevokeRequest
	if err := decode(w, r, s.opt.MaxBody, &req); err != nil {
		return nil, err
	}
	changed, err := s.svc.RevokeToken(r.Context(), c, req.ID)
	if err != nil {
		return nil, err
	}
	return map[string]any{"id": req.ID, "revoked": changed}, nil
}
