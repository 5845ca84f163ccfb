package postings

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math/bits"
	"slices"
)

// BlockSize is the number of postings in a block of a posting list.
const BlockSize = 128

// Doc is one chunk to index: its id (unique, and increasing in the order docs
// are added to an index: a deleted id never comes back), the record it
// belongs to, and its index terms in order, repeats kept.
type Doc struct {
	ID     int64
	Record int64
	Terms  []string
}

// Segment is an encoded segment: its doc table and a posting list per term.
type Segment struct {
	Docs  []byte
	Lists map[string][]byte
	N     int   // number of docs
	MinID int64 // first and last doc id; 0 when empty
	MaxID int64
}

// Build encodes docs, which must have increasing ids, as one segment. Docs
// without terms are left out: nothing can match them.
func Build(docs []Doc) (*Segment, error) {
	type posting struct{ ord, tf uint32 }
	lists := map[string][]posting{}
	table := docTableWriter{}
	tf := map[string]uint32{}
	for _, d := range docs {
		if len(d.Terms) == 0 {
			continue
		}
		if err := table.add(d.ID, d.Record, len(d.Terms)); err != nil {
			return nil, err
		}
		clear(tf)
		for _, t := range d.Terms {
			tf[t]++
		}
		ord := uint32(table.n - 1)
		for t, f := range tf {
			lists[t] = append(lists[t], posting{ord, f})
		}
	}
	seg := &Segment{Docs: table.bytes(), Lists: make(map[string][]byte, len(lists)), N: table.n, MinID: table.first, MaxID: table.last}
	for t, ps := range lists {
		w := listWriter{lens: table.lens}
		for _, p := range ps {
			w.add(p.ord, p.tf)
		}
		seg.Lists[t] = w.bytes()
	}
	return seg, nil
}

// DocTable is a decoded doc table: by ordinal, each doc's id, record and
// number of terms.
type DocTable struct {
	IDs     []int64
	Records []int64
	Lens    []uint32
}

// Len is the number of docs.
func (t *DocTable) Len() int { return len(t.IDs) }

// Ord returns the ordinal of doc id, or -1 when the segment has no such doc.
func (t *DocTable) Ord(id int64) int {
	i, ok := slices.BinarySearch(t.IDs, id)
	if !ok {
		return -1
	}
	return i
}

var errCorrupt = errors.New("postings: corrupt data")

// DecodeDocs decodes a segment's doc table.
func DecodeDocs(b []byte) (*DocTable, error) {
	r := reader{b: b}
	n := r.uvarint()
	if r.err != nil || n > uint64(len(b)) {
		return nil, fmt.Errorf("doc table: %w", errCorrupt)
	}
	t := &DocTable{IDs: make([]int64, n), Records: make([]int64, n), Lens: make([]uint32, n)}
	var id, rec int64
	for i := range int(n) {
		id += int64(r.uvarint())
		rec += r.varint()
		t.IDs[i], t.Records[i], t.Lens[i] = id, rec, uint32(r.uvarint())
	}
	if r.err != nil || r.off != len(b) {
		return nil, fmt.Errorf("doc table: %w", errCorrupt)
	}
	return t, nil
}

type docTableWriter struct {
	buf         []byte
	n           int
	first, last int64
	lastRec     int64
	lens        []uint32
}

func (w *docTableWriter) add(id, rec int64, n int) error {
	if w.n > 0 && id <= w.last {
		return fmt.Errorf("postings: doc ids must increase (%d after %d)", id, w.last)
	}
	if id <= 0 {
		return fmt.Errorf("postings: doc id %d is not positive", id)
	}
	if w.n == 0 {
		w.first = id
	}
	w.buf = binary.AppendUvarint(w.buf, uint64(id-w.last))
	w.buf = binary.AppendVarint(w.buf, rec-w.lastRec)
	w.buf = binary.AppendUvarint(w.buf, uint64(n))
	w.last, w.lastRec = id, rec
	w.lens = append(w.lens, uint32(n))
	w.n++
	return nil
}

func (w *docTableWriter) bytes() []byte {
	return append(binary.AppendUvarint(nil, uint64(w.n)), w.buf...)
}

// EncodeLists encodes a segment's lists as one byte slice, for stores that
// keep a small segment's lists in one row beside its doc table.
func EncodeLists(lists map[string][]byte) []byte {
	terms := make([]string, 0, len(lists))
	for t := range lists {
		terms = append(terms, t)
	}
	slices.Sort(terms)
	b := binary.AppendUvarint(nil, uint64(len(terms)))
	for _, t := range terms {
		b = binary.AppendUvarint(b, uint64(len(t)))
		b = append(b, t...)
		b = binary.AppendUvarint(b, uint64(len(lists[t])))
		b = append(b, lists[t]...)
	}
	return b
}

// DecodeLists splits what [EncodeLists] made into lists by term; the slices
// share b's memory.
func DecodeLists(b []byte) (map[string][]byte, error) {
	r := reader{b: b}
	n := r.uvarint()
	if r.err != nil || n > uint64(len(b)) {
		return nil, fmt.Errorf("inline lists: %w", errCorrupt)
	}
	lists := make(map[string][]byte, n)
	for range n {
		t := string(r.bytes(r.uvarint()))
		lists[t] = r.bytes(r.uvarint())
	}
	if r.err != nil || r.off != len(b) {
		return nil, fmt.Errorf("inline lists: %w", errCorrupt)
	}
	return lists, nil
}

// Merged is the doc table of a merge and how old ordinals map into it.
type Merged struct {
	Docs  []byte
	N     int
	MinID int64
	MaxID int64
	// Remap[i][o] is the new ordinal of ordinal o of input segment i, -1
	// when the doc was dead and is dropped.
	Remap [][]int32
	lens  []uint32
}

// MergeDocs merges the doc tables of adjacent segments, given in id order,
// dropping the docs dead[i] marks (a nil bitset drops none).
func MergeDocs(tables []*DocTable, dead []Bitset) (*Merged, error) {
	m := &Merged{Remap: make([][]int32, len(tables))}
	w := docTableWriter{}
	for i, t := range tables {
		m.Remap[i] = make([]int32, t.Len())
		for o := range t.IDs {
			if i < len(dead) && dead[i].Has(o) {
				m.Remap[i][o] = -1
				continue
			}
			if err := w.add(t.IDs[o], t.Records[o], int(t.Lens[o])); err != nil {
				return nil, err
			}
			m.Remap[i][o] = int32(w.n - 1)
		}
	}
	m.Docs, m.N, m.MinID, m.MaxID, m.lens = w.bytes(), w.n, w.first, w.last, w.lens
	return m, nil
}

// MergeList merges one term's lists from the segments MergeDocs merged
// (lists[i] nil where segment i lacks the term) into the merged segment's
// list. It returns nil when every posting was dead, and how many postings it
// dropped as dead.
func (m *Merged) MergeList(lists [][]byte) ([]byte, int, error) {
	w := listWriter{lens: m.lens}
	dropped := 0
	for i, b := range lists {
		if b == nil {
			continue
		}
		l, err := OpenList(b)
		if err != nil {
			return nil, 0, err
		}
		it := l.Iter()
		for it.Next() {
			o := m.Remap[i][it.Ord()]
			if o < 0 {
				dropped++
				continue
			}
			w.add(uint32(o), it.TF())
		}
		if it.err != nil {
			return nil, 0, it.err
		}
	}
	if w.count == 0 {
		return nil, dropped, nil
	}
	return w.bytes(), dropped, nil
}

// Bitset marks doc ordinals.
type Bitset []uint64

// NewBitset has room for n ordinals.
func NewBitset(n int) Bitset { return make(Bitset, (n+63)/64) }

// Set marks ordinal i.
func (b Bitset) Set(i int) { b[i>>6] |= 1 << (i & 63) }

// Has says whether ordinal i is marked; a nil set marks none.
func (b Bitset) Has(i int) bool { return i>>6 < len(b) && b[i>>6]&(1<<(i&63)) != 0 }

// Next returns the first ordinal at or after i that b marks, or [End].
func (b Bitset) Next(i int) int {
	w := i >> 6
	if w >= len(b) {
		return End
	}
	if x := b[w] >> (i & 63); x != 0 {
		return i + bits.TrailingZeros64(x)
	}
	for w++; w < len(b); w++ {
		if b[w] != 0 {
			return w<<6 + bits.TrailingZeros64(b[w])
		}
	}
	return End
}

// reader decodes varints, remembering the first error.
type reader struct {
	b   []byte
	off int
	err error
}

func (r *reader) uvarint() uint64 {
	if r.err != nil {
		return 0
	}
	v, n := binary.Uvarint(r.b[r.off:])
	if n <= 0 {
		r.err = errCorrupt
		return 0
	}
	r.off += n
	return v
}

func (r *reader) varint() int64 {
	if r.err != nil {
		return 0
	}
	v, n := binary.Varint(r.b[r.off:])
	if n <= 0 {
		r.err = errCorrupt
		return 0
	}
	r.off += n
	return v
}

func (r *reader) bytes(n uint64) []byte {
	if r.err != nil {
		return nil
	}
	if n > uint64(len(r.b)-r.off) {
		r.err = errCorrupt
		return nil
	}
	b := r.b[r.off : r.off+int(n)]
	r.off += int(n)
	return b
}
