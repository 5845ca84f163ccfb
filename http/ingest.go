package http

import (
	"mime"
	"net/http"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/kb"
)

// ingest is POST /api/v1/ingest?format=&id=&uri=&title=&acl=...&undiscoverable=true: the body
// is the upload (application/x-ndjson for JSONL), read and stored by kb
// ([kb.Service.Ingest]) as verity ingest stores files. It answers in the
// shape of verity ingest --json; items that fail are listed in "failed".
func (s *Server) ingest(w http.ResponseWriter, r *http.Request, c verity.Caller) (any, error) {
	q := r.URL.Query()
	req := kb.IngestRequest{Format: q.Get("format"), ID: q.Get("id"), URI: q.Get("uri"), Title: q.Get("title"), MaxBytes: s.opt.MaxUpload,
		Body: http.MaxBytesReader(w, r.Body, s.opt.MaxUpload)}
	if mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); req.Format == "" && (mt == "application/x-ndjson" || mt == "application/jsonl") {
		req.Format = "jsonl"
	}
	for _, a := range q["acl"] {
		p, err := verity.ParsePrincipal(a)
		if err != nil {
			return nil, verity.Errorf(verity.EINVALID, "acl: %w", err)
		}
		req.ACL = append(req.ACL, p)
	}
	switch v := q.Get("undiscoverable"); v {
	case "", "false":
	case "true":
		req.Undiscoverable = true
	default:
		return nil, verity.Errorf(verity.EINVALID, "undiscoverable must be true or false, got %q", v)
	}
	return s.svc.Ingest(r.Context(), c, req)
}
