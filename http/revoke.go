package http

import (
	"net/http"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/kb"
)

// RevokeRequest is the body of POST /api/v1/revoke and /api/v1/unrevoke.
// Refs are as verity revoke's REF arguments: a bare source id, source:ID
// or record:ID.
type RevokeRequest struct {
	Refs   []string `json:"refs"`
	Reason string   `json:"reason,omitempty"` // required to revoke: it goes into the log
}

// UndoRequest is the body of POST /api/v1/undo.
type UndoRequest struct {
	Event  int64  `json:"event"`
	Reason string `json:"reason,omitempty"`
}

// ImpactRequest is the body of POST /api/v1/impact, a dry run of revoke.
type ImpactRequest struct {
	Refs []string `json:"refs"`
}

// revoke is POST /api/v1/revoke, in the shape of verity revoke --json.
func (s *Server) revoke(w http.ResponseWriter, r *http.Request, c verity.Caller) (any, error) {
	var req RevokeRequest
	if err := decode(w, r, s.opt.MaxBody, &req); err != nil {
		return nil, err
	}
	refs, err := verity.ParseRefs(req.Refs)
	if err != nil {
		return nil, err
	}
	return s.revoked(s.svc.Revoke(r.Context(), c, refs, req.Reason))
}

// unrevoke is POST /api/v1/unrevoke.
func (s *Server) unrevoke(w http.ResponseWriter, r *http.Request, c verity.Caller) (any, error) {
	var req RevokeRequest
	if err := decode(w, r, s.opt.MaxBody, &req); err != nil {
		return nil, err
	}
	refs, err := verity.ParseRefs(req.Refs)
	if err != nil {
		return nil, err
	}
	return s.revoked(s.svc.Unrevoke(r.Context(), c, refs, req.Reason))
}

// undo is POST /api/v1/undo.
func (s *Server) undo(w http.ResponseWriter, r *http.Request, c verity.Caller) (any, error) {
	var req UndoRequest
	if err := decode(w, r, s.opt.MaxBody, &req); err != nil {
		return nil, err
	}
	if req.Event <= 0 {
		return nil, verity.Errorf(verity.EINVALID, "undo: event must be an event number from the log, got %d", req.Event)
	}
	return s.revoked(s.svc.Undo(r.Context(), c, req.Event, req.Reason))
}

// impact is POST /api/v1/impact, as verity impact --json.
func (s *Server) impact(w http.ResponseWriter, r *http.Request, c verity.Caller) (any, error) {
	var req ImpactRequest
	if err := decode(w, r, s.opt.MaxBody, &req); err != nil {
		return nil, err
	}
	refs, err := verity.ParseRefs(req.Refs)
	if err != nil {
		return nil, err
	}
	return s.svc.Impact(r.Context(), c, refs)
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
	events, err := s.svc.Log(r.Context(), c)
	if err != nil {
		return nil, err
	}
	return map[string]any{"events": events}, nil
}
