package http

import (
	"net/http"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/kb"
)

// revoke is POST /api/v1/revoke (a [kb.RevokeRequest]), in the shape of
// verity revoke --json.
func (s *Server) revoke(w http.ResponseWriter, r *http.Request, c verity.Caller) (any, error) {
	var req kb.RevokeRequest
	if err := decode(w, r, s.opt.MaxBody, &req); err != nil {
		return nil, err
	}
	return s.revoked(s.svc.Revoke(r.Context(), c, req))
}

// unrevoke is POST /api/v1/unrevoke (a [kb.RevokeRequest]).
func (s *Server) unrevoke(w http.ResponseWriter, r *http.Request, c verity.Caller) (any, error) {
	var req kb.RevokeRequest
	if err := decode(w, r, s.opt.MaxBody, &req); err != nil {
		return nil, err
	}
	return s.revoked(s.svc.Unrevoke(r.Context(), c, req))
}

// undo is POST /api/v1/undo (a [kb.UndoRequest]).
func (s *Server) undo(w http.ResponseWriter, r *http.Request, c verity.Caller) (any, error) {
	var req kb.UndoRequest
	if err := decode(w, r, s.opt.MaxBody, &req); err != nil {
		return nil, err
	}
	return s.revoked(s.svc.Undo(r.Context(), c, req))
}

// impact is POST /api/v1/impact (a [kb.ImpactRequest]), as verity impact
// --json.
func (s *Server) impact(w http.ResponseWriter, r *http.Request, c verity.Caller) (any, error) {
	var req kb.ImpactRequest
	if err := decode(w, r, s.opt.MaxBody, &req); err != nil {
		return nil, err
	}
	return s.svc.Impact(r.Context(), c, req)
}

// revoked counts a revocation's event for the metrics.
func (s *Server) revoked(rep *kb.RevocationReport, err error) (any, error) {
	if err != nil {
		return nil, err
	}
	s.metrics.revocation(rep)
	return rep, nil
}

// revocationLog is GET /api/v1/log, as verity log --json.
func (s *Server) revocationLog(w http.ResponseWriter, r *http.Request, c verity.Caller) (any, error) {
	return s.svc.Log(r.Context(), c)
}
