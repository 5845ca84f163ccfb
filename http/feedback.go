package http

import (
	"net/http"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/kb"
)

// feedback is GET /api/v1/feedback, as verity feedback --json (admins).
func (s *Server) feedback(w http.ResponseWriter, r *http.Request, c verity.Caller) (any, error) {
	return s.svc.Feedback(r.Context(), c)
}

// rate is POST /api/v1/feedback (a [kb.FeedbackRequest]): the web UI's
// 👍 / 👎 under an answer, as the caller.
func (s *Server) rate(w http.ResponseWriter, r *http.Request, c verity.Caller) (any, error) {
	var req kb.FeedbackRequest
	if err := decode(w, r, s.opt.MaxBody, &req); err != nil {
		return nil, err
	}
	req.Transport = "api"
	return s.svc.Rate(r.Context(), c, req)
}

// linkCode is POST /api/v1/chat/link-codes (a [kb.LinkRequest]): a
// one-time code that links a chat account to the caller itself (or, for
// an admin, to anyone), to send the bot as /start CODE.
func (s *Server) linkCode(w http.ResponseWriter, r *http.Request, c verity.Caller) (any, error) {
	var req kb.LinkRequest
	if err := decode(w, r, s.opt.MaxBody, &req); err != nil {
		return nil, err
	}
	return s.svc.CreateLinkCode(r.Context(), c, req)
}
