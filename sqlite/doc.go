// Package sqlite is Verity's embedded store in one SQLite file
// (modernc.org/sqlite, pure Go): it opens the file in WAL mode with one
// writer at a time, brings SQLite's schema up to date with its embedded
// migrations (each in one transaction with its Go step if it needs one),
// and backs the live store up with VACUUM INTO. Everything else — sources,
// search, records and receipts, the log, roles, tokens — is the shared SQL
// store's (package internal/sqlstore), which the PostgreSQL store runs too.
package sqlite
