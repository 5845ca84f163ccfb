// Package postgres is Verity's store in PostgreSQL (through pgx), for
// deployments where several processes — servers behind a load balancer,
// workers — share one store that the database's operators back up and
// replicate. It opens a database or one schema of it (the URL's
// search_path), brings PostgreSQL's schema up to date with its embedded
// migrations, and serializes writers with an advisory lock as SQLite
// serializes them with its one writer. Everything else is the shared SQL
// store's (package internal/sqlstore), so both stores give the same
// answers: the same analysis, the same postings and the same BM25 code.
// This package must never hold SQL of its own outside migrations and
// opening, and must never print a connection's password.
package postgres
