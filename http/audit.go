package http

import (
	"net/http"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/kb"
)

// audit is POST /api/v1/audit (a [kb.AuditRequest]), in the shape of
// verity audit --json, or of verity audit --queue --json when it asks to
// be queued.
func (s *Server) audit(w http.ResponseWriter, r *http.Request, c verity.Caller) (any, error) {
	var req kb.AuditRequest
	if err := decode(w, r, s.opt.MaxBody, &req); err != nil {
		return nil, err
	}
	if req.Queue {
		return s.svc.QueueAudit(r.Context(), c, req)
	}
	rep, err := s.svc.Audit(r.Context(), c, req)
	if err != nil {
		return nil, err
	}
	if rep.Applied != nil {
		s.metrics.revocation(rep.Applied)
	}
	return rep, nil
}

// replay is GET /api/v1/audit/replay?run=N (0 or none: the latest), as
// verity audit --replay --json.
func (s *Server) replay(w http.ResponseWriter, r *http.Request, c verity.Caller) (any, error) {
	q := query{r: r}
	run := q.int64("run")
	if q.err != nil {
		return nil, q.err
	}
	return s.svc.Replay(r.Context(), c, run)
}

// undetermined is GET /api/v1/audit/undetermined, as verity audit
// --undetermined --json.
func (s *Server) undetermined(w http.ResponseWriter, r *http.Request, c verity.Caller) (any, error) {
	return s.svc.Undetermined(r.Context(), c)
}
