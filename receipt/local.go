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
	idx   map[N]int32
	nodes []N
	st    []Status
	flag  []uint16

	// Scratch buffers reused across the steps of one call.
	ask    []N
	stBuf  []Status
	uses   []Use[N]
	arenaN []N
}

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

func newLocal[N comparable](g Graph[N]) *local[N] {
	return &local[N]{g: g, idx: make(map[N]int32)}
}

// id returns n's local number; n must be known.
func (l *local[N]) id(n N) int32 { return l.idx[n] }

// know makes sure every node of ns has a local number and a status, asking the
// graph once for all the nodes it has not seen.
func (l *local[N]) know(ctx context.Context, ns []N) error {
	l.ask = l.ask[:0]
	for _, n := range ns {
		if _, ok := l.idx[n]; ok {
			continue
		}
		l.idx[n] = -1 // reserved, so duplicates in ns are asked once
		l.ask = append(l.ask, n)
	}
	if len(l.ask) == 0 {
		return nil
	}
	var err error
	l.stBuf, err = l.g.Status(ctx, l.ask, l.stBuf[:0])
	if err != nil {
		for _, n := range l.ask {
			delete(l.idx, n)
		}
		return fmt.Errorf("read node status: %w", err)
	}
	if len(l.stBuf) != len(l.ask) {
		return fmt.Errorf("read node status: got %d statuses for %d nodes", len(l.stBuf), len(l.ask))
	}
	for i, n := range l.ask {
		l.idx[n] = int32(len(l.nodes))
		l.nodes = append(l.nodes, n)
		l.st = append(l.st, l.stBuf[i])
		l.flag = append(l.flag, 0)
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
		if _, ok := l.idx[u.Record]; !ok {
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
	first   map[int32]int32 // local record → index of its set 0
}

// load reads the receipts of records (local ids) into t, making every member
// known.
func (l *local[N]) load(ctx context.Context, t *setTable, records []int32) error {
	if len(records) == 0 {
		return nil
	}
	if t.first == nil {
		t.first = make(map[int32]int32)
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
		id, ok := l.idx[record]
		if !ok || id < 0 {
			missing++
			return
		}
		t.first[id] = int32(len(t.rec))
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
		t.mem = append(t.mem, l.idx[m])
	}
	for range len(t.rec) - start {
		t.pending = append(t.pending, 0)
		t.blocked = append(t.blocked, false)
	}
	return nil
}
