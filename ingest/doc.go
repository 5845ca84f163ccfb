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
// with an error naming the file and line, and go on with the next item. This
// package never writes to a store; callers decide what to keep.
package ingest
