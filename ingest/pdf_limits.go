package ingest

import (
	"bytes"
	"context"
	"regexp"
	"strconv"

	"github.com/ledongthuc/pdf"

	"github.com/veritykb/verity"
)

// Limits on what a PDF may ask of the library. The library allocates
// tables as large as the counts a file states and recurses once per level
// of nested arrays and dictionaries; an allocation the machine cannot meet
// or a stack deeper than Go allows is a fatal error of the whole process,
// which no recover catches, so these are checked before the library reads
// the file.
const (
	// maxPDFObjects bounds the object counts and numbers of the
	// cross-reference data (/Size, /Index, subsection headers): the library
	// allocates a table entry for every object number up to the largest.
	maxPDFObjects = 1 << 22
	// maxPDFWidth bounds /W field widths and /Columns of PNG predictors,
	// for which the library allocates row buffers.
	maxPDFWidth = 1 << 16
	// maxPDFNesting bounds nested arrays and dictionaries, in the file and
	// in content streams.
	maxPDFNesting = 1000
	// maxPDFInflated bounds the bytes a PDF's content streams and fonts'
	// ToUnicode maps inflate to, all pages together: a few kilobytes of
	// FlateDecode can inflate to gigabytes.
	maxPDFInflated = 256 << 20
)

var (
	pdfCountRe = regexp.MustCompile(`/(Size|Columns)\s+(\d+)`)
	pdfArrayRe = regexp.MustCompile(`/(Index|W)\s*\[([\d\s]*)\]`)
	digitsRe   = regexp.MustCompile(`\d+`)
	pdfPrevRe  = regexp.MustCompile(`/Prev\s+(\d+)`)
)

// checkPDFLimits reads the counts a PDF states for the library to allocate,
// and how deeply its objects nest, from the raw file.
func checkPDFLimits(data []byte) error {
	for _, m := range pdfCountRe.FindAllSubmatch(data, -1) {
		limit := int64(maxPDFObjects)
		if string(m[1]) == "Columns" {
			limit = maxPDFWidth
		}
		if !numberAtMost(m[2], limit) {
			return verity.Errorf(verity.EINVALID, "broken PDF: /%s %s is larger than the limit of %d", m[1], clip(m[2]), limit)
		}
	}
	for _, m := range pdfArrayRe.FindAllSubmatch(data, -1) {
		limit := int64(maxPDFObjects)
		if string(m[1]) == "W" {
			limit = maxPDFWidth
		}
		for _, n := range digitsRe.FindAll(m[2], -1) {
			if !numberAtMost(n, limit) {
				return verity.Errorf(verity.EINVALID, "broken PDF: /%s entry %s is larger than the limit of %d", m[1], clip(n), limit)
			}
		}
	}
	if err := checkXrefTables(data); err != nil {
		return err
	}
	if err := checkXrefChain(data); err != nil {
		return err
	}
	var n nesting
	n.feed(data, true)
	if n.most > maxPDFNesting {
		return verity.Errorf(verity.EINVALID, "broken PDF: objects nested deeper than %d levels", maxPDFNesting)
	}
	return nil
}

// checkXrefTables reads the subsection headers ("first count") of every
// cross-reference table as the library does, skipping their entries: the
// library grows its table to the largest object number a section names.
func checkXrefTables(data []byte) error {
	for rest := data; ; {
		i := bytes.Index(rest, []byte("xref"))
		if i < 0 {
			return nil
		}
		f := bytes.Fields(rest[i+4 : min(len(rest), i+4+4096)])
		rest = rest[i+4:]
		for len(f) >= 2 && isDigits(string(f[0])) && isDigits(string(f[1])) {
			if !numberAtMost(f[0], maxPDFObjects) || !numberAtMost(f[1], maxPDFObjects) {
				return verity.Errorf(verity.EINVALID, "broken PDF: cross-reference section %s %s is larger than the limit of %d objects", clip(f[0]), clip(f[1]), maxPDFObjects)
			}
			n, _ := strconv.Atoi(string(f[1]))
			if 2+3*n > len(f) {
				break // the section goes on past what was looked at
			}
			f = f[2+3*n:]
		}
	}
}

// checkXrefChain follows the /Prev chain of cross-reference sections from
// the last startxref, as the library does without remembering where it has
// been: a section whose /Prev leads back to a section already read would
// keep it reading. A section's /Prev is taken to be the first one after
// its start and before the next startxref.
func checkXrefChain(data []byte) error {
	i := bytes.LastIndex(data, []byte("startxref"))
	if i < 0 {
		return nil // the library says what is missing
	}
	m := digitsRe.Find(data[i+len("startxref") : min(len(data), i+64)])
	if m == nil || !numberAtMost(m, int64(len(data))) {
		return nil
	}
	off, _ := strconv.Atoi(string(m))
	seen := map[int]bool{}
	for off < len(data) {
		if seen[off] {
			return verity.Errorf(verity.EINVALID, "broken PDF: the cross-reference sections' /Prev chain loops back to offset %d", off)
		}
		seen[off] = true
		section := data[off:]
		if end := bytes.Index(section, []byte("startxref")); end >= 0 {
			section = section[:end]
		}
		prev := pdfPrevRe.FindSubmatch(section)
		if prev == nil || !numberAtMost(prev[1], int64(len(data))) {
			return nil
		}
		off, _ = strconv.Atoi(string(prev[1]))
	}
	return nil
}

func numberAtMost(digits []byte, limit int64) bool {
	if len(digits) > 18 {
		return false
	}
	n, err := strconv.ParseInt(string(digits), 10, 64)
	return err == nil && n <= limit
}

func clip(b []byte) string {
	if len(b) > 20 {
		return string(b[:20]) + "..."
	}
	return string(b)
}

// nesting measures how deeply arrays and dictionaries nest in PDF syntax
// fed to it in pieces, skipping strings and comments. It is an estimate for
// refusing pathological input, not a parser.
type nesting struct {
	depth, most int
	str         int  // parenthesis level inside a literal string
	esc         bool // a backslash inside a literal string
	hex         bool // inside a <hex> string
	comment     bool
	lt, gt      bool // a '<' or '>' that may begin "<<" or ">>"
}

// feed reads the next piece. With skipStreams (for a whole raw file, whose
// streams are binary), stream data up to "endstream" is skipped.
func (n *nesting) feed(data []byte, skipStreams bool) {
	for i := 0; i < len(data); i++ {
		c := data[i]
		switch {
		case n.str > 0:
			switch {
			case n.esc:
				n.esc = false
			case c == '\\':
				n.esc = true
			case c == '(':
				n.str++
			case c == ')':
				n.str--
			}
			continue
		case n.comment:
			n.comment = c != '\r' && c != '\n'
			continue
		case n.lt:
			n.lt = false
			if c == '<' {
				n.depth++
				n.most = max(n.most, n.depth)
				continue
			}
			n.hex = true
		case n.gt:
			n.gt = false
			if c == '>' {
				n.depth = max(n.depth-1, 0)
				continue
			}
		}
		if n.hex {
			n.hex = c != '>'
			continue
		}
		switch c {
		case '[':
			n.depth++
			n.most = max(n.most, n.depth)
		case ']':
			n.depth = max(n.depth-1, 0)
		case '<':
			n.lt = true
		case '>':
			n.gt = true
		case '(':
			n.str = 1
		case '%':
			n.comment = true
		case 's':
			if skipStreams && bytes.HasPrefix(data[i:], []byte("stream")) && (i == 0 || !isPDFRegular(data[i-1])) {
				if j := bytes.Index(data[i:], []byte("endstream")); j >= 0 {
					i += j + len("endstream") - 1
				} else {
					i = len(data)
				}
			}
		}
	}
}

func isPDFRegular(c byte) bool {
	return c > ' ' && !bytes.ContainsRune([]byte("()<>[]{}/%"), rune(c))
}

// streamBudget is what is left of [maxPDFInflated] for a document.
type streamBudget struct{ left int64 }

// checkPDFStreams inflates a page's content streams and its fonts'
// ToUnicode maps once, before the library interprets them: under what is
// left of the document's budget, with checks that their filters are ones
// the library reads, and that they do not nest deeper than maxPDFNesting.
// The library reads streams as it goes, but a stream that is one endless
// token makes it keep the token in memory.
func checkPDFStreams(ctx context.Context, page pdf.Page, b *streamBudget) error {
	var streams []pdf.Value
	contents := page.V.Key("Contents")
	switch contents.Kind() {
	case pdf.Stream:
		streams = append(streams, contents)
	case pdf.Array:
		for i := range contents.Len() {
			streams = append(streams, contents.Index(i))
		}
	}
	fonts := inherited(page.V, "Resources").Key("Font")
	for _, name := range fonts.Keys() {
		if u := fonts.Key(name).Key("ToUnicode"); u.Kind() == pdf.Stream {
			streams = append(streams, u)
		}
	}
	for _, s := range streams {
		if err := checkPDFStream(ctx, s, b); err != nil {
			return err
		}
	}
	return nil
}

func checkPDFStream(ctx context.Context, s pdf.Value, b *streamBudget) error {
	if s.Kind() != pdf.Stream {
		return nil
	}
	filters := []pdf.Value{s.Key("Filter")}
	params := []pdf.Value{s.Key("DecodeParms")}
	if filters[0].Kind() == pdf.Array {
		f, p := filters[0], params[0]
		filters, params = nil, nil
		for i := range f.Len() {
			filters, params = append(filters, f.Index(i)), append(params, p.Index(i))
		}
	}
	for i, f := range filters {
		switch f.Name() {
		case "", "FlateDecode", "ASCII85Decode":
		default:
			return verity.Errorf(verity.EINVALID, "a stream uses the %s filter, which Verity does not read", f)
		}
		if c := params[i].Key("Columns").Int64(); c < 0 || c > maxPDFWidth {
			return verity.Errorf(verity.EINVALID, "a stream's /Columns %d is larger than the limit of %d", c, maxPDFWidth)
		}
	}
	rd := s.Reader()
	defer rd.Close()
	buf := make([]byte, 64<<10)
	var nest nesting
	for {
		if err := ctx.Err(); err != nil {
			return err
		}
		n, err := rd.Read(buf)
		if b.left -= int64(n); b.left < 0 {
			return verity.Errorf(verity.EINVALID, "content streams inflate past %d MiB (a compression bomb?)", maxPDFInflated>>20)
		}
		if nest.feed(buf[:n], false); nest.most > maxPDFNesting {
			return verity.Errorf(verity.EINVALID, "a content stream nests deeper than %d levels", maxPDFNesting)
		}
		if err != nil {
			// At the end, or a stream the library will find broken when it
			// reads it again, and say so.
			return nil
		}
	}
}
