package http

import (
	"net/http"
	"strings"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/answer"
)

// CheckRequest is the body of POST /api/v1/check: an answer written
// anywhere in verity check's Verity JSON form, with [N] markers citing
// Documents[N-1] (inline texts, or sources of the store read as the
// caller), and the options of verity check.
type CheckRequest struct {
	Question   string            `json:"question,omitempty"`
	Answer     string            `json:"answer"`
	Documents  []answer.Document `json:"documents,omitempty"`
	Policy     string            `json:"policy,omitempty"`
	NoVerbatim bool              `json:"no_verbatim,omitempty"`
}

// check is POST /api/v1/check, in the shape of verity check --json.
func (s *Server) check(w http.ResponseWriter, r *http.Request, c verity.Caller) (any, error) {
	var req CheckRequest
	if err := decode(w, r, s.opt.MaxBody, &req); err != nil {
		return nil, err
	}
	if strings.TrimSpace(req.Answer) == "" {
		return nil, verity.Errorf(verity.EINVALID, `check: "answer" is empty`)
	}
	opt, err := answerOptions(req.Policy, req.NoVerbatim)
	if err != nil {
		return nil, err
	}
	sub := answer.Submission{Question: req.Question, Text: req.Answer, Documents: req.Documents}
	a, err := s.svc.Check(r.Context(), c, s.opt.Model, s.opt.Verifier, sub, opt)
	if err != nil {
		return nil, err
	}
	return s.shownAnswer(r, a), nil
}
