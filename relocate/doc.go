// Package relocate keeps quote records true to the current version of their
// source.
//
// A summary sentence or an answer statement that repeats a source's words
// carries a verbatim quote: a byte span into one version of that source. If
// the sentence rested on the source directly, a new version that no longer
// says it would leave the sentence alive on a source that stopped
// supporting it — a false fact kept alive. So the sentence rests instead on
// a quote record (kind [verity.KindQuote]): one per (source, quote text),
// shared by every sentence and statement that uses the same words of the
// same source, whose body is the span ([Quote]) and whose receipt is the
// source alone. A sentence's receipt then reads
// {record:quote:…A} OR {record:quote:…B}, one set per supporting source as
// before; where no quote was located the set keeps the source itself.
//
// When a source gets a new version, [Source] looks for each of its quotes
// in the new text (exact or with typography aside, never repaired or
// fuzzy: a quote is verbatim or nothing). Found, the quote record moves to
// the new version and span. Gone, it is revoked by [Who] with the reason, so
// exactly the sets it was in die: a sentence that also rests on another
// source survives on it, one that rested on this quote alone is retracted.
// A quote that comes back in a later version is restored, but only when it
// was relocation that revoked it; a person's revocation is never undone
// here. This is the design of extraction's evidence relocation
// (extract.Relocate), for the records that summaries and answers make.
//
// This package must never import a store or a model adapter (it is handed
// the small [Store] it needs), never call a model, never decide liveness
// itself (the store does, from receipts), and never accept a quote that
// code did not find verbatim in the new version.
package relocate
