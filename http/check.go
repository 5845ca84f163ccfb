package http

import (
	"net/http"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/kb"
)

// check is POST /api/v1/check (a [kb.CheckRequest]), in the shape of
// verity check --json.
func (s *Server) check(w http.ResponseWriter, r *http.Request, c verity.Caller) (any, error) {
	var req kb.CheckRequest
	if err := decode(w, r, s.opt.MaxBody, &req); err != nil {
		return nil, err
	}
	a, err := s.svc.Check(r.Context(), c, req)
	if err != nil {
		return nil, err
	}
	s.metrics.answered(a)
	return a, nil
}
