package ingest

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/ledongthuc/pdf"

	"github.com/veritykb/verity"
)

// PDF extracts the text of a PDF, one paragraph block per page. The PDF
// library panics on some malformed files; that becomes an error here, never
// a crash of the whole ingest.
func PDF(data []byte) (text string, err error) {
	defer func() {
		if r := recover(); r != nil {
			text, err = "", verity.Errorf(verity.EINVALID, "broken PDF: %v", r)
		}
	}()
	if !bytes.HasPrefix(data, []byte("%PDF-")) {
		return "", verity.Errorf(verity.EINVALID, "broken PDF: no %%PDF- header")
	}
	r, err := pdf.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return "", verity.Errorf(verity.EINVALID, "broken PDF: %w", err)
	}
	var pages []string
	for i := 1; i <= r.NumPage(); i++ {
		p := r.Page(i)
		if p.V.IsNull() {
			continue
		}
		t, err := p.GetPlainText(nil)
		if err != nil {
			return "", verity.Errorf(verity.EINVALID, "broken PDF: page %d: %w", i, err)
		}
		if t = strings.TrimSpace(t); t != "" {
			pages = append(pages, t)
		}
	}
	if len(pages) == 0 {
		return "", verity.Errorf(verity.EINVALID, "PDF has no extractable text (scanned images need OCR, which Verity does not do)")
	}
	canon, err := CanonicalString(strings.Join(pages, "\n\n"))
	if err != nil {
		return "", fmt.Errorf("pdf text: %w", err)
	}
	return canon, nil
}
