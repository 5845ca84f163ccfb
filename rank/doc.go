// Package rank scores chunks for a query with BM25 and ranks records by their
// best chunk. Every store ranks through it, so SQLite and PostgreSQL order
// results the same way whatever full-text features each engine has.
//
// It is pure: the store gathers the statistics (document frequencies, lengths)
// and the candidate chunks; rank only does arithmetic on them. It must never
// decide who may read what — the store has filtered the candidates by then.
package rank
