// Package analysis is Verity's text processing: case folding, tokens with byte
// spans, Snowball stems for Russian and English, sentences, chunking, matching
// normalization with a map back to original offsets, and conversions between
// byte, rune and UTF-16 offsets.
//
// Everything here is a pure function of its input. Spans are byte offsets into
// the text that was passed in; nothing here returns an offset into a copy
// without the map that leads back. The package must never do I/O or depend on
// any other Verity package.
package analysis
