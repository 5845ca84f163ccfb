// Package eval holds Verity's evaluation datasets and metrics: SciFact for
// retrieval (BEIR nDCG@10) and claim support, and the scoring functions the
// `verity eval` commands report.
//
// Datasets are read from a directory given by the caller (the repository keeps
// them in ../shared/data); a missing dataset is an ENOTFOUND error with a
// message saying where it was looked for, so tests can skip cleanly. Metrics
// are pure functions. This package never tunes anything on test data: tuning
// helpers take the training split only.
package eval
