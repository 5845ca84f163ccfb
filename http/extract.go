package http

import (
	"net/http"
	"strings"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/extract"
	"github.com/veritykb/verity/kb"
)

// ExtractRequest is the body of POST /api/v1/extract: a relation spec by
// built-in name or inline YAML, and the sources to read (none: every target
// of the spec the caller may read).
type ExtractRequest struct {
	Spec          string   `json:"spec,omitempty"`      // a built-in spec's name
	SpecYAML      string   `json:"spec_yaml,omitempty"` // or a spec as YAML
	Sources       []string `json:"sources,omitempty"`
	Pages         int      `json:"pages,omitempty"` // pages read at once (default 4)
	VendorDomains []string `json:"vendor_domains,omitempty"`
	// Queue queues the extraction as jobs of JobPages pages for workers
	// instead of running it in the request.
	Queue    bool `json:"queue,omitempty"`
	JobPages int  `json:"job_pages,omitempty"`
}

// extract is POST /api/v1/extract, in the shape of verity extract --json.
func (s *Server) extract(w http.ResponseWriter, r *http.Request, c verity.Caller) (any, error) {
	var req ExtractRequest
	if err := decode(w, r, s.opt.MaxBody, &req); err != nil {
		return nil, err
	}
	var (
		spec *extract.Spec
		err  error
	)
	switch {
	case req.Spec != "" && req.SpecYAML != "":
		return nil, verity.Errorf(verity.EINVALID, "extract: give spec (a built-in name) or spec_yaml, not both")
	case req.Spec != "":
		spec, err = extract.BuiltinSpec(req.Spec)
		if verity.ErrorCode(err) == verity.ENOTFOUND {
			err = verity.Errorf(verity.EINVALID, "%s", verity.ErrorMessage(err))
		}
	case strings.TrimSpace(req.SpecYAML) != "":
		spec, err = extract.ParseSpec("spec_yaml", []byte(req.SpecYAML))
	default:
		return nil, verity.Errorf(verity.EINVALID, "extract: give spec (one of %s) or spec_yaml", strings.Join(extract.BuiltinSpecs(), ", "))
	}
	if err != nil {
		return nil, err
	}
	if req.Pages < 0 || req.Pages > 32 {
		return nil, verity.Errorf(verity.EINVALID, "pages must be between 1 and 32, got %d", req.Pages)
	}
	if req.Pages == 0 {
		req.Pages = 4
	}
	spec.Vendor.Domains = append(spec.Vendor.Domains, req.VendorDomains...)
	ereq := kb.ExtractRequest{Spec: spec, IDs: req.Sources, Pages: req.Pages}
	if req.Queue {
		if req.JobPages < 0 || req.JobPages > 10000 {
			return nil, verity.Errorf(verity.EINVALID, "job_pages must be between 1 and 10000, got %d", req.JobPages)
		}
		return s.svc.QueueExtract(r.Context(), c, s.opt.Model, s.opt.ModelSpec, ereq, req.JobPages)
	}
	return s.svc.Extract(r.Context(), c, s.opt.Model, ereq)
}
