package ingest

import (
	"bytes"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"

	"github.com/veritykb/verity"
)

// Canonical checks data and returns it as canonical text: valid UTF-8 (an
// error names the byte offset of the first invalid sequence), no NUL bytes
// (binary data is refused), byte-order marks at the start removed, "\r\n" and "\r" turned
// into "\n", and Unicode NFC so equal-looking text is byte-equal.
func Canonical(data []byte) (string, error) {
	if i := bytes.IndexByte(data, 0); i >= 0 {
		return "", verity.Errorf(verity.EINVALID, "binary data (NUL byte at offset %d)", i)
	}
	// Every leading mark goes, not only the first: a file saved twice by
	// tools that each add one would otherwise keep one, and canonical text
	// read again must come back the same.
	for bytes.HasPrefix(data, bom) {
		data = data[len(bom):]
	}
	if !utf8.Valid(data) {
		return "", verity.Errorf(verity.EINVALID, "invalid UTF-8 at byte %d", firstInvalid(data))
	}
	if looksBinary(data) {
		return "", verity.Errorf(verity.EINVALID, "binary data (too many control characters)")
	}
	s := string(data)
	if strings.IndexByte(s, '\r') >= 0 {
		s = strings.ReplaceAll(s, "\r\n", "\n")
		s = strings.ReplaceAll(s, "\r", "\n")
	}
	return norm.NFC.String(s), nil
}

// CanonicalString is Canonical for text that is already a Go string, such as
// a JSON field or a PDF's extracted text.
func CanonicalString(s string) (string, error) { return Canonical([]byte(s)) }

var bom = []byte("\xef\xbb\xbf")

func firstInvalid(data []byte) int {
	for i := 0; i < len(data); {
		r, size := utf8.DecodeRune(data[i:])
		if r == utf8.RuneError && size <= 1 {
			return i
		}
		i += size
	}
	return len(data)
}

// looksBinary reports whether more than 1 in 100 of the first 8 KB are control
// characters other than tab, newline, carriage return and form feed.
func looksBinary(data []byte) bool {
	if len(data) > 8192 {
		data = data[:8192]
	}
	n := 0
	for _, c := range data {
		if c < 0x20 && c != '\t' && c != '\n' && c != '\r' && c != '\f' {
			n++
		}
	}
	return n*100 > len(data)
}
