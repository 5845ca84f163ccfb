package eval

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/ingest"
)

// XQuAD is a question-to-paragraph retrieval set in the shape of the shared
// xquad-ru-dev: Wikipedia paragraphs as JSONL connector records, each
// question judged by the one paragraph it was written about.
type XQuAD struct {
	Sources []*verity.Source // the paragraphs, read as `verity ingest` reads them
	Queries []Query          // ids q1, q2... in file order
	Qrels   map[string]Qrels // query id → its paragraph's record id
}

// LoadXQuAD reads corpus.jsonl and queries.jsonl ({"query","source_id"}
// per line) from dir.
func LoadXQuAD(dir string) (*XQuAD, error) {
	corpus := filepath.Join(dir, "corpus.jsonl")
	if _, err := os.Stat(corpus); errors.Is(err, fs.ErrNotExist) {
		return nil, verity.Errorf(verity.ENOTFOUND, "XQuAD not found in %s (want corpus.jsonl there; pass --data DIR)", dir)
	}
	x := &XQuAD{Qrels: map[string]Qrels{}}
	f, err := os.Open(corpus)
	if err != nil {
		return nil, fmt.Errorf("read xquad corpus: %w", err)
	}
	defer f.Close()
	ids := map[string]bool{}
	err = ingest.Records(f, "corpus.jsonl", 1<<24, func(it ingest.Item) error {
		if it.Err != nil {
			return fmt.Errorf("%s: %w", it.Where, it.Err)
		}
		x.Sources = append(x.Sources, it.Source)
		ids[it.Source.ID] = true
		return nil
	})
	if err != nil {
		return nil, err
	}
	var qs []struct {
		Query    string `json:"query"`
		SourceID string `json:"source_id"`
	}
	if err := readJSONL(filepath.Join(dir, "queries.jsonl"), &qs); err != nil {
		return nil, err
	}
	for i, q := range qs {
		if !ids[q.SourceID] {
			return nil, fmt.Errorf("queries.jsonl:%d: source_id %q is not in the corpus", i+1, q.SourceID)
		}
		id := "q" + strconv.Itoa(i+1)
		x.Queries = append(x.Queries, Query{ID: id, Text: q.Query})
		x.Qrels[id] = Qrels{q.SourceID: 1}
	}
	return x, nil
}
