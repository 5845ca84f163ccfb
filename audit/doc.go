// Package audit checks receipts by regeneration (seed 002, step 3).
//
// Receipts are a model's self-report; revocation trusts them blindly. An
// audit takes the records a revocation touched (those that died and those
// that survived on another set), removes the revoked sources, shows a model
// only what remains of the sources each record was built from, and asks N
// times, independently, whether it would still reach the record's
// conclusion. At least [Options.AliveAt] of N yes is alive, at most
// [Options.DeadAt] is dead, anything between is undetermined: a state of its
// own, listed for a person to decide. The blind variant does not show the
// conclusion: it asks what follows from the remaining sources about the
// record's topic, and code compares the answers with the record.
//
// Every probe — task, prompt version, model, vars and the raw answer — is
// kept in the run ([verity.AuditRun]), so [Replay] can recompute every
// verdict from stored probes with no model call. A dead verdict is a
// proposal: the caller applies it by revoking the record, or not.
//
// An audit run with the model that built the records checks that model
// against itself. With the offline engine this is circular by construction
// (the same deterministic procedure builds and judges); the run's Circular
// counts such verdicts and reports must say so.
//
// # What the audit reads from a record
//
// The record's body is JSON; the audit reads "text" (the conclusion; records
// without it are skipped), "topic" (for the blind variant), "inputs" (refs
// of the sources the record was built from, shown if still live; without it
// the sources its receipt reaches are used) and "passages"
// ([{"source_id", "version", "start", "end"}], the parts of those sources
// shown when the record was built; without them whole texts are shown).
//
// # The offline engine's contract
//
//	Task "audit.regenerate"  Vars {"conclusion": string, "removed": [string],
//	                               "documents": [{"n": int, "title": string, "text": string}]}
//	                         answer {"answer": "yes"|"no", "sources": [n, ...]}
//	Task "audit.blind"       Vars {"topic": string, "max_conclusions": int, "documents": [...]}
//	                         answer {"conclusions": [string, ...]}
//
// This package must never import a store or a model adapter, never revoke
// anything itself, and never count an unreadable answer as a vote either
// way: it is a ballot with no label, and the verdict says so.
package audit
