package http

import (
	"net/http"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/kb"
)

// review is GET /api/v1/review: the candidates waiting for a person on
// pages the caller may read, as verity review --json.
func (s *Server) review(w http.ResponseWriter, r *http.Request, c verity.Caller) (any, error) {
	return s.svc.Review(r.Context(), c)
}

// decide is POST /api/v1/review/decisions (a [kb.DecisionRequest]), as
// verity review approve|reject --json.
func (s *Server) decide(w http.ResponseWriter, r *http.Request, c verity.Caller) (any, error) {
	var req kb.DecisionRequest
	if err := decode(w, r, s.opt.MaxBody, &req); err != nil {
		return nil, err
	}
	return s.svc.Decide(r.Context(), c, req)
}
