// Package quotebench is the labelled benchmark of the verbatim gate: a
// frozen, seeded generator of quote-location cases and the scorer that
// reports accuracy per kind.
//
// Cases are built from SciFact abstracts and from Russian text written for
// this benchmark (testdata/ru.jsonl), on pages of 1–100 KB made by joining
// documents. Each case is a page, a quote and the verdict a correct locator
// gives: found at a given byte span (exact, typographic drift, page-side
// noise, stitched, fuzzy) or not found (fabricated, paraphrased). Documents
// are split once, by a hash of their id, into dev (for tuning) and test
// (for reporting only).
//
// The generator is frozen: changing what it produces for a seed invalidates
// every number reported on it, and a test pins a checksum of its output. It
// must never look at a locator's answers, and the package must never import
// the locator it measures: Run takes it as a function.
package quotebench
