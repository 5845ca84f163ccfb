// Package printable makes text Verity did not write — a document's words,
// a title, a model's answer — safe and short to show on a terminal or in a
// chat: control characters and bidirectional overrides become visible
// escapes, so a document cannot move the cursor, retitle the window or
// hide text, and long text is cut to a line.
//
// It is a library: pure functions of strings, with no I/O, and it must
// never decide what may be shown (the service layer does) — only how.
package printable
