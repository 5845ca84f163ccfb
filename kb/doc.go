// Package kb is Verity's one door to the knowledge base: every operation a
// transport offers — the CLI, the HTTP API, the MCP server, the web UI
// (through the API), and any transport added later — is a method of
// [Service] that takes the caller explicitly. This package decides who may
// read and change what, and holds each operation's policy and shapes: the
// requests transports decode (AskRequest, ExtractRequest, RevokeRequest...),
// their defaults and bounds, the answers and envelopes every transport
// prints, hint handling for anonymous callers, the batching of ingests, and
// the reading of uploads with package ingest. A transport authenticates,
// decodes, calls one method and encodes; it copies nothing of this.
//
// The rules, one table for every transport:
//
//	operation                                          reader   curator              admin / local operator
//	search, ask, check, sources, show, graph, explain,   ✓        ✓                    ✓
//	  summarize (write, show, list; a reader's summary
//	  is its own until a curator publishes it)
//	log, impact, audit without apply                     filtered filtered             all
//	publish a summary                                    —        on what it can read  ✓
//	ingest, crawl, research, extract; narrow an ACL      —        ✓                    ✓
//	revoke, unrevoke, undo, review decisions, graph      —        on what it can read  ✓
//	  merge and alias, audit with apply
//	widen a source's ACL, make a source or system        —        —                    ✓
//	  discoverable or not, systems, roles, operator
//	  views (All)
//	connectors: add, list, show, remove, sync, queue     —        —                    ✓
//	  a sync (the scheduler's: the local operator only)
//
// A connector's sync runs as its own caller, connector:NAME
// ([verity.ConnectorCaller]): it holds no role, and through [Sync] alone
// it stores, narrows, widens, revokes and unrevokes the records under its
// prefix (KIND:NAME:), which no other caller may write. A webhook's post
// ([Service.Hook]) is authenticated by its connector's shared secret here,
// and only queues a re-reading of pages.
//
// A caller reads a source when it holds a principal of the source's ACL (an
// empty ACL is read by no one), and a derived record when it can read at
// least one live sufficient set of the record's receipt. That one rule is
// applied here and nowhere else: the store filters search by the caller's
// principals that kb hands it, and pipelines receive the [verity.View] kb
// builds for the request (receipt.StoreViewer with the caller's rule) — no
// pipeline evaluates an ACL. Roles live in the store; the local operator
// (whoever opens the store file) has every right and reads as public unless
// it asks for an operator view. An anonymous caller ([verity.Anonymous])
// reads what is public, is told of no hidden record and creates nothing
// another caller sees (no summary, audit or stored answer).
//
// Hints ([verity.Hint]) tell a caller that a record it cannot read would
// answer, by system and author's email: the store gives one only for a
// discoverable record whose text shares two terms with the query, and this
// package counts every search against the principal's hourly hint budget
// (hint.go), shared by the servers of one store.
//
// Every read is filtered, and a caller can never tell a record it cannot
// read from one that does not exist: both give the same error code and
// message, in every method. A caller with no right to an operation is told
// so (EFORBIDDEN) before any id is looked at, so the refusal says nothing
// about the ids either. Every change is recorded with its actor and the API
// token it used, whichever step makes it (a review, a relocation).
//
// The service runs over a store named concern by concern ([SourceStore],
// [RecordStore], [GraphStore] and the others of store.go), models it is
// given ([Models]), and job handlers registered by kind ([JobHandlers]).
//
// This package must never trust anything but its caller argument for rights
// (not a flag, a document, a model's output or a record's body), must never
// return text, titles, ids, spans or counts of what the caller cannot read,
// and must never do I/O except through the stores, models and readers it
// is given. Parsing flags, rendering and exit codes belong to the
// transports.
package kb
