package kb

import (
	"context"
	"fmt"
	"strings"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/extract"
	"github.com/veritykb/verity/llm"
	"github.com/veritykb/verity/receipt"
)

// ExtractReport is what `verity extract` returns: the contract's edges and
// rejected, plus the candidates left for review, the run and its cost —
// only what the caller may see.
type ExtractReport struct {
	Edges    []extract.EdgeView   `json:"edges"`
	Rejected []Rejected           `json:"rejected"`
	Review   []ReviewView         `json:"review"`
	Run      verity.ExtractionRun `json:"run"`
	Pages    ExtractPages         `json:"pages"`
	Cost     extract.CostReport   `json:"cost"`
	Moved    []extract.Relocation `json:"relocated,omitempty"`
	// Notes say why a run read nothing, when it did (for instance: pages
	// of other systems name the spec's objects).
	Notes []string `json:"notes,omitempty"`
}

// ExtractPages counts the pages of a run.
type ExtractPages struct {
	Read    int `json:"read"`
	Resumed int `json:"resumed"`
}

// Rejected is one rejected candidate.
type Rejected struct {
	Subject   string         `json:"subject"`
	SourceID  string         `json:"source_id"`
	Reason    extract.Reason `json:"reason"`
	Object    string         `json:"object,omitempty"`
	Criterion string         `json:"criterion,omitempty"`
	Detail    string         `json:"detail,omitempty"`
	EdgeID    string         `json:"edge_id,omitempty"`
	Quote     string         `json:"quote,omitempty"` // the quote as located on the page, when it was
}

// ReviewView is one candidate waiting for a person.
type ReviewView struct {
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

// ExtractRequest is one extraction run.
type ExtractRequest struct {
	Spec *extract.Spec
	// IDs are the sources to read; none means every target of the spec
	// the caller may read (every target, for an admin).
	IDs []string
	// Pages is how many pages are read at once; Concurrency how many
	// checks of one page run at once (the model bounds the calls).
	Pages, Concurrency int
	// Progress, when set, is called after each page.
	Progress func(done, total int)
	// Language is the user's language ("ru", "en") the run's messages are
	// written in; "" means the spec's (see extract.MessageLanguage).
	Language string
}

// Extract runs a relation spec over stored pages on c's behalf, which
// needs the curator role: a curator reads only pages it may read, an admin
// every page. Accepted edges are stored as records with receipts. The
// report shows what c may read, as the graph does, whoever ran it. On an
// error it still returns what finished.
func (s *Service) Extract(ctx context.Context, c verity.Caller, m llm.Model, req ExtractRequest) (*ExtractReport, error) {
	r, err := s.require(ctx, c, verity.RoleCurator, "extracting")
	if err != nil {
		return nil, err
	}
	if req.Spec == nil {
		return nil, verity.Errorf(verity.EINVALID, "extract: give a spec")
	}
	ids, notes, err := s.extractPages(ctx, c, r, req)
	if err != nil {
		return nil, err
	}
	if len(req.IDs) == 0 && r.Admin {
		ids = nil // the runner also re-locates evidence of pages that stopped naming the objects
	}
	x := extract.New(m, req.Spec, extract.Options{Concurrency: req.Concurrency, Now: s.now, Language: req.Language})
	run := &extract.Runner{Store: s.store, X: x, Concurrency: req.Pages, Progress: req.Progress}
	var res *extract.RunResult
	var runErr error
	if len(ids) > 0 || r.Admin {
		res, runErr = run.Run(ctx, ids)
	} else {
		res = &extract.RunResult{Run: verity.ExtractionRun{ID: extract.RunID(req.Spec, m.Info().Name(), req.Language), Spec: req.Spec.Name,
			Model: m.Info().Name(), Language: x.Language()}}
	}
	if res == nil {
		return nil, runErr
	}
	out := &ExtractReport{Run: res.Run, Pages: ExtractPages{Read: res.Read, Resumed: res.Resumed}, Cost: res.Cost,
		Edges: []extract.EdgeView{}, Rejected: []Rejected{}, Review: []ReviewView{}, Notes: notes}
	reader := s.view(ctx, c, false)
	readable := func(id string) bool { return reader.readable(verity.SourceRef(id)) }
	if edgeIDs := res.EdgeIDs(); len(edgeIDs) > 0 {
		// What the run found is read like the graph: as the caller, so an
		// operator's run over restricted pages shows only what it reads.
		edges, err := s.graph(ctx, c, Rights{}, extract.GraphFilter{IDs: edgeIDs})
		if err != nil {
			return nil, err
		}
		out.Edges = edges
	}
	for _, o := range res.Outcomes(extract.Rejected) {
		if !readable(o.SourceID) {
			continue
		}
		rv := Rejected{Subject: o.Subject, SourceID: o.SourceID, Reason: o.Reason, Object: o.Object,
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
		out.Review = append(out.Review, ReviewView{ID: o.Evidence.ID, EdgeID: o.EdgeID, Subject: o.Subject, Relation: o.Relation,
			Object: o.Object, SourceID: o.SourceID, URI: o.Evidence.URI, Confidence: o.Evidence.Confidence, Quote: o.Evidence.Quote.Text})
	}
	for _, mv := range res.Relocate {
		if readable(mv.SourceID) {
			out.Moved = append(out.Moved, mv)
		}
	}
	return out, runErr
}

// extractPages returns the pages an extraction on c's behalf reads: the
// ones req names, each of which c must read, or else every target of the
// spec that c may read, with notes when there is none.
func (s *Service) extractPages(ctx context.Context, c verity.Caller, r Rights, req ExtractRequest) (ids, notes []string, err error) {
	v := s.view(ctx, c, r.Admin)
	for _, id := range req.IDs {
		if !v.readable(verity.SourceRef(id)) {
			return nil, nil, noSource(id)
		}
	}
	if len(req.IDs) > 0 {
		return req.IDs, nil, nil
	}
	targets, err := extract.Targets(ctx, s.store, req.Spec)
	if err != nil {
		return nil, nil, err
	}
	for _, id := range targets {
		if v.readable(verity.SourceRef(id)) {
			ids = append(ids, id)
		}
	}
	if len(ids) == 0 {
		notes = s.otherSystems(ctx, v, req.Spec, extract.MessageLanguage(req.Language, req.Spec))
	}
	return ids, notes, nil
}

// otherSystems says, when a spec found no page to read, whether pages of
// other systems that v may read name its objects: HTML files ingested from
// a folder are system "file", while the example specs read "web" pages.
func (s *Service) otherSystems(ctx context.Context, v *view, spec *extract.Spec, lang string) []string {
	wide := *spec
	wide.Systems = []string{"*"}
	ids, err := extract.Targets(ctx, s.store, &wide)
	if err != nil {
		return nil
	}
	var readable []string
	for _, id := range ids {
		if v.readable(verity.SourceRef(id)) {
			readable = append(readable, id)
		}
	}
	if len(readable) == 0 {
		return nil
	}
	f := "no active page of system %s names the spec's objects, but %d source(s) of other systems do (e.g. %s); " +
		"name them as SOURCE arguments, or add their system to the spec's systems (\"*\" reads all)"
	if lang == extract.Russian {
		f = "ни одна активная страница системы %s не называет объекты спецификации, но источники других систем (%d) называют (например, %s); " +
			"укажите их аргументами SOURCE или добавьте их систему в systems спецификации (\"*\" читает все)"
	}
	return []string{fmt.Sprintf(f, strings.Join(spec.Systems, ", "), len(readable), readable[0])}
}

// Graph returns the live edges c may see: each through evidence whose
// source c may read, with only that evidence.
func (s *Service) Graph(ctx context.Context, c verity.Caller, f extract.GraphFilter) ([]extract.EdgeView, error) {
	r, err := s.Rights(ctx, c)
	if err != nil {
		return nil, err
	}
	return s.graph(ctx, c, Rights{Curator: r.Curator}, f)
}

// graph is Graph in an operator view when r.Admin.
func (s *Service) graph(ctx context.Context, c verity.Caller, r Rights, f extract.GraphFilter) ([]extract.EdgeView, error) {
	edges, err := extract.Graph(ctx, scoped{s.store, s, r.Admin}, c, f)
	if err != nil {
		return nil, err
	}
	if edges == nil {
		edges = []extract.EdgeView{}
	}
	return edges, nil
}

// Entities returns the live entities c may see, by id.
func (s *Service) Entities(ctx context.Context, c verity.Caller) ([]extract.Entity, error) {
	ents, err := extract.Entities(ctx, s.store, c)
	if err != nil {
		return nil, err
	}
	if ents == nil {
		ents = []extract.Entity{}
	}
	return ents, nil
}

// Merge records on c's behalf that entity from is entity into, as a merge
// record resting on both and on basis; it needs the curator role, and c
// must see both entities and read every basis ref.
func (s *Service) Merge(ctx context.Context, c verity.Caller, from, into string, basis []verity.Ref, why string) (string, error) {
	r, err := s.require(ctx, c, verity.RoleCurator, "merging entities")
	if err != nil {
		return "", err
	}
	v := s.view(ctx, c, r.Admin)
	for _, id := range []string{from, into} {
		if !v.visible(verity.RecordRef(id)) {
			return "", verity.Errorf(verity.ENOTFOUND, "no entity %q (see verity graph entities)", id)
		}
	}
	for _, ref := range basis {
		if ref.Kind() == "" {
			return "", verity.Errorf(verity.EINVALID, "basis %q: want source:ID or record:ID", string(ref))
		}
		if !v.readable(ref) {
			return "", noRef(ref)
		}
	}
	return extract.MergeEntities(ctx, s.store, from, into, basis, c.Actor(), why, s.now())
}

// Alias teaches extraction, on c's behalf, that a subject also goes by
// alias; it needs the curator role.
func (s *Service) Alias(ctx context.Context, c verity.Caller, name, alias string) (string, error) {
	if _, err := s.require(ctx, c, verity.RoleCurator, "adding an alias"); err != nil {
		return "", err
	}
	key := extract.Key(name)
	alias = strings.TrimSpace(alias)
	if key == "" || alias == "" {
		return "", verity.Errorf(verity.EINVALID, "alias: give a name and an alias")
	}
	if err := s.store.PutAlias(ctx, key, alias, string(c.Actor())); err != nil {
		return "", err
	}
	return key, nil
}

// Explain returns why edge id is what it is, as c may see it: the steps on
// pages c may read. An edge c sees nothing of is not found, exactly like an
// edge no run has seen; its state is told only to a caller who may see it.
func (s *Service) Explain(ctx context.Context, c verity.Caller, id string) (*extract.Explanation, error) {
	r, err := s.Rights(ctx, c)
	if err != nil {
		return nil, err
	}
	if !strings.HasPrefix(id, "edge:") {
		id = "edge:" + id
	}
	ex, err := extract.Explain(ctx, scoped{s.store, s, false}, c, id)
	if notFound(err) {
		return nil, verity.Errorf(verity.ENOTFOUND, "no edge %q that you may see (see verity graph)", id)
	}
	if err != nil {
		return nil, err
	}
	if !r.Admin {
		ex.Hidden = 0 // steps on pages c may not read are not even counted
		if ex.Edge == nil {
			ex.State, ex.Human = "", nil
		}
	}
	return ex, nil
}

// Review lists the candidates waiting for a person on pages c may read.
func (s *Service) Review(ctx context.Context, c verity.Caller) ([]ReviewView, error) {
	items, err := extract.PendingReview(ctx, s.store, c)
	if err != nil {
		return nil, err
	}
	out := []ReviewView{}
	for _, it := range items {
		o := it.Outcome
		out = append(out, ReviewView{ID: it.ID, EdgeID: it.EdgeID, Subject: o.Subject, Relation: o.Relation, Object: o.Object,
			SourceID: it.SourceID, URI: o.Evidence.URI, Confidence: o.Evidence.Confidence, Quote: o.Evidence.Quote.Text})
	}
	return out, nil
}

// Decide records c's vote (approve or reject) on a review item (ev:...) or
// an accepted edge (edge:...); it needs the curator role and an item or
// edge c may see. It returns what the vote did.
func (s *Service) Decide(ctx context.Context, c verity.Caller, id, vote, why string) (string, error) {
	r, err := s.require(ctx, c, verity.RoleCurator, "deciding a review")
	if err != nil {
		return "", err
	}
	done, err := extract.Decide(ctx, scoped{s.store, s, r.Admin}, c, id, verity.HumanVote{Author: string(c.Actor()), Vote: vote, Why: why, At: s.now().UTC()})
	if notFound(err) {
		what := "review item"
		if strings.HasPrefix(id, "edge:") {
			what = "live edge"
		}
		return "", verity.Errorf(verity.ENOTFOUND, "no %s %q that you may see (see verity review)", what, id)
	}
	return done, err
}

// scoped is the store as a pipeline sees it for one request: its viewers
// are the service's, an operator's view when all is set.
type scoped struct {
	Store
	s   *Service
	all bool
}

// Viewer overrides the store's with the service's rule.
func (sc scoped) Viewer(ctx context.Context, caller verity.Caller) *receipt.Viewer {
	return sc.s.view(ctx, caller, sc.all).v
}
