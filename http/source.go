package http

import (
	"net/http"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/kb"
)

// sources is GET /api/v1/sources?system=&status=&limit=&after=&all=, in the
// shape of verity sources --json.
func (s *Server) sources(w http.ResponseWriter, r *http.Request, c verity.Caller) (any, error) {
	q := query{r: r}
	sq := kb.SourceQuery{System: q.str("system"), Status: verity.SourceStatus(q.str("status")), Limit: q.int("limit", 0), After: q.str("after"), All: q.bool("all")}
	if q.err != nil {
		return nil, q.err
	}
	return s.svc.Sources(r.Context(), c, sq)
}

// source is GET /api/v1/source?id=ID&version=N&chunks=true&all=true: one
// source with its canonical text, in the shape of verity show --json. The
// id is a query parameter because source ids may hold "/".
func (s *Server) source(w http.ResponseWriter, r *http.Request, c verity.Caller) (any, error) {
	q := query{r: r}
	req := kb.ShowRequest{ID: q.str("id"), Version: q.int("version", 0), Chunks: q.bool("chunks"), All: q.bool("all")}
	if q.err != nil {
		return nil, q.err
	}
	return s.svc.Show(r.Context(), c, req)
}
