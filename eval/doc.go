// Package eval holds Verity's evaluation datasets and metrics: SciFact for
// retrieval (BEIR nDCG@10) and claim support, and the scoring functions the
// `verity eval` commands report. It also holds the harnesses behind those
// commands, which run Verity's pipelines on a dataset and build the report:
// [CompareRetrieval] (Verity's search beside a plain BM25, tuning on the
// training split only), [RunSupport] and [CompareSupport] (any verifiers on
// SciFact's pairs or a pairs file read by [LoadPairs], with macro-F1 and a
// reliability table) and [Support] (a judge over one model) for
// claim-support verification, [SciFactReceipts] and [Receipts] for
// per-sentence receipts under revocation, [Citations] and [SciFactAnswers]
// for answers whose citations [CitationScores] judges, and
// [ReDocREDExtraction] and [Extraction] for quote-grounded extraction. A
// command only parses its flags, wires a [Wiring] (fresh stores, the run's
// models), calls one harness and renders the report it returns.
//
// Datasets are read from a directory given by the caller (the repository keeps
// them in ../shared/data); a missing dataset is an ENOTFOUND error with a
// message saying where it was looked for, so tests can skip cleanly. Metrics
// are pure functions. This package never tunes anything on test data: tuning
// helpers take the training split only. It never imports an adapter (a
// store, a model provider, the offline engine, a transport): harnesses take
// what they need as the small interfaces and functions they define, and
// cmd/verity wires concrete ones in. The harnesses return reports and never
// print: rendering is the command's.
package eval
