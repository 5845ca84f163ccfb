package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/veritykb/verity/eval"
	"github.com/veritykb/verity/eval/searchbench"
)

// Generated passages are 700–1100 bytes: about one chunk each.
const (
	passageMin = 700
	passageMax = 1100
)

func genMain(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("gen", flag.ContinueOnError)
	data := fs.String("data", "../../../shared/data/scifact", "SciFact's directory (corpus.jsonl, queries_test.jsonl, qrels_test.tsv)")
	chunks := fs.Int("chunks", 100000, "passages in all: SciFact's 5,183 abstracts, then generated ones up to this")
	seed := fs.Uint64("seed", 1, "seed of the generated passages")
	out := fs.String("out", "corpus.jsonl", "corpus file to write")
	queries := fs.String("queries", "queries.jsonl", "queries file to write")
	fs.Usage = func() {
		fmt.Fprint(stderr, `usage: go run . gen [flags]

Gen writes a corpus of --chunks passages: SciFact's abstracts (id: the
SciFact doc id), then passages of 700–1100 bytes (id: g1, g2, ...) drawn
from a word-bigram Markov chain trained on the abstracts, so that term
statistics look like scientific text. Every passage is readable by
group:all, and 1% of them (every hundredth, abstracts and generated alike)
by group:one too. The queries are SciFact's 300 test claims with their
relevant abstracts as "source_ids". The same flags write the same files.

`)
		fs.PrintDefaults()
	}
	if err := parse(fs, args, stderr); err != nil {
		return err
	}
	sf, err := eval.LoadSciFact(*data)
	if err != nil {
		return err
	}
	if *chunks < len(sf.Docs) {
		return fmt.Errorf("--chunks %d: the corpus holds SciFact's %d abstracts at least", *chunks, len(sf.Docs))
	}
	docs := corpus(sf, *chunks, *seed)
	var text int64
	one := 0
	for _, d := range docs {
		text += int64(len(d.Text))
		if slices.Contains(d.ACL, "group:one") {
			one++
		}
	}
	if err := writeJSONL(*out, docs); err != nil {
		return err
	}
	qs := testQueries(sf)
	if err := writeJSONL(*queries, qs); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "wrote %s: %d passages (%d abstracts, %d generated), %.1f MB of text, %d readable by group:one\n",
		*out, len(docs), len(sf.Docs), len(docs)-len(sf.Docs), float64(text)/1e6, one)
	fmt.Fprintf(stdout, "wrote %s: %d queries\n", *queries, len(qs))
	return nil
}

// corpus is SciFact's abstracts, then passages generated up to n in all,
// with their ACLs.
func corpus(sf *eval.SciFact, n int, seed uint64) []searchbench.Doc {
	docs := make([]searchbench.Doc, 0, n)
	texts := make([]string, len(sf.Docs))
	titles := make([]string, len(sf.Docs))
	for i, d := range sf.Docs {
		texts[i], titles[i] = d.Text(), d.Title
		docs = append(docs, searchbench.Doc{ID: d.ID, Title: d.Title, Text: texts[i]})
	}
	body, head := train(texts), train(titles)
	r := rand.New(rand.NewPCG(seed, 0x5eed))
	for i := 1; len(docs) < n; i++ {
		title := strings.TrimRight(head.words(r, 4+r.IntN(9)), ".,;:")
		docs = append(docs, searchbench.Doc{ID: "g" + strconv.Itoa(i), Title: title, Text: body.passage(r, passageMin, passageMax)})
	}
	for i := range docs {
		docs[i].ACL = []string{"group:all"}
		if i%100 == 0 {
			docs[i].ACL = append(docs[i].ACL, "group:one")
		}
	}
	return docs
}

// query is a line of the queries file.
type query struct {
	ID        string   `json:"id"`
	Query     string   `json:"query"`
	SourceIDs []string `json:"source_ids"`
}

// testQueries are SciFact's test claims with their relevant abstracts.
func testQueries(sf *eval.SciFact) []query {
	var qs []query
	for _, q := range sf.TestQueries {
		var gold []string
		for id, grade := range sf.TestQrels[q.ID] {
			if grade > 0 {
				gold = append(gold, id)
			}
		}
		slices.Sort(gold)
		qs = append(qs, query{ID: q.ID, Query: q.Text, SourceIDs: gold})
	}
	return qs
}

// chain is a word-bigram Markov chain: each word's successors as seen in
// training, repeated as often as seen, so a uniform draw among them is a
// draw by bigram frequency.
type chain struct {
	vocab  []string
	next   [][]int32
	starts []int32 // words that began a text or followed a sentence's end
}

// train builds the chain of texts, split on white space (punctuation stays
// on its word, so sentences end as they do in the texts). Bigrams never
// span two texts.
func train(texts []string) *chain {
	c := &chain{}
	ids := map[string]int32{}
	for _, t := range texts {
		prev := int32(-1)
		for w := range strings.FieldsSeq(t) {
			id, ok := ids[w]
			if !ok {
				id = int32(len(c.vocab))
				ids[w] = id
				c.vocab = append(c.vocab, w)
				c.next = append(c.next, nil)
			}
			if prev < 0 || strings.HasSuffix(c.vocab[prev], ".") {
				c.starts = append(c.starts, id)
			}
			if prev >= 0 {
				c.next[prev] = append(c.next[prev], id)
			}
			prev = id
		}
	}
	return c
}

// step draws the word after w, or a sentence start after a word that
// ended every text it was in.
func (c *chain) step(r *rand.Rand, w int32) int32 {
	if s := c.next[w]; len(s) > 0 {
		return s[r.IntN(len(s))]
	}
	return c.starts[r.IntN(len(c.starts))]
}

// words is a walk of n words from a sentence start.
func (c *chain) words(r *rand.Rand, n int) string {
	w := c.starts[r.IntN(len(c.starts))]
	out := make([]string, n)
	for i := range out {
		out[i] = c.vocab[w]
		w = c.step(r, w)
	}
	return strings.Join(out, " ")
}

// passage is a walk from a sentence start until a length drawn in
// [lo, hi] bytes, never past hi: a word that would cross hi before lo is
// reached is skipped for the next draw.
func (c *chain) passage(r *rand.Rand, lo, hi int) string {
	target := lo + r.IntN(hi-lo+1)
	var b strings.Builder
	w := c.starts[r.IntN(len(c.starts))]
	for {
		s := c.vocab[w]
		if n := b.Len() + 1 + len(s); b.Len() > 0 && n > target {
			if b.Len() >= lo {
				return b.String()
			}
			if n > hi {
				w = c.step(r, w)
				continue
			}
		}
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(s)
		w = c.step(r, w)
	}
}

// writeJSONL writes one JSON value a line to path.
func writeJSONL[T any](path string, vs []T) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w := bufio.NewWriterSize(f, 1<<20)
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	for _, v := range vs {
		if err := enc.Encode(v); err != nil {
			f.Close()
			return fmt.Errorf("write %s: %w", path, err)
		}
	}
	if err := w.Flush(); err != nil {
		f.Close()
		return fmt.Errorf("write %s: %w", path, err)
	}
	return f.Close()
}
