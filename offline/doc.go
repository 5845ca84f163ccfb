// Package offline is Verity's offline engine: an llm.Model that needs no
// network and no weights, the default when no model is configured. It
// dispatches on [llm.Request.Task] and answers each task it knows by a
// deterministic procedure over [llm.Request.Vars] — claim-support
// verification by an explainable NLI heuristic (aligned sentences, weighted
// stem coverage, numbers with units, negation, qualifiers, names, direction
// of change), answering, summaries, audits, extraction's steps and the
// doctor's health check — built on packages analysis and quote.
//
// It is a room of its own above the pipelines whose prompts it answers, not
// a provider under llm/: a task's Vars and answer are the pipeline's types
// (extract's CandidatesVars, verify's verdicts), so the engine imports the
// pipelines, and llm/ (the seam the pipelines import) stays free of them.
// Only cmd/verity and tests import it.
//
// The claim-support rule is also a verify.Verifier of its own, [Verifier]:
// lexical checks (numbers, names, negation word by word, direction,
// qualifiers, comparisons, opposite words) over the best-aligned windows
// of the premise, and a calibrated probability of support from what they
// found ([SupportModel]: a logistic score and an isotonic map fitted on
// SciFact's training claims and AttributionBench's dev split by `verity
// eval support --tune`, kept in support_model.go). Over several passages
// (an answer's references) each part of a claim is also located on its
// own, and the parts' windows read together are one more candidate; the
// words of the question a claim answers are given, not checked. Grades are
// thresholds on that probability; a claim the
// checks veto (a different number, a flipped negation, a lost bound...) is
// never entailed, and only a passage that makes a claim false contradicts
// it.
//
// Every response says model "offline", costs no tokens and is the same for
// the same request, so Info reports Deterministic: a vote draws one sample
// from it, never N copies of one answer dressed up as agreement. A task it
// does not do is an ENOTIMPLEMENTED error naming the task, never a made-up
// answer.
//
// # Adding a task
//
// A task lives in its own file (answer.go, summary.go, extract.go...):
//
//	const TaskAnswer = "answer.extractive" // the prompt's name
//
//	func init() { register(TaskAnswer, answer) }
//
//	// answer reads the vars the prompt is rendered from and returns the
//	// value a real model is asked for; Complete encodes it as JSON.
//	func answer(ctx context.Context, e *Engine, req *llm.Request) (any, error) {
//		var v struct{ Question string; Passages []string }
//		if err := decodeVars(req, &v); err != nil {
//			return nil, err // EINVALID
//		}
//		...
//	}
//
// The shared primitives are package functions over a [doc] built once per
// text by analyze: words with stems and spans (text.go), IDF weights from
// the documents a request carries or from one text's sentences (idfOf),
// weighted coverage and sentence alignment against a query (coverage,
// align, rankSentences), numbers with units normalized to one base unit per
// dimension (number.go: quantities, quantity.same), cues — negation,
// bounds, only, except, conditions, direction of change — with their
// scope (cue.go: findCues, inScope), names, capitalized or quoted
// (name.go: findNames, hasName), and the kind of value a question asks for
// — a time, an amount, a person, an organization, a place — with the values
// of each kind a sentence states (question.go: askedKind; value.go:
// readQuestion, question.holds). Grounded answering picks the sentences
// that answer the question (select.go: candidates, selectSentences):
// only those package answer's relevance gate lets through, scored by a
// logistic model over the question's focus, predicate, a value of the
// asked kind near the focus, its names and numbers, its terms in the
// question's order and search's rank,
// whose weights TestFitSelection fits on the tune part of XQuAD's
// development half (go test ./offline -run TestFitSelection -fit); an
// answer is one sentence (with the one before it when it opens with a
// pronoun, with the one beside it that says the question's predicate when
// it does not), or two equally good ones, or none below a probability of one
// half; TestWrongAnswers sorts the wrong ones by where the answer was. Handlers must stay pure functions of the
// request and the engine's options: no maps iterated into output order, no
// clock, no randomness. Table-test every rule in English and Russian.
//
// This package must never touch the network or the file system, never
// read configuration, never pretend to do a task it does not do, and never
// be imported by a pipeline, the service layer, an adapter or a transport
// (they are handed an llm.Model that cmd/verity wires).
package offline
