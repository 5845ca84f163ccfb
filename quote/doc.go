// Package quote finds verbatim quotes in text: the verbatim gate of Verity.
// A quote a model returns is trusted only when [Locate] finds it in the
// source; the span it returns always points at the original bytes.
//
// Matching goes from strict to lenient and stops at the first kind that
// holds: exact bytes; the same text after typographic normalization
// (analysis.Normalize: case, NFKC, quotes, dashes, spacing, soft hyphens,
// line-break hyphenation, ё/е); a repaired quote stitched from pieces that
// occur in order with a bounded gap; and a fuzzy match with a few word-level
// edits that leave every number and negation intact.
//
// The package is pure: no I/O but the streams [Batch] is handed, no model
// calls, no global state beyond caches of Unicode properties. It must never accept a fabricated or paraphrased
// quote: every lenient path is built to reject rather than guess, and the
// answer "not found" is a value (Match.Found == false), never an error.
package quote
