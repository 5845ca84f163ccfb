// Package kb is Verity's one door to the knowledge base: every operation a
// transport offers — the CLI today, the HTTP API, the MCP server and the web
// UI next — is a method of [Service] that takes the caller explicitly, and
// this package alone decides who may read and change what.
//
// The rules, one table for every transport:
//
//	operation                                          reader   curator              admin / local operator
//	search, ask, check, sources, show, graph, explain,   ✓        ✓                    ✓
//	  summarize (write, show, list)
//	log, impact, audit without apply                     filtered filtered             all
//	ingest, crawl, research, extract; narrow an ACL      —        ✓                    ✓
//	revoke, unrevoke, undo, review decisions, graph      —        on what it can read  ✓
//	  merge and alias, audit with apply
//	widen a source's ACL, roles, operator views (All)    —        —                    ✓
//
// A caller reads a source when it holds a principal of the source's ACL (an
// empty ACL is read by no one), and a derived record when it can read at
// least one live sufficient set of the record's receipt — the one rule,
// [receipt.Viewer]'s, never a second algorithm beside it. Roles live in the
// store; the local operator (whoever opens the store file) has every right
// and reads as public unless it asks for an operator view.
//
// Every read is filtered, and a caller can never tell a record it cannot
// read from one that does not exist: both give the same error code and
// message, in every method. A caller with no right to an operation is told
// so (EFORBIDDEN) before any id is looked at, so the refusal says nothing
// about the ids either.
//
// The JSON shapes transports print live here too, so the CLI's --json, the
// API and MCP tools answer alike.
//
// This package must never trust anything but its caller argument for rights
// (not a flag, a document, a model's output or a record's body), must never
// return text, titles, ids, spans or counts of what the caller cannot read,
// and must never do I/O except through the [Store] and the models it is
// given. Parsing flags, rendering and exit codes belong to the transports.
package kb
