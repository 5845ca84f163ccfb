package http

import (
	"net/http"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/kb"
)

// TokenRevokeRequest is the body of POST /api/v1/tokens/revoke (admins).
type TokenRevokeRequest struct {
	ID string `json:"id"`
}

// tokens is GET /api/v1/tokens, as verity token list --json: no secrets.
func (s *Server) tokens(w http.ResponseWriter, r *http.Request, c verity.Caller) (any, error) {
	return s.svc.Tokens(r.Context(), c)
}

// createToken is POST /api/v1/tokens (a [kb.TokenRequest]), as verity token
// create --json: the secret is in this one answer and nowhere else.
func (s *Server) createToken(w http.ResponseWriter, r *http.Request, c verity.Caller) (any, error) {
	var req kb.TokenRequest
	if err := decode(w, r, s.opt.MaxBody, &req); err != nil {
		return nil, err
	}
	return s.svc.CreateToken(r.Context(), c, req)
}

// revokeToken is POST /api/v1/tokens/revoke, as verity token revoke --json.
func (s *Server) revokeToken(w http.ResponseWriter, r *http.Request, c verity.Caller) (any, error) {
	var req TokenRevokeRequest
	if err := decode(w, r, s.opt.MaxBody, &req); err != nil {
		return nil, err
	}
	return s.svc.RevokeToken(r.Context(), c, req.ID)
}
