package http

import (
	"net/http"

	"github.com/veritykb/verity"
)

// explain is GET /api/v1/explain?edge=ID: why an edge is what it is, in the
// shape of verity explain --json.
func (s *Server) explain(w http.ResponseWriter, r *http.Request, c verity.Caller) (any, error) {
	id := r.URL.Query().Get("edge")
	if id == "" {
		return nil, verity.Errorf(verity.EINVALID, "explain: give the edge (?edge=edge:ID)")
	}
	return s.svc.Explain(r.Context(), c, id)
}
