// Package summary writes summaries of what search finds on a topic, with
// one receipt per sentence, and shows what is left of them after sources
// are revoked.
//
// A receipt is only honest when it is the size of the claim (seed 002): a
// single list of sources for a whole summary keeps dead sentences alive as
// long as any one source stands. So [Summarize] asks the model, in the same
// call that writes the summary, for a receipt on every sentence: alternative
// sets of the numbered sources, each sufficient alone, capped at
// [Options.MaxSets] sets, smallest first ([verity.Receipt.Capped]). Every
// sentence is stored as a record of kind sentence resting on its own sets,
// and a header record of kind [KindSummary] rests on its sentences, one set
// each, so it lives while any sentence does. After a revocation [Show]
// returns the live sentences and leaves out exactly the dead ones. A
// sentence that repeats a source's words carries the quote span that
// [quote.Locate] found there, and rests on that quote's record (package
// relocate) instead of on the source: when a new version of the source no
// longer holds the words, relocation revokes the quote and the sentence
// loses that set. [Sentence.Receipt] always names sources, as a person
// reads it; [Sentence.RestsOn] is the receipt as stored.
//
// # The offline engine's contract
//
// The summary call carries Task and Vars for engines that do not read prose:
//
//	Task "summary.write"  Vars {"topic": string, "max_sentences": int, "max_sets": int,
//	                            "documents": [{"n": int, "title": string, "text": string}, ...]}
//	                      answer {"sentences": [{"text": string, "sources": [[n, ...], ...]}, ...]}
//
// Documents are numbered from 1; a set lists document numbers. The offline
// engine's extractive summarizer picks sentences of the documents and gives
// each sentence one set per document that contains it.
//
// This package must never import a store or a model adapter (it is handed
// the small [Store] it needs and an llm.Model), never decide liveness itself
// (the store does, from receipts), and never turn a model's unusable output
// into an empty summary: that is an EMALFORMED error carrying the output.
package summary
