// Package verify checks whether a source passage supports a claim: premise +
// hypothesis → a [Verdict] with a label (entailed, neutral, contradicted),
// the seeds' support grade (1 verbatim, 2 same meaning, 3 partial, 4 not
// supported) and a score. The answers, checks and audits pipelines consume
// the [Verifier] interface.
//
// Grade 1 is decided by code before any model is asked ([Verbatim]: the
// claim is one or more whole sentences of the premise), and so is a claim
// checked against an empty premise: no evidence, not "neutral" ([Settle];
// every backend settles these pairs the same way). Every verdict carries
// Entailment, the backend's probability that the premise supports the
// claim, which reliability tables are drawn from. The [Judge] asks any
// llm.Model one narrow question per claim with three answers, N times, and
// scores the winning label by its share of votes; a deterministic model
// votes once. Grade 3 is also code: a neutral verdict whose claim adds no
// content word the premise lacks ([GradeFor], [Partial]): a claim with a
// fact of its own is grade 4 whatever else it shares with the text.
//
// # The offline engine's contract
//
// The judge's calls carry Task and Vars for engines that do not read prose:
//
//	Task "verify.support"        Vars {"premise": string, "hypothesis": string}
//	                             answer {"label": "entailed"|"neutral"|"contradicted"}
//	Task "verify.support_batch"  Vars {"premise": string, "hypotheses": [string, ...]}
//	                             answer {"results": [{"id": 1, "label": ...}, ...]}
//	                             (ids number the hypotheses from 1)
//
// The answer goes in Response.Text as JSON; Response.Model should say
// "offline" and Info().Deterministic must be true, so the judge draws one
// vote instead of dressing one answer up as a panel.
//
// # Other backends
//
// A dedicated NLI model (a cross-encoder returning entailment, neutral and
// contradiction probabilities) is a Verifier of its own, not an llm.Model:
// package verify/nli, constructed in cmd/verity, whose Verify runs [Settle]
// first, POSTs the remaining pairs in batches to a service with Text
// Embeddings Inference's wire format, takes the most probable label with its
// probability as Score and the entailment probability as Entailment, maps
// the label through [GradeFor] and sets By to "nli" and Model to the
// service's model id. The offline engine's rule is one too
// (offline.Verifier), with a calibrated Entailment and grades as thresholds
// on it. [WordOverlap] is the baseline every verifier is measured beside.
//
// This package must never import a model adapter (it is handed an
// llm.Model), never read configuration, and never report an unsupported or
// unreadable claim as an error: those are verdicts. Errors mean the checking
// itself could not be done.
package verify
