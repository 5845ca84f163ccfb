package ingesttest

import (
	"bytes"
	"strings"
)

// NestedHTML builds a page of depth nested <div> elements around a word:
// 100,000 of them are some 1.1 MB, and a recursive reader of the tree they
// make exhausts its stack.
func NestedHTML(depth int) []byte {
	var b bytes.Buffer
	b.WriteString("<!DOCTYPE html><html><head><title>Deep</title></head><body>")
	b.WriteString(strings.Repeat("<div>", depth))
	b.WriteString("bottom")
	b.WriteString(strings.Repeat("</div>", depth))
	b.WriteString("</body></html>")
	return b.Bytes()
}

// NestedJSONRecord builds one JSONL line whose "acl" holds arrays nested
// depth deep, and a newline.
func NestedJSONRecord(depth int) []byte {
	return []byte(`{"id":"DEEP-1","acl":` + strings.Repeat("[", depth) + strings.Repeat("]", depth) + `,"text":"deep"}` + "\n")
}

// LongLine is n bytes of words with no line break, as a text file.
func LongLine(n int) []byte {
	return bytes.Repeat([]byte("word "), n/5+1)[:n]
}
