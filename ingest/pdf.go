package ingest

import (
	"bytes"
	"context"
	"fmt"
	"strings"

	"github.com/ledongthuc/pdf"

	"github.com/veritykb/verity"
)

// PDFReader extracts the text of a PDF. [PDF] is the in-process one; a
// program that reads untrusted files can put a stronger one in
// [Options.PDF], as cmd/verity does with a child process it can kill.
type PDFReader func(ctx context.Context, data []byte) (string, error)

// PDF extracts the text of a PDF in this process, one paragraph block per
// page.
//
// The PDF library cannot be interrupted and trusts the file: it loops
// forever on a page tree that refers to itself, and allocates whatever a
// count in the file asks for. PDF therefore checks the file before and while
// handing it over: counts and nesting the library would allocate or recurse
// on ([checkPDFLimits]), the page tree walked by our own code with cycles,
// depth and page count bounded ([pdfPages]), and every content stream
// inflated once under a total budget ([checkPDFStreams]). Every read of the
// file by the library checks ctx, so a cancelled or expired context stops it
// at its next read with ctx's error. The library panics on some malformed
// files; that becomes an error here, never a crash.
//
// These checks cover the attacks we know of; they are not a proof that no
// file can hang or exhaust the process. A long-running program that parses
// untrusted PDFs should run the parse in a child process with a deadline and
// memory limits (package ingest/pdfchild, which cmd/verity uses) and pass
// that as [PDFReader].
func PDF(ctx context.Context, data []byte) (text string, err error) {
	defer func() {
		if r := recover(); r != nil {
			text, err = "", verity.Errorf(verity.EINVALID, "broken PDF: %v", r)
		}
		if cerr := ctx.Err(); cerr != nil {
			text, err = "", cerr
		}
	}()
	if !bytes.HasPrefix(data, []byte("%PDF-")) {
		return "", verity.Errorf(verity.EINVALID, "broken PDF: no %%PDF- header")
	}
	if err := checkPDFLimits(data); err != nil {
		return "", err
	}
	r, err := pdf.NewReader(ctxReaderAt{ctx, bytes.NewReader(data)}, int64(len(data)))
	if err != nil {
		return "", verity.Errorf(verity.EINVALID, "broken PDF: %w", err)
	}
	pages, err := pdfPages(ctx, r)
	if err != nil {
		return "", err
	}
	budget := &streamBudget{left: maxPDFInflated}
	var texts []string
	for i, p := range pages {
		if err := ctx.Err(); err != nil {
			return "", err
		}
		if err := checkPDFStreams(ctx, p, budget); err != nil {
			return "", verity.Errorf(verity.EINVALID, "broken PDF: page %d: %w", i+1, err)
		}
		t, err := p.GetPlainText(nil)
		if err != nil {
			return "", verity.Errorf(verity.EINVALID, "broken PDF: page %d: %w", i+1, err)
		}
		if t = strings.TrimSpace(t); t != "" {
			texts = append(texts, t)
		}
	}
	if len(texts) == 0 {
		return "", verity.Errorf(verity.EINVALID, "PDF has no extractable text (scanned images need OCR, which Verity does not do)")
	}
	canon, err := CanonicalString(strings.Join(texts, "\n\n"))
	if err != nil {
		return "", fmt.Errorf("pdf text: %w", err)
	}
	return canon, nil
}

// ctxReaderAt is the file as the PDF library reads it: every read first
// checks the context, so a library loop that keeps reading stops when the
// context ends (the library panics on the read error; PDF recovers).
type ctxReaderAt struct {
	ctx context.Context
	r   *bytes.Reader
}

func (c ctxReaderAt) ReadAt(p []byte, off int64) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	return c.r.ReadAt(p, off)
}
