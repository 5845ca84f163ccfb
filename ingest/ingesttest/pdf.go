// Package ingesttest holds fixtures for tests of packages that read
// documents: small, valid inputs built in code so no binary file is checked
// in, and hostile ones that are too large to check in.
package ingesttest

import (
	"bytes"
	"compress/zlib"
	"fmt"
)

const helvetica = "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>"

// MinimalPDF builds a one-page PDF showing text in Helvetica, with a correct
// cross-reference table, so PDF readers can be tested without fixture files.
func MinimalPDF(text string) []byte {
	stream := fmt.Sprintf("BT /F1 12 Tf 72 720 Td (%s) Tj ET", text)
	return buildPDF([][]byte{
		[]byte("<< /Type /Catalog /Pages 2 0 R >>"),
		[]byte("<< /Type /Pages /Kids [3 0 R] /Count 1 >>"),
		[]byte("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>"),
		streamObject("", []byte(stream)),
		[]byte(helvetica),
	}, "")
}

// CyclicPDF builds a PDF whose page tree refers to itself: the root /Pages
// node lists itself among its /Kids, ahead of a real page. A reader that
// follows /Kids without remembering where it has been never comes back.
func CyclicPDF() []byte {
	stream := "BT /F1 12 Tf 72 720 Td (never reached) Tj ET"
	return buildPDF([][]byte{
		[]byte("<< /Type /Catalog /Pages 2 0 R >>"),
		[]byte("<< /Type /Pages /Kids [2 0 R 3 0 R] /Count 2 >>"),
		[]byte("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>"),
		streamObject("", []byte(stream)),
		[]byte(helvetica),
	}, "")
}

// ParentCyclePDF builds a PDF whose only page is its own /Parent and has
// no resources, so a reader looking for inherited resources up the /Parent
// chain never finds the end of it.
func ParentCyclePDF() []byte {
	stream := "BT 72 720 Td (orphan) Tj ET"
	return buildPDF([][]byte{
		[]byte("<< /Type /Catalog /Pages 2 0 R >>"),
		[]byte("<< /Type /Pages /Kids [3 0 R] /Count 1 >>"),
		[]byte("<< /Type /Page /Parent 3 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>"),
		streamObject("", []byte(stream)),
	}, "")
}

// PrevLoopPDF builds a PDF whose cross-reference table names itself as its
// /Prev section, so a reader following the chain of sections reads the same
// one forever.
func PrevLoopPDF() []byte {
	objs := [][]byte{
		[]byte("<< /Type /Catalog /Pages 2 0 R >>"),
		[]byte("<< /Type /Pages /Kids [3 0 R] /Count 1 >>"),
		[]byte("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>"),
		streamObject("", []byte("BT /F1 12 Tf 72 720 Td (loop) Tj ET")),
		[]byte(helvetica),
	}
	// The table's offset is only known once the objects are laid out:
	// build once to learn it, then again with /Prev pointing at it. The
	// number's width is fixed so the offset does not move.
	first := buildPDF(objs, "/Prev 0000000000")
	xref := bytes.LastIndex(first, []byte("\nxref\n")) + 1
	return buildPDF(objs, fmt.Sprintf("/Prev %010d", xref))
}

// DeflateBombPDF builds a one-page PDF whose content stream is inflated
// bytes of zeros under FlateDecode: about a thousandth of that on disk
// (2 GiB is some 2.6 MB, built in a couple of seconds).
func DeflateBombPDF(inflated int64) []byte {
	var z bytes.Buffer
	w, _ := zlib.NewWriterLevel(&z, zlib.BestSpeed)
	zeros := make([]byte, 1<<20)
	for n := inflated; n > 0; n -= int64(len(zeros)) {
		w.Write(zeros[:min(n, int64(len(zeros)))])
	}
	w.Close()
	return buildPDF([][]byte{
		[]byte("<< /Type /Catalog /Pages 2 0 R >>"),
		[]byte("<< /Type /Pages /Kids [3 0 R] /Count 1 >>"),
		[]byte("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>"),
		streamObject("/Filter /FlateDecode", z.Bytes()),
		[]byte(helvetica),
	}, "")
}

func streamObject(dict string, data []byte) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "<< /Length %d %s>>\nstream\n", len(data), dict)
	b.Write(data)
	b.WriteString("\nendstream")
	return b.Bytes()
}

// buildPDF lays out objects 1..n with a cross-reference table and a trailer
// holding extra entries, object 1 being the catalog.
func buildPDF(objs [][]byte, trailer string) []byte {
	var b bytes.Buffer
	b.WriteString("%PDF-1.4\n")
	offsets := make([]int, len(objs))
	for i, o := range objs {
		offsets[i] = b.Len()
		fmt.Fprintf(&b, "%d 0 obj\n", i+1)
		b.Write(o)
		b.WriteString("\nendobj\n")
	}
	xref := b.Len()
	fmt.Fprintf(&b, "xref\n0 %d\n0000000000 65535 f \n", len(objs)+1)
	for _, off := range offsets {
		fmt.Fprintf(&b, "%010d 00000 n \n", off)
	}
	fmt.Fprintf(&b, "trailer\n<< /Size %d /Root 1 0 R %s>>\nstartxref\n%d\n%%%%EOF\n", len(objs)+1, trailer, xref)
	return b.Bytes()
}
