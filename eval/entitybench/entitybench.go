// Package entitybench measures how extraction names companies: it
// generates news pages with [eval.CompanyNews], extracts the graph from
// them through the service layer exactly as `verity extract` does, and
// scores it with [eval.ScoreEntities] (one node per company, every page in
// its receipts, no distractor). It never opens a store or builds a model:
// cmd/verity hands it a scratch store and the service over it.
package entitybench

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/eval"
	"github.com/veritykb/verity/kb"
)

// Service returns the service layer over a scratch store, with the run's
// models.
type Service func(db eval.Scratch) (*kb.Service, error)

// Main runs [Run] and writes its report to w: JSON when asJSON, else the
// table. It is all `verity eval entities` does.
func Main(ctx context.Context, w eval.Wiring, service Service, opt Options, out io.Writer, asJSON bool) error {
	rep, err := Run(ctx, w, service, opt)
	if err != nil || rep == nil {
		return err
	}
	if asJSON {
		enc := json.NewEncoder(out)
		enc.SetEscapeHTML(false)
		enc.SetIndent("", "  ")
		return enc.Encode(rep)
	}
	rep.Print(out)
	return nil
}

// Options configure [Run].
type Options struct {
	News eval.NewsOptions
	// Spec is the built-in spec the pages are read with; "" means
	// bitrix24-ru, whose cues and aliases cover both languages.
	Spec string
	// Write, when set, is a folder [Run] writes the corpus to instead
	// ([WriteNews]); Graph, when set, is the output of `verity graph
	// --json` it scores instead, against the corpus.json in Write.
	Write, Graph string
}

// Run generates a corpus with [eval.CompanyNews], stores it in a scratch
// store, extracts from it through the service layer as `verity extract`
// does (as the local operator), and scores the graph an anonymous reader
// of the public pages sees with [eval.ScoreEntities]; with
// opt.Write it writes the corpus instead, with opt.Graph it scores a
// graph a real run gave.
func Run(ctx context.Context, w eval.Wiring, service Service, opt Options) (*eval.EntityReport, error) {
	switch {
	case opt.Graph != "":
		return ScoreGraphFile(opt.Graph, filepath.Join(opt.Write, "corpus.json"))
	case opt.Write != "":
		return nil, WriteNews(opt.Write, eval.CompanyNews(opt.News))
	}
	start := time.Now()
	corpus := eval.CompanyNews(opt.News)
	name := opt.Spec
	if name == "" {
		name = "bitrix24-ru"
	}
	db, done, _, err := w.Scratch(ctx, "entities", corpus.Sources())
	if err != nil {
		return nil, err
	}
	defer done()
	svc, err := service(db)
	if err != nil {
		return nil, err
	}
	bar := w.Progress.Start("extract", int64(len(corpus.Pages)))
	run, err := svc.Extract(ctx, verity.LocalOperator("eval"), kb.ExtractRequest{Spec: name, Concurrency: w.Concurrency,
		Progress: func(int, int) { bar.Add(1) }})
	bar.Done()
	if err != nil {
		return nil, err
	}
	g, err := svc.Graph(ctx, verity.Anonymous(), kb.GraphFilter{})
	if err != nil {
		return nil, err
	}
	rep := eval.ScoreEntities(corpus, g.Edges)
	rep.Model = run.Run.Model
	rep.Seconds = time.Since(start).Seconds()
	return rep, nil
}

// WriteNews writes a generated corpus to dir: its pages as JSONL records
// for `verity ingest` (pages.jsonl), and the whole corpus, what each page
// says included, as JSON (corpus.json) for [ReadNews].
func WriteNews(dir string, c *eval.NewsCorpus) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	for _, r := range c.Records() {
		if err := enc.Encode(r); err != nil {
			return err
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "pages.jsonl"), b.Bytes(), 0o644); err != nil {
		return err
	}
	raw, err := json.MarshalIndent(c, "", " ")
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "corpus.json"), raw, 0o644)
}

// ScoreGraphFile scores the output of `verity graph --json` (graphPath)
// against the corpus [WriteNews] wrote (corpusPath).
func ScoreGraphFile(graphPath, corpusPath string) (*eval.EntityReport, error) {
	var c eval.NewsCorpus
	if err := readJSONFile(corpusPath, &c); err != nil {
		return nil, err
	}
	var g kb.EdgeList
	if err := readJSONFile(graphPath, &g); err != nil {
		return nil, err
	}
	return eval.ScoreEntities(&c, g.Edges), nil
}

func readJSONFile(path string, v any) error {
	raw, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	if err := json.Unmarshal(raw, v); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return nil
}
