package http

import (
	"net/http"

	"github.com/veritykb/verity"
)

// health answers while the process is up.
func (s *Server) health(w http.ResponseWriter, r *http.Request) (any, error) {
	return ProbeStatus{Status: "ok"}, nil
}

// ready answers when the store is reachable and migrated (503 otherwise),
// for a load balancer to send traffic only then.
func (s *Server) ready(w http.ResponseWriter, r *http.Request) (any, error) {
	if err := s.svc.Ready(r.Context()); err != nil {
		return nil, verity.Errorf(verity.EUNAVAILABLE, "not ready: the store is not reachable or not migrated")
	}
	return ProbeStatus{Status: "ready"}, nil
}

// rights says what the caller may do beyond reading, and who it is.
func (s *Server) rights(w http.ResponseWriter, r *http.Request, c verity.Caller) (any, error) {
	return s.svc.Identity(r.Context(), c)
}

// ProbeStatus is the body of /healthz and /readyz.
type ProbeStatus struct {
	Status string `json:"status"` // ok (healthz) or ready (readyz)
}
