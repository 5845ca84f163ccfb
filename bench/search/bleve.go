package main

import (
	"context"
	"errors"
	"io/fs"
	"path/filepath"
	"slices"
	"time"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/analysis/lang/en"
	"github.com/blevesearch/bleve/v2/mapping"
	index "github.com/blevesearch/bleve_index_api"

	"github.com/veritykb/verity/eval/searchbench"
)

// bleveEngine is Bleve v2 as a Bleve user would set it up for this corpus:
// an on-disk scorch index (Bleve's default), the English analyzer on title
// and text, BM25 scoring, the text stored, the ACL a keyword field; queries
// are a match query on the _all field (title and text together, as Verity
// ranks a chunk with its title) filtered by the caller's principals.
type bleveEngine struct {
	dir string
	idx bleve.Index
}

var _ searchbench.Engine = (*bleveEngine)(nil)

// bleveBatch is the number of passages per Bleve batch.
const bleveBatch = 1000

// bleveDoc is a passage as Bleve indexes it.
type bleveDoc struct {
	Title string   `json:"title"`
	Text  string   `json:"text"`
	ACL   []string `json:"acl"`
}

// newBleve creates an index in dir, which must not exist yet.
func newBleve(dir string) (*bleveEngine, error) {
	idx, err := bleve.New(dir, bleveMapping())
	if err != nil {
		return nil, err
	}
	return &bleveEngine{dir: dir, idx: idx}, nil
}

// bleveMapping is the index mapping: title and text analyzed in English,
// stored and composed into _all, which queries search; acl a keyword
// field outside _all. Title and text keep no term vectors or doc values,
// which only highlighting, sorting and facets would use (the _all field
// keeps term vectors whatever the mapping says).
func bleveMapping() *mapping.IndexMappingImpl {
	text := func() *mapping.FieldMapping {
		f := bleve.NewTextFieldMapping()
		f.Analyzer = en.AnalyzerName
		f.Store = true
		f.IncludeInAll = true
		f.IncludeTermVectors = false
		f.DocValues = false
		return f
	}
	acl := bleve.NewKeywordFieldMapping()
	acl.Store = false
	acl.IncludeInAll = false
	acl.IncludeTermVectors = false
	acl.DocValues = false
	doc := bleve.NewDocumentStaticMapping()
	doc.AddFieldMappingsAt("title", text())
	doc.AddFieldMappingsAt("text", text())
	doc.AddFieldMappingsAt("acl", acl)
	m := bleve.NewIndexMapping()
	m.DefaultMapping = doc
	m.DefaultAnalyzer = en.AnalyzerName // the analyzer of queries on _all
	m.ScoringModel = index.BM25Scoring
	return m
}

func (b *bleveEngine) Name() string { return "bleve" }

// Ingest indexes docs in batches of bleveBatch; each batch returns once
// it is persisted, as Bleve does by default.
func (b *bleveEngine) Ingest(ctx context.Context, docs []searchbench.Doc, progress func(int64)) (int, error) {
	batch := b.idx.NewBatch()
	var size int64
	flush := func() error {
		if batch.Size() == 0 {
			return nil
		}
		if err := b.idx.Batch(batch); err != nil {
			return err
		}
		progress(size)
		batch.Reset()
		size = 0
		return ctx.Err()
	}
	for _, d := range docs {
		if err := batch.Index(d.ID, bleveDoc{Title: d.Title, Text: d.Text, ACL: d.ACL}); err != nil {
			return 0, err
		}
		size += int64(len(d.Text))
		if batch.Size() >= bleveBatch {
			if err := flush(); err != nil {
				return 0, err
			}
		}
	}
	if err := flush(); err != nil {
		return 0, err
	}
	return len(docs), nil
}

// Search ranks by BM25 the passages matching any query term in title or
// text among those whose acl holds public or one of principals; the ACL is
// a filter, so it does not change the scores.
func (b *bleveEngine) Search(ctx context.Context, text string, k int, principals []string) ([]string, error) {
	match := bleve.NewMatchQuery(text) // on _all, the default field
	readers := bleve.NewDisjunctionQuery()
	for _, p := range callerPrincipals(principals) {
		t := bleve.NewTermQuery(p)
		t.SetField("acl")
		readers.AddQuery(t)
	}
	q := bleve.NewBooleanQuery()
	q.AddMust(match)
	q.AddFilter(readers)
	req := bleve.NewSearchRequestOptions(q, k, 0, false)
	res, err := b.idx.SearchInContext(ctx, req)
	if err != nil {
		return nil, err
	}
	ids := make([]string, len(res.Hits))
	for i, h := range res.Hits {
		ids[i] = h.ID
	}
	return ids, nil
}

// callerPrincipals are the principals a caller holds: public and the given
// ones, as Verity's callers always hold public.
func callerPrincipals(ps []string) []string {
	out := append([]string{"public"}, ps...)
	slices.Sort(out)
	return slices.Compact(out)
}

// Size waits for scorch's background merges to settle (the index
// directory unchanged for a second, at most a minute), then sums the
// bytes of the files in the index directory.
func (b *bleveEngine) Size(ctx context.Context) (int64, error) {
	last, stable := int64(-1), 0
	for deadline := time.Now().Add(time.Minute); time.Now().Before(deadline) && stable < 10; {
		n, err := dirSize(b.dir)
		if err != nil {
			return 0, err
		}
		if n == last {
			stable++
		} else {
			last, stable = n, 0
		}
		select {
		case <-ctx.Done():
			return 0, ctx.Err()
		case <-time.After(100 * time.Millisecond):
		}
	}
	return last, nil
}

// dirSize is the bytes of the regular files under dir.
func dirSize(dir string) (int64, error) {
	var n int64
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			// A segment file merged away while walking.
			if path != dir && errors.Is(err, fs.ErrNotExist) {
				return nil
			}
			return err
		}
		if d.Type().IsRegular() {
			fi, err := d.Info()
			if errors.Is(err, fs.ErrNotExist) {
				return nil
			}
			if err != nil {
				return err
			}
			n += fi.Size()
		}
		return nil
	})
	return n, err
}

func (b *bleveEngine) Close() error { return b.idx.Close() }
