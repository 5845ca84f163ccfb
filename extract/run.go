package extract

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"golang.org/x/sync/errgroup"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/analysis"
)

// Runner runs an Extractor over stored sources and keeps what it finds:
// accepted edges as records with receipts, candidates in the review band in
// the review queue, and every page's result and traces. A page is stored
// whole when it finishes, so an interrupted run loses only the pages in
// flight, and a rerun of the same spec, model and prompts skips every page
// it finished at the same version.
type Runner struct {
	Store Store
	X     *Extractor
	// Concurrency is how many pages are read at once; 0 means 4.
	Concurrency int
	// Progress, when set, is called after each page with the pages done
	// so far and the total.
	Progress func(done, total int)
	// By is who runs it: the revocations the run makes (evidence whose
	// quote left its page) are recorded as extraction's with By's token.
	By verity.Actor
}

// RunResult is what a run did: every page's outcomes (finished now or
// earlier), the pages skipped because an earlier run finished them, and the
// cost of the calls made now.
type RunResult struct {
	Run      verity.ExtractionRun `json:"run"`
	Pages    []*PageResult        `json:"pages"`
	Resumed  int                  `json:"resumed"` // pages an earlier attempt of the run had finished
	Read     int                  `json:"read"`    // pages read now
	Relocate []Relocation         `json:"relocated,omitempty"`
	Merges   []string             `json:"merges,omitempty"`  // merge records pages' statements support
	Rekeyed  []string             `json:"rekeyed,omitempty"` // merge records of entities that share a key now ([Rekey])
	Cost     CostReport           `json:"cost"`
}

// Outcomes returns every outcome of the run with the given verdict.
func (r *RunResult) Outcomes(verdict string) []Outcome {
	var out []Outcome
	for _, p := range r.Pages {
		for _, o := range p.Outcomes {
			if o.Verdict == verdict {
				out = append(out, o)
			}
		}
	}
	return out
}

// EdgeIDs returns the ids of the edges the run accepted, sorted.
func (r *RunResult) EdgeIDs() []string {
	var ids []string
	for _, o := range r.Outcomes(Accepted) {
		ids = append(ids, o.EdgeID)
	}
	slices.Sort(ids)
	return slices.Compact(ids)
}

// RunID names the run of a spec with a model, the current prompts and the
// language of its messages.
func RunID(spec *Spec, model, lang string) string {
	sum := sha256.Sum256([]byte(spec.Hash() + "\x00" + model + "\x00" + PromptVersions() + "\x00" + MessageLanguage(lang, spec)))
	return "run:" + hex.EncodeToString(sum[:6])
}

// Targets returns the ids of the sources a spec applies to: active sources
// of the spec's systems whose text names one of its objects (by the
// normalized form of a name or alias), and the vendor's own pages that list
// customers under a heading such as "Нам доверяют" or "Our customers" (see
// [ListsCustomers]), which often never repeat the product's name: there the
// vendor's customers are its product's users. Other pages that name no
// object are never sent to a model.
func Targets(ctx context.Context, st Store, spec *Spec) ([]string, error) {
	srcs, err := st.Sources(ctx, verity.SourceFilter{Status: verity.StatusActive})
	if err != nil {
		return nil, err
	}
	var names []string
	for _, o := range spec.Objects {
		for _, n := range o.Names() {
			if k := analysis.NormalizeString(n); k != "" {
				names = append(names, k)
			}
		}
	}
	var out []string
	for _, s := range srcs {
		if !spec.applies(s) {
			continue
		}
		full, err := st.Source(ctx, s.ID)
		if err != nil {
			return nil, err
		}
		text := analysis.NormalizeString(full.Title + "\n" + full.Text)
		if slices.ContainsFunc(names, func(n string) bool { return containsWord(text, n) }) ||
			(spec.pageKind(full.URI) == PageOwn && ListsCustomers(full.Title, full.Text)) {
			out = append(out, s.ID)
		}
	}
	return out, nil
}

// containsWord reports whether n occurs in text not glued to a letter on its
// left ("bitrix24" in "bitrix24-based", not in "mybitrix24").
func containsWord(text, n string) bool {
	for from := 0; from <= len(text); {
		i := strings.Index(text[from:], n)
		if i < 0 {
			return false
		}
		i += from
		if r, _ := utf8.DecodeLastRuneInString(text[:i]); i == 0 || !unicode.IsLetter(r) {
			return true
		}
		from = i + 1
	}
	return false
}

// Run extracts from the sources with the given ids (all targets of the spec
// when ids is empty). It returns what it finished before any error; a
// canceled context returns ctx.Err() with every finished page kept.
func (r *Runner) Run(ctx context.Context, ids []string) (*RunResult, error) {
	spec := r.X.Spec()
	info := verity.ExtractionRun{ID: RunID(spec, r.X.Model(), r.X.Language()), Spec: spec.Name, SpecHash: spec.Hash(), Model: r.X.Model(),
		Prompts: PromptVersions(), StartedAt: r.X.opt.Now().UTC(), Language: r.X.Language()}
	res := &RunResult{Run: info}
	if err := r.Store.BeginRun(ctx, info); err != nil {
		return res, err
	}
	if len(ids) == 0 {
		// A page that changed so that it no longer names the object is
		// no target any more, but its old evidence must still go.
		moved, err := RelocateAll(ctx, r.Store, r.By, r.X.opt.Now)
		res.Relocate = append(res.Relocate, moved...)
		if err != nil {
			return res, err
		}
		if ids, err = Targets(ctx, r.Store, spec); err != nil {
			return res, err
		}
	}
	// A graph extracted under an older Key joins its entities the new
	// key puts together before new evidence arrives under the new ids.
	rekeyed, err := Rekey(ctx, r.Store, r.X.opt.Now())
	res.Rekeyed = rekeyed
	if err != nil {
		return res, err
	}
	aliases, err := r.Store.Aliases(ctx)
	if err != nil {
		return res, err
	}
	if r.X.opt.Aliases == nil {
		r.X.opt.Aliases = func(key string) []string { return aliases[key] }
	}
	conc := r.Concurrency
	if conc <= 0 {
		conc = 4
	}

	var (
		mu     sync.Mutex
		commit sync.Mutex // pages are stored one at a time
		done   int
	)
	pages := make([]*PageResult, len(ids))
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(conc)
	for i, id := range ids {
		g.Go(func() error {
			page, resumed, moved, err := r.page(gctx, info, id, &commit)
			if err != nil {
				return err
			}
			mu.Lock()
			defer mu.Unlock()
			pages[i] = page
			res.Relocate = append(res.Relocate, moved...)
			if resumed {
				res.Resumed++
			} else if page != nil {
				res.Read++
			}
			done++
			if r.Progress != nil {
				r.Progress(done, len(ids))
			}
			return nil
		})
	}
	firstErr := g.Wait()
	for _, p := range pages {
		if p != nil {
			res.Pages = append(res.Pages, p)
		}
	}
	res.Cost = r.X.Cost()
	if firstErr != nil {
		return res, firstErr
	}
	if err := ctx.Err(); err != nil {
		return res, err
	}
	// A page may name one entity in another's words before the other
	// exists, which the order pages (and jobs) are read in decides: merges
	// are proposed when every page is in, from every statement kept.
	commit.Lock()
	defer commit.Unlock()
	res.Merges, err = proposeMerges(ctx, r.Store, r.X.opt.Now())
	return res, err
}

// page runs one source: re-locates its older evidence, returns the stored
// result when the run finished this version before, else extracts and
// stores it.
func (r *Runner) page(ctx context.Context, info verity.ExtractionRun, id string, commit *sync.Mutex) (*PageResult, bool, []Relocation, error) {
	src, err := r.Store.Source(ctx, id)
	if err != nil {
		return nil, false, nil, err
	}
	if src.Status != verity.StatusActive {
		return nil, false, nil, nil
	}
	commit.Lock()
	moved, err := Relocate(ctx, r.Store, src, r.By, r.X.opt.Now)
	commit.Unlock()
	if err != nil {
		return nil, false, nil, err
	}
	if raw, ok, err := r.Store.FinishedPage(ctx, info.ID, src.ID, src.Version); err != nil {
		return nil, false, moved, err
	} else if ok {
		var prev PageResult
		if err := json.Unmarshal(raw, &prev); err != nil {
			return nil, false, moved, fmt.Errorf("finished page %s: %w", src.ID, err)
		}
		return &prev, true, moved, nil
	}
	res, err := r.X.Page(ctx, src)
	if err != nil {
		return nil, false, moved, err
	}
	commit.Lock()
	defer commit.Unlock()
	if err := r.save(ctx, info, res); err != nil {
		return nil, false, moved, err
	}
	return res, false, moved, nil
}

// save stores a finished page: records for accepted outcomes first (storing
// them again is harmless, so a crash between the two writes only repeats
// work), then the page, its traces, the index of its accepted evidence and
// its review items together.
func (r *Runner) save(ctx context.Context, info verity.ExtractionRun, res *PageResult) error {
	spec := r.X.Spec()
	page := &verity.ExtractedPage{Run: info.ID, SourceID: res.SourceID, Version: res.Version}
	for i := range res.Outcomes {
		o := &res.Outcomes[i]
		o.SourceID = res.SourceID
		switch o.Verdict {
		case Accepted:
			if err := store(ctx, r.Store, system(r.By), *o, spec.Subject.Type, spec.objectType(o.Object)); err != nil {
				return err
			}
		case Review:
			it, err := ReviewItem{ID: o.Evidence.ID, EdgeID: o.EdgeID, Run: info.ID, SourceID: res.SourceID,
				Version: res.Version, Outcome: *o, Spec: spec.Name, SubjType: spec.Subject.Type,
				ObjType: spec.objectType(o.Object), Status: verity.ReviewPending, CreatedAt: r.X.opt.Now().UTC()}.stored()
			if err != nil {
				return err
			}
			page.Review = append(page.Review, it)
		}
	}
	for _, o := range res.Outcomes {
		if o.Verdict == Accepted && o.Evidence != nil {
			page.Evidence = append(page.Evidence, verity.IndexedEvidence{ID: o.Evidence.ID, EdgeID: o.EdgeID})
		}
	}
	if err := keepSameNames(ctx, r.Store, spec.Subject.Type, res); err != nil {
		return err
	}
	for i := range res.Steps {
		res.Steps[i].Run = info.ID
	}
	page.Steps = res.Steps
	var err error
	if page.Result, err = json.Marshal(res); err != nil {
		return fmt.Errorf("save extracted page %s: %w", res.SourceID, err)
	}
	return r.Store.SavePage(ctx, page)
}
