package kb

import (
	"context"
	"errors"
	"io"
	"strings"
	"sync"
	"time"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/ingest"
)

// IngestRequest is what one ingest reads: an upload (Body: one file, or
// JSONL records) or, from a command, files and folders that Read walks.
// The service converts them with the ingest package's readers, stores them
// in batches and reports what it did, whichever transport asked.
type IngestRequest struct {
	// Body is an upload: a single file (txt, md, html, pdf) that becomes
	// the source ID, or JSONL records that carry their own ids and ACLs.
	Body io.Reader
	// Read, when set instead of Body, produces the items itself from the
	// options the service resolved (verity ingest walks its paths with
	// ingest.Walk); it reads Body for a path of "-".
	Read func(ctx context.Context, opt ingest.Options, emit func(ingest.Item) error) error
	// Format forces a reader (jsonl, txt, md, html, pdf); "" picks by file
	// extension, and by sniffing the content of a body.
	Format string
	// ID, URI and Title are those of the single source a body holds; an
	// upload that is not JSONL needs an ID.
	ID, URI, Title string
	// ACL is who may read the files and the body (JSONL records carry
	// their own); none means public.
	ACL []verity.Principal
	// MaxBytes is the size budget of one file, body or JSONL line (0:
	// ingest.DefaultMaxBytes); FileTimeout the time budget of reading one
	// (0: ingest.DefaultFileTimeout).
	MaxBytes    int64
	FileTimeout time.Duration
	// Undiscoverable makes every source the run stores undiscoverable: it
	// gives no hints to callers who cannot read it ([verity.Hint]).
	Undiscoverable bool
	// PDF reads PDFs; nil is the service's ([Options.PDF]).
	PDF ingest.PDFReader
	// Events, when set, hears of each item as it is read and of each
	// failure as it happens, for a command's progress and messages.
	Events func(IngestEvent)
}

// IngestEvent is one thing that happened during an ingest: Bytes more of
// the input read, a warning about an item, or an item that failed.
type IngestEvent struct {
	Where   string
	Bytes   int64
	Warning string
	Failure *IngestFailure
}

// Ingest reads what req names on c's behalf, which needs the curator role
// (checked before anything is read), and stores it in batches of at most
// [BatchItems] sources or [BatchBytes] of text, one transaction each: a run
// that fails or is interrupted keeps every batch stored before, and an
// interrupted run stores what it read in full, briefly past the interrupt.
// Items that cannot be read or stored are reported in Failed and the rest
// is stored. The report is returned with the error of an interrupted run;
// a body that cannot be read to its end (larger than the transport
// allows, a broken connection) ends the run with that error.
func (s *Service) Ingest(ctx context.Context, c verity.Caller, req IngestRequest) (*IngestReport, error) {
	run, err := s.BeginIngest(ctx, c)
	if err != nil {
		return nil, err
	}
	if req.Body == nil && req.Read == nil {
		return nil, verity.Errorf(verity.EINVALID, "ingest: give an upload or files to read")
	}
	if req.Read == nil && req.Format != "jsonl" && strings.TrimSpace(req.ID) == "" {
		return nil, verity.Errorf(verity.EINVALID, "ingest: give the source's id for a single file, or send JSONL records (format jsonl)")
	}
	acl := req.ACL
	if len(acl) == 0 {
		acl = []verity.Principal{verity.Public}
	}
	for _, p := range acl {
		run.Report.FileACL = append(run.Report.FileACL, string(p))
	}
	pdf := req.PDF
	if pdf == nil {
		pdf = s.pdf
	}
	body := &bodyReader{r: req.Body}
	timeout := req.FileTimeout
	if timeout == 0 {
		timeout = s.fileTimeout
	}
	opt := ingest.Options{ACL: acl, MaxBytes: req.MaxBytes, FileTimeout: timeout, PDF: pdf, Format: req.Format,
		StdinID: req.ID, StdinURI: req.URI, StdinTitle: req.Title, Now: s.now}
	if req.Body != nil {
		opt.Stdin = body
	}
	read := req.Read
	if read == nil {
		read = func(ctx context.Context, opt ingest.Options, emit func(ingest.Item) error) error {
			return ingest.Walk(ctx, []string{"-"}, opt, emit)
		}
	}
	event := req.Events
	if event == nil {
		event = func(IngestEvent) {}
	}
	var (
		batch      []Item
		batchBytes int
	)
	flush := func(ctx context.Context) error {
		if len(batch) == 0 {
			return nil
		}
		failed, err := run.Put(ctx, batch)
		for i := range failed {
			event(IngestEvent{Where: failed[i].Where, Failure: &failed[i]})
		}
		batch, batchBytes = batch[:0], 0
		return err
	}
	err = read(ctx, opt, func(it ingest.Item) error {
		run.Report.Bytes += it.Bytes
		event(IngestEvent{Where: it.Where, Bytes: it.Bytes})
		if it.Warning != "" {
			run.Warn(it.Where, it.Warning)
			event(IngestEvent{Where: it.Where, Warning: it.Warning})
		}
		if it.Err != nil {
			if err := body.err(); err != nil {
				// The body itself broke: nothing more can be read from it.
				return err
			}
			f := run.Fail(it.Where, it.Err)
			event(IngestEvent{Where: it.Where, Failure: &f})
			return nil
		}
		if req.Undiscoverable {
			it.Source.Discoverable = new(bool)
		}
		batch = append(batch, Item{Where: it.Where, Source: it.Source})
		batchBytes += len(it.Source.Text)
		if len(batch) >= BatchItems || batchBytes >= BatchBytes {
			return flush(ctx)
		}
		return nil
	})
	if err == nil {
		err = flush(ctx)
	} else if ctx.Err() != nil {
		// What was read in full is stored, briefly past the interrupt; the
		// rest is not, and the store stays whole.
		fctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), time.Second)
		flush(fctx)
		cancel()
		return &run.Report, err
	}
	if err != nil {
		return nil, err
	}
	if req.Read == nil && run.Report.Bytes == 0 {
		return nil, verity.Errorf(verity.EINVALID, "ingest: the upload is empty: send a file, or JSONL records one a line")
	}
	run.Finish(ctx)
	return &run.Report, nil
}

// bodyReader remembers the first error reading an upload's body gave
// other than its end, so that a body cut short fails the run instead of
// one item.
type bodyReader struct {
	r    io.Reader
	mu   sync.Mutex
	fail error
}

func (b *bodyReader) Read(p []byte) (int, error) {
	n, err := b.r.Read(p)
	if err != nil && !errors.Is(err, io.EOF) {
		b.mu.Lock()
		if b.fail == nil {
			b.fail = err
		}
		b.mu.Unlock()
	}
	return n, err
}

func (b *bodyReader) err() error {
	if b == nil || b.r == nil {
		return nil
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.fail
}
