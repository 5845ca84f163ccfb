// Package searchbench measures search engines side by side on the same
// passages and queries: ingest throughput, size on disk, query latency
// (p50, p99, mean) and, when queries carry their relevant ids, nDCG@10.
//
// One [Run] measures every [Engine] the same way, so the figures of two
// engines differ only by the engine. [Verity] is Verity's engine, over the
// service layer (package kb) exactly as the command line ingests and
// searches; other engines, such as Bleve in the benchmark-only module
// bench/search, implement [Engine] outside the main module.
//
// The package must never import another search library (a second engine
// would enter the verity binary and its go.sum) nor a store adapter: the
// caller opens the store and hands it to [NewVerity]. It never prints
// except through [WriteTable], which a command calls.
package searchbench
