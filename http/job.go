package http

import (
	"net/http"
	"strconv"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/kb"
)

// jobs is GET /api/v1/jobs, in the shape of verity jobs --json: the jobs
// the caller may see, newest first (?state= repeatable, ?batch=, ?limit=).
func (s *Server) jobs(w http.ResponseWriter, r *http.Request, c verity.Caller) (any, error) {
	q := query{r: r}
	jq := kb.JobQuery{States: r.URL.Query()["state"], Batch: q.str("batch"), Limit: q.int("limit", 0)}
	if q.err != nil {
		return nil, q.err
	}
	return s.svc.Jobs(r.Context(), c, jq)
}

// jobID reads the {id} of a job's path.
func jobID(r *http.Request) (int64, error) {
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if err != nil || id <= 0 {
		return 0, verity.Errorf(verity.EINVALID, "job id %q: want a positive number", r.PathValue("id"))
	}
	return id, nil
}

// job is GET /api/v1/jobs/{id}, as verity jobs show --json: the job's
// owner and admins see it, anyone else is told there is none.
func (s *Server) job(w http.ResponseWriter, r *http.Request, c verity.Caller) (any, error) {
	id, err := jobID(r)
	if err != nil {
		return nil, err
	}
	return s.svc.Job(r.Context(), c, id)
}

// cancelJob is POST /api/v1/jobs/{id}/cancel, as verity jobs cancel --json.
func (s *Server) cancelJob(w http.ResponseWriter, r *http.Request, c verity.Caller) (any, error) {
	id, err := jobID(r)
	if err != nil {
		return nil, err
	}
	return s.svc.CancelJob(r.Context(), c, id)
}
