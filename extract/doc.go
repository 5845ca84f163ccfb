// Package extract builds a knowledge graph from pages where every edge rests
// on a verbatim quote that code found in its source, after narrow,
// independent checks (seed 000, "Every Edge Needs a Quote").
//
// A [Spec] says what to look for: a relation ("uses"), the kind of subject,
// the objects with their aliases ("Битрикс24", "Bitrix24"), what does not
// count (investment, award, membership, partnership without deployment), the
// judge's criteria, the number of votes, the pass threshold, the review band,
// how much of the page the judge sees, how generous the extractor is, banned
// domains, and whose pages are the vendor's own.
//
// [Extractor.Page] runs the steps on one page, each a separate narrow call
// with its own versioned prompt (extract/prompts) or a check in code:
//
//  1. candidates (model, one call per page): generous proposals {subject,
//     object, quote, evidence type};
//  2. quote (code): the quote is located in the page with quote.Locate; a
//     stitched quote becomes the contiguous span it was cut from, a quote
//     that is not there rejects the candidate;
//  3. shape (code): the subject is a specific organization, not a generic
//     plural ("больницы", "hospitals") and not a person; the object is one of
//     the spec's; the page is not from a banned domain. These run before the
//     referent step because they cost nothing;
//  4. referent (model, only when the quote does not name both sides, which
//     code checks with aliases): the whole page is read and the model returns
//     an argument, a yes/no and an evidence phrase, which must itself be found
//     on the page;
//  5. panel (model, N votes): the judge sees the fragment around the quote
//     plus the referent step's argument and phrase, and answers yes/no per
//     criterion; a criterion passes when its yes share reaches the threshold;
//  6. decision (code): accepted with quote, URL, fetch time, confidence and
//     votes; rejected with one [Reason]; or sent to review when the
//     confidence falls below the threshold with a yes on every criterion
//     (the seed's rule), or inside the review band a spec chooses instead.
//
// Every step leaves a [verity.Step] trace (input, output, prompt version, model,
// votes) so that `verity explain` can say why. [Runner] runs a spec over
// stored sources, resumably and concurrently, and stores what it accepted as
// records with receipts: an evidence record per page resting on its source,
// an edge record with one receipt set per supporting evidence (never capped,
// so losing one page does not lose the edge), entity records, and merge
// records whose death splits merged entities again. [Graph] reads the live
// graph as one caller may see it: an edge only through evidence whose source
// that caller may read, never a quote from anything else.
//
// # The offline engine's contract
//
// Each model step carries Task and Vars ([CandidatesVars], [ReferentVars],
// [JudgeVars]); the offline engine (offline/extract*.go) reads the Vars
// and answers with the JSON shape the step's prompt asks a model for:
//
//	extract.candidates  → {"candidates": [{"subject", "object", "quote", "evidence_type"}]}
//	extract.referent    → {"argument", "verdict": "yes"|"no", "evidence_phrase"}
//	extract.judge       → {"answers": [{"id", "answer": "yes"|"no", "reason"}], "not_counted": code or ""}
//
// The referent and judge Vars carry the user's language ([MessageLanguage]):
// arguments and reasons are written in it, quotes as the page writes them.
//
// The package must never import an adapter (the store and the model are
// handed to it through small interfaces), never accept an edge whose quote
// code has not found in the page, never show a quote from a source the
// caller cannot read, and never report a rejected relation as an error: a
// rejection is a value with a reason code.
package extract
