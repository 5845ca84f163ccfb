package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/veritykb/verity/eval/searchbench"
	"github.com/veritykb/verity/sqlite"
)

func runMain(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("run", flag.ContinueOnError)
	corpus := fs.String("corpus", "", "passages, JSONL {\"id\",\"title\",\"text\",\"acl\"} (required)")
	queries := fs.String("queries", "", "queries, JSONL {\"query\",\"source_ids\"} (required)")
	k := fs.Int("k", 10, "results each query asks for")
	var as stringList
	fs.Var(&as, "as", "search as this principal, repeatable (default: a public reader)")
	var also stringList
	fs.Var(&also, "also-as", "after the first pass, search the same store again as this principal alone (repeatable)")
	rounds := fs.Int("rounds", 1, "timed passes per caller, alternating between the callers; the table gives each latency's median over them")
	engines := fs.String("engines", "verity,bleve", "engines to measure, in this order: verity, bleve")
	asJSON := fs.Bool("json", false, "print the reports as JSON")
	fs.Usage = func() {
		fmt.Fprint(stderr, `usage: go run . run --corpus FILE --queries FILE [flags]

Run measures each engine in turn, in this process, on the same passages
and queries, with eval/searchbench.Run: ingest (text MB over wall time),
size on disk, one warm-up pass over the queries, then a timed pass (p50,
p99 and mean latency) scored by nDCG@10; with --also-as, the same store is
searched again as each such caller, without ingesting again. With
--rounds N, the callers' passes are repeated N times in turn (the --as
caller, then each --also-as caller, and again), and each latency is the
median over the rounds: single passes on a shared machine drift by 10-20%,
which hides a ratio between callers. Each engine gets a new store in a
directory under $TMPDIR, removed after it. Verity: kb over SQLite, as
verity bench search runs it. Bleve: scorch on disk, English analyzer,
BM25, text stored, ACL as a keyword filter. Progress goes to stderr.

`)
		fs.PrintDefaults()
	}
	if err := parse(fs, args, stderr); err != nil {
		return err
	}
	if *corpus == "" || *queries == "" {
		fmt.Fprintln(stderr, "--corpus and --queries are required")
		fs.Usage()
		return errUsage
	}
	names := strings.Split(*engines, ",")
	for _, n := range names {
		if n != "verity" && n != "bleve" {
			return fmt.Errorf("--engines: unknown engine %q (want verity, bleve)", n)
		}
	}
	if *rounds < 1 {
		return fmt.Errorf("--rounds: want at least 1, got %d", *rounds)
	}
	if _, err := searchbench.Caller(as); err != nil {
		return err
	}
	for _, p := range also {
		if _, err := searchbench.Caller([]string{p}); err != nil {
			return err
		}
	}
	qs, err := searchbench.ReadQueries(*queries)
	if err != nil {
		return err
	}
	docs, err := searchbench.ReadCorpus(*corpus)
	if err != nil {
		return err
	}
	var text int64
	for _, d := range docs {
		text += int64(len(d.Text))
	}
	var reports []*searchbench.Report
	for _, name := range names {
		reps, err := measure(ctx, name, docs, qs, text, searchbench.Options{K: *k, As: as}, also, *rounds, stderr)
		if err != nil {
			return err
		}
		reports = append(reports, reps...)
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(map[string]any{"corpus": *corpus, "queries": *queries, "reports": reports})
	}
	return searchbench.WriteTable(stdout, reports)
}

// measure runs one engine in a new directory, removed afterwards: one
// ingest and a pass as opt.As, then a pass as each of also; and again,
// without the ingest, until each caller has had rounds passes.
func measure(ctx context.Context, name string, docs []searchbench.Doc, qs []searchbench.Query, text int64, opt searchbench.Options, also []string, rounds int, stderr io.Writer) ([]*searchbench.Report, error) {
	dir, err := os.MkdirTemp("", "searchbench-"+name+"-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	e, err := open(ctx, name, dir)
	if err != nil {
		return nil, fmt.Errorf("%s: open: %w", name, err)
	}
	defer e.Close()
	runtime.GC()
	opt.Progress = progress(name, text, stderr)
	fmt.Fprintf(stderr, "%s: ingesting %d passages (%.1f MB of text) in %s\n", name, len(docs), float64(text)/1e6, dir)
	rep, err := searchbench.Run(ctx, e, docs, qs, opt)
	if err != nil {
		return nil, err
	}
	fmt.Fprintf(stderr, "%s: ingested in %.1fs, %.1f MB on disk; searched %d queries twice\n", name, rep.IngestSeconds, float64(rep.StoreBytes)/1e6, len(qs))
	callers := append([][]string{opt.As}, make([][]string, len(also))...)
	for i, p := range also {
		callers[i+1] = []string{p}
	}
	passes := make([][]*searchbench.Report, len(callers))
	passes[0] = []*searchbench.Report{rep}
	for round := range rounds {
		for i, c := range callers {
			if round == 0 && i == 0 {
				continue // the pass after the ingest
			}
			again, err := searchbench.Run(ctx, e, nil, qs, searchbench.Options{K: opt.K, As: c, SkipIngest: true})
			if err != nil {
				return nil, err
			}
			fmt.Fprintf(stderr, "%s: round %d: searched %d queries twice as %s\n", name, round+1, len(qs), strings.Join(c, ", "))
			passes[i] = append(passes[i], again)
		}
	}
	reps := make([]*searchbench.Report, len(passes))
	for i, ps := range passes {
		reps[i] = medianLatency(ps)
	}
	return reps, nil
}

// medianLatency returns the first of one caller's reports with each
// latency replaced by its median over all of them (the lower middle of an
// even count).
func medianLatency(rs []*searchbench.Report) *searchbench.Report {
	out := *rs[0]
	median := func(get func(*searchbench.Report) float64) float64 {
		v := make([]float64, len(rs))
		for i, r := range rs {
			v[i] = get(r)
		}
		slices.Sort(v)
		return v[(len(v)-1)/2]
	}
	out.P50MS = median(func(r *searchbench.Report) float64 { return r.P50MS })
	out.P99MS = median(func(r *searchbench.Report) float64 { return r.P99MS })
	out.MeanMS = median(func(r *searchbench.Report) float64 { return r.MeanMS })
	return &out
}

// open creates the named engine's store in dir.
func open(ctx context.Context, name, dir string) (searchbench.Engine, error) {
	if name == "bleve" {
		return newBleve(filepath.Join(dir, "index.bleve"))
	}
	path := filepath.Join(dir, "verity.db")
	db, err := sqlite.Open(ctx, path, sqlite.Options{})
	if err != nil {
		return nil, err
	}
	return searchbench.NewVerity(db, path), nil
}

// progress prints how much of the text an engine has ingested, every few
// seconds.
func progress(name string, total int64, w io.Writer) func(int64) {
	var done int64
	start, last := time.Now(), time.Now()
	return func(n int64) {
		done += n
		if time.Since(last) >= 5*time.Second {
			last = time.Now()
			fmt.Fprintf(w, "%s: ingested %.1f of %.1f MB (%.0f%%), %.1f MB/s\n", name, float64(done)/1e6, float64(total)/1e6,
				100*float64(done)/float64(max(total, 1)), float64(done)/1e6/time.Since(start).Seconds())
		}
	}
}
