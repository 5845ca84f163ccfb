// Package sqlite is Verity's embedded store on SQLite (modernc.org/sqlite, pure
// Go): sources with their versions and ACLs, chunks, a full-text index over
// stemmed terms, and the tables later parts keep (records, receipts, the model
// cache, roles). Schema changes are embedded migrations applied on Open, each
// in one transaction with its Go step if it needs one.
//
// Search applies the caller's ACL inside the SQL query that produces results;
// hints about unreadable records come from a separate query that selects only
// the source system and author. This package must never decide relevance on
// its own — ranking is package rank's — and must never return text of a source
// the caller cannot read.
package sqlite
