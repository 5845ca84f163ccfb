package http

import (
	"net/http"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/summary"
)

// SummarizeRequest is the body of POST /api/v1/summarize.
type SummarizeRequest struct {
	Topic     string `json:"topic"`
	K         int    `json:"k,omitempty"`         // passages to retrieve
	Sentences int    `json:"sentences,omitempty"` // most sentences to write
	MaxSets   int    `json:"max_sets,omitempty"`  // most alternative sets per sentence's receipt
}

// summarize is POST /api/v1/summarize, in the shape of verity summarize
// --json.
func (s *Server) summarize(w http.ResponseWriter, r *http.Request, c verity.Caller) (any, error) {
	var req SummarizeRequest
	if err := decode(w, r, s.opt.MaxBody, &req); err != nil {
		return nil, err
	}
	sum, err := s.svc.Summarize(r.Context(), c, s.opt.Model, req.Topic, summary.Options{K: req.K, Sentences: req.Sentences, MaxSets: req.MaxSets})
	if err != nil {
		return nil, err
	}
	if anonymous(r) {
		sum.Hints = nil
	}
	return sum, nil
}

// summaries is GET /api/v1/summaries, as verity summarize --list --json.
func (s *Server) summaries(w http.ResponseWriter, r *http.Request, c verity.Caller) (any, error) {
	rows, err := s.svc.Summaries(r.Context(), c)
	if err != nil {
		return nil, err
	}
	return map[string]any{"summaries": rows}, nil
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
