package http

import (
	"net/http"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/kb"
)

// graph is GET /api/v1/graph?relation=&spec=: the live edges the caller may
// see, in the shape of verity graph --json.
func (s *Server) graph(w http.ResponseWriter, r *http.Request, c verity.Caller) (any, error) {
	q := query{r: r}
	return s.svc.Graph(r.Context(), c, kb.GraphFilter{Relation: q.str("relation"), Spec: q.str("spec")})
}

// entities is GET /api/v1/graph/entities, as verity graph entities --json.
func (s *Server) entities(w http.ResponseWriter, r *http.Request, c verity.Caller) (any, error) {
	return s.svc.Entities(r.Context(), c)
}

// merge is POST /api/v1/graph/merge (a [kb.MergeRequest]), as verity graph
// merge --json.
func (s *Server) merge(w http.ResponseWriter, r *http.Request, c verity.Caller) (any, error) {
	var req kb.MergeRequest
	if err := decode(w, r, s.opt.MaxBody, &req); err != nil {
		return nil, err
	}
	return s.svc.Merge(r.Context(), c, req)
}

// alias is POST /api/v1/graph/alias (a [kb.AliasRequest]): it answers
// {"alias","key"}.
func (s *Server) alias(w http.ResponseWriter, r *http.Request, c verity.Caller) (any, error) {
	var req kb.AliasRequest
	if err := decode(w, r, s.opt.MaxBody, &req); err != nil {
		return nil, err
	}
	return s.svc.Alias(r.Context(), c, req)
}
