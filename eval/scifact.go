package eval

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/veritykb/verity"
)

// SciFact is the SciFact dataset as BEIR and the SciFact authors ship it.
type SciFact struct {
	Docs        []SciDoc
	TestQueries []Query          // BEIR test queries
	TestQrels   map[string]Qrels // query id → relevant doc ids
	Train       []Claim          // claims_train.jsonl: the only split tuning may use
	Dev         []Claim          // claims_dev.jsonl: labelled SUPPORT/CONTRADICT with rationales
}

// SciDoc is one abstract.
type SciDoc struct {
	ID        string   `json:"doc_id"`
	Title     string   `json:"title"`
	Sentences []string `json:"sentences"`
}

// Text joins the abstract's sentences with single spaces, the canonical text
// Verity stores for it; SentenceSpans gives each sentence's byte span in it.
func (d SciDoc) Text() string { return strings.Join(d.Sentences, " ") }

// SentenceSpans returns the byte span of each sentence within Text().
func (d SciDoc) SentenceSpans() []verity.Span {
	spans := make([]verity.Span, len(d.Sentences))
	off := 0
	for i, s := range d.Sentences {
		spans[i] = verity.Span{Start: off, End: off + len(s)}
		off += len(s) + 1
	}
	return spans
}

// Query is a retrieval query.
type Query struct {
	ID   string `json:"query_id"`
	Text string `json:"text"`
}

// Qrels maps relevant document ids to their grade.
type Qrels map[string]int

// Claim is a SciFact claim with its cited abstracts and, per abstract, the
// rationale sentence groups with their label.
type Claim struct {
	ID       int                    `json:"id"`
	Claim    string                 `json:"claim"`
	CitedDoc []string               `json:"cited_doc_ids"`
	Evidence map[string][]Rationale `json:"evidence"`
}

// Rationale is a group of sentences of an abstract that together support or
// contradict a claim.
type Rationale struct {
	Label     string `json:"label"` // SUPPORT or CONTRADICT
	Sentences []int  `json:"sentences"`
}

// Label returns the claim's label for doc: "SUPPORT", "CONTRADICT" or "" (no
// evidence in that abstract).
func (c Claim) Label(doc string) string {
	rs := c.Evidence[doc]
	if len(rs) == 0 {
		return ""
	}
	return rs[0].Label
}

// LoadSciFact reads SciFact from dir (corpus.jsonl, queries_test.jsonl,
// qrels_test.tsv, claims_train.jsonl, claims_dev.jsonl).
func LoadSciFact(dir string) (*SciFact, error) {
	if _, err := os.Stat(filepath.Join(dir, "corpus.jsonl")); errors.Is(err, fs.ErrNotExist) {
		return nil, verity.Errorf(verity.ENOTFOUND, "SciFact not found in %s (want corpus.jsonl there; pass --data DIR)", dir)
	}
	sf := &SciFact{TestQrels: map[string]Qrels{}}
	if err := readJSONL(filepath.Join(dir, "corpus.jsonl"), &sf.Docs); err != nil {
		return nil, err
	}
	if err := readJSONL(filepath.Join(dir, "queries_test.jsonl"), &sf.TestQueries); err != nil {
		return nil, err
	}
	if err := readJSONL(filepath.Join(dir, "claims_train.jsonl"), &sf.Train); err != nil {
		return nil, err
	}
	if err := readJSONL(filepath.Join(dir, "claims_dev.jsonl"), &sf.Dev); err != nil {
		return nil, err
	}
	f, err := os.Open(filepath.Join(dir, "qrels_test.tsv"))
	if err != nil {
		return nil, fmt.Errorf("read scifact qrels: %w", err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		fields := strings.Split(sc.Text(), "\t")
		if len(fields) != 3 || fields[0] == "query_id" {
			continue
		}
		grade, err := strconv.Atoi(fields[2])
		if err != nil {
			return nil, fmt.Errorf("qrels_test.tsv:%d: bad grade %q", line, fields[2])
		}
		if sf.TestQrels[fields[0]] == nil {
			sf.TestQrels[fields[0]] = Qrels{}
		}
		sf.TestQrels[fields[0]][fields[1]] = grade
	}
	return sf, sc.Err()
}

// Sources are SciFact's abstracts as public sources under their doc ids,
// with [SciDoc.Text] as their text: the corpus the harnesses build their
// stores of.
func (sf *SciFact) Sources() []*verity.Source {
	out := make([]*verity.Source, len(sf.Docs))
	for i, d := range sf.Docs {
		out[i] = &verity.Source{
			ID: d.ID, URI: "https://doi.org/scifact/" + d.ID, System: "scifact", Title: d.Title,
			ACL: []verity.Principal{verity.Public}, Text: d.Text(),
		}
	}
	return out
}

// TrainQueries turns training claims into retrieval queries judged by their
// cited abstracts: the split retrieval tuning may use.
func (sf *SciFact) TrainQueries() ([]Query, map[string]Qrels) {
	var qs []Query
	qrels := map[string]Qrels{}
	for _, c := range sf.Train {
		if len(c.CitedDoc) == 0 {
			continue
		}
		id := strconv.Itoa(c.ID)
		qs = append(qs, Query{ID: id, Text: c.Claim})
		qrels[id] = Qrels{}
		for _, d := range c.CitedDoc {
			qrels[id][d] = 1
		}
	}
	return qs, qrels
}

func readJSONL[T any](path string, out *[]T) error {
	f, err := os.Open(path)
	if err != nil {
		return fmt.Errorf("read %s: %w", filepath.Base(path), err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 16<<20)
	for line := 1; sc.Scan(); line++ {
		if strings.TrimSpace(sc.Text()) == "" {
			continue
		}
		var v T
		if err := json.Unmarshal(sc.Bytes(), &v); err != nil {
			return fmt.Errorf("%s:%d: %w", filepath.Base(path), line, err)
		}
		*out = append(*out, v)
	}
	return sc.Err()
}
