package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/eval/searchbench"
	"github.com/veritykb/verity/printable"
)

func (a *app) benchCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "bench",
		Short: "Measure Verity's speed and size on your own data",
	}
	cmd.AddCommand(a.benchSearchCmd())
	return cmd
}

func (a *app) benchSearchCmd() *cobra.Command {
	var (
		corpus, queries string
		k               int
	)
	cmd := &cobra.Command{
		Use:   "search --corpus FILE.jsonl --queries FILE.jsonl [--k N] [--as PRINCIPAL]... [--db PATH]",
		Short: "Time ingest and search on a corpus and queries: MB/s, store size, latency, nDCG@10",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			ctx := cmd.Context()
			if err := searchbench.CheckFlags(k, queries, a.as); err != nil {
				return err
			}
			path, fresh, cleanup, err := searchbench.StorePath(a.dbPath)
			if err != nil {
				return err
			}
			defer cleanup()
			if fresh && corpus == "" {
				return verity.Errorf(verity.EINVALID, "--corpus is required, unless --db names a store that exists (see verity bench search --help)")
			}
			if !fresh && corpus != "" && !a.json {
				fmt.Fprintf(a.stderr, "note: %s exists: searching it as it is; --corpus is not ingested\n", printable.Text(path))
			}
			qs, err := searchbench.ReadQueries(queries)
			if err != nil {
				return err
			}
			var docs []searchbench.Doc
			if fresh {
				if docs, err = searchbench.ReadCorpus(corpus); err != nil {
					return err
				}
			}
			text := searchbench.TextBytes(docs)
			e, err := a.benchStore(ctx, path)
			if err != nil {
				return err
			}
			defer e.Close()
			if fresh && !a.json {
				fmt.Fprintf(a.stderr, "ingesting %d passages (%.1f MB of text) into %s\n", len(docs), float64(text)/1e6, printable.Text(path))
			}
			bar := a.newProgress("ingest", text, true)
			rep, err := searchbench.Run(ctx, e, docs, qs, searchbench.Options{K: k, As: a.as, SkipIngest: !fresh, Progress: bar.Add})
			bar.Done()
			if err != nil {
				return err
			}
			if a.json {
				return a.printJSON(rep)
			}
			if err := searchbench.WriteTable(a.stdout, []*searchbench.Report{rep}); err != nil {
				return err
			}
			searchbench.WriteStore(a.stdout, a.dbPath == "", fresh, printable.Text(path))
			return nil
		},
	}
	f := cmd.Flags()
	f.StringVar(&corpus, "corpus", "", "passages to ingest, JSONL {\"id\",\"title\",\"text\",\"acl\"}")
	f.StringVar(&queries, "queries", "", "queries to time, JSONL {\"query\"} with \"source_id\" or \"source_ids\" for nDCG@10")
	f.IntVar(&k, "k", verity.DefaultK, "results each query asks for")
	return cmd
}
