package receipt

import (
	"context"
	"fmt"
)

// local numbers the nodes one engine call has looked at, so the call keeps its
// bookkeeping in slices indexed by small ints rather than in maps keyed by N.
// Everything in it grows with the records the call touches, never with the
// store.
type local[N comparable] struct {
	g     Graph[N]
	idx   index[N]
	nodes []N
	st    []Status
	flag  []uint16
	first []int32 // per node, the setTable index of its set 0, -1 if not loaded

	// Scratch buffers reused across the steps of one call, and across
	// calls on a [Memory], which keeps the last call's bookkeeping.
	ask    []N
	stBuf  []Status
	uses   []Use[N]
	arenaN []N

	sets     setTable
	frontier []int32
	next     []int32
	queue    []int32
	// Unrevocation only.
	records []int32 // records to load
	fresh   []int32 // records met for the first time in one step
	// Revocation only.
	lost    []int32 // newly revoked nodes that were alive
	deleted []int32 // over-deleted records, in the order found
	used    []memberUse
	waitHd  []int32 // per local node: first set waiting on it, -1 if none
	waitNx  []int32 // per member occurrence: next set waiting on the same node
	waitSet []int32 // per member occurrence: the waiting set

	// Outputs in local numbers, copied into a Change once at the end so its
	// slices are allocated at their final size.
	outDied    []int32
	outRevived []int32
	outSurvive []int32
	outSupport []int32 // setTable indexes of the new supports

	owner *Memory // the Memory whose dense table and spare this call holds
	dense denseIndex
}

// memberUse is a Use in local numbers, kept to find the records that lost a set.
type memberUse struct{ member, record int32 }

// Per-node flags. Revocation and unrevocation use disjoint meanings of some
// bits, but never within one call.
const (
	fSeed       uint16 = 1 << iota // named by the caller and its flag changes
	fSeen                          // counted in Change.Examined
	fDeleted                       // over-deleted: its support may be gone
	fRederived                     // over-deleted, then derived again
	fLoaded                        // its sets are loaded into counters
	fLive                          // alive in the new state (unrevocation)
	fPropagated                    // its uses were already followed (unrevocation)
	fDeadAfter                     // dead in the new state (revocation)
	fListed                        // already appended to an output list
)

// newLocal returns the bookkeeping of one engine call; release must follow.
// On a [Memory] it borrows the graph's dense node table and the buffers of
// the previous call, so a revocation of ten records allocates almost
// nothing; other graphs get maps.
func newLocal[N comparable](g Graph[N]) *local[N] {
	m, _ := any(g).(*Memory)
	if m == nil || m.busy {
		return &local[N]{g: g, idx: mapIndex[N]{}}
	}
	l, ok := m.spare.(*local[N])
	if !ok {
		l = &local[N]{}
	}
	l.reset()
	l.g = g
	ix, ok := any(&l.dense).(index[N])
	if !ok {
		return &local[N]{g: g, idx: mapIndex[N]{}}
	}
	m.busy = true
	if m.slot == nil {
		m.slot = make([]int32, m.Len())
	}
	l.owner, l.dense.m, l.idx = m, m, ix
	return l
}

// reset empties every buffer, keeping its capacity.
func (l *local[N]) reset() {
	l.nodes, l.st, l.flag, l.first = l.nodes[:0], l.st[:0], l.flag[:0], l.first[:0]
	l.ask, l.stBuf, l.uses, l.arenaN = l.ask[:0], l.stBuf[:0], l.uses[:0], l.arenaN[:0]
	t := &l.sets
	t.rec, t.no, t.beg, t.mem, t.pending, t.blocked = t.rec[:0], t.no[:0], t.beg[:0], t.mem[:0], t.pending[:0], t.blocked[:0]
	l.frontier, l.next, l.queue = l.frontier[:0], l.next[:0], l.queue[:0]
	l.records, l.fresh = l.records[:0], l.fresh[:0]
	l.lost, l.deleted, l.used = l.lost[:0], l.deleted[:0], l.used[:0]
	l.waitHd, l.waitNx, l.waitSet = l.waitHd[:0], l.waitNx[:0], l.waitSet[:0]
	l.outDied, l.outRevived, l.outSurvive, l.outSupport = l.outDied[:0], l.outRevived[:0], l.outSurvive[:0], l.outSupport[:0]
}

// output fills c's lists from the local outputs.
func (l *local[N]) output(c *Change[N]) {
	nodes := func(ids []int32) []N {
		if len(ids) == 0 {
			return nil
		}
		out := make([]N, len(ids))
		for i, id := range ids {
			out[i] = l.nodes[id]
		}
		return out
	}
	c.Died, c.Revived, c.Survived = nodes(l.outDied), nodes(l.outRevived), nodes(l.outSurvive)
	if len(l.outSupport) > 0 {
		c.Supports = make([]Support[N], len(l.outSupport))
		for i, k := range l.outSupport {
			c.Supports[i] = Support[N]{Record: l.nodes[l.sets.rec[k]], Set: int(l.sets.no[k])}
		}
	}
	for id := range l.flag {
		if l.flag[id]&fSeen != 0 {
			c.Examined++
		}
	}
}

// release gives back what the call borrowed from the graph.
func (l *local[N]) release() {
	if m := l.owner; m != nil {
		l.dense.release()
		l.owner, l.g, l.idx = nil, nil, nil
		m.spare, m.busy = l, false
	}
}

// id returns n's local number; n must be known.
func (l *local[N]) id(n N) int32 {
	id, _ := l.idx.get(n)
	return id
}

// know makes sure every node of ns has a local number and a status, asking the
// graph once for all the nodes it has not seen.
func (l *local[N]) know(ctx context.Context, ns []N) error {
	l.ask = l.ask[:0]
	for _, n := range ns {
		if _, ok := l.idx.get(n); ok {
			continue
		}
		l.idx.put(n, -1) // reserved, so duplicates in ns are asked once
		l.ask = append(l.ask, n)
	}
	if len(l.ask) == 0 {
		return nil
	}
	var err error
	l.stBuf, err = l.g.Status(ctx, l.ask, l.stBuf[:0])
	if err != nil {
		for _, n := range l.ask {
			l.idx.del(n)
		}
		return fmt.Errorf("read node status: %w", err)
	}
	if len(l.stBuf) != len(l.ask) {
		return fmt.Errorf("read node status: got %d statuses for %d nodes", len(l.stBuf), len(l.ask))
	}
	for i, n := range l.ask {
		l.idx.put(n, int32(len(l.nodes)))
		l.nodes = append(l.nodes, n)
		l.st = append(l.st, l.stBuf[i])
		l.flag = append(l.flag, 0)
		l.first = append(l.first, -1)
	}
	return nil
}

// usesOf returns the memberships of the given local nodes, with every record
// in them known.
func (l *local[N]) usesOf(ctx context.Context, ids []int32) ([]Use[N], error) {
	l.ask = l.ask[:0]
	for _, id := range ids {
		l.ask = append(l.ask, l.nodes[id])
	}
	var err error
	l.uses, err = l.g.Uses(ctx, l.ask, l.uses[:0])
	if err != nil {
		return nil, fmt.Errorf("read receipt members: %w", err)
	}
	recs := l.arenaN[:0]
	for _, u := range l.uses {
		if _, ok := l.idx.get(u.Record); !ok {
			recs = append(recs, u.Record)
		}
	}
	l.arenaN = recs
	if err := l.know(ctx, recs); err != nil {
		return nil, err
	}
	return l.uses, nil
}

// seen marks id as examined and reports whether it was the first time.
func (l *local[N]) seen(id int32) bool {
	if l.flag[id]&fSeen != 0 {
		return false
	}
	l.flag[id] |= fSeen
	return true
}

// setTable holds the receipts of the records one call loaded: for the k-th
// loaded set, its record (local), its index in that record's receipt and its
// members (local), plus one counter per set.
type setTable struct {
	rec     []int32
	no      []int32
	beg     []int32 // members of set k are mem[beg[k]:beg[k+1]]
	mem     []int32
	pending []int32
	blocked []bool
}

// load reads the receipts of records (local ids) into t, making every member
// known.
func (l *local[N]) load(ctx context.Context, t *setTable, records []int32) error {
	if len(records) == 0 {
		return nil
	}
	if len(t.beg) == 0 {
		t.beg = append(t.beg, 0)
	}
	l.ask = l.ask[:0]
	for _, id := range records {
		l.ask = append(l.ask, l.nodes[id])
	}
	// Members are copied as N first: some are not known yet, and the graph
	// only lends the slices for the duration of the callback.
	start := len(t.rec)
	members := l.arenaN[:0]
	var missing int
	err := l.g.Sets(ctx, l.ask, func(record N, sets [][]N) {
		id, ok := l.idx.get(record)
		if !ok || id < 0 {
			missing++
			return
		}
		l.first[id] = int32(len(t.rec))
		for no, s := range sets {
			t.rec = append(t.rec, id)
			t.no = append(t.no, int32(no))
			members = append(members, s...)
			t.beg = append(t.beg, int32(len(members)))
		}
	})
	l.arenaN = members
	if err != nil {
		return fmt.Errorf("read receipts: %w", err)
	}
	if missing > 0 {
		return fmt.Errorf("read receipts: %d records the engine did not ask for", missing)
	}
	if err := l.know(ctx, members); err != nil {
		return err
	}
	// t.beg offsets so far count from the start of this batch's members;
	// shift them onto t.mem.
	base := int32(len(t.mem))
	for k := start + 1; k < len(t.beg); k++ {
		t.beg[k] += base
	}
	for _, m := range members {
		t.mem = append(t.mem, l.id(m))
	}
	for range len(t.rec) - start {
		t.pending = append(t.pending, 0)
		t.blocked = append(t.blocked, false)
	}
	return nil
}

// index maps nodes to local numbers. Maps serve any graph; a [Memory] lends a
// dense table instead, so a call costs no hashing.
type index[N comparable] interface {
	get(n N) (int32, bool)
	put(n N, id int32)
	del(n N)
	release()
}

type mapIndex[N comparable] map[N]int32

func (x mapIndex[N]) get(n N) (int32, bool) {
	id, ok := x[n]
	return id, ok
}
func (x mapIndex[N]) put(n N, id int32) { x[n] = id }
func (x mapIndex[N]) del(n N)           { delete(x, n) }
func (x mapIndex[N]) release()          {}

// denseIndex keeps local numbers in Memory.slot, shifted by two so the
// zeroed table means "unknown" and the reservation -1 is still known, and
// remembers what it wrote so release costs what the call touched, not the
// size of the graph.
type denseIndex struct {
	m       *Memory
	touched []Node
}

func (x *denseIndex) get(n Node) (int32, bool) {
	if !x.m.valid(n) || x.m.slot[n] == 0 {
		return 0, false
	}
	return x.m.slot[n] - 2, true
}

func (x *denseIndex) put(n Node, id int32) {
	if !x.m.valid(n) {
		return
	}
	if x.m.slot[n] == 0 {
		x.touched = append(x.touched, n)
	}
	x.m.slot[n] = id + 2
}

func (x *denseIndex) del(n Node) {
	if x.m.valid(n) {
		x.m.slot[n] = 0
	}
}

func (x *denseIndex) release() {
	for _, n := range x.touched {
		x.m.slot[n] = 0
	}
	x.touched = x.touched[:0]
}
