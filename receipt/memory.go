package receipt

import (
	"context"
	"math"
	"slices"

	"github.com/veritykb/verity"
)

// Node is a node of a [Memory] graph: sources are 0 to Sources()-1 and
// records follow them, so a graph of 1M sources and 10M records needs no map.
type Node int32

// Builder collects the receipts of a [Memory] graph, record by record, into
// flat arrays.
type Builder struct {
	sources int
	recSet  []int32 // record i's sets start at recSet[i]
	setMem  []int32 // set s's members start at setMem[s]
	mem     []Node
}

// NewBuilder starts a graph with the given number of sources, nodes 0 to
// sources-1.
func NewBuilder(sources int) *Builder {
	return &Builder{sources: sources}
}

// Grow reserves room for about this many more records, sets and members, so
// building a large graph does not copy its arrays as they grow.
func (b *Builder) Grow(records, sets, members int) {
	b.recSet = slices.Grow(b.recSet, records)
	b.setMem = slices.Grow(b.setMem, sets)
	b.mem = slices.Grow(b.mem, members)
}

// Record adds a record resting on the given alternative sets and returns its
// node. Members may be any node of the finished graph, records added later
// included, so receipts can form cycles. Each set is sorted and deduplicated
// and empty sets are dropped, as [verity.Receipt.Minimal] does; a record left
// with no set is never alive.
func (b *Builder) Record(sets ...[]Node) Node {
	id := Node(b.sources + len(b.recSet))
	b.recSet = append(b.recSet, int32(len(b.setMem)))
	for _, s := range sets {
		start := len(b.mem)
		b.mem = append(b.mem, s...)
		slices.Sort(b.mem[start:])
		b.mem = b.mem[:start+len(slices.Compact(b.mem[start:]))]
		if len(b.mem) > start {
			b.setMem = append(b.setMem, int32(start))
		}
	}
	return id
}

// Build checks every member names a node of the graph, indexes receipts by
// member and computes liveness from scratch with nothing revoked. The
// builder must not be used afterwards.
func (b *Builder) Build() (*Memory, error) {
	n := b.sources + len(b.recSet)
	if b.sources < 0 || n > math.MaxInt32 || len(b.mem) > math.MaxInt32 {
		return nil, verity.Errorf(verity.EINVALID, "receipt graph of %d nodes and %d members is too large", n, len(b.mem))
	}
	for _, m := range b.mem {
		if m < 0 || int(m) >= n {
			return nil, verity.Errorf(verity.EINVALID, "receipt member %d is not a node of a graph of %d", m, n)
		}
	}
	m := &Memory{
		sources: int32(b.sources),
		recSet:  append(b.recSet, int32(len(b.setMem))),
		setMem:  append(b.setMem, int32(len(b.mem))),
		mem:     b.mem,
	}
	*b = Builder{}
	nSets := len(m.setMem) - 1
	m.setRec = make([]Node, nSets)
	for r := range len(m.recSet) - 1 {
		for s := m.recSet[r]; s < m.recSet[r+1]; s++ {
			m.setRec[s] = Node(int(m.sources) + r)
		}
	}
	// Index memberships by member with a counting sort: useBeg[x] is where
	// node x's memberships start in use, which holds set numbers.
	m.useBeg = make([]int32, n+1)
	for _, x := range m.mem {
		m.useBeg[x+1]++
	}
	for i := 1; i <= n; i++ {
		m.useBeg[i] += m.useBeg[i-1]
	}
	m.use = make([]int32, len(m.mem))
	fill := slices.Clone(m.useBeg[:n])
	for s := range nSets {
		for _, x := range m.mem[m.setMem[s]:m.setMem[s+1]] {
			m.use[fill[x]] = int32(s)
			fill[x]++
		}
	}
	words := (n + 63) / 64
	m.revoked = make([]uint64, words)
	m.alive = make([]uint64, words)
	m.support = make([]int32, len(m.recSet)-1)
	m.Recompute()
	return m, nil
}

// Memory is a receipt graph held in memory in compressed sparse rows: receipts
// by record, receipts by member, and bitsets of revoked and alive nodes. It
// implements [Store] for the engine, and [Memory.Recompute] is the
// from-scratch fixed point the engine is checked and measured against.
// Its structure is fixed once built; only liveness changes. It is not safe
// for concurrent use, dry runs included.
type Memory struct {
	sources int32
	recSet  []int32 // record r's sets are recSet[r-sources] .. recSet[r-sources+1]
	setMem  []int32 // set s's members are mem[setMem[s]:setMem[s+1]]
	mem     []Node
	setRec  []Node  // the record owning set s
	useBeg  []int32 // node x's memberships are use[useBeg[x]:useBeg[x+1]]
	use     []int32 // set numbers

	revoked []uint64
	alive   []uint64
	support []int32 // per record, the index of its supporting set, -1 if dead

	scratch [][]Node
	// slot lends the engine a dense node → local number table, spare keeps
	// the buffers of the last engine call, busy says a call holds both.
	slot  []int32
	spare any
	busy  bool

	// names and index, when built from verity records, translate Refs.
	names []verity.Ref
	index map[verity.Ref]Node
}

var _ Store[Node] = (*Memory)(nil)

// Sources returns the number of sources.
func (m *Memory) Sources() int { return int(m.sources) }

// Len returns the number of nodes, sources and records.
func (m *Memory) Len() int { return len(m.useBeg) - 1 }

// IsSource reports whether n is a source.
func (m *Memory) IsSource(n Node) bool { return n < Node(m.sources) }

// Alive reports whether n is alive.
func (m *Memory) Alive(n Node) bool { return bit(m.alive, n) }

// Revoked reports whether n is revoked.
func (m *Memory) Revoked(n Node) bool { return bit(m.revoked, n) }

// Support returns the index of the set keeping record r alive, -1 if r is
// dead or a source.
func (m *Memory) Support(r Node) int {
	if m.IsSource(r) || !m.valid(r) {
		return -1
	}
	return int(m.support[r-Node(m.sources)])
}

// Receipt returns a copy of record r's sets (nil for a source).
func (m *Memory) Receipt(r Node) [][]Node {
	if m.IsSource(r) || !m.valid(r) {
		return nil
	}
	var sets [][]Node
	i := r - Node(m.sources)
	for s := m.recSet[i]; s < m.recSet[i+1]; s++ {
		sets = append(sets, slices.Clone(m.mem[m.setMem[s]:m.setMem[s+1]]))
	}
	return sets
}

// Clone returns a graph sharing m's structure with its own copy of the
// liveness state, for comparing an incremental state with a recomputed one.
func (m *Memory) Clone() *Memory {
	c := *m
	c.revoked = slices.Clone(m.revoked)
	c.alive = slices.Clone(m.alive)
	c.support = slices.Clone(m.support)
	c.scratch = nil
	c.slot, c.spare, c.busy = nil, nil, false
	return &c
}

// SameLiveness reports whether m and o, clones of one graph, have the same
// revoked and alive nodes (supports may differ: several can be well founded).
func (m *Memory) SameLiveness(o *Memory) bool {
	return slices.Equal(m.revoked, o.revoked) && slices.Equal(m.alive, o.alive)
}

// Recompute sets liveness from the revoked flags alone, in time linear in the
// size of the graph: every set counts its members not yet alive, a queue
// starts from the live sources, and a record comes alive when the count of
// one of its sets reaches zero. Only what the queue reaches is alive, which is
// the least fixed point: a cycle with no way in from a live source stays dead.
func (m *Memory) Recompute() {
	clear(m.alive)
	for i := range m.support {
		m.support[i] = -1
	}
	pending := make([]int32, len(m.setMem)-1)
	for s := range pending {
		pending[s] = m.setMem[s+1] - m.setMem[s]
	}
	queue := make([]Node, 0, m.Len())
	for x := range Node(m.sources) {
		if !bit(m.revoked, x) {
			set(m.alive, x)
			queue = append(queue, x)
		}
	}
	for head := 0; head < len(queue); head++ {
		x := queue[head]
		for _, s := range m.use[m.useBeg[x]:m.useBeg[x+1]] {
			pending[s]--
			if pending[s] != 0 {
				continue
			}
			r := m.setRec[s]
			if bit(m.alive, r) || bit(m.revoked, r) {
				continue
			}
			set(m.alive, r)
			i := r - Node(m.sources)
			m.support[i] = s - m.recSet[i]
			queue = append(queue, r)
		}
	}
}

func (m *Memory) valid(n Node) bool { return n >= 0 && int(n) < m.Len() }

func (m *Memory) check(ns []Node) error {
	for _, n := range ns {
		if !m.valid(n) {
			return verity.Errorf(verity.ENOTFOUND, "node %d is not in a receipt graph of %d nodes", n, m.Len())
		}
	}
	return nil
}

// Uses implements [Graph].
func (m *Memory) Uses(_ context.Context, nodes []Node, dst []Use[Node]) ([]Use[Node], error) {
	if err := m.check(nodes); err != nil {
		return dst, err
	}
	for _, x := range nodes {
		for _, s := range m.use[m.useBeg[x]:m.useBeg[x+1]] {
			r := m.setRec[s]
			dst = append(dst, Use[Node]{Member: x, Record: r, Set: int(s - m.recSet[r-Node(m.sources)])})
		}
	}
	return dst, nil
}

// Sets implements [Graph]; the slices lent to fn point into m.
func (m *Memory) Sets(_ context.Context, records []Node, fn func(Node, [][]Node)) error {
	if err := m.check(records); err != nil {
		return err
	}
	for _, r := range records {
		if m.IsSource(r) {
			return verity.Errorf(verity.EINVALID, "node %d is a source, not a record", r)
		}
		i := r - Node(m.sources)
		m.scratch = m.scratch[:0]
		for s := m.recSet[i]; s < m.recSet[i+1]; s++ {
			m.scratch = append(m.scratch, m.mem[m.setMem[s]:m.setMem[s+1]:m.setMem[s+1]])
		}
		fn(r, m.scratch)
	}
	return nil
}

// Status implements [Graph].
func (m *Memory) Status(_ context.Context, nodes []Node, dst []Status) ([]Status, error) {
	if err := m.check(nodes); err != nil {
		return dst, err
	}
	for _, x := range nodes {
		st := Status{Revoked: bit(m.revoked, x), Alive: bit(m.alive, x), Support: -1}
		if !m.IsSource(x) {
			st.Support = int(m.support[x-Node(m.sources)])
		}
		dst = append(dst, st)
	}
	return dst, nil
}

// Apply implements [Store].
func (m *Memory) Apply(_ context.Context, c Change[Node]) error {
	for _, l := range [][]Node{c.Revoked, c.Unrevoked, c.Died, c.Revived} {
		if err := m.check(l); err != nil {
			return err
		}
	}
	for _, s := range c.Supports {
		if err := m.check([]Node{s.Record}); err != nil {
			return err
		}
		i := s.Record - Node(m.sources)
		if m.IsSource(s.Record) || s.Set < 0 || int32(s.Set) >= m.recSet[i+1]-m.recSet[i] {
			return verity.Errorf(verity.EINVALID, "node %d has no set %d", s.Record, s.Set)
		}
	}
	for _, x := range c.Revoked {
		set(m.revoked, x)
		if m.IsSource(x) {
			unset(m.alive, x)
		}
	}
	for _, x := range c.Unrevoked {
		unset(m.revoked, x)
		if m.IsSource(x) {
			set(m.alive, x)
		}
	}
	for _, x := range c.Died {
		unset(m.alive, x)
		if !m.IsSource(x) {
			m.support[x-Node(m.sources)] = -1
		}
	}
	for _, x := range c.Revived {
		set(m.alive, x)
	}
	for _, s := range c.Supports {
		m.support[s.Record-Node(m.sources)] = int32(s.Set)
	}
	return nil
}

func bit(b []uint64, n Node) bool { return b[n>>6]&(1<<(n&63)) != 0 }
func set(b []uint64, n Node)      { b[n>>6] |= 1 << (n & 63) }
func unset(b []uint64, n Node)    { b[n>>6] &^= 1 << (n & 63) }
