package demo

import (
	"bytes"
	"context"
	"embed"
	"fmt"
	"io/fs"
	"path"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/ingest"
	"github.com/veritykb/verity/kb"
)

//go:embed corpus
var corpus embed.FS

// DB is the store file the demo fills unless the command is given another.
const DB = "verity-demo.db"

// WebURIs are where the bundled web pages pretend to come from.
var WebURIs = map[string]string{
	"romashka-case.html": "https://oblako.example/cases/romashka",
	"trust-wall.html":    "https://oblako.example/clients",
	"acme-case.html":     "https://bitrix-stories.example/acme-logistics",
	"partners.html":      "https://oblako.example/partners",
	// Pages of issue 19: a third-party news page that names its customer
	// with a noun ("использование"), the customer's case study, the
	// integrator's customer wall that never names the product, and a
	// third-party integrator's logo wall that proves nothing.
	"medline-news.html":       "https://medvestnik.example/news/medline-bitrix24",
	"medline-case.html":       "https://oblako.example/cases/medline",
	"clients-medicine.html":   "https://oblako.example/clients/medicine",
	"integrator-clients.html": "https://crm-partners.example/clients",
}

// News is a page the receipts section adds: a news item that republished
// a sentence of the Acme case, so that sentence has a second source to
// survive on, and added one of its own, which rests on it alone.
var News = &verity.Source{
	ID: "https://news.example/logistics/acme-bitrix24", URI: "https://news.example/logistics/acme-bitrix24", System: verity.SystemWeb,
	Title: "Logistics news: Acme picks a CRM", ACL: []verity.Principal{verity.Public},
	Text: "# Logistics news: Acme picks a CRM\n\nAcme Logistics GmbH, a freight forwarder based in Hamburg with 120 employees, moved its sales and customer support to Bitrix24 in March 2025. Acme says its sales team moved to Bitrix24 within six weeks.",
}

// NewsEdited is [News] after an edit that rewrote the sentence it shared
// with the Acme case study and kept the other one, a paragraph further
// down.
const NewsEdited = "# Logistics news: Acme picks a CRM\n\nCorrected on 2 June 2025.\n\nAcme Logistics GmbH, a freight forwarder based in Hamburg, is choosing a CRM for its customer support. Acme says its sales team moved to Bitrix24 within six weeks."

// Corpus reads the bundled corpus into sources, with the warnings its
// records raised (a record without an ACL, which stays hidden). The pages
// and the handbook carry no UpdatedAt, like JSONL records without one:
// the store gives a new source the ingest time and keeps the stored time
// while its text is unchanged, so ingesting the corpus again finds it
// unchanged.
func Corpus() ([]*verity.Source, []string, error) {
	var srcs []*verity.Source
	var warnings []string
	err := fs.WalkDir(corpus, "corpus", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := corpus.ReadFile(p)
		if err != nil {
			return err
		}
		name := path.Base(p)
		switch path.Ext(name) {
		case ".jsonl":
			return ingest.Records(bytes.NewReader(data), name, ingest.DefaultMaxBytes, func(it ingest.Item) error {
				if it.Err != nil {
					return fmt.Errorf("demo corpus %s: %w", it.Where, it.Err)
				}
				if it.Warning != "" {
					warnings = append(warnings, it.Warning)
				}
				srcs = append(srcs, it.Source)
				return nil
			})
		case ".html":
			page, err := ingest.HTML(data, WebURIs[name])
			if err != nil {
				return fmt.Errorf("demo corpus %s: %w", name, err)
			}
			srcs = append(srcs, &verity.Source{ID: WebURIs[name], URI: WebURIs[name], System: verity.SystemWeb,
				Title: page.Title, ACL: []verity.Principal{verity.Public}, Text: page.Text})
		case ".md":
			text, err := ingest.Canonical(data)
			if err != nil {
				return err
			}
			srcs = append(srcs, &verity.Source{ID: "handbook.md", URI: "file:///demo/handbook.md", System: verity.SystemFile,
				Title: "Engineering handbook", ACL: []verity.Principal{verity.Public}, Text: text})
		}
		return nil
	})
	return srcs, warnings, err
}

// Put stores srcs as op, in one batch, and returns the run; a source the
// store refuses is an error, since the demo's are its own.
func Put(ctx context.Context, svc *kb.Service, op verity.Caller, srcs ...*verity.Source) (*kb.Ingest, error) {
	run, err := svc.BeginIngest(ctx, op)
	if err != nil {
		return nil, err
	}
	items := make([]kb.Item, len(srcs))
	for i, src := range srcs {
		items[i] = kb.Item{Where: src.ID, Source: src}
	}
	failed, err := run.Put(ctx, items)
	if err == nil && len(failed) > 0 {
		err = verity.Errorf(verity.EINTERNAL, "demo corpus %s: %s", failed[0].Where, failed[0].Error)
	}
	return run, err
}

// Caller is the caller a demo step reads as: exactly the principals it
// names (public alone when it names none).
func Caller(ss ...string) verity.Caller {
	ps := make([]verity.Principal, len(ss))
	for i, s := range ss {
		ps[i] = verity.Principal(s)
	}
	return verity.NewCaller(ps...)
}
