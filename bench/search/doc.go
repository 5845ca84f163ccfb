// Command search is the benchmark-only module that measures Verity's
// search beside Bleve v2 on the same passages and queries, in one process,
// through eval/searchbench's one measurement.
//
//	go run . gen --chunks 100000 --out corpus.jsonl --queries queries.jsonl
//	go run . run --corpus corpus.jsonl --queries queries.jsonl --as group:all
//
// gen builds a corpus from SciFact: its abstracts plus passages generated
// by a word-bigram Markov chain trained on them, and SciFact's test claims
// as queries. run ingests the corpus into each engine and times both.
//
// It is a module of its own so that Bleve never enters the verity binary
// or the main module's go.sum; it must never be imported by the main
// module, and it holds no measuring code of its own beyond the Bleve
// engine: the measurement is eval/searchbench's.
package main
