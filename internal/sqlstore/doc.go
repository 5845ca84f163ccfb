// Package sqlstore is Verity's store over a SQL database, written once for
// the databases it runs on: SQLite (package sqlite, embedded) and
// PostgreSQL (package postgres, shared by processes). It keeps sources
// with their versions and ACLs, chunks, the search index (package
// postings' segments in tables), derived records with their receipts and
// the revocation log, extraction traces, audits, the model cache, roles
// and tokens. A [Dialect] says what differs: placeholders, how values
// are passed, how writers are serialized and how a read sees one snapshot;
// each dialect package brings its own migrations, which must give the
// same tables and columns, so that a store copies into another of either
// dialect row for row ([DB.CopyTo]).
//
// Search applies the caller's ACL inside the traversal that produces
// results, and hints about unreadable records carry only a source system
// and an author. This package must never decide relevance on its own —
// ranking is package rank's — must never return text of a source the
// caller cannot read, and must never write SQL only one of its dialects
// understands outside a migration.
//
// What it keeps is the root package's nouns (an extraction run and its
// steps, review items, votes, audit runs, cached answers' metadata), so it
// satisfies each pipeline's Store without importing the pipeline: it must
// never import one but receipt, whose revocation arithmetic a cascade and
// its log entry need inside one transaction, and never anything under
// llm/. What a pipeline keeps whole and never asks the store to read (a
// page's result, a review item's body) reaches it as JSON.
package sqlstore
