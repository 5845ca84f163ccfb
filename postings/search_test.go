package postings

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"github.com/veritykb/verity/rank"
)

// corpus is a generated index: docs cut into adjacent segments, some docs
// deleted, some records unreadable.
type corpus struct {
	docs     []Doc
	cuts     []int // segment boundaries in docs
	dead     map[int64]bool
	hidden   map[int64]bool // unreadable records
	vocab    []string
	segments []*Segment
}

func genCorpus(t *rapid.T) *corpus {
	vocab := make([]string, rapid.IntRange(2, 40).Draw(t, "vocab"))
	for i := range vocab {
		vocab[i] = fmt.Sprintf("w%d", i)
	}
	c := &corpus{vocab: vocab, dead: map[int64]bool{}, hidden: map[int64]bool{}}
	n := rapid.IntRange(0, 600).Draw(t, "docs")
	id, rec := int64(0), int64(0)
	for i := range n {
		id += int64(rapid.IntRange(1, 3).Draw(t, "gap"))
		if i == 0 || rapid.IntRange(0, 2).Draw(t, "newrec") > 0 {
			rec++
		}
		terms := make([]string, rapid.IntRange(0, 30).Draw(t, "len"))
		for j := range terms {
			// Skewed, so some terms are common and some rare.
			k := rapid.IntRange(0, len(vocab)-1).Draw(t, "term")
			k = k * k / len(vocab)
			terms[j] = vocab[k]
		}
		c.docs = append(c.docs, Doc{ID: id, Record: rec, Terms: terms})
		if rapid.IntRange(0, 9).Draw(t, "dead") == 0 {
			c.dead[id] = true
		}
	}
	// Callers who read most records, half, one in ten, or none.
	hide := rapid.SampledFrom([]int{2, 5, 9, 10}).Draw(t, "hidden of 10")
	for r := int64(1); r <= rec; r++ {
		if rapid.IntRange(0, 9).Draw(t, "hidden") < hide {
			c.hidden[r] = true
		}
	}
	for i := 1; i < n; i++ {
		if rapid.IntRange(0, 40).Draw(t, "cut") == 0 {
			c.cuts = append(c.cuts, i)
		}
	}
	from := 0
	for _, to := range append(slices.Clone(c.cuts), n) {
		seg, err := Build(c.docs[from:to])
		if err != nil {
			t.Fatal(err)
		}
		c.segments = append(c.segments, seg)
		from = to
	}
	return c
}

// stats computes N, the mean length and DF over live docs, as a store does.
func (c *corpus) stats(terms []string) rank.Stats {
	st := rank.Stats{DF: map[string]int{}}
	total := 0
	for _, d := range c.docs {
		if c.dead[d.ID] || len(d.Terms) == 0 {
			continue
		}
		st.N++
		total += len(d.Terms)
		for _, t := range terms {
			if slices.Contains(d.Terms, t) {
				st.DF[t]++
			}
		}
	}
	if st.N > 0 {
		st.AvgLen = float64(total) / float64(st.N)
	}
	return st
}

// brute ranks every live doc with rank.Records, as the store did before.
func (c *corpus) brute(q rank.Query, st rank.Stats, k int, readableOnly bool) []Hit {
	var cands []rank.Candidate
	for _, d := range c.docs {
		if c.dead[d.ID] || len(d.Terms) == 0 || (readableOnly && c.hidden[d.Record]) {
			continue
		}
		cands = append(cands, rank.Candidate{ChunkID: d.ID, SourceID: d.Record, Terms: strings.Join(d.Terms, " ")})
	}
	var out []Hit
	for _, r := range rank.Records(q, cands, st, rank.DefaultParams, k) {
		out = append(out, Hit{Doc: r.ChunkID, Record: r.SourceID, Score: r.Score})
	}
	return out
}

// views opens segs for query q. Half the time they carry the caller's
// readable ordinals too, so that searches leap over unreadable docs.
func (c *corpus) views(t *rapid.T, segs []*Segment, q rank.Query) []Seg {
	leap := rapid.Bool().Draw(t, "leap")
	var out []Seg
	for _, s := range segs {
		docs, err := DecodeDocs(s.Docs)
		if err != nil {
			t.Fatal(err)
		}
		v := Seg{Docs: docs, Dead: NewBitset(docs.Len())}
		for o, id := range docs.IDs {
			if c.dead[id] {
				v.Dead.Set(o)
			}
		}
		if leap {
			v.Readable = NewBitset(docs.Len())
			for o, rec := range docs.Records {
				if !c.hidden[rec] {
					v.Readable.Set(o)
				}
			}
		}
		for _, term := range q.Terms {
			var l *List
			if b := s.Lists[term]; b != nil {
				if l, err = OpenList(b); err != nil {
					t.Fatal(err)
				}
			}
			v.Lists = append(v.Lists, l)
		}
		out = append(out, v)
	}
	return out
}

func genQuery(t *rapid.T, vocab []string) rank.Query {
	words := make([]string, rapid.IntRange(1, 6).Draw(t, "qlen"))
	for i := range words {
		words[i] = rapid.SampledFrom(vocab).Draw(t, "qterm")
	}
	q := rank.Query{TF: map[string]int{}}
	for _, w := range words {
		if q.TF[w] == 0 {
			q.Terms = append(q.Terms, w)
		}
		q.TF[w]++
	}
	return q
}

func search(t *rapid.T, c *corpus, views []Seg, q rank.Query, st rank.Stats, k int) (results, all []Hit) {
	req := Request{AvgLen: st.AvgLen, Params: rank.DefaultParams, K: k, Readable: func(r int64) bool { return !c.hidden[r] }}
	for _, term := range q.Terms {
		req.Weights = append(req.Weights, float64(q.TF[term])*rank.IDF(st.N, st.DF[term]))
	}
	results, all, err := Search(req, views)
	if err != nil {
		t.Fatal(err)
	}
	return results, all
}

// Early termination must not change a single result, score or position:
// MaxScore over segments with deletions and an ACL gives exactly what
// scoring every live doc gives, for the caller's records and for all.
func TestSearchEqualsExhaustive(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		c := genCorpus(t)
		q := genQuery(t, c.vocab)
		k := rapid.IntRange(1, 12).Draw(t, "k")
		st := c.stats(q.Terms)
		results, all := search(t, c, c.views(t, c.segments, q), q, st, k)
		if want := c.brute(q, st, k, true); !slices.Equal(results, want) {
			t.Fatalf("readable results\n got %v\nwant %v", results, want)
		}
		if want := c.brute(q, st, k, false); !slices.Equal(all, want) {
			t.Fatalf("all results\n got %v\nwant %v", all, want)
		}
	})
}

// Merging segments drops dead docs and keeps every live posting: a search
// over the merged segment gives what it gave over the parts.
func TestMergeKeepsAnswers(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		c := genCorpus(t)
		var tables []*DocTable
		var dead []Bitset
		terms := map[string]bool{}
		for _, s := range c.segments {
			docs, err := DecodeDocs(s.Docs)
			if err != nil {
				t.Fatal(err)
			}
			d := NewBitset(docs.Len())
			for o, id := range docs.IDs {
				if c.dead[id] {
					d.Set(o)
				}
			}
			tables, dead = append(tables, docs), append(dead, d)
			for term := range s.Lists {
				terms[term] = true
			}
		}
		m, err := MergeDocs(tables, dead)
		if err != nil {
			t.Fatal(err)
		}
		merged := &Segment{Docs: m.Docs, Lists: map[string][]byte{}, N: m.N, MinID: m.MinID, MaxID: m.MaxID}
		droppedAll := 0
		for term := range terms {
			var lists [][]byte
			for _, s := range c.segments {
				lists = append(lists, s.Lists[term])
			}
			b, dropped, err := m.MergeList(lists)
			if err != nil {
				t.Fatal(err)
			}
			droppedAll += dropped
			if b != nil {
				merged.Lists[term] = b
			}
		}
		wantDropped := 0
		for _, d := range c.docs {
			if c.dead[d.ID] {
				seen := map[string]bool{}
				for _, term := range d.Terms {
					seen[term] = true
				}
				wantDropped += len(seen)
			}
		}
		if droppedAll != wantDropped {
			t.Fatalf("dropped %d postings, want %d", droppedAll, wantDropped)
		}
		// Inline encoding round-trips too.
		lists, err := DecodeLists(EncodeLists(merged.Lists))
		if err != nil {
			t.Fatal(err)
		}
		merged = &Segment{Docs: merged.Docs, Lists: lists}
		q := genQuery(t, c.vocab)
		st := c.stats(q.Terms)
		k := rapid.IntRange(1, 12).Draw(t, "k")
		results, all := search(t, c, c.views(t, []*Segment{merged}, q), q, st, k)
		if want := c.brute(q, st, k, true); !slices.Equal(results, want) {
			t.Fatalf("readable results after merge\n got %v\nwant %v", results, want)
		}
		if want := c.brute(q, st, k, false); !slices.Equal(all, want) {
			t.Fatalf("all results after merge\n got %v\nwant %v", all, want)
		}
	})
}

// A list decodes to what was written, and Advance lands where a linear scan
// would, across block boundaries.
func TestListAdvance(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(1, 1000).Draw(t, "n")
		lens := make([]uint32, 5000)
		for i := range lens {
			lens[i] = uint32(1 + i%17)
		}
		w := listWriter{lens: lens}
		var ords []int
		o := -1
		for range n {
			o += rapid.IntRange(1, 4).Draw(t, "gap")
			ords = append(ords, o)
			w.add(uint32(o), uint32(1+o%5))
		}
		l, err := OpenList(w.bytes())
		if err != nil {
			t.Fatal(err)
		}
		if l.Count != n {
			t.Fatalf("count %d, want %d", l.Count, n)
		}
		it := l.Iter()
		for _, target := range rapid.SliceOfN(rapid.IntRange(0, o+2), 1, 20).Draw(t, "targets") {
			pos := max(target, it.Ord())
			if it.Ord() < 0 {
				pos = target
			}
			i, _ := slices.BinarySearch(ords, pos)
			ok := it.Advance(target)
			if i == len(ords) {
				if ok || it.Ord() != End {
					t.Fatalf("advance(%d) = %v at %d, want end", target, ok, it.Ord())
				}
				break
			}
			if !ok || it.Ord() != ords[i] || it.TF() != uint32(1+ords[i]%5) {
				t.Fatalf("advance(%d) at %d, want %d", target, it.Ord(), ords[i])
			}
		}
	})
}

// Damaged bytes are an error, never a panic or a wrong answer taken as right.
func TestCorruptInput(t *testing.T) {
	seg, err := Build([]Doc{{ID: 1, Record: 1, Terms: []string{"a", "b", "a"}}, {ID: 2, Record: 2, Terms: []string{"a"}}})
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range [][]byte{nil, {0xff}, seg.Docs[:len(seg.Docs)-1]} {
		if _, err := DecodeDocs(b); err == nil && len(b) > 0 {
			t.Errorf("DecodeDocs(%x) took damaged bytes", b)
		}
	}
	list := seg.Lists["a"]
	if _, err := OpenList(list[:len(list)-1]); err == nil {
		t.Error("OpenList took a truncated list")
	}
	if _, err := DecodeLists(EncodeLists(seg.Lists)[:5]); err == nil {
		t.Error("DecodeInline took a truncated segment")
	}
	if _, err := Build([]Doc{{ID: 2, Terms: []string{"a"}}, {ID: 2, Terms: []string{"b"}}}); err == nil {
		t.Error("Build took repeated ids")
	}
}

func FuzzOpenList(f *testing.F) {
	seg, _ := Build([]Doc{{ID: 1, Record: 1, Terms: []string{"a", "b", "a"}}, {ID: 5, Record: 2, Terms: []string{"a"}}})
	f.Add(seg.Lists["a"])
	f.Fuzz(func(t *testing.T, b []byte) {
		l, err := OpenList(b)
		if err != nil {
			return
		}
		it := l.Iter()
		for n := 0; it.Next(); n++ {
			if n > len(b) {
				t.Fatal("more postings than bytes")
			}
		}
	})
}
