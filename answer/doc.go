// Package answer gives grounded answers: a question goes in, and what comes
// out is either an answer in which every statement is backed by a record the
// caller may open and a verbatim quote that code found in it, or an honest,
// typed "not found" — or, when the knowledge store is empty, a conversational
// reply that is labelled as such and cites nothing.
//
// # Modes and outcomes
//
// [Service.Ask] follows the grounding contract of the seeds. A store with no
// active source has no grounding mode at all: the model answers from general
// knowledge, without citations (the offline engine says plainly that it has
// none). Otherwise the model is offered one read-only tool, search_knowledge,
// which runs the store's ACL-filtered search with the caller fixed by code;
// once the model has searched, the answer comes only from what the search
// returned. A model that does not do tool calls (the offline engine answers
// the routing task with ENOTIMPLEMENTED) always searches, with the question
// as the query. When retrieval confidence is low and nothing could be
// answered, the question is searched once more with a reformulated query
// (N=1) before the answer says "not found".
//
// Outcomes are answered, not_found (not_in_corpus, insufficient_support,
// retracted) and conversational; content-free hints (source system and
// author email, deduplicated, never a title, uri or text) accompany any of
// them whenever a record the caller cannot read would have ranked.
//
// # Stages (VeriCite, plus a final check)
//
//  1. draft: the model answers from the numbered documents, one statement
//     per item with its [N] citations and a verbatim quote;
//     1.5. each statement is verified against the documents it cites;
//  2. facts: per document, is it useful, and if so its key facts;
//     2.5. each fact is verified against its document;
//  3. assemble: verified statements and facts become one answer (merged
//     citations, no repeats, nothing new);
//     and then — what VeriCite does not do — the assembled statements are
//     verified again and whatever lost support is dropped.
//
// Support is graded 1 (verbatim) to 4 (not supported) by package verify; the
// strict policy keeps grades 1–2, the broad one 1–3 and marks grade 3. Every
// kept statement becomes a [Claim] citing records (uri, title, system, best
// chunk) with a verbatim quote located by quote.Locate in the cited source's
// canonical text (byte spans into that version), whether it paraphrases,
// and a distortion risk computed by code (a number, a negation, a qualifier
// or a condition that differs between claim and quote). Each verified
// statement is stored as a record of kind "statement" whose receipt has one
// set per supporting source, so revoking a source retracts cached answers;
// where the source's quote was located, the set holds the quote's record
// (package relocate) instead, so a new version of the source that drops
// the quoted words retracts them too.
//
// [Check] verifies an answer produced anywhere — text with [N] markers and
// its documents, or an Anthropic Citations API response — the same way.
//
// # Model contract
//
// Every model call carries a Task and Vars, so engines that do not read
// prose (the offline engine) can do each step deterministically:
//
//	answer.chat         {question}                          → {"answer"}
//	answer.route        {question} + tools [search_knowledge] → tool calls, then "DONE"
//	answer.draft        {question, documents:[{n,title,system,text}]}
//	                    → {"statements":[{"text","citations":[n],"quote"}]}
//	answer.facts        {question, document:{n,title,system,text}}
//	                    → {"useful":bool,"facts":[{"text","quote"}]}
//	answer.assemble     {question, statements:[{id,text,citations}]}
//	                    → {"statements":[{"text","citations":[n],"from":[id]}]}
//	answer.reformulate  {question, query}                   → {"query"}
//
// # What this package must never do
//
// It never imports a store or a model adapter (it consumes [Store] and
// llm.Model), never lets retrieved text or a model's tool arguments change
// the caller, the tool set or the question, never puts anything of a record
// the caller cannot read into a prompt or an output (hints are the store's
// content-free ones), never presents a model's paraphrase as a quote (quotes
// are located by code), and never turns a malformed model reply into a
// silent empty answer: the failure is recorded on the answer, or returned as
// an EMALFORMED error when nothing could be answered at all.
package answer
