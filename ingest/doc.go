// Package ingest turns files, folders, stdin and JSONL connector records into
// Sources with canonical text, and cuts their text into chunks.
//
// Canonical text is valid UTF-8 in NFC with "\n" line ends and no byte-order
// mark; every span anywhere in Verity is a byte offset into it. HTML keeps its
// headings as Markdown "#" lines, because later steps (referent resolution)
// read a quote together with the heading above it.
//
// Readers report bad input — invalid UTF-8, binary data, broken PDF or HTML,
// oversized files, malformed JSON lines, records without an id — as an Item
// with an error naming the file and line, and go on with the next item.
//
// No file may hang or exhaust a reader: every file is read within a size
// and a time budget ([Options]), a file over budget is a failed Item, and
// input shaped to make a parser loop, recurse or allocate without end (page
// trees that refer to themselves, compression bombs, nesting thousands
// deep) is refused before it reaches the parser. The third-party PDF code
// cannot be interrupted, so the PDF reader is a function the caller can
// replace ([Options.PDF], [PDFReader]); cmd/verity runs it in a child
// process it kills at the deadline, with package ingest/pdfchild.
//
// This package never writes to a store — callers decide what to keep — and
// never starts a process: isolation is the caller's to wire (the
// subpackage pdfchild is the one that does).
package ingest
