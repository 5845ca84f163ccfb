package http

import (
	"net/http"

	"github.com/veritykb/verity"
)

// review is GET /api/v1/review: the candidates waiting for a person on
// pages the caller may read, as verity review --json.
func (s *Server) review(w http.ResponseWriter, r *http.Request, c verity.Caller) (any, error) {
	items, err := s.svc.Review(r.Context(), c)
	if err != nil {
		return nil, err
	}
	return map[string]any{"review": items}, nil
}

// DecisionRequest is the body of POST /api/v1/review/decisions: a person's
// vote on a review item (ev:...) or an accepted edge (edge:...).
type DecisionRequest struct {
	ID   string `json:"id"`
	Vote string `json:"vote"` // approve or reject
	Why  string `json:"why,omitempty"`
}

// decide is POST /api/v1/review/decisions, as verity review approve|reject
// --json.
func (s *Server) decide(w http.ResponseWriter, r *http.Request, c verity.Caller) (any, error) {
	var req DecisionRequest
	if err := decode(w, r, s.opt.MaxBody, &req); err != nil {
		return nil, err
	}
	if req.Vote != verity.VoteApprove && req.Vote != verity.VoteReject {
		return nil, verity.Errorf(verity.EINVALID, "vote must be %s or %s, got %q", verity.VoteApprove, verity.VoteReject, req.Vote)
	}
	done, err := s.svc.Decide(r.Context(), c, req.ID, req.Vote, req.Why)
	if err != nil {
		return nil, err
	}
	return map[string]string{"id": req.ID, "vote": req.Vote, "by": string(c.Actor()), "result": done}, nil
}
