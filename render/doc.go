// Package render writes the shapes of the service layer (package kb) for
// people: answers with their footnotes, quotes and verdicts on a terminal
// and as Markdown, revocation reports, extraction runs and edges,
// summaries, audits, jobs, crawls and searches. The command prints with it;
// a chat transport can too, so no transport writes its own.
//
// Everything that came from a source or a model — claims, quotes, titles,
// uris, reasons, even the system and author of a hint — is untrusted: on a
// terminal it goes through printable, so control codes never reach the
// screen raw; in Markdown it is escaped, so HTML and Markdown syntax in it
// are shown, never interpreted. This package decides nothing about what a
// caller may see (kb has decided that before anything reaches it) and does
// no I/O but writing to the writer it is given.
package render
