package http

import (
	"net/http"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/audit"
	"github.com/veritykb/verity/kb"
)

// AuditRequest is the body of POST /api/v1/audit: the scope and options of
// verity audit.
type AuditRequest struct {
	Events    []int64  `json:"events,omitempty"` // revocation events (default: every one in force)
	Disputed  bool     `json:"disputed,omitempty"`
	Records   []string `json:"records,omitempty"`
	Sample    int      `json:"sample,omitempty"`
	Seed      uint64   `json:"seed,omitempty"`
	Probes    int      `json:"probes,omitempty"`
	AliveAt   int      `json:"alive_at,omitempty"`
	DeadAt    *int     `json:"dead_at,omitempty"` // 0: only no yes at all is dead
	EarlyStop bool     `json:"early_stop,omitempty"`
	Blind     bool     `json:"blind,omitempty"`
	Apply     bool     `json:"apply,omitempty"` // revoke what the audit finds dead (curator)
	Queue     bool     `json:"queue,omitempty"` // queue the audit as a job for a worker instead of running it
}

// audit is POST /api/v1/audit, in the shape of verity audit --json.
func (s *Server) audit(w http.ResponseWriter, r *http.Request, c verity.Caller) (any, error) {
	var req AuditRequest
	if err := decode(w, r, s.opt.MaxBody, &req); err != nil {
		return nil, err
	}
	seed := req.Seed
	if seed == 0 {
		seed = 1
	}
	opt := audit.Options{Probes: req.Probes, AliveAt: req.AliveAt, EarlyStop: req.EarlyStop, Blind: req.Blind}
	if req.DeadAt != nil {
		opt.DeadAt = *req.DeadAt
		if opt.DeadAt == 0 {
			opt.DeadAt = -1 // audit.Options reads 0 as the default
		}
	}
	scope := verity.AuditScope{Events: req.Events, Disputed: req.Disputed, Records: req.Records, Sample: req.Sample, Seed: seed}
	areq := kb.AuditRequest{Scope: scope, Options: opt, Apply: req.Apply}
	if req.Queue {
		return s.svc.QueueAudit(r.Context(), c, s.opt.ModelSpec, areq)
	}
	rep, err := s.svc.Audit(r.Context(), c, s.opt.Model, areq)
	if err != nil {
		return nil, err
	}
	if rep.Applied != nil {
		s.metrics.revocation(rep.Applied)
	}
	return shownAudit(rep), nil
}

// replay is GET /api/v1/audit/replay?run=N (0 or none: the latest), as
// verity audit --replay --json.
func (s *Server) replay(w http.ResponseWriter, r *http.Request, c verity.Caller) (any, error) {
	q := query{r: r}
	run := q.int64("run")
	if q.err != nil {
		return nil, q.err
	}
	rep, err := s.svc.Replay(r.Context(), c, run)
	if err != nil {
		return nil, err
	}
	return shownAudit(rep), nil
}

// undetermined is GET /api/v1/audit/undetermined, as verity audit
// --undetermined --json.
func (s *Server) undetermined(w http.ResponseWriter, r *http.Request, c verity.Caller) (any, error) {
	g, err := s.svc.Undetermined(r.Context(), c)
	if err != nil {
		return nil, err
	}
	return map[string]any{"undetermined": g}, nil
}

// shownAudit is a report as verity audit --json prints it: the run without
// its probes (the store keeps them), its verdicts a list even when empty.
func shownAudit(rep *kb.AuditReport) *kb.AuditReport {
	run := *rep.Run
	run.Log = nil
	if run.Verdicts == nil {
		run.Verdicts = []verity.AuditVerdict{}
	}
	out := *rep
	out.Run = &run
	return &out
}
