// Package receipt decides which derived records are alive, and keeps that
// decision current as sources are revoked and unrevoked.
//
// A derived record (an edge, a merge, a summary sentence, an answer
// statement) carries a receipt: alternative sets of references, each
// sufficient alone, where a reference is a source or another record. A
// source is alive unless revoked. A record is alive unless revoked while at
// least one of its sets has every member alive. Because records rest on
// records, this definition alone would let a cycle keep itself alive (A
// rests on B, B on A); liveness is therefore the least fixed point: exactly
// what can be derived starting from live sources, one complete set at a
// time. A cycle with no complete set leading into it from live sources is
// dead, however many sets it has. [Memory.Recompute] computes this from
// scratch in linear time and is the oracle for everything else here.
//
// Every alive record also keeps a support: the index of a set, all alive,
// through which the fixed point reached it. Supports are well founded (they
// lead down to live sources without a loop), which is what lets [Revoke] be
// incremental: it visits only records whose support a revocation breaks,
// re-derives those that have another live set, and reports exactly the
// records that died. [Unrevoke] chains forward from what came back and
// restores exactly the liveness from before; [Impact] is a dry run of
// [Revoke]; [Add] settles newly inserted records. The engine talks to
// receipts through the small batch interface [Graph] ([Store] to write), so
// a SQL store can serve it from a receipt_members(record, set_no, member)
// table indexed on member. [Memory] is the in-memory graph, sized for tens
// of millions of records. [Log] is the append-only record of who revoked
// what, when and why, and undoes events.
//
// Visibility follows receipts: a record is shown to a caller only through a
// live set made entirely of things that caller may read, sources and
// records alike ([Viewer]); a record that rests on a source hidden from the
// caller must not leak that source's content by being shown.
//
// The package is pure set arithmetic over what a store lends it: it must
// never do I/O of its own, speak SQL, or call a model. Auditing receipts by
// regenerating records with a model, and storing logs and liveness, belong
// to other packages that use this one.
package receipt
