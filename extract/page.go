package extract

import (
	"context"
	"embed"
	"fmt"
	"slices"
	"strconv"
	"time"

	"golang.org/x/sync/errgroup"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/analysis"
	"github.com/veritykb/verity/llm"
	"github.com/veritykb/verity/quote"
)

//go:embed prompts/*.md
var promptFS embed.FS

var prompts = llm.MustLoadPrompts(promptFS, "prompts")

// PromptVersions returns the versions of the extraction prompts, for run
// names and `verity doctor`.
func PromptVersions() string { return prompts.String() }

// Options configure an Extractor.
type Options struct {
	// Concurrency is how many candidates of a page are checked at once,
	// and how many votes each panel draws at once; 0 means 4. The model's
	// limiter bounds the calls actually in flight.
	Concurrency int
	// MaxPageBytes is the most text one extraction call reads; longer pages
	// are read in windows of whole blocks, one call each. 0 means 48000.
	MaxPageBytes int
	// Now is the clock of traces; nil means time.Now.
	Now func() time.Time
	// Aliases returns further names of a subject by its key (from the
	// store's alias table), used when code checks whether a quote names
	// both sides. Nil means none.
	Aliases func(key string) []string
	// Language is the user's language ("ru" or "en"), in which the run's
	// messages are written (see [MessageLanguage]); "" means the spec's.
	Language string
}

// Extractor runs a spec's steps over pages with one model. It is safe for
// concurrent use: pages may be extracted in parallel.
type Extractor struct {
	m    llm.Model
	spec *Spec
	opt  Options
	cost *Cost
}

// New returns an Extractor asking m (wrapped in a per-step counter) with
// spec, which must have passed [Spec.Check].
func New(m llm.Model, spec *Spec, opt Options) *Extractor {
	if opt.Concurrency <= 0 {
		opt.Concurrency = 4
	}
	if opt.MaxPageBytes <= 0 {
		opt.MaxPageBytes = 48000
	}
	if opt.Now == nil {
		opt.Now = time.Now
	}
	opt.Language = MessageLanguage(opt.Language, spec)
	cost := newCost()
	return &Extractor{m: counted{next: m, cost: cost}, spec: spec, opt: opt, cost: cost}
}

// Spec returns the extractor's spec.
func (x *Extractor) Spec() *Spec { return x.spec }

// Language returns the language of the extractor's messages.
func (x *Extractor) Language() string { return x.opt.Language }

// Model returns the name of the model the extractor asks.
func (x *Extractor) Model() string { return x.m.Info().Name() }

// Cost returns what the extractor's steps have cost so far.
func (x *Extractor) Cost() CostReport { return x.cost.report() }

// Page runs every step on one page and returns each candidate's outcome and
// the trace. An error means the steps could not be run (a provider that
// stays down, a canceled context); a rejected candidate is an outcome.
func (x *Extractor) Page(ctx context.Context, src *verity.Source) (*PageResult, error) {
	res := &PageResult{SourceID: src.ID, Version: src.Version, URI: src.URI, Model: x.Model()}
	if x.spec.banned(src.URI) {
		res.Outcomes = append(res.Outcomes, Outcome{Candidate: -1, Relation: x.spec.Relation.Name,
			SourceID: src.ID, Verdict: Rejected, Reason: ReasonBannedSource, Detail: src.URI})
		res.Steps = append(res.Steps, x.step(src, -1, "", StepShape, map[string]string{"uri": src.URI},
			map[string]Reason{"reason": ReasonBannedSource}))
		x.cost.item(StepShape)
		return res, nil
	}
	cands, same, steps, err := x.candidates(ctx, src)
	if err != nil {
		return nil, err
	}
	res.Steps = append(res.Steps, steps...)
	page := quote.NewPage(src.Text)
	sents := analysis.Sentences(src.Text)
	kind := x.spec.pageKind(src.URI)

	outs := make([]Outcome, len(cands))
	traces := make([][]verity.Step, len(cands))
	// Candidates are keyed before they are judged: every name the page
	// gives a subject is looked for when any of its mentions is checked.
	forms := map[string][]string{}
	for _, c := range cands {
		k, n := Key(c.Subject), DisplayName(c.Subject)
		if !slices.Contains(forms[k], n) {
			forms[k] = append(forms[k], n)
		}
	}
	seen := map[string]int{}
	var todo []int
	for i, c := range cands {
		outs[i] = Outcome{Candidate: i, Proposed: c, Relation: x.spec.Relation.Name, SourceID: src.ID}
		k := Key(c.Subject) + "\x00" + Key(c.Object) + "\x00" + analysis.NormalizeString(c.Quote)
		if j, dup := seen[k]; dup {
			outs[i].Verdict = Duplicate
			outs[i].Reason = ReasonDuplicate
			outs[i].Detail = "same as candidate " + strconv.Itoa(j)
			continue
		}
		seen[k] = i
		todo = append(todo, i)
	}

	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(max(x.opt.Concurrency, 1))
	for _, i := range todo {
		g.Go(func() error {
			c := &check{x: x, src: src, page: page, sents: sents, kind: kind, out: &outs[i], forms: forms[Key(cands[i].Subject)]}
			err := c.run(gctx)
			traces[i] = c.steps
			return err
		})
	}
	if err := g.Wait(); err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	for i := range cands {
		res.Steps = append(res.Steps, traces[i]...)
	}
	res.Outcomes = foldPerEdge(outs)
	for _, o := range res.Accepted() {
		found := SameNames(src.Text, o.Evidence.Names)
		for _, sn := range verifiedSameNames(page, src.Text, o.SubjectKey, o.Evidence.Names, same) {
			if !slices.ContainsFunc(found, func(f SameName) bool { return Key(f.Other) == Key(sn.Other) }) {
				found = append(found, sn)
			}
		}
		for _, sn := range found {
			sn.SubjectKey, sn.SourceID, sn.EvidenceID = o.SubjectKey, src.ID, o.Evidence.ID
			res.Same = append(res.Same, sn)
		}
	}
	return res, nil
}

// foldPerEdge makes one candidate of every edge a page supports: the
// page's candidates with the same subject key and object are mentions of
// one subject («Компания «Альтагро» перешла на Битрикс24 … «Альтагро»
// использует Битрикс24»), so one outcome stands for them all. It is the
// most confident accepted one (the earliest among equals), else the most
// confident in review, else the earliest rejected; it carries the quotes of
// every other accepted mention (Evidence.Also) and every name the page
// gives the subject (Evidence.Names). The others become duplicates that say
// which candidate they were folded into.
func foldPerEdge(outs []Outcome) []Outcome {
	rank := func(o Outcome) int {
		switch o.Verdict {
		case Accepted:
			return 3
		case Review:
			return 2
		case Rejected:
			return 1
		}
		return 0
	}
	best := map[string]int{}
	var order []string
	for i, o := range outs {
		if o.EdgeID == "" || rank(o) == 0 {
			continue
		}
		j, ok := best[o.EdgeID]
		if !ok {
			order = append(order, o.EdgeID)
		}
		if !ok || rank(o) > rank(outs[j]) || rank(o) == rank(outs[j]) && rank(o) > 1 && confidence(o) > confidence(outs[j]) {
			best[o.EdgeID] = i
		}
	}
	for _, edge := range order {
		w := &outs[best[edge]]
		var names []string
		for i := range outs {
			o := &outs[i]
			if o.EdgeID != edge || rank(*o) == 0 {
				continue
			}
			if !slices.Contains(names, o.Subject) {
				names = append(names, o.Subject)
			}
			if i == best[edge] {
				continue
			}
			if w.Verdict == Accepted && o.Verdict == Accepted && !slices.ContainsFunc(w.Evidence.Also, func(q Quote) bool {
				return q.Start == o.Evidence.Quote.Start && q.End == o.Evidence.Quote.End
			}) && (o.Evidence.Quote.Start != w.Evidence.Quote.Start || o.Evidence.Quote.End != w.Evidence.Quote.End) {
				w.Evidence.Also = append(w.Evidence.Also, o.Evidence.Quote)
			}
			o.Verdict = Duplicate
			o.Reason = ReasonDuplicate
			o.Detail = "one candidate with candidate " + strconv.Itoa(w.Candidate) + ": the same subject and object on this page"
		}
		if w.Evidence != nil {
			w.Evidence.Names = names
		}
	}
	return outs
}

func confidence(o Outcome) float64 {
	if o.Evidence == nil {
		return 0
	}
	return o.Evidence.Confidence
}

// step makes a trace entry.
func (x *Extractor) step(src *verity.Source, cand int, edge, name string, in, out any) verity.Step {
	return verity.Step{SourceID: src.ID, Version: src.Version, Candidate: cand, EdgeID: edge, Name: name,
		Input: mustJSON(in), Output: mustJSON(out), At: x.opt.Now().UTC()}
}

// candidates runs step 2: one generous extraction call per page (or per
// window of a long page).
func (x *Extractor) candidates(ctx context.Context, src *verity.Source) ([]Candidate, []SameNameAnswer, []verity.Step, error) {
	var (
		all   []Candidate
		same  []SameNameAnswer
		steps []verity.Step
	)
	x.cost.item(StepCandidates)
	for _, w := range windows(src.Text, x.opt.MaxPageBytes) {
		vars := CandidatesVars{
			Relation: x.spec.Relation.Name, Phrase: x.spec.Relation.Phrase, Cues: x.spec.Relation.Cues,
			SubjectType: x.spec.Subject.Type, Objects: x.spec.Objects, Vendor: x.spec.Vendor.Name,
			Exclude: x.spec.Exclude, Strictness: x.spec.Strictness, PageKind: x.spec.pageKind(src.URI),
			URI: src.URI, Title: src.Title, Text: src.Text[w.Start:w.End],
		}
		req, err := prompts.Render(TaskCandidates, vars)
		if err != nil {
			return nil, nil, nil, err
		}
		var ans CandidatesAnswer
		resp, err := llm.CompleteJSON(ctx, x.m, req, &ans)
		if err != nil {
			return nil, nil, nil, fmt.Errorf("extract candidates from %s: %w", src.ID, err)
		}
		in := map[string]any{"source_id": src.ID, "version": src.Version, "window": w,
			"bytes": w.End - w.Start, "strictness": vars.Strictness, "page_kind": vars.PageKind}
		st := x.step(src, -1, "", StepCandidates, in, ans)
		st.PromptVersion, st.Model = req.PromptVersion, resp.Model
		steps = append(steps, st)
		all = append(all, ans.Candidates...)
		same = append(same, ans.SameNames...)
	}
	return all, same, steps, nil
}

// windows cuts text into pieces of at most max bytes at block boundaries
// (a single longer block is its own window).
func windows(text string, max int) []analysis.Span {
	if len(text) <= max {
		return []analysis.Span{{Start: 0, End: len(text)}}
	}
	var out []analysis.Span
	cur := analysis.Span{Start: 0, End: 0}
	for _, b := range analysis.Blocks(text) {
		if b.End-cur.Start > max && cur.End > cur.Start {
			out = append(out, cur)
			cur = analysis.Span{Start: b.Start, End: b.Start}
		}
		cur.End = b.End
	}
	if cur.End > cur.Start {
		out = append(out, cur)
	}
	return out
}
