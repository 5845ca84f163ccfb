package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/eval/searchbench"
)

func (a *app) benchCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "bench",
		Short: "Measure Verity's speed and size on your own data",
		Long: `Bench measures how fast Verity ingests and answers, and how large its store
grows, on data you give it. Quality on public datasets is verity eval's.`,
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
		Long: `Bench search ingests a corpus into a store, then runs every query twice as
the caller, once to warm caches and once timed, one query at a time, and
reports:

  passages, chunks   what was ingested (a passage is one corpus line; Verity
                     splits long ones into chunks)
  text MB            the passages' text, in 10^6 bytes
  ingest MB/s        text MB over the wall time of ingesting (reading and
                     parsing the corpus file is not counted)
  store MB           the store file with its -wal and -shm, after ingest
  p50, p99, mean ms  latency of the timed pass (p99 is the nearest rank)
  nDCG@10            mean nDCG@10 over the queries that name relevant
                     passages, binary relevance

Ingest and search take the path every command takes, through the service
layer: ingesting as the local operator, in batches of 512 records or 8 MB
like verity ingest's JSONL records, and searching as the caller. The same
measurement runs Bleve beside Verity in bench/search of the repository,
a separate module, so that no other search library enters this binary.

--corpus is JSONL, one passage a line:
  {"id","title","text","acl":[principals]}
a line without "acl" is public (unlike verity ingest, where it is readable by
no one). --queries is JSONL, one query a line: {"query"}, optionally with the
id of the relevant passage, {"query","source_id"}, or of several,
{"query","source_ids":[...]}. A malformed line stops the run with its file
and line number.

The store: without --db, a new store in a directory under $TMPDIR (/tmp when
unset) named verity-bench-*, removed when the run ends, also after an error
or an interrupt; VERITY_DB is never used, so a benchmark cannot write into
your store. With --db PATH, a PATH that does not exist yet is created, filled
from --corpus and kept; a PATH that exists is searched as it is, without
ingesting (--corpus may then be left out), so one store can be measured
again and again.

Who searches: without --as, the local operator, who reads as public; with
--as (repeatable), exactly those principals plus public, as verity search
--as does. Only passages the caller may read are ranked, so nDCG@10 drops
when relevant passages are hidden from it.

--json prints {"engine","as","ingested","passages","chunks","text_bytes",
"ingest_seconds","ingest_mb_per_s","store_bytes","queries","k","p50_ms",
"p99_ms","mean_ms","judged","ndcg_at_10"}; judged counts the queries with
relevant ids. Progress goes to stderr while ingesting.`,
		Example: `  verity bench search --corpus passages.jsonl --queries queries.jsonl
  verity bench search --corpus passages.jsonl --queries queries.jsonl --as group:all --json
  verity bench search --db /tmp/bench.db --corpus passages.jsonl --queries queries.jsonl
  verity bench search --db /tmp/bench.db --queries queries.jsonl --as group:one --k 20`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			ctx := cmd.Context()
			if k <= 0 || k > 1000 {
				return verity.Errorf(verity.EINVALID, "--k must be between 1 and 1000, got %d", k)
			}
			if queries == "" {
				return verity.Errorf(verity.EINVALID, "--queries is required (see verity bench search --help)")
			}
			if _, err := searchbench.Caller(a.as); err != nil {
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
				fmt.Fprintf(a.stderr, "note: %s exists: searching it as it is; --corpus is not ingested\n", clean(path))
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
				fmt.Fprintf(a.stderr, "ingesting %d passages (%.1f MB of text) into %s\n", len(docs), float64(text)/1e6, clean(path))
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
			switch {
			case a.dbPath == "":
				fmt.Fprintln(a.stdout, "store: a temporary one, removed now")
			case fresh:
				fmt.Fprintf(a.stdout, "store: %s, filled now and kept\n", clean(path))
			default:
				fmt.Fprintf(a.stdout, "store: %s, searched as it was\n", clean(path))
			}
			return nil
		},
	}
	f := cmd.Flags()
	f.StringVar(&corpus, "corpus", "", "passages to ingest, JSONL {\"id\",\"title\",\"text\",\"acl\"}")
	f.StringVar(&queries, "queries", "", "queries to time, JSONL {\"query\"} with \"source_id\" or \"source_ids\" for nDCG@10")
	f.IntVar(&k, "k", verity.DefaultK, "results each query asks for")
	return cmd
}
