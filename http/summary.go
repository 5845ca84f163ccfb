package http

import (
	"net/http"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/kb"
)

// summarize is POST /api/v1/summarize (a [kb.SummarizeRequest]), in the
// shape of verity summarize --json.
func (s *Server) summarize(w http.ResponseWriter, r *http.Request, c verity.Caller) (any, error) {
	var req kb.SummarizeRequest
	if err := decode(w, r, s.opt.MaxBody, &req); err != nil {
		return nil, err
	}
	return s.svc.Summarize(r.Context(), c, req)
}

// summaries is GET /api/v1/summaries, as verity summarize --list --json.
func (s *Server) summaries(w http.ResponseWriter, r *http.Request, c verity.Caller) (any, error) {
	return s.svc.Summaries(r.Context(), c)
}

// summary is GET /api/v1/summaries/{id}?all=true, as verity summarize
// --show ID [--all] --json.
func (s *Server) summary(w http.ResponseWriter, r *http.Request, c verity.Caller) (any, error) {
	q := query{r: r}
	all := q.bool("all")
	if q.err != nil {
		return nil, q.err
	}
	return s.svc.Summary(r.Context(), c, r.PathValue("id"), all)
}

// publish is POST /api/v1/summaries/{id}/publish, as verity summarize
// --publish ID --json (curators).
func (s *Server) publish(w http.ResponseWriter, r *http.Request, c verity.Caller) (any, error) {
	return s.svc.Publish(r.Context(), c, r.PathValue("id"))
}
