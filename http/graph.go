package http

import (
	"net/http"
	"strings"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/extract"
)

// graph is GET /api/v1/graph?relation=&spec=: the live edges the caller may
// see, in the shape of verity graph --json.
func (s *Server) graph(w http.ResponseWriter, r *http.Request, c verity.Caller) (any, error) {
	q := query{r: r}
	edges, err := s.svc.Graph(r.Context(), c, extract.GraphFilter{Relation: q.str("relation"), Spec: q.str("spec")})
	if err != nil {
		return nil, err
	}
	return map[string]any{"edges": edges}, nil
}

// entities is GET /api/v1/graph/entities, as verity graph entities --json.
func (s *Server) entities(w http.ResponseWriter, r *http.Request, c verity.Caller) (any, error) {
	ents, err := s.svc.Entities(r.Context(), c)
	if err != nil {
		return nil, err
	}
	return map[string]any{"entities": ents}, nil
}

// MergeRequest is the body of POST /api/v1/graph/merge.
type MergeRequest struct {
	From  string   `json:"from"`
	Into  string   `json:"into"`
	Basis []string `json:"basis,omitempty"` // source:ID or record:ID refs the merge also rests on
	Why   string   `json:"why,omitempty"`
}

// merge is POST /api/v1/graph/merge, as verity graph merge --json.
func (s *Server) merge(w http.ResponseWriter, r *http.Request, c verity.Caller) (any, error) {
	var req MergeRequest
	if err := decode(w, r, s.opt.MaxBody, &req); err != nil {
		return nil, err
	}
	basis := make([]verity.Ref, len(req.Basis))
	for i, b := range req.Basis {
		basis[i] = verity.Ref(b)
	}
	id, err := s.svc.Merge(r.Context(), c, req.From, req.Into, basis, req.Why)
	if err != nil {
		return nil, err
	}
	return map[string]string{"merge": id}, nil
}

// AliasRequest is the body of POST /api/v1/graph/alias.
type AliasRequest struct {
	Name  string `json:"name"`
	Alias string `json:"alias"`
}

// alias is POST /api/v1/graph/alias: it answers {"key","alias"}.
func (s *Server) alias(w http.ResponseWriter, r *http.Request, c verity.Caller) (any, error) {
	var req AliasRequest
	if err := decode(w, r, s.opt.MaxBody, &req); err != nil {
		return nil, err
	}
	key, err := s.svc.Alias(r.Context(), c, req.Name, req.Alias)
	if err != nil {
		return nil, err
	}
	return map[string]string{"key": key, "alias": strings.TrimSpace(req.Alias)}, nil
}
