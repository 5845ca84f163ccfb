package http

import (
	"net/http"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/kb"
)

// extract is POST /api/v1/extract (a [kb.ExtractRequest]), in the shape of
// verity extract --json, or of verity extract --queue --json when it asks
// to be queued.
func (s *Server) extract(w http.ResponseWriter, r *http.Request, c verity.Caller) (any, error) {
	var req kb.ExtractRequest
	if err := decode(w, r, s.opt.MaxBody, &req); err != nil {
		return nil, err
	}
	if req.Queue {
		return s.svc.QueueExtract(r.Context(), c, req)
	}
	return s.svc.Extract(r.Context(), c, req)
}
