package http

import (
	"context"
	"io"
	"mime"
	"net/http"
	"strings"
	"time"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/ingest"
	"github.com/veritykb/verity/kb"
)

// Upload is one ingest upload: a JSONL body of connector records, or a
// single file (txt, md, html, pdf) with the id, uri, title and ACL of the
// source it becomes.
type Upload struct {
	Body     io.Reader
	Format   string // jsonl, txt, md, html, pdf; "" sniffs the content
	ID, URI  string
	Title    string
	ACL      []verity.Principal // of a single file; JSONL records carry their own
	MaxBytes int64              // the largest file or JSONL line read
}

// UploadReader turns an upload into ingest items, calling emit for each in
// order, as the ingest package's readers do. The server is given one so
// that the command can plug in bounded parsing (a child process for PDF,
// say) without the server knowing.
type UploadReader interface {
	Read(ctx context.Context, u Upload, emit func(ingest.Item) error) error
}

// IngestReader reads uploads with the ingest package's readers: the reader
// verity ingest uses for standard input, within the same budgets. PDF is
// the PDF reader (cmd/verity gives the one that parses in a killable child
// process; nil is the in-process ingest.PDF), FileTimeout the time one
// upload may take to read (0: ingest.DefaultFileTimeout).
type IngestReader struct {
	PDF         ingest.PDFReader
	FileTimeout time.Duration
}

// Read implements UploadReader.
func (ir IngestReader) Read(ctx context.Context, u Upload, emit func(ingest.Item) error) error {
	return ingest.Walk(ctx, []string{"-"}, ingest.Options{ACL: u.ACL, MaxBytes: u.MaxBytes, Format: u.Format,
		StdinID: u.ID, StdinURI: u.URI, StdinTitle: u.Title, Stdin: u.Body, PDF: ir.PDF, FileTimeout: ir.FileTimeout}, emit)
}

// ingest is POST /api/v1/ingest?format=&id=&uri=&title=&acl=...: the body
// is the upload (application/x-ndjson for JSONL). It answers in the shape
// of verity ingest --json; items that fail are listed in "failed".
func (s *Server) ingest(w http.ResponseWriter, r *http.Request, c verity.Caller) (any, error) {
	ctx := r.Context()
	// The role comes first: a caller who may not ingest is told so before
	// anything of its upload is read.
	run, err := s.svc.Ingest(ctx, c)
	if err != nil {
		return nil, err
	}
	if r.ContentLength > s.opt.MaxUpload {
		return nil, &http.MaxBytesError{Limit: s.opt.MaxUpload}
	}
	q := r.URL.Query()
	u := Upload{Format: q.Get("format"), ID: q.Get("id"), URI: q.Get("uri"), Title: q.Get("title"), MaxBytes: s.opt.MaxUpload}
	if mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); u.Format == "" && (mt == "application/x-ndjson" || mt == "application/jsonl") {
		u.Format = "jsonl"
	}
	if u.Format != "jsonl" && strings.TrimSpace(u.ID) == "" {
		return nil, verity.Errorf(verity.EINVALID, "ingest: give the source's id (?id=...) for a single file, or send JSONL records (?format=jsonl)")
	}
	for _, a := range q["acl"] {
		p, err := verity.ParsePrincipal(a)
		if err != nil {
			return nil, verity.Errorf(verity.EINVALID, "acl: %w", err)
		}
		u.ACL = append(u.ACL, p)
	}
	if len(u.ACL) == 0 {
		u.ACL = []verity.Principal{verity.Public}
	}
	for _, p := range u.ACL {
		run.Report.FileACL = append(run.Report.FileACL, string(p))
	}
	u.Body = http.MaxBytesReader(w, r.Body, s.opt.MaxUpload)
	var batch []kb.Item
	flush := func() error {
		if len(batch) == 0 {
			return nil
		}
		_, err := run.Put(ctx, batch)
		batch = batch[:0]
		return err
	}
	err = s.opt.Reader.Read(ctx, u, func(it ingest.Item) error {
		run.Report.Bytes += it.Bytes
		if it.Warning != "" {
			run.Warn(it.Where, it.Warning)
		}
		if it.Err != nil {
			if tooLarge(it.Err) {
				return it.Err
			}
			run.Fail(it.Where, it.Err)
			return nil
		}
		batch = append(batch, kb.Item{Where: it.Where, Source: it.Source})
		if len(batch) >= 64 {
			return flush()
		}
		return nil
	})
	if err == nil {
		err = flush()
	}
	if err != nil {
		return nil, err
	}
	return &run.Report, nil
}

// tooLarge reports whether err is the upload running over its limit.
func tooLarge(err error) bool {
	status, _ := errorBody(err)
	return status == http.StatusRequestEntityTooLarge
}
