// Package verity holds Verity's domain: the nouns every other package speaks
// (Source, Chunk, Principal, Caller, SearchResult, Hint, Record, Receipt), the
// nouns the pipelines persist and the stores keep (an ExtractionRun with its
// Step traces and ReviewItems, a HumanVote, a vote's Tally, an AuditRun, a
// cached answer's CacheMeta), and the few interfaces that several packages
// implement or consume, such as the stores.
//
// Verity makes knowledge built by language models trustworthy: every fact it
// stores or states carries a verbatim quote found by code in a source, a
// confidence that comes from independent votes, and a receipt that lets it
// retract the fact when a source is withdrawn.
//
// This package must stay on the standard library and must never do I/O: it
// describes things, the adapters (sqlite, llm/*, http) and pipelines (extract,
// answer, receipt) do things with them.
package verity
