// Package collect gathers web pages into the store: [Crawl] walks one site
// within a page budget, and [Research] is the seed's web agent, which finds
// third-party pages about a product's customers through a pluggable
// [Searcher] under a budget of searches and page reads, recording a one-line
// reason for every call.
//
// Both are polite by construction: one [Fetcher] per run names Verity in its
// User-Agent, honours robots.txt ([ParseRobots]: user-agent groups,
// Allow/Disallow by longest match, "*" and "$" wildcards, Crawl-delay),
// keeps a delay between requests to the same host, honours Retry-After, cuts
// off slow and oversized responses, and reads only HTML and PDF. URLs are
// compared in the canonical form of [CanonicalURL]. Pages become Sources
// (system "web", id and uri the canonical URL, updated_at the fetch time)
// through the ingest readers, and are stored through the small [Store]
// interface the store satisfies; what a page is stored for (the search and
// reason that found it) goes to a [Journal].
//
// A failure of one URL — a timeout, a 404, a 429 that will not clear, broken
// HTML, an unknown charset — is a value in the report, never the end of a
// run. Only the store failing, or the context ending, stops one.
//
// This package must never read the environment or configuration (the CLI
// passes search endpoints and keys in), never import a store adapter, never
// fetch a URL in [Research] that a search did not return, never read a page
// from a banned domain ([Banned]), and never treat a model's suggestion as
// anything but a search query.
package collect
