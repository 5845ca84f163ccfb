package receipt

import (
	"context"
	"fmt"
)

// Unrevoke clears the revoked flag of refs in s and returns what changed:
// Revived lists exactly the records that have a live set again. Refs that
// are not revoked are ignored. Unrevoking what a [Revoke] revoked restores
// the liveness from before it (supports may differ, and need not match).
func Unrevoke[N comparable](ctx context.Context, s Store[N], refs []N) (Change[N], error) {
	u := &unrevocation[N]{local: newLocal(s)}
	defer u.release()
	c, err := u.run(ctx, refs, nil)
	if err != nil {
		return Change[N]{}, err
	}
	return c, apply(ctx, s, c)
}

// Add settles nodes a store has just inserted: a new record is stored dead
// with Support -1 and comes alive here if some set of its receipt is alive; a
// new source is stored alive. Dead records already resting on the new nodes
// (forward references, cycles closed by the insertion) revive too, and are
// listed in Revived with the new ones.
func Add[N comparable](ctx context.Context, s Store[N], nodes []N) (Change[N], error) {
	u := &unrevocation[N]{local: newLocal(s)}
	defer u.release()
	c, err := u.run(ctx, nil, nodes)
	if err != nil {
		return Change[N]{}, err
	}
	return c, apply(ctx, s, c)
}

func apply[N comparable](ctx context.Context, s Store[N], c Change[N]) error {
	if c.Empty() {
		return nil
	}
	if err := s.Apply(ctx, c); err != nil {
		return fmt.Errorf("store liveness change: %w", err)
	}
	return nil
}

// unrevocation is forward chaining from the nodes that come alive: each loaded
// record keeps, per set, a count of members not yet known alive, and comes
// alive when one count reaches zero. New liveness only ever adds to the least
// fixed point, so this is exact, and it visits only records resting on what
// came alive.
//
// A member counts as pending unless it was alive before this call (and is not
// one of the nodes this call brings alive) or its memberships were already
// followed; following a node's memberships decrements exactly the sets that
// counted it, so no count is decremented twice.
type unrevocation[N comparable] struct {
	*local[N]
}

func (u *unrevocation[N]) run(ctx context.Context, unrevoke, add []N) (Change[N], error) {
	var c Change[N]
	if err := u.know(ctx, unrevoke); err != nil {
		return c, err
	}
	if err := u.know(ctx, add); err != nil {
		return c, err
	}
	frontier, records := u.frontier[:0], u.records[:0]
	next, fresh := u.next[:0], u.fresh[:0]
	defer func() { u.frontier, u.records, u.next, u.fresh = frontier, records, next, fresh }()
	for _, n := range unrevoke {
		id := u.id(n)
		if u.flag[id]&fSeed != 0 || !u.st[id].Revoked {
			continue
		}
		u.flag[id] |= fSeed
		c.Unrevoked = append(c.Unrevoked, n)
		if u.g.IsSource(n) {
			u.flag[id] |= fLive
			frontier = append(frontier, id)
		} else {
			records = append(records, id)
		}
	}
	for _, n := range add {
		id := u.id(n)
		st := u.st[id]
		switch {
		case u.flag[id]&(fLive|fLoaded) != 0 || st.Revoked:
		case u.g.IsSource(n):
			u.flag[id] |= fLive
			frontier = append(frontier, id)
		case !st.Alive:
			records = append(records, id)
		}
	}
	frontier, err := u.loadAndSettle(ctx, records, frontier)
	if err != nil {
		return Change[N]{}, err
	}
	for len(frontier) > 0 {
		if err := ctx.Err(); err != nil {
			return Change[N]{}, err
		}
		uses, err := u.usesOf(ctx, frontier)
		if err != nil {
			return Change[N]{}, err
		}
		fresh = fresh[:0]
		for _, us := range uses {
			rec := u.id(us.Record)
			if u.eligible(rec) && u.flag[rec]&(fLoaded|fListed) == 0 {
				u.flag[rec] |= fListed
				fresh = append(fresh, rec)
			}
		}
		next, err = u.loadAndSettle(ctx, fresh, next[:0])
		if err != nil {
			return Change[N]{}, err
		}
		for _, id := range frontier {
			u.flag[id] |= fPropagated
		}
		for _, us := range uses {
			rec := u.id(us.Record)
			if u.flag[rec]&fLoaded == 0 || u.flag[rec]&fLive != 0 {
				continue
			}
			k := u.first[rec] + int32(us.Set)
			u.sets.pending[k]--
			if u.sets.pending[k] == 0 {
				next = u.revive(next, k)
			}
		}
		frontier, next = next, frontier
	}
	u.output(&c)
	return c, nil
}

// eligible reports whether a record may come alive in this call: it is dead
// now and not revoked after the call.
func (u *unrevocation[N]) eligible(id int32) bool {
	st := u.st[id]
	return !st.Alive && u.flag[id]&fLive == 0 && (!st.Revoked || u.flag[id]&fSeed != 0)
}

// loadAndSettle loads the receipts of records, counts their pending members,
// and revives, onto frontier, those with a set already complete.
func (u *unrevocation[N]) loadAndSettle(ctx context.Context, records, frontier []int32) ([]int32, error) {
	if len(records) == 0 {
		return frontier, nil
	}
	t := &u.sets
	from := len(t.rec)
	if err := u.load(ctx, t, records); err != nil {
		return frontier, err
	}
	for _, id := range records {
		u.flag[id] |= fLoaded
		u.seen(id)
	}
	for k := from; k < len(t.rec); k++ {
		for _, m := range t.mem[t.beg[k]:t.beg[k+1]] {
			if !u.supporting(m) {
				t.pending[k]++
			}
		}
	}
	for k := from; k < len(t.rec); k++ {
		if t.pending[k] == 0 {
			frontier = u.revive(frontier, int32(k))
		}
	}
	return frontier, nil
}

// supporting reports whether member m already counts as alive.
func (u *unrevocation[N]) supporting(m int32) bool {
	f := u.flag[m]
	return f&fPropagated != 0 || (u.st[m].Alive && f&fLive == 0)
}

// revive brings the record of set k alive through it, unless already alive.
func (u *unrevocation[N]) revive(frontier []int32, k int32) []int32 {
	rec := u.sets.rec[k]
	if u.flag[rec]&fLive != 0 {
		return frontier
	}
	u.flag[rec] |= fLive
	u.outRevived = append(u.outRevived, rec)
	u.outSupport = append(u.outSupport, k)
	return append(frontier, rec)
}
