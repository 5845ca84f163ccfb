package ingest

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/ingest/ingesttest"
)

// hangGuard is how long a test waits for a reader that should return at
// once before it calls the reader hung: generous, so a slow machine never
// fails it, and short of the test binary's own timeout.
const hangGuard = 2 * time.Minute

// readPDF runs PDF on data with ctx and fails the test if it does not
// return within hangGuard.
func readPDF(t *testing.T, ctx context.Context, data []byte) (string, error) {
	t.Helper()
	type result struct {
		text string
		err  error
	}
	done := make(chan result, 1)
	go func() {
		text, err := PDF(ctx, data)
		done <- result{text, err}
	}()
	select {
	case r := <-done:
		return r.text, r.err
	case <-time.After(hangGuard):
		t.Fatalf("PDF did not return within %s", hangGuard)
		return "", nil
	}
}

func TestPDFRefusesHostileFiles(t *testing.T) {
	tests := []struct {
		name string
		data []byte
		want string
	}{
		{"kids cycle", ingesttest.CyclicPDF(), "(a /Kids cycle)"},
		{"parent cycle", ingesttest.ParentCyclePDF(), "/Parent chain does not end"},
		{"prev loop", ingesttest.PrevLoopPDF(), "/Prev chain loops"},
		{"deflate bomb", ingesttest.DeflateBombPDF(2 << 30), "inflate past 256 MiB"},
		{"huge /Size", bytes.Replace(ingesttest.MinimalPDF("x"), []byte("/Size 6"), []byte("/Size 99999999999"), 1), "/Size 99999999999 is larger than the limit"},
		{"huge xref section", bytes.Replace(ingesttest.MinimalPDF("x"), []byte("xref\n0 6"), []byte("xref\n4000000000 6"), 1), "cross-reference section 4000000000 6"},
		{"huge /W", []byte("%PDF-1.5\n1 0 obj << /Type /XRef /W [1 99999999999 1] >> endobj\n"), "/W entry 99999999999"},
		{"deep arrays", []byte("%PDF-1.4\n1 0 obj " + strings.Repeat("[", 5000) + " endobj\n"), "nested deeper than 1000 levels"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			text, err := readPDF(t, context.Background(), tt.data)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("PDF(%s) = %q, %v; want an error containing %q", tt.name, text, err, tt.want)
			}
			if verity.ErrorCode(err) != verity.EINVALID {
				t.Errorf("PDF(%s) error code %q, want %q", tt.name, verity.ErrorCode(err), verity.EINVALID)
			}
		})
	}
}

// TestPDFStopsWhenContextEnds shows the reads of the library check the
// context: a loop it cannot leave by itself ends with the context's error.
func TestPDFStopsWhenContextEnds(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := readPDF(t, ctx, ingesttest.MinimalPDF("x")); !errors.Is(err, context.Canceled) {
		t.Errorf("PDF(cancelled context) error = %v, want context.Canceled", err)
	}
	// A stream that inflates for a long while, under the budget: the
	// deadline cuts it short.
	ctx, cancel = context.WithTimeout(context.Background(), time.Millisecond)
	defer cancel()
	if _, err := readPDF(t, ctx, ingesttest.DeflateBombPDF(200<<20)); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("PDF(slow stream, 1ms deadline) error = %v, want context.DeadlineExceeded", err)
	}
}

func TestPDFPagesInOrder(t *testing.T) {
	// Three pages in a two-level tree: the walk keeps page order.
	objs := []string{
		"<< /Type /Catalog /Pages 2 0 R >>",
		"<< /Type /Pages /Kids [3 0 R 4 0 R] /Count 3 >>",
		"<< /Type /Pages /Parent 2 0 R /Kids [5 0 R 6 0 R] /Count 2 /Resources << /Font << /F1 9 0 R >> >> >>",
		"<< /Type /Page /Parent 2 0 R /Contents 8 0 R /Resources << /Font << /F1 9 0 R >> >> >>",
		"<< /Type /Page /Parent 3 0 R /Contents 7 0 R >>",
		"<< /Type /Page /Parent 3 0 R /Contents 10 0 R >>",
		stream("BT /F1 12 Tf 72 720 Td (first) Tj ET"),
		stream("BT /F1 12 Tf 72 720 Td (third) Tj ET"),
		"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
		stream("BT /F1 12 Tf 72 720 Td (second) Tj ET"),
	}
	text, err := readPDF(t, context.Background(), pdfOf(objs))
	if err != nil || text != "first\n\nsecond\n\nthird" {
		t.Fatalf("PDF(three pages) = %q, %v; want first, second, third", text, err)
	}
}

func stream(s string) string {
	return fmt.Sprintf("<< /Length %d >>\nstream\n%s\nendstream", len(s), s)
}

// pdfOf lays out objects with a correct cross-reference table.
func pdfOf(objs []string) []byte {
	var b bytes.Buffer
	b.WriteString("%PDF-1.4\n")
	offsets := make([]int, len(objs))
	for i, o := range objs {
		offsets[i] = b.Len()
		fmt.Fprintf(&b, "%d 0 obj\n%s\nendobj\n", i+1, o)
	}
	xref := b.Len()
	fmt.Fprintf(&b, "xref\n0 %d\n0000000000 65535 f \n", len(objs)+1)
	for _, off := range offsets {
		fmt.Fprintf(&b, "%010d 00000 n \n", off)
	}
	fmt.Fprintf(&b, "trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n", len(objs)+1, xref)
	return b.Bytes()
}
