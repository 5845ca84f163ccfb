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
// them whenever a record the caller cannot read would have ranked. A "not
// found" is insufficient_support when search found a passage about the
// question (its focus and predicate, as the gate below counts them) or
// drafted statements failed verification, and not_in_corpus only when
// search found nothing about it.
//
// A compound question ("how many vacation days carry over, and what is the
// layoff plan?", «когда запустили Маркет и какие категории там
// представлены?») is split at a question mark, a semicolon or a joining
// word before a new question phrase ([SplitQuestion]); each part is
// searched, answered and gated on its own, with its own hints, so the
// readable part is answered and the part only a hidden record would answer
// says so with that record's hint. Answer.Parts says which claims answer
// which part. When two claims answer one question from different records
// with different values of the kind it asks for — a date, a number, a
// name — the answer lists a [Conflict] and its text names both values with
// their footnotes: Verity never keeps one silently.
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
//     verified again and whatever lost support is dropped;
//  4. relevance: each statement left must answer the question (below).
//
// # The relevance gate
//
// The verifier checks that a claim is in its source; it cannot tell that
// the claim answers the question. "Where do employees park?" was answered,
// verbatim and entailed, with a sentence about a company's 120 employees
// moving to a CRM. So every statement that survived verification — from
// any engine, since a real model can drift too — is judged against the
// question ([ReadQuestion], [Question.Judge]) with its immediate context:
// the sentences just before and after it in the cited passage and the
// record's title. The question is read for its type (who, when, where, how
// many or how much, how often, how long, which or what, why, yes/no — and
// whether a yes/no asks for permission, "Can I…", «Можно ли…»; Russian and
// English forms), its focus (every content word other than question words,
// as index terms — analysis.Terms, the way search matches) and its
// predicate (the verb or noun naming what is asked). A question word inside
// a clause asks too when no question word starts one ("…a subject dealt
// with by whom?", «В виде произведения чего…?»), and such an English
// question's predicate is its first participle. A claim answers when
//
//   - it states a value of the asked kind that the question does not — a
//     date, a number, a place, a person or organization, a frequency, a
//     duration, a reason, a word that permits or forbids ([Question.Values]);
//     a capitalized article, pronoun or preposition at a sentence's start
//     ("His…", "On September 20…") is no name, and a role word after "to"
//     ("to lead") is a verb, no person;
//   - it and its context hold at least half of the focus (by index term,
//     word family or a shared five-letter prefix), including some term other
//     than the predicate;
//   - it or its context holds the predicate, or the claim alone holds more
//     than half of the focus.
//
// The last rule is a compromise measured on XQuAD: questions there name
// their predicate in other words than the answer ("surrender" for "gave
// up") so often that requiring it would turn away a third of the right
// answers, while a claim that holds most of the question's focus by itself
// is about it. A claim that fails goes to unverified_claims with reason
// off_topic and the verdict ([Relevance]); a kept claim carries its verdict;
// the gate is the stage "relevance".
//
// The offline engine drafts from the same gate: it considers only the
// sentences the gate would let through and picks among them by a model of
// which sentence answers (package offline, select.go), so an answer is
// one or two claims rather than every sentence sharing words with the
// question. `verity eval answers` measures both on XQuAD beside a plain
// baseline: precision 0.922 (English) and 0.895 (Russian) at coverage
// 0.580 and 0.502, false answers at most 0.016 — 0.883 and 0.862 on the
// part of the data no rule or weight was tuned on. The goal of 0.95 is not
// met: the wrong answers cite the right paragraph but a sentence beside
// the answer, because the question names the answer's predicate in other
// words, and abstaining more (a higher threshold, a margin over the next
// sentence, the predicate required) turns away right answers as fast.
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
