package receipt

import (
	"context"

	"github.com/veritykb/verity"
)

// FromRecords builds a [Memory] graph from verity records, for callers that
// speak in Refs: a store loading its receipts to recompute liveness, a test.
// Its sources are the given ones plus every source a receipt names; every
// record a receipt names must be among records. Set numbers are positions in
// each receipt's [verity.Receipt.Minimal] form, the form a store keeps. Record
// states are ignored: liveness is computed from scratch with nothing revoked.
func FromRecords(sources []verity.Ref, records []verity.Record) (*Memory, error) {
	index := make(map[verity.Ref]Node, len(sources)+len(records))
	var names []verity.Ref
	addSource := func(r verity.Ref) {
		if _, ok := index[r]; !ok {
			index[r] = Node(len(names))
			names = append(names, r)
		}
	}
	for _, s := range sources {
		if s.Kind() != verity.RefSource {
			return nil, verity.Errorf(verity.EINVALID, "source %q is not a source ref", s)
		}
		addSource(s)
	}
	for _, rec := range records {
		for _, set := range rec.Receipt.Minimal().Sets {
			for _, ref := range set {
				switch ref.Kind() {
				case verity.RefSource:
					addSource(ref)
				case verity.RefRecord:
				default:
					return nil, verity.Errorf(verity.EINVALID, "record %q: receipt ref %q is neither source nor record", rec.ID, ref)
				}
			}
		}
	}
	nSources := len(names)
	for _, rec := range records {
		ref := verity.RecordRef(rec.ID)
		if _, dup := index[ref]; dup {
			return nil, verity.Errorf(verity.EINVALID, "record %q appears twice", rec.ID)
		}
		index[ref] = Node(len(names))
		names = append(names, ref)
	}
	b := NewBuilder(nSources)
	var sets [][]Node
	for _, rec := range records {
		sets = sets[:0]
		for _, s := range rec.Receipt.Minimal().Sets {
			nodes := make([]Node, 0, len(s))
			for _, ref := range s {
				n, ok := index[ref]
				if !ok {
					return nil, verity.Errorf(verity.EINVALID, "record %q rests on unknown %q", rec.ID, ref)
				}
				nodes = append(nodes, n)
			}
			sets = append(sets, nodes)
		}
		b.Record(sets...)
	}
	m, err := b.Build()
	if err != nil {
		return nil, err
	}
	m.names, m.index = names, index
	return m, nil
}

// Node returns the node of ref in a graph built by [FromRecords].
func (m *Memory) Node(ref verity.Ref) (Node, bool) {
	n, ok := m.index[ref]
	return n, ok
}

// Ref returns the Ref of n in a graph built by [FromRecords], else "".
func (m *Memory) Ref(n Node) verity.Ref {
	if int(n) < len(m.names) && n >= 0 {
		return m.names[n]
	}
	return ""
}

// Refs returns m as a [Store] keyed by verity.Ref; m must come from
// [FromRecords].
func (m *Memory) Refs() *RefStore { return &RefStore{m: m} }

// RefStore is a [Memory] seen through Refs.
type RefStore struct {
	m     *Memory
	nodes []Node
	uses  []Use[Node]
	sets  [][]verity.Ref
	flat  []verity.Ref
}

var _ Store[verity.Ref] = (*RefStore)(nil)

func (s *RefStore) toNodes(refs []verity.Ref) ([]Node, error) {
	s.nodes = s.nodes[:0]
	for _, r := range refs {
		n, ok := s.m.index[r]
		if !ok {
			return nil, verity.Errorf(verity.ENOTFOUND, "%q is not in the receipt graph", r)
		}
		s.nodes = append(s.nodes, n)
	}
	return s.nodes, nil
}

// IsSource implements [Graph].
func (s *RefStore) IsSource(r verity.Ref) bool { return r.Kind() == verity.RefSource }

// Uses implements [Graph].
func (s *RefStore) Uses(ctx context.Context, refs []verity.Ref, dst []Use[verity.Ref]) ([]Use[verity.Ref], error) {
	nodes, err := s.toNodes(refs)
	if err != nil {
		return dst, err
	}
	s.uses, err = s.m.Uses(ctx, nodes, s.uses[:0])
	if err != nil {
		return dst, err
	}
	for _, u := range s.uses {
		dst = append(dst, Use[verity.Ref]{Member: s.m.names[u.Member], Record: s.m.names[u.Record], Set: u.Set})
	}
	return dst, nil
}

// Sets implements [Graph].
func (s *RefStore) Sets(ctx context.Context, refs []verity.Ref, fn func(verity.Ref, [][]verity.Ref)) error {
	nodes, err := s.toNodes(refs)
	if err != nil {
		return err
	}
	return s.m.Sets(ctx, nodes, func(r Node, sets [][]Node) {
		s.sets, s.flat = s.sets[:0], s.flat[:0]
		for _, set := range sets {
			for _, n := range set {
				s.flat = append(s.flat, s.m.names[n])
			}
		}
		at := 0
		for _, set := range sets {
			s.sets = append(s.sets, s.flat[at:at+len(set):at+len(set)])
			at += len(set)
		}
		fn(s.m.names[r], s.sets)
	})
}

// Status implements [Graph].
func (s *RefStore) Status(ctx context.Context, refs []verity.Ref, dst []Status) ([]Status, error) {
	nodes, err := s.toNodes(refs)
	if err != nil {
		return dst, err
	}
	return s.m.Status(ctx, nodes, dst)
}

// Apply implements [Store].
func (s *RefStore) Apply(ctx context.Context, c Change[verity.Ref]) error {
	conv := func(refs []verity.Ref) ([]Node, error) {
		ns, err := s.toNodes(refs)
		return append([]Node(nil), ns...), err
	}
	var nc Change[Node]
	var err error
	if nc.Revoked, err = conv(c.Revoked); err != nil {
		return err
	}
	if nc.Unrevoked, err = conv(c.Unrevoked); err != nil {
		return err
	}
	if nc.Died, err = conv(c.Died); err != nil {
		return err
	}
	if nc.Revived, err = conv(c.Revived); err != nil {
		return err
	}
	for _, sp := range c.Supports {
		n, ok := s.m.index[sp.Record]
		if !ok {
			return verity.Errorf(verity.ENOTFOUND, "%q is not in the receipt graph", sp.Record)
		}
		nc.Supports = append(nc.Supports, Support[Node]{Record: n, Set: sp.Set})
	}
	return s.m.Apply(ctx, nc)
}
