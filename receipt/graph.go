package receipt

import "context"

// Use is one membership of a receipt: node Member belongs to set number Set of
// record Record. It is one row of a receipt_members(record, set_no, member)
// table, which is how a store indexes receipts by member.
type Use[N comparable] struct {
	Member N
	Record N
	Set    int
}

// Status is what a store keeps about a node between revocations.
type Status struct {
	// Revoked is the input: a person (or an audit) withdrew the node. A revoked
	// node is dead whatever its receipt says.
	Revoked bool
	// Alive is the derived liveness, the least fixed point: a source is alive
	// unless revoked; a record is alive unless revoked while some set of its
	// receipt has every member alive.
	Alive bool
	// Support is, for an alive record, the index of the set that keeps it
	// alive, and -1 for a dead record or a source. Supports are well founded:
	// following them from any alive record ends at live sources without
	// passing a record twice. The engine relies on this to visit only the
	// records whose support a revocation breaks.
	Support int
}

// Graph is the read access the engine needs: receipts by record, receipts by
// member, and the stored liveness of nodes. Every method is a batch, so a
// store can answer with one indexed query per step of a cascade. Nodes the
// store does not know are an error (code verity.ENOTFOUND).
type Graph[N comparable] interface {
	// IsSource reports whether n is a source (else it is a record).
	IsSource(n N) bool
	// Uses appends to dst every membership whose member is one of nodes.
	Uses(ctx context.Context, nodes []N, dst []Use[N]) ([]Use[N], error)
	// Sets calls fn once for each of records with its receipt's sets, in the
	// order their indexes (Use.Set, Status.Support) refer to. The slices are
	// only valid during the call.
	Sets(ctx context.Context, records []N, fn func(record N, sets [][]N)) error
	// Status appends to dst the status of each of nodes, in order.
	Status(ctx context.Context, nodes []N, dst []Status) ([]Status, error)
}

// Store is a Graph the engine may change. Apply must store a Change
// atomically, as the engine computed it: the engine reads nothing back.
type Store[N comparable] interface {
	Graph[N]
	Apply(ctx context.Context, c Change[N]) error
}

// Support names the set that now keeps a record alive.
type Support[N comparable] struct {
	Record N
	Set    int
}

// Change is what a revocation, an unrevocation or an insertion does to a
// store. The first five fields are the whole state change that Apply stores;
// Survived and Examined describe it for people and benchmarks.
type Change[N comparable] struct {
	// Revoked lists the nodes whose revoked flag this change sets; nodes that
	// were already revoked are left out, so undoing the change clears exactly
	// these.
	Revoked []N
	// Unrevoked lists the nodes whose revoked flag this change clears.
	Unrevoked []N
	// Died lists the records alive before and dead after, revoked records
	// included. Sources are never listed: a source dies exactly when revoked.
	Died []N
	// Revived lists the records dead before and alive after.
	Revived []N
	// Supports gives the new support of every record alive after whose
	// support changed: the revived ones and the ones that lost their support
	// but were re-derived from another set.
	Supports []Support[N]
	// Survived lists the records alive before and after that have a set
	// containing a node this change killed (a live node revoked, or a record
	// that died): they lost a set and live on another one. Only revocations
	// fill it.
	Survived []N
	// Examined counts the distinct records the engine looked at, the measure
	// of its cost; it grows with the records affected, not with the store.
	Examined int
}

// Empty reports whether c changes nothing in the store.
func (c Change[N]) Empty() bool {
	return len(c.Revoked) == 0 && len(c.Unrevoked) == 0 && len(c.Died) == 0 &&
		len(c.Revived) == 0 && len(c.Supports) == 0
}
