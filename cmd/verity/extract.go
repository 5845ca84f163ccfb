package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/extract"
	"github.com/veritykb/verity/llm"
	"github.com/veritykb/verity/llm/offline"
	"github.com/veritykb/verity/sqlite"
)

// extractOutput is the JSON of `verity extract`: the contract's edges and
// rejected, plus the candidates left for review, the run and its cost.
type extractOutput struct {
	Edges    []extract.EdgeView   `json:"edges"`
	Rejected []rejectedView       `json:"rejected"`
	Review   []reviewView         `json:"review"`
	Run      extract.RunInfo      `json:"run"`
	Pages    extractPages         `json:"pages"`
	Cost     extract.CostReport   `json:"cost"`
	Moved    []extract.Relocation `json:"relocated,omitempty"`
}

type extractPages struct {
	Read    int `json:"read"`
	Resumed int `json:"resumed"`
}

// rejectedView is one rejected candidate.
type rejectedView struct {
	Subject   string         `json:"subject"`
	SourceID  string         `json:"source_id"`
	Reason    extract.Reason `json:"reason"`
	Object    string         `json:"object,omitempty"`
	Criterion string         `json:"criterion,omitempty"`
	Detail    string         `json:"detail,omitempty"`
	EdgeID    string         `json:"edge_id,omitempty"`
	Quote     string         `json:"quote,omitempty"` // the quote as located on the page, when it was
}

// reviewView is one candidate sent to review.
type reviewView struct {
	ID         string  `json:"id"`
	EdgeID     string  `json:"edge_id"`
	Subject    string  `json:"subject"`
	Relation   string  `json:"relation"`
	Object     string  `json:"object"`
	SourceID   string  `json:"source_id"`
	URI        string  `json:"uri"`
	Confidence float64 `json:"confidence"`
	Quote      string  `json:"quote"`
}

// loadSpec reads --spec: a file, or the name of a built-in example spec.
func loadSpec(arg string) (*extract.Spec, error) {
	if arg == "" {
		return nil, verity.Errorf(verity.EINVALID, "--spec is required: a YAML file, or one of %s", strings.Join(extract.BuiltinSpecs(), ", "))
	}
	if _, err := os.Stat(arg); err != nil && !strings.ContainsAny(arg, "/\\.") {
		return extract.BuiltinSpec(arg)
	}
	return extract.LoadSpec(arg)
}

func (a *app) extractCmd() *cobra.Command {
	var (
		specArg string
		pages   int
		vendor  []string
	)
	cmd := &cobra.Command{
		Use:   "extract --spec FILE [SOURCE...]",
		Short: "Extract quoted relations (\"X uses Bitrix24\") from stored pages into the graph",
		Long: `Extract runs a relation spec over stored pages, one narrow step at a time
(seed 000, "Every Edge Needs a Quote"):

  candidates  one generous model call per page proposes {subject, object,
              quote, evidence type}
  quote       code finds each quote in the page (a stitched quote becomes
              the contiguous span it was cut from; a quote not found rejects)
  shape       code checks the subject: a specific organization, not a
              generic plural ("больницы", "hospitals"), not a person; and the
              page is not on a banned domain
  referent    when the quote does not name both sides, the model reads the
              whole page: argument, yes/no, and an evidence phrase that code
              must find on the page
  panel       N independent votes answer yes/no per criterion on the
              fragment around the quote plus the referent's argument and
              phrase; a criterion passes at the spec's threshold
  decision    accepted (quote, URL, fetch time, confidence, votes), rejected
              with one reason code, or sent to review (verity review) when
              the confidence falls in the spec's review band

With no SOURCE, every active source of the spec's systems whose text names
one of its objects (or aliases) is read; pages that name none are skipped
without a call. Accepted edges are stored as records with receipts: an edge
lives while any supporting page does, and revoking a page retracts exactly
the edges left without one. A rerun of the same spec and model skips every
page it finished (Ctrl-C loses nothing else); a page with a new version has
its old evidence re-located first, and evidence whose quote is gone is
revoked.

--spec takes a YAML file or a built-in example: ` + strings.Join(extract.BuiltinSpecs(), ", ") + `.
A spec names the relation and its cues, the subject type, the objects with
aliases, the vendor and its domains (whose pages are its own: a logo wall
there presents customers, elsewhere it proves nothing), the does-not-count
list, the judge's criteria, votes (default 5), threshold (default 0.5: "yes"
from at least half), review_band (default [0.4, 0.6] of the weakest
criterion's yes share; [] for none), judge_context (bytes around the quote,
default 400), strictness (generous or strict) and banned_domains;
extract/specs/bitrix24-ru.yaml shows every field.

Output shows only what the caller (--as) may read: edges through readable
evidence, rejections on readable pages. --json prints
{"edges":[{"id","subject","relation","object","confidence","votes","model",
"evidence":[{"source_id","version","uri","fetched_at","quote":{"text","start",
"end"}}]}],"rejected":[{"subject","source_id","reason"}],"review":[...],...}
with quote spans as byte offsets into the source version's canonical text.

Reason codes:
` + reasonList(),
		Example: `  verity extract --spec extract/specs/bitrix24-ru.yaml
  verity extract --spec bitrix24-en --json https://example.com/case
  verity --model openai:gpt-4o-mini extract --spec my-spec.yaml --pages 8`,
		RunE: func(cmd *cobra.Command, args []string) error {
			ctx := cmd.Context()
			spec, err := loadSpec(specArg)
			if err != nil {
				return err
			}
			spec.Vendor.Domains = append(spec.Vendor.Domains, vendor...)
			caller, db, err := a.callerStore(ctx)
			if err != nil {
				return err
			}
			m, _, err := a.model(ctx)
			if err != nil {
				return err
			}
			out, err := a.runExtract(ctx, db, m, spec, caller, args, pages)
			if out == nil {
				return err
			}
			if a.json {
				if perr := a.printJSON(out); perr != nil {
					return perr
				}
			} else {
				printExtract(a.stdout, out)
			}
			return err
		},
	}
	f := cmd.Flags()
	f.StringVar(&specArg, "spec", "", "relation spec: a YAML file or a built-in name")
	f.IntVar(&pages, "pages", 4, "pages read at once (model calls are bounded by --concurrency)")
	f.StringArrayVar(&vendor, "vendor-domain", nil, "a domain whose pages count as the vendor's own, repeatable (added to the spec's)")
	return cmd
}

func reasonList() string {
	var b strings.Builder
	for _, r := range extract.Reasons {
		fmt.Fprintf(&b, "  %-26s %s\n", r.Code, r.Text)
	}
	return strings.TrimRight(b.String(), "\n")
}

// runExtract runs spec over the given sources (all targets when none) and
// returns what caller may see of the result. On an error it still returns
// what finished, so an interrupted run can say what it kept.
func (a *app) runExtract(ctx context.Context, db *sqlite.DB, m llm.Model, spec *extract.Spec, caller verity.Caller, ids []string, pages int) (*extractOutput, error) {
	x := extract.New(m, spec, extract.Options{Concurrency: max(1, a.concurrency/max(1, pages)), Now: a.now})
	r := &extract.Runner{Store: db, X: x, Concurrency: pages}
	var bar *progress
	if a.interactive() {
		total := len(ids)
		if total == 0 {
			t, err := extract.Targets(ctx, db, spec)
			if err != nil {
				return nil, err
			}
			ids, total = t, len(t)
		}
		bar = a.newProgress("extract", int64(total), false)
		r.Progress = func(done, total int) { bar.Add(1) }
	}
	if len(ids) == 0 {
		t, err := extract.Targets(ctx, db, spec)
		if err != nil {
			return nil, err
		}
		if ids = t; len(ids) == 0 {
			a.noteOtherSystems(ctx, db, spec)
		}
	}
	res, runErr := r.Run(ctx, ids)
	if bar != nil {
		bar.Done()
	}
	if res == nil {
		return nil, runErr
	}
	out := &extractOutput{Run: res.Run, Pages: extractPages{Read: res.Read, Resumed: res.Resumed}, Cost: res.Cost,
		Edges: []extract.EdgeView{}, Rejected: []rejectedView{}, Review: []reviewView{}}
	v := db.Viewer(ctx, caller)
	readable := func(id string) bool { return v.Visible(verity.SourceRef(id)) }
	if ids := res.EdgeIDs(); len(ids) > 0 {
		edges, err := extract.Graph(ctx, db, caller, extract.GraphFilter{IDs: ids})
		if err != nil {
			return nil, err
		}
		out.Edges = edges
	}
	for _, o := range res.Outcomes(extract.Rejected) {
		if !readable(o.SourceID) {
			continue
		}
		rv := rejectedView{Subject: o.Subject, SourceID: o.SourceID, Reason: o.Reason, Object: o.Object,
			Criterion: o.Criterion, Detail: o.Detail, EdgeID: o.EdgeID}
		if o.Evidence != nil {
			rv.Quote = o.Evidence.Quote.Text
		}
		out.Rejected = append(out.Rejected, rv)
	}
	for _, o := range res.Outcomes(extract.Review) {
		if !readable(o.SourceID) {
			continue
		}
		out.Review = append(out.Review, reviewView{ID: o.Evidence.ID, EdgeID: o.EdgeID, Subject: o.Subject, Relation: o.Relation,
			Object: o.Object, SourceID: o.SourceID, URI: o.Evidence.URI, Confidence: o.Evidence.Confidence, Quote: o.Evidence.Quote.Text})
	}
	for _, mv := range res.Relocate {
		if readable(mv.SourceID) {
			out.Moved = append(out.Moved, mv)
		}
	}
	return out, runErr
}

// printExtract prints a run for a terminal: accepted edges with their
// quotes and URLs, rejections with their reasons, the review queue and the
// cost by step.
func printExtract(w io.Writer, out *extractOutput) {
	fmt.Fprintf(w, "spec %s, model %s: %d pages read, %d finished earlier\n", out.Run.Spec, out.Run.Model, out.Pages.Read, out.Pages.Resumed)
	fmt.Fprintf(w, "\nAccepted (%d):\n", len(out.Edges))
	for _, e := range out.Edges {
		printEdge(w, e)
	}
	if len(out.Review) > 0 {
		fmt.Fprintf(w, "\nFor review (%d) — decide with: verity review approve|reject ID --by user:EMAIL\n", len(out.Review))
		for _, r := range out.Review {
			fmt.Fprintf(w, "  %s  %s %s %s  (confidence %.2f)\n    «%s»\n    %s\n", r.ID, clean(r.Subject), r.Relation, clean(r.Object),
				r.Confidence, clean(oneLine(r.Quote, 200)), clean(r.URI))
		}
	}
	fmt.Fprintf(w, "\nRejected (%d):\n", len(out.Rejected))
	for _, r := range out.Rejected {
		detail := ""
		if r.Detail != "" && r.Detail != r.Subject {
			detail = ": " + clean(oneLine(r.Detail, 100))
		}
		subj := r.Subject
		if subj == "" {
			subj = "(page)"
		}
		fmt.Fprintf(w, "  ✗ %-28s %s%s  [%s]\n", clean(oneLine(subj, 40)), r.Reason, detail, clean(r.SourceID))
	}
	printCost(w, out.Cost, len(out.Edges))
}

// printEdge prints one edge with every piece of evidence the caller may see.
func printEdge(w io.Writer, e extract.EdgeView) {
	votes := fmt.Sprintf("%d votes", e.Votes)
	if e.Votes == 1 {
		votes = "1 vote"
	}
	fmt.Fprintf(w, "  ✓ %s —%s→ %s   confidence %.2f, %s, model %s   [%s]\n", clean(e.Subject), e.Relation, clean(e.Object),
		e.Confidence, votes, clean(e.Model), e.ID)
	for _, ev := range e.Evidence {
		fmt.Fprintf(w, "      «%s»\n      %s (v%d, %s) bytes %d–%d, %s\n", clean(oneLine(ev.Quote.Text, 220)), clean(ev.URI), ev.Version,
			ev.FetchedAt.Format("2006-01-02"), ev.Quote.Start, ev.Quote.End, ev.EvidenceType)
		if ev.Referent != "" {
			fmt.Fprintf(w, "      whole-page read: «%s»\n", clean(oneLine(ev.Referent, 160)))
		}
	}
}

func printCost(w io.Writer, c extract.CostReport, accepted int) {
	if len(c.Steps) == 0 {
		return
	}
	fmt.Fprintf(w, "\nCost by step:")
	for _, s := range c.StepNames() {
		st := c.Steps[s]
		if st.Calls+st.CacheHits == 0 {
			fmt.Fprintf(w, " %s %d checks;", s, st.Items)
			continue
		}
		fmt.Fprintf(w, " %s %d calls (%d cached);", s, st.Calls+st.CacheHits, st.CacheHits)
	}
	if accepted > 0 {
		fmt.Fprintf(w, " %.1f calls per accepted edge", float64(c.Total.Calls+c.Total.CacheHits)/float64(accepted))
	}
	fmt.Fprintln(w)
}

// demoExtract runs the Russian Bitrix24 spec over the demo's vendor pages
// with the offline engine and prints the accepted edges with quotes and
// URLs, and the rejected distractors with their reason codes. The
// integrator's site (oblako.example) counts as the vendor's own here, so
// its logo wall under «Нам доверяют» presents customers.
func (a *app) demoExtract(ctx context.Context, db *sqlite.DB) error {
	spec, err := extract.BuiltinSpec("bitrix24-ru")
	if err != nil {
		return err
	}
	spec.Vendor.Domains = append(spec.Vendor.Domains, "oblako.example")
	meter := a.meter
	if meter == nil {
		meter = llm.NewMeter(nil)
	}
	m := llm.WithMeter(offline.New(offline.Options{}), meter)
	fmt.Fprintf(a.stdout, "\n== Extraction: who uses Bitrix24? Every edge with a quote code found, or a reason code\n$ verity extract --spec bitrix24-ru --vendor-domain oblako.example\n")
	out, err := a.runExtract(ctx, db, m, spec, verity.NewCaller(), nil, 2)
	if err != nil {
		return err
	}
	printExtract(a.stdout, out)
	if len(out.Edges) > 0 {
		fmt.Fprintf(a.stdout, "\nWhy was it accepted? verity explain %s   Export: verity graph --format graphml\n", out.Edges[0].ID)
	}
	return nil
}

// noteOtherSystems tells the user, when a spec found no page to read,
// whether pages of other source systems name its objects: HTML files
// ingested from a folder are system "file", while the example specs read
// "web" pages.
func (a *app) noteOtherSystems(ctx context.Context, db *sqlite.DB, spec *extract.Spec) {
	wide := *spec
	wide.Systems = []string{"*"}
	ids, err := extract.Targets(ctx, db, &wide)
	if err != nil || len(ids) == 0 {
		return
	}
	fmt.Fprintf(a.stderr, "note: no active page of system %s names the spec's objects, but %d source(s) of other systems do (e.g. %s);\n"+
		"      name them as SOURCE arguments, or add their system to the spec's systems (\"*\" reads all)\n",
		strings.Join(spec.Systems, ", "), len(ids), clean(ids[0]))
}
