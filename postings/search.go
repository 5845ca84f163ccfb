package postings

import (
	"cmp"
	"math"
	"slices"

	"github.com/veritykb/verity/rank"
)

// Seg is one segment as a search sees it: its docs, the docs deleted since it
// was written, and its list for each query term (nil where it has none).
type Seg struct {
	Docs  *DocTable
	Dead  Bitset
	Lists []*List
	// Readable, when not nil, marks the ordinals of the docs whose records
	// [Request.Readable] accepts. A caller who reads few records then
	// visits the docs that only its own (lower) bar lets in by leaping
	// from one readable doc to the next, rather than walking past every
	// doc it may not read.
	Readable Bitset
}

// Request is a search over segments.
type Request struct {
	// Weights are the query terms' weights, in the query's term order: each
	// term's count in the query times its IDF over the whole collection.
	Weights []float64
	AvgLen  float64 // mean doc length over the collection
	Params  rank.Params
	K       int // records wanted
	// Readable says whether the caller may read a record. It is asked once
	// per doc that could still rank, so it must be cheap (a bitset).
	Readable func(record int64) bool
}

// Hit is a record's best doc and its score.
type Hit struct {
	Doc    int64
	Record int64
	Score  float64
}

// Search returns the caller's best K records (readable ones only) and the
// best K records of all, each best first with ties broken on the lower doc
// id, as [rank.Records] would rank every matching doc. Segments are
// searched in the order given; the largest first raises the bar soonest.
func Search(req Request, segs []Seg) (results, all []Hit, err error) {
	s := searcher{req: req, readable: topK{k: req.K}, all: topK{k: req.K}, tfs: make([]uint32, len(req.Weights))}
	for _, seg := range segs {
		if err := s.segment(seg); err != nil {
			return nil, nil, err
		}
	}
	return s.readable.hits, s.all.hits, nil
}

type searcher struct {
	req           Request
	readable, all topK
	tfs           []uint32 // by query term, for the doc being scored
	// seen: the readable docs of the segment below it have all been
	// scored or passed over; next is the first readable doc from seen
	// when next >= seen (see leap).
	seen, next int
}

type cursor struct {
	term int
	it   *Iter
	ub   float64 // the most the term adds to any doc of this segment
}

func (s *searcher) bound(term int, maxTF, minLen uint32) float64 {
	p := s.req.Params
	return rank.TermScore(s.req.Weights[term], float64(maxTF), rank.Norm(int(minLen), s.req.AvgLen, p), p)
}

func (s *searcher) segment(seg Seg) error {
	var cs []cursor
	for t, l := range seg.Lists {
		if l != nil && s.req.Weights[t] > 0 {
			cs = append(cs, cursor{term: t, it: l.Iter(), ub: s.bound(t, l.MaxTF, l.MinLen)})
		}
	}
	if len(cs) == 0 {
		return nil
	}
	s.seen, s.next = 0, -1
	slices.SortStableFunc(cs, func(a, b cursor) int { return cmp.Compare(a.ub, b.ub) })
	// pre[j] bounds what the lists cs[:j] add together.
	pre := make([]float64, len(cs)+1)
	for j, c := range cs {
		pre[j+1] = pre[j] + c.ub
	}
	for _, c := range cs {
		c.it.Next()
	}
	p := s.req.Params
	docs := seg.Docs
	e := 0 // cs[:e] are non-essential: docs only in them cannot rank
	// cs[:ea] are non-essential for the best of all: a doc only in them
	// ranks, if at all, among the caller's records, so it matters only when
	// the caller may read it. The caller's bar is never above the bar of
	// all, so ea >= e.
	ea := 0
	for {
		theta := s.readable.threshold()
		for e < len(cs) && below(pre[e+1], theta) {
			e++
		}
		if e == len(cs) {
			break
		}
		thetaAll := s.all.threshold()
		for ea < len(cs) && below(pre[ea+1], thetaAll) {
			ea++
		}
		ea = max(ea, e)
		// The next doc to score: the first in an essential list, or for a
		// caller with readable ordinals, the first in a list essential for
		// all, unless a readable doc of the lists between comes first.
		sparse := seg.Readable != nil
		from := e
		if sparse {
			from = ea
		}
		d := End
		for _, c := range cs[from:] {
			d = min(d, c.it.Ord())
		}
		if sparse {
			if s.next < s.seen {
				s.next = seg.Readable.Next(s.seen)
			}
			if s.next < d {
				d = s.leap(seg.Readable, cs[e:ea], d)
			} else {
				// No doc from s.seen to d is readable: the usual case.
				s.seen = d + 1
			}
		}
		if d == End {
			break
		}
		if seg.Dead.Has(d) {
			for _, c := range cs[e:] {
				if c.it.Ord() == d {
					c.it.Next()
				}
			}
			continue
		}
		rec := docs.Records[d]
		ok := s.req.Readable(rec)
		bar := s.all.threshold()
		// cs[ess:] hold d or stand past it; cs[:ess] are probed for d.
		ess := e
		if ok {
			bar = theta
			if sparse {
				// The lists between, which a sparse caller's cursors
				// walk only as far as readable docs, are essential here.
				for _, c := range cs[e:ea] {
					if c.it.Ord() < d {
						c.it.Advance(d)
					}
				}
			}
		} else if sparse {
			// d ranks, if at all, among the best of all: the lists
			// between are probed, as the non-essential ones are.
			ess = ea
		}
		norm := rank.Norm(int(docs.Lens[d]), s.req.AvgLen, p)
		var partial float64
		for _, c := range cs[ess:] {
			if c.it.Ord() == d {
				tf := c.it.TF()
				s.tfs[c.term] = tf
				partial += rank.TermScore(s.req.Weights[c.term], float64(tf), norm, p)
				c.it.Next()
			}
		}
		keep := !below(partial+pre[ess], bar)
		for j := ess - 1; keep && j >= 0; j-- {
			c := cs[j]
			if below(partial+pre[j+1], bar) {
				keep = false
				break
			}
			maxTF, minLen, more := c.it.Shallow(d)
			if !more {
				continue
			}
			if below(partial+pre[j]+s.bound(c.term, maxTF, minLen), bar) {
				// Even the best doc of the block that would hold d, with
				// every list below at its best, stays under the bar: d is
				// out, and the block need not be decoded.
				keep = false
				break
			}
			if c.it.Advance(d) && c.it.Ord() == d {
				tf := c.it.TF()
				s.tfs[c.term] = tf
				partial += rank.TermScore(s.req.Weights[c.term], float64(tf), norm, p)
			}
		}
		if keep {
			// The score as rank.Score sums it: term by term in query order.
			var score float64
			for t, tf := range s.tfs {
				if tf > 0 {
					score += rank.TermScore(s.req.Weights[t], float64(tf), norm, p)
				}
			}
			h := Hit{Doc: docs.IDs[d], Record: rec, Score: score}
			s.all.insert(h)
			if ok {
				s.readable.insert(h)
			}
		}
		clear(s.tfs)
	}
	for _, c := range cs {
		if err := c.it.Err(); err != nil {
			return err
		}
	}
	return nil
}

// leap returns the first doc before limit that one of band holds and
// readable marks, or limit when there is none. band's cursors stand at or
// after what it returns, or, when it returns limit, at or after every
// readable doc before limit: they walk only as far as the caller's docs,
// and the docs it may not read are probed when they are scored, as a
// non-essential list is. Unreadable docs are passed over by advancing the
// lists to the next readable doc, skipping whole blocks where they can.
func (s *searcher) leap(readable Bitset, band []cursor, limit int) int {
	pos := End
	for _, c := range band {
		pos = min(pos, c.it.Ord())
	}
	// Readable docs before s.seen have been scored or passed over.
	pos = max(pos, s.seen)
	for pos < limit {
		r := min(readable.Next(pos), limit)
		if r == limit {
			break
		}
		pos = End
		for _, c := range band {
			if c.it.Ord() < r {
				c.it.Advance(r)
			}
			pos = min(pos, c.it.Ord())
		}
		if pos == r {
			s.seen = r + 1
			return r
		}
	}
	// The doc at limit is scored next.
	s.seen = limit + 1
	return limit
}

// below says that a bound is under the bar, with room for the rounding by
// which a bound summed in one order may differ from a score summed in
// another: a doc is dropped only when it surely cannot reach the bar (a doc
// that ties the bar may still win on its lower id).
func below(bound, bar float64) bool {
	if math.IsInf(bar, -1) {
		return false
	}
	return bound < bar-1e-9*math.Abs(bar)
}

// topK keeps the best k records by their best doc.
type topK struct {
	k    int
	hits []Hit // best first
	recs map[int64]bool
}

func better(a, b Hit) bool {
	if a.Score != b.Score {
		return a.Score > b.Score
	}
	return a.Doc < b.Doc
}

// threshold is the score a doc must reach to enter; -Inf while not full.
func (t *topK) threshold() float64 {
	if len(t.hits) < t.k {
		return math.Inf(-1)
	}
	return t.hits[t.k-1].Score
}

func (t *topK) insert(h Hit) {
	if t.k <= 0 || h.Score <= 0 {
		return
	}
	if t.recs == nil {
		t.recs = map[int64]bool{}
	}
	if t.recs[h.Record] {
		i := slices.IndexFunc(t.hits, func(x Hit) bool { return x.Record == h.Record })
		if !better(h, t.hits[i]) {
			return
		}
		t.hits = slices.Delete(t.hits, i, i+1)
	} else if len(t.hits) >= t.k {
		last := t.hits[t.k-1]
		if !better(h, last) {
			return
		}
		delete(t.recs, last.Record)
		t.hits = t.hits[:t.k-1]
	}
	i, _ := slices.BinarySearchFunc(t.hits, h, func(x, y Hit) int {
		if better(x, y) {
			return -1
		}
		if better(y, x) {
			return 1
		}
		return 0
	})
	t.hits = slices.Insert(t.hits, i, h)
	t.recs[h.Record] = true
}
