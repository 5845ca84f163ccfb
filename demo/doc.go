// Package demo is `verity demo`: a bundled corpus (Confluence pages, a Jira
// ticket, a Slack thread, vendor web pages in Russian and English, a
// Markdown handbook) and a script over the service layer that shows on it
// what Verity does: search under the caller's rights, the verbatim gate,
// grounded answers, quote-grounded extraction, receipts and new versions.
//
// The script reaches the store only through package kb, acting as the
// local operator it is given and reading as the callers each step names.
// It prints its own narration and hands kb's results to a [Screen], the
// renderings the command line shares with its other commands. It never
// imports an adapter (a store, a model provider, the offline engine, a
// transport): the command wires the store, the models and the screen in.
package demo
