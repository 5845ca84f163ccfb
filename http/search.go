package http

import (
	"net/http"

	"github.com/veritykb/verity"
)

// search is GET /api/v1/search?q=QUERY&k=N: the records the caller may
// read, in the shape of verity search --json.
func (s *Server) search(w http.ResponseWriter, r *http.Request, c verity.Caller) (any, error) {
	q := query{r: r}
	text, k := q.str("q"), q.int("k", verity.DefaultK)
	if q.err != nil {
		return nil, q.err
	}
	return s.svc.Search(r.Context(), c, text, k)
}
