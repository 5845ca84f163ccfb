package receipt

import (
	"context"
	"fmt"
)

// Impact returns what revoking refs would do, without changing anything: the
// records that would die, the records that would lose a set but live on
// another, and the new supports. Refs already revoked are ignored.
//
// It is delete-and-rederive (Gupta et al., 1993) over well-founded supports
// (de Kleer's truth maintenance): first over-delete every alive record whose
// support rests, transitively, on a revoked node; then re-derive, to a fixed
// point, those over-deleted records that have a set made only of nodes alive
// outside the over-deleted region or already re-derived. A record whose
// support is intact is never visited, so the cost grows with the records
// whose support is affected, not with the store. Cycles cannot keep each
// other alive: re-derivation starts only from nodes outside the region, as
// the least fixed point does.
func Impact[N comparable](ctx context.Context, g Graph[N], refs []N) (Change[N], error) {
	r := &revocation[N]{local: newLocal(g)}
	defer r.release()
	return r.run(ctx, refs)
}

// Revoke revokes refs in s and returns what changed: Died lists exactly the
// records left without a live set. Refs already revoked are ignored, so the
// change can be undone by [Unrevoke] of Change.Revoked.
func Revoke[N comparable](ctx context.Context, s Store[N], refs []N) (Change[N], error) {
	c, err := Impact(ctx, s, refs)
	if err != nil {
		return Change[N]{}, err
	}
	if c.Empty() {
		return c, nil
	}
	if err := s.Apply(ctx, c); err != nil {
		return Change[N]{}, fmt.Errorf("store revocation: %w", err)
	}
	return c, nil
}

type revocation[N comparable] struct {
	*local[N]
}

func (r *revocation[N]) run(ctx context.Context, refs []N) (Change[N], error) {
	var c Change[N]
	if err := r.know(ctx, refs); err != nil {
		return c, err
	}
	for _, n := range refs {
		id := r.id(n)
		if r.flag[id]&fSeed != 0 || r.st[id].Revoked {
			continue
		}
		r.flag[id] |= fSeed
		c.Revoked = append(c.Revoked, n)
		if r.st[id].Alive {
			r.lost = append(r.lost, id)
			r.flag[id] |= fDeadAfter
			if !r.g.IsSource(n) {
				r.outDied = append(r.outDied, id)
				r.seen(id)
			}
		}
	}
	if err := r.overDelete(ctx); err != nil {
		return Change[N]{}, err
	}
	if err := r.rederive(ctx); err != nil {
		return Change[N]{}, err
	}
	r.survivors()
	r.output(&c)
	return c, nil
}

// overDelete follows, level by level, the memberships of lost nodes and marks
// every alive record whose support set contains one.
func (r *revocation[N]) overDelete(ctx context.Context) error {
	frontier := append(r.frontier[:0], r.lost...)
	next := r.next[:0]
	defer func() { r.frontier, r.next = frontier, next }()
	for len(frontier) > 0 {
		if err := ctx.Err(); err != nil {
			return err
		}
		uses, err := r.usesOf(ctx, frontier)
		if err != nil {
			return err
		}
		next = next[:0]
		for _, u := range uses {
			rec := r.id(u.Record)
			r.seen(rec)
			r.used = append(r.used, memberUse{member: r.id(u.Member), record: rec})
			st := r.st[rec]
			if !st.Alive || st.Support != u.Set || r.flag[rec]&(fSeed|fDeleted) != 0 {
				continue
			}
			r.flag[rec] |= fDeleted
			r.deleted = append(r.deleted, rec)
			next = append(next, rec)
		}
		frontier, next = next, frontier
	}
	return nil
}

// rederive counts, for every set of every over-deleted record, the members
// still in the over-deleted region, and re-derives records from the sets
// whose count drops to zero, as the from-scratch fixed point would.
func (r *revocation[N]) rederive(ctx context.Context) error {
	if len(r.deleted) == 0 {
		return nil
	}
	t := &r.sets
	if err := r.load(ctx, t, r.deleted); err != nil {
		return err
	}
	r.waitHd = r.waitHd[:0]
	for range r.nodes {
		r.waitHd = append(r.waitHd, -1)
	}
	queue := r.queue[:0]
	defer func() { r.queue = queue }()
	for k := range t.rec {
		for _, m := range t.mem[t.beg[k]:t.beg[k+1]] {
			switch {
			case r.flag[m]&fSeed != 0 || !r.st[m].Alive:
				t.blocked[k] = true
			case r.flag[m]&fDeleted != 0:
				t.pending[k]++
				r.waitSet = append(r.waitSet, int32(k))
				r.waitNx = append(r.waitNx, r.waitHd[m])
				r.waitHd[m] = int32(len(r.waitSet) - 1)
			}
		}
		if t.pending[k] == 0 && !t.blocked[k] {
			queue = r.derive(queue, int32(k))
		}
	}
	for head := 0; head < len(queue); head++ {
		for w := r.waitHd[queue[head]]; w >= 0; w = r.waitNx[w] {
			k := r.waitSet[w]
			t.pending[k]--
			if t.pending[k] == 0 && !t.blocked[k] {
				queue = r.derive(queue, k)
			}
		}
	}
	for _, id := range r.deleted {
		if r.flag[id]&fRederived == 0 {
			r.flag[id] |= fDeadAfter
			r.outDied = append(r.outDied, id)
		}
	}
	return nil
}

// derive re-derives the record of set k through it, unless already done.
func (r *revocation[N]) derive(queue []int32, k int32) []int32 {
	rec := r.sets.rec[k]
	if r.flag[rec]&fRederived != 0 {
		return queue
	}
	r.flag[rec] |= fRederived
	r.outSupport = append(r.outSupport, k)
	return append(queue, rec)
}

// survivors lists the records alive before and after that have a set with a
// member dead after. Every such membership was seen while over-deleting,
// because every node dead after was either lost or over-deleted.
func (r *revocation[N]) survivors() {
	for _, u := range r.used {
		if r.flag[u.member]&fDeadAfter == 0 {
			continue
		}
		f := r.flag[u.record]
		if !r.st[u.record].Alive || f&(fDeadAfter|fListed) != 0 {
			continue
		}
		r.flag[u.record] |= fListed
		r.outSurvive = append(r.outSurvive, u.record)
	}
}
