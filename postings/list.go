package postings

import (
	"encoding/binary"
	"fmt"
	"math"
)

// A list is encoded as
//
//	count, maxTF, minLen, blocks              (uvarints)
//	per block: lastOrd−prevLast, maxTF, minLen, bytes   (uvarints)
//	per posting: ord−prev−1, tf              (uvarints, block after block)
//
// where prev starts at −1 and carries from block to block, so a block is
// decoded from its header alone and skipped without reading it.

type listWriter struct {
	lens  []uint32 // doc lengths by ordinal, for the blocks' bounds
	ords  []uint32
	tfs   []uint32
	count int
}

func (w *listWriter) add(ord, tf uint32) {
	w.ords = append(w.ords, ord)
	w.tfs = append(w.tfs, tf)
	w.count++
}

func (w *listWriter) bytes() []byte {
	var heads, body []byte
	maxTF, minLen := uint32(0), uint32(math.MaxUint32)
	prev := int64(-1)
	nblocks := 0
	for start := 0; start < len(w.ords); start += BlockSize {
		end := min(start+BlockSize, len(w.ords))
		bmax, bmin := uint32(0), uint32(math.MaxUint32)
		from := len(body)
		blockPrev := prev
		for i := start; i < end; i++ {
			o := int64(w.ords[i])
			body = binary.AppendUvarint(body, uint64(o-prev-1))
			body = binary.AppendUvarint(body, uint64(w.tfs[i]))
			prev = o
			bmax = max(bmax, w.tfs[i])
			bmin = min(bmin, w.lens[o])
		}
		heads = binary.AppendUvarint(heads, uint64(prev-blockPrev))
		heads = binary.AppendUvarint(heads, uint64(bmax))
		heads = binary.AppendUvarint(heads, uint64(bmin))
		heads = binary.AppendUvarint(heads, uint64(len(body)-from))
		maxTF, minLen = max(maxTF, bmax), min(minLen, bmin)
		nblocks++
	}
	b := binary.AppendUvarint(nil, uint64(w.count))
	b = binary.AppendUvarint(b, uint64(maxTF))
	b = binary.AppendUvarint(b, uint64(minLen))
	b = binary.AppendUvarint(b, uint64(nblocks))
	b = append(b, heads...)
	return append(b, body...)
}

// List is an opened posting list.
type List struct {
	Count  int    // postings
	MaxTF  uint32 // largest term frequency in the list
	MinLen uint32 // smallest length of a doc in the list
	blocks []block
	body   []byte
}

type block struct {
	last          int32 // last ordinal in the block
	maxTF, minLen uint32
	off, end      int // the block's bytes in body
}

// OpenList reads a list's headers; postings are decoded as they are reached.
func OpenList(b []byte) (*List, error) {
	r := reader{b: b}
	l := &List{Count: int(r.uvarint()), MaxTF: uint32(r.uvarint()), MinLen: uint32(r.uvarint())}
	n := r.uvarint()
	if r.err != nil || n > uint64(len(b)) {
		return nil, fmt.Errorf("posting list: %w", errCorrupt)
	}
	l.blocks = make([]block, n)
	last, off := int64(-1), 0
	for i := range l.blocks {
		last += int64(r.uvarint())
		bl := block{last: int32(last), maxTF: uint32(r.uvarint()), minLen: uint32(r.uvarint())}
		size := int(r.uvarint())
		bl.off, bl.end = off, off+size
		off += size
		l.blocks[i] = bl
	}
	if r.err != nil || off != len(b)-r.off {
		return nil, fmt.Errorf("posting list: %w", errCorrupt)
	}
	l.body = b[r.off:]
	return l, nil
}

// Iter walks a list's postings in ordinal order.
func (l *List) Iter() *Iter {
	return &Iter{l: l, blk: -1, cur: -1}
}

// Iter is a cursor on a posting list. Before the first Next or Advance it
// stands before the first posting; after the last it reports [End].
type Iter struct {
	l    *List
	blk  int // block decoded into ords/tfs, -1 for none
	sb   int // no block before this one holds a target asked for since
	ords [BlockSize]int32
	tfs  [BlockSize]uint32
	n, i int
	cur  int32
	err  error
}

// End is the ordinal an exhausted iterator stands on.
const End = math.MaxInt32

// Ord is the current posting's doc ordinal, [End] when exhausted.
func (it *Iter) Ord() int { return int(it.cur) }

// TF is the current posting's term frequency.
func (it *Iter) TF() uint32 { return it.tfs[it.i] }

// Err reports corrupt data met while decoding.
func (it *Iter) Err() error { return it.err }

// Next moves to the next posting and says whether there is one.
func (it *Iter) Next() bool {
	if it.cur == End {
		return false
	}
	if it.blk >= 0 && it.i+1 < it.n {
		it.i++
		it.cur = it.ords[it.i]
		return true
	}
	return it.load(it.blk + 1)
}

// Advance moves to the first posting whose ordinal is at least target (never
// backwards) and says whether there is one. Blocks that end before target
// are skipped without decoding.
func (it *Iter) Advance(target int) bool {
	if it.cur == End {
		return false
	}
	if int(it.cur) >= target {
		return true
	}
	b := max(it.blk, it.sb)
	for b < len(it.l.blocks) && int(it.l.blocks[b].last) < target {
		b++
	}
	it.sb = b
	if b != it.blk && !it.load(b) {
		return false
	}
	for int(it.ords[it.i]) < target {
		it.i++
	}
	it.cur = it.ords[it.i]
	return true
}

// Shallow moves to the block that would hold target without decoding it
// and returns that block's bound, or false when no block holds any ordinal
// at or after target. It lets MaxScore test a block before paying for it.
func (it *Iter) Shallow(target int) (maxTF, minLen uint32, ok bool) {
	b := max(it.blk, it.sb)
	for b < len(it.l.blocks) && int(it.l.blocks[b].last) < target {
		b++
	}
	it.sb = b
	if b >= len(it.l.blocks) {
		return 0, 0, false
	}
	return it.l.blocks[b].maxTF, it.l.blocks[b].minLen, true
}

func (it *Iter) load(b int) bool {
	if b >= len(it.l.blocks) {
		it.cur, it.blk = End, len(it.l.blocks)
		return false
	}
	bl := it.l.blocks[b]
	prev := int64(-1)
	if b > 0 {
		prev = int64(it.l.blocks[b-1].last)
	}
	r := reader{b: it.l.body[bl.off:bl.end]}
	n := 0
	for r.off < len(r.b) && n < BlockSize {
		prev += int64(r.uvarint()) + 1
		it.ords[n] = int32(prev)
		it.tfs[n] = uint32(r.uvarint())
		n++
	}
	if r.err != nil || n == 0 || r.off != len(r.b) || it.ords[n-1] != bl.last {
		it.err = fmt.Errorf("posting list block %d: %w", b, errCorrupt)
		it.cur, it.blk = End, len(it.l.blocks)
		return false
	}
	it.blk, it.n, it.i, it.cur = b, n, 0, it.ords[0]
	return true
}
