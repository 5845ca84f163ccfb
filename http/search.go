package http

import (
	"net/http"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/kb"
)

// search is GET /api/v1/search?q=QUERY&k=N&system=&author=&since=: the
// records the caller may read, in the shape of verity search --json.
func (s *Server) search(w http.ResponseWriter, r *http.Request, c verity.Caller) (any, error) {
	q := query{r: r}
	req := kb.SearchRequest{Query: q.str("q"), K: q.int("k", 0), System: q.str("system"), Author: q.str("author"), Since: q.str("since")}
	if q.err != nil {
		return nil, q.err
	}
	return s.svc.Search(r.Context(), c, req)
}
