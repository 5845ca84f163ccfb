package main

import (
	"bytes"
	"context"
	"embed"
	"fmt"
	"io/fs"
	"path"
	"strings"

	"github.com/spf13/cobra"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/ingest"
	"github.com/veritykb/verity/kb"
	"github.com/veritykb/verity/quote"
)

//go:embed democorpus
var demoCorpus embed.FS

// demoWebURIs are where the bundled web pages pretend to come from.
var demoWebURIs = map[string]string{
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

const demoDB = "verity-demo.db"

func (a *app) demoCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "demo",
		Short: "Build a store from the bundled example corpus and show what Verity does",
		Long: `Demo ingests a small bundled corpus — Confluence pages, a Jira ticket, a Slack
thread (JSONL with ACLs), vendor web pages in Russian and English, and a
Markdown handbook — into ` + demoDB + ` (or --db), then runs searches that show
stemming in both languages, permission filtering and a content-free hint,
grounded answers, extraction, receipts and new versions. Everything runs
offline.

Who acts: the demo ingests, extracts, summarizes and revokes as the local
operator (you, with every right, reading as public), and reads as the
callers each step names with --as. Afterwards, explore with --db ` + demoDB + `.`,
		Example: `  verity demo
  verity --db verity-demo.db search --as group:hr "сокращения"`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			ctx := cmd.Context()
			if a.dbPath == "" && a.getenv("VERITY_DB") == "" {
				a.dbPath = demoDB
			}
			svc, err := a.service(ctx)
			if err != nil {
				return err
			}
			if err := a.demoIngest(ctx, svc); err != nil {
				return err
			}
			steps := []struct {
				title string
				query string
				as    []string
			}{
				{"English, as a member of staff", "how many vacation days carry over", []string{"group:staff"}},
				{"Russian with stemming: «пересматривают права» finds «пересматриваются»", "как часто пересматривают права доступа", []string{"group:staff"}},
				{"A record you cannot read: only a hint, no title or text", "сокращения в 2027 году", nil},
				{"The same query as HR, who may read it", "сокращения в 2027 году", []string{"group:hr"}},
			}
			fmt.Fprintf(a.stdout, "\n### 1. Search under the caller's rights\n")
			for i, s := range steps {
				res, err := svc.Search(ctx, demoCaller(s.as), s.query, 2)
				if err != nil {
					return err
				}
				as := "public"
				if len(s.as) > 0 {
					as = strings.Join(s.as, " ")
				}
				fmt.Fprintf(a.stdout, "\n== Search %d. %s\n$ verity search --as %s --k 2 %q\n", i+1, s.title, as, s.query)
				a.printResults(res, false)
			}
			sections := []struct {
				title string
				run   func(context.Context, *kb.Service) error
			}{
				{"The verbatim gate: a quote counts only when code finds it", a.demoQuote},
				{"Grounded answers: citations, quotes, honest \"not found\", hints", a.demoAsk},
				{"Quote-grounded extraction: who uses Bitrix24, with proof", a.demoExtract},
				{"Receipts: revoking a source retracts exactly what rested on it", a.demoReceipts},
				{"New versions: a page that stops saying something stops supporting it", a.demoRelocate},
			}
			for i, sec := range sections {
				fmt.Fprintf(a.stdout, "\n### %d. %s\n", i+2, sec.title)
				if err := sec.run(ctx, svc); err != nil {
					return fmt.Errorf("demo %q: %w", sec.title, err)
				}
			}
			db := a.storeName()
			if strings.ContainsAny(db, "?&*[] '\"$") {
				db = "'" + strings.ReplaceAll(db, "'", `'\''`) + "'" // as a shell reads it
			}
			fmt.Fprintf(a.stdout, "\nThe store is %s. Try, as the local operator or as someone else:\n  verity --db %s sources --all\n  verity --db %s search --as group:staff \"deploy on Friday\"\n  verity --db %s show --chunks CONF-101 --as group:staff\n  verity --db %s log --as user:eve@outside.example\n",
				a.storeName(), db, db, db, db)
			return nil
		},
	}
}

// demoCaller is the caller a demo step reads as: exactly the principals it
// names (public alone when it names none).
func demoCaller(ss []string) verity.Caller {
	ps := make([]verity.Principal, len(ss))
	for i, s := range ss {
		ps[i] = verity.Principal(s)
	}
	return verity.NewCaller(ps...)
}

// demoIngest puts the bundled corpus into the store, as the local operator,
// and prints a one-line summary.
func (a *app) demoIngest(ctx context.Context, svc *kb.Service) error {
	// The pages and the handbook carry no UpdatedAt, like JSONL records
	// without one: the store gives a new source the ingest time and keeps
	// the stored time while its text is unchanged, so running the demo again
	// finds the corpus unchanged.
	var srcs []*verity.Source
	var warnings []string
	err := fs.WalkDir(demoCorpus, "democorpus", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := demoCorpus.ReadFile(p)
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
			page, err := ingest.HTML(data, demoWebURIs[name])
			if err != nil {
				return fmt.Errorf("demo corpus %s: %w", name, err)
			}
			srcs = append(srcs, &verity.Source{ID: demoWebURIs[name], URI: demoWebURIs[name], System: verity.SystemWeb,
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
	if err != nil {
		return err
	}
	op, err := a.caller()
	if err != nil {
		return err
	}
	run, err := a.demoPut(ctx, svc, srcs...)
	if err != nil {
		return err
	}
	fmt.Fprintf(a.stdout, "Verity demo — offline engine, store %s, acting as the local operator (%s)\ningested the bundled corpus: %d sources (%d new, %d unchanged): Confluence, Jira, Slack, web pages, a handbook; in Russian and English\n",
		a.storeName(), clean(string(op.Actor())), len(srcs), run.Report.Created, run.Report.Unchanged)
	for _, w := range warnings {
		fmt.Fprintf(a.stdout, "warning: %s (the demo shows that records without ACL stay hidden)\n", w)
	}
	return nil
}

// demoPut stores srcs as the local operator, in one batch, and returns the
// run; a source the store refuses is an error, since the demo's are its own.
func (a *app) demoPut(ctx context.Context, svc *kb.Service, srcs ...*verity.Source) (*kb.Ingest, error) {
	op, err := a.caller()
	if err != nil {
		return nil, err
	}
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

// demoQuote shows the verbatim gate on the access-review page: a quote with
// typographic drift is found, a quote stitched from two pieces is repaired to
// the contiguous original span, and a plausible fabrication is rejected.
func (a *app) demoQuote(ctx context.Context, svc *kb.Service) error {
	src, err := svc.Show(ctx, verity.NewCaller("group:staff"), kb.ShowRequest{ID: "CONF-101"})
	if err != nil {
		return err
	}
	cases := []struct{ what, q string }{
		{"typographic drift (case, dash, ё)", "ПРАВА ДОСТУПА сотрудников к производственным системам пересматриваются не реже одного раза в 12 месяцев; чаще - при инцидентах"},
		{"stitched from two pieces", "За пересмотр отвечает руководитель подразделения ... не менее чем по 10% учётных записей"},
		{"fabricated, though it sounds right", "Права доступа пересматриваются ежеквартально отделом безопасности"},
	}
	for _, c := range cases {
		m := quote.Locate(src.Text, c.q, quote.Options{})
		fmt.Fprintf(a.stdout, "\n$ verity quote CONF-101.txt %q   # %s\n", oneLine(c.q, 90), c.what)
		if !m.Found {
			fmt.Fprintln(a.stdout, "   not found: the gate rejects it")
			continue
		}
		fmt.Fprintf(a.stdout, "   found (%s, score %.2f) at bytes %d–%d of CONF-101 v%d:\n   «%s»\n", m.Kind, m.Score, m.Start, m.End, src.Version, clean(oneLine(src.Text[m.Start:m.End], 200)))
	}
	return nil
}
