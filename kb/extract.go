package kb

import (
	"context"
	"fmt"
	"strings"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/extract"
	"github.com/veritykb/verity/llm"
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
	ID       string `json:"id"`
	EdgeID   string `json:"edge_id"`
	Subject  string `json:"subject"`
	Relation string `json:"relation"`
	Object   string `json:"object"`
	SourceID string `json:"source_id"`
	URI      string `json:"uri"`
	// Confidence is the weakest criterion's yes share; nil (null) when a
	// deterministic model cast the panel's single vote.
	Confidence    *float64 `json:"confidence"`
	Votes         int      `json:"votes"`
	Deterministic bool     `json:"deterministic,omitempty"`
	Quote         string   `json:"quote"`
}

// ExtractRequest is one extraction run: the flags of verity extract and
// the body of POST /api/v1/extract. The spec is a built-in one by name or
// one given as YAML.
type ExtractRequest struct {
	Spec     string `json:"spec,omitempty"`      // a built-in spec's name
	SpecYAML string `json:"spec_yaml,omitempty"` // or a spec as YAML
	// SpecFrom names where SpecYAML came from (a file), for its errors;
	// "spec_yaml" when empty.
	SpecFrom string `json:"-"`
	// Parsed is a spec already parsed and checked, for a caller in this
	// process that built or changed one; it stands in for Spec and
	// SpecYAML, and is copied, not changed.
	Parsed *extract.Spec `json:"-"`
	// Sources are the pages to read; none means every target of the spec
	// the caller may read (every target, for an admin).
	Sources []string `json:"sources,omitempty"`
	// Pages is how many pages are read at once, 1-32 (default 4).
	Pages int `json:"pages,omitempty"`
	// VendorDomains are domains whose pages count as the vendor's own,
	// added to the spec's.
	VendorDomains []string `json:"vendor_domains,omitempty"`
	// Language is the user's language ("ru", "en") the run's messages are
	// written in; "" means the spec's (see extract.MessageLanguage).
	Language string `json:"language,omitempty"`
	// Queue queues the extraction as jobs of JobPages pages (default
	// [DefaultJobPages], at most 10000) for workers instead of running it
	// ([Service.QueueExtract]).
	Queue    bool `json:"queue,omitempty"`
	JobPages int  `json:"job_pages,omitempty"`
	// Concurrency is how many checks of one page run at once (the model
	// bounds the calls); 0 is the pipeline's default.
	Concurrency int `json:"-"`
	// Progress, when set, is called after each page.
	Progress func(done, total int) `json:"-"`
}

// Default and largest number of pages an extraction reads at once.
const (
	DefaultExtractPages = 4
	MaxExtractPages     = 32
)

// extraction is a request resolved: the spec parsed, defaults applied.
type extraction struct {
	spec               *extract.Spec
	ids                []string
	pages, concurrency int
	language           string
	progress           func(done, total int)
}

// resolve checks req and resolves its spec and defaults.
func (req ExtractRequest) resolve() (*extraction, error) {
	var (
		spec *extract.Spec
		err  error
	)
	switch {
	case req.Parsed != nil && req.Spec == "" && req.SpecYAML == "":
		cp := *req.Parsed
		cp.Vendor.Domains = append([]string(nil), cp.Vendor.Domains...)
		spec = &cp
	case req.Spec != "" && req.SpecYAML != "" || req.Parsed != nil:
		return nil, verity.Errorf(verity.EINVALID, "extract: give a spec (a built-in name) or a spec as YAML, not both")
	case req.Spec != "":
		spec, err = extract.BuiltinSpec(req.Spec)
		if verity.ErrorCode(err) == verity.ENOTFOUND {
			err = verity.Errorf(verity.EINVALID, "%s", verity.ErrorMessage(err))
		}
	case strings.TrimSpace(req.SpecYAML) != "":
		from := req.SpecFrom
		if from == "" {
			from = "spec_yaml"
		}
		spec, err = extract.ParseSpec(from, []byte(req.SpecYAML))
	default:
		return nil, verity.Errorf(verity.EINVALID, "extract: give a spec: a YAML file, or one of %s", strings.Join(extract.BuiltinSpecs(), ", "))
	}
	if err != nil {
		return nil, err
	}
	if req.Pages < 0 || req.Pages > MaxExtractPages {
		return nil, verity.Errorf(verity.EINVALID, "pages must be between 1 and %d, got %d", MaxExtractPages, req.Pages)
	}
	if req.Pages == 0 {
		req.Pages = DefaultExtractPages
	}
	if req.Language != "" && req.Language != extract.English && req.Language != extract.Russian {
		return nil, verity.Errorf(verity.EINVALID, "language %q: want ru or en", req.Language)
	}
	spec.Vendor.Domains = append(spec.Vendor.Domains, req.VendorDomains...)
	return &extraction{spec: spec, ids: req.Sources, pages: req.Pages, concurrency: req.Concurrency,
		language: extract.MessageLanguage(req.Language, spec), progress: req.Progress}, nil
}

// Extract runs a relation spec over stored pages on c's behalf, which
// needs the curator role: a curator reads only pages it may read, an admin
// every page. Accepted edges are stored as records with receipts. The
// report shows what c may read, as the graph does, whoever ran it. On an
// error it still returns what finished.
func (s *Service) Extract(ctx context.Context, c verity.Caller, req ExtractRequest) (*ExtractReport, error) {
	if _, err := s.require(ctx, c, verity.RoleCurator, "extracting"); err != nil {
		return nil, err
	}
	x, err := req.resolve()
	if err != nil {
		return nil, err
	}
	m, err := s.model(ctx)
	if err != nil {
		return nil, err
	}
	return s.extract(ctx, c, m, x)
}

// extract is [Service.Extract] with the model given: a job runs with the
// one its worker builds.
func (s *Service) extract(ctx context.Context, c verity.Caller, m llm.Model, req *extraction) (*ExtractReport, error) {
	r, err := s.require(ctx, c, verity.RoleCurator, "extracting")
	if err != nil {
		return nil, err
	}
	ids, notes, err := s.extractPages(ctx, c, r, req)
	if err != nil {
		return nil, err
	}
	if len(req.ids) == 0 && r.Admin {
		ids = nil // the runner also re-locates evidence of pages that stopped naming the objects
	}
	x := extract.New(m, req.spec, extract.Options{Concurrency: req.concurrency, Now: s.now, Language: req.language})
	run := &extract.Runner{Store: s.store, X: x, Concurrency: req.pages, Progress: req.progress, By: c.AsActor()}
	var res *extract.RunResult
	var runErr error
	if len(ids) > 0 || r.Admin {
		res, runErr = run.Run(ctx, ids)
	} else {
		res = &extract.RunResult{Run: verity.ExtractionRun{ID: extract.RunID(req.spec, m.Info().Name(), req.language), Spec: req.spec.Name,
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
		out.Review = append(out.Review, reviewView(o.Evidence.ID, o.EdgeID, o.SourceID, o))
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
func (s *Service) extractPages(ctx context.Context, c verity.Caller, r Rights, req *extraction) (ids, notes []string, err error) {
	v := s.view(ctx, c, r.Admin)
	for _, id := range req.ids {
		if !v.readable(verity.SourceRef(id)) {
			return nil, nil, noSource(id)
		}
	}
	if len(req.ids) > 0 {
		return req.ids, nil, nil
	}
	targets, err := extract.Targets(ctx, s.store, req.spec)
	if err != nil {
		return nil, nil, err
	}
	for _, id := range targets {
		if v.readable(verity.SourceRef(id)) {
			ids = append(ids, id)
		}
	}
	if len(ids) == 0 {
		notes = s.otherSystems(ctx, v, req.spec, req.language)
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

// EdgeList is the graph as a caller sees it: verity graph --json and GET
// /api/v1/graph.
type EdgeList struct {
	Edges []extract.EdgeView `json:"edges"`
}

// GraphFilter narrows the graph: one relation, one spec's edges, these
// edges.
type GraphFilter struct {
	Relation string   `json:"relation,omitempty"`
	Spec     string   `json:"spec,omitempty"`
	IDs      []string `json:"ids,omitempty"`
}

// Graph returns the live edges c may see: each through evidence whose
// source c may read, with only that evidence.
func (s *Service) Graph(ctx context.Context, c verity.Caller, f GraphFilter) (*EdgeList, error) {
	r, err := s.Rights(ctx, c)
	if err != nil {
		return nil, err
	}
	edges, err := s.graph(ctx, c, Rights{Curator: r.Curator}, extract.GraphFilter{Relation: f.Relation, Spec: f.Spec, IDs: f.IDs})
	if err != nil {
		return nil, err
	}
	return &EdgeList{Edges: edges}, nil
}

// graph is Graph in an operator view when r.Admin.
func (s *Service) graph(ctx context.Context, c verity.Caller, r Rights, f extract.GraphFilter) ([]extract.EdgeView, error) {
	edges, err := extract.Graph(ctx, s.store, s.view(ctx, c, r.Admin).v, f)
	if err != nil {
		return nil, err
	}
	if edges == nil {
		edges = []extract.EdgeView{}
	}
	return edges, nil
}

// EntityList is the entities a caller sees: verity graph entities --json
// and GET /api/v1/graph/entities.
type EntityList struct {
	Entities []extract.Entity `json:"entities"`
}

// Entities returns the live entities c may see, by id.
func (s *Service) Entities(ctx context.Context, c verity.Caller) (*EntityList, error) {
	ents, err := extract.Entities(ctx, s.store, s.view(ctx, c, false).v)
	if err != nil {
		return nil, err
	}
	if ents == nil {
		ents = []extract.Entity{}
	}
	return &EntityList{Entities: ents}, nil
}

// MergeRequest says that entity From is entity Into: the body of POST
// /api/v1/graph/merge.
type MergeRequest struct {
	From  string   `json:"from"`
	Into  string   `json:"into"`
	Basis []string `json:"basis,omitempty"` // source:ID or record:ID refs the merge also rests on
	Why   string   `json:"why,omitempty"`
}

// Merged is the merge record a merge made.
type Merged struct {
	Merge string `json:"merge"`
}

// Merge records on c's behalf that entity From is entity Into, as a merge
// record resting on both and on the basis; it needs the curator role, and
// c must see both entities and read every basis ref.
func (s *Service) Merge(ctx context.Context, c verity.Caller, req MergeRequest) (*Merged, error) {
	r, err := s.require(ctx, c, verity.RoleCurator, "merging entities")
	if err != nil {
		return nil, err
	}
	v := s.view(ctx, c, r.Admin)
	for _, id := range []string{req.From, req.Into} {
		if !v.visible(verity.RecordRef(id)) {
			return nil, verity.Errorf(verity.ENOTFOUND, "no entity %q (see verity graph entities)", id)
		}
	}
	basis := make([]verity.Ref, len(req.Basis))
	for i, b := range req.Basis {
		ref := verity.Ref(b)
		if ref.Kind() == "" {
			return nil, verity.Errorf(verity.EINVALID, "basis %q: want source:ID or record:ID", b)
		}
		if !v.readable(ref) {
			return nil, noRef(ref)
		}
		basis[i] = ref
	}
	id, err := extract.MergeEntities(ctx, s.store, req.From, req.Into, basis, c.Actor(), req.Why, s.now())
	if err != nil {
		return nil, err
	}
	return &Merged{Merge: id}, nil
}

// AliasRequest says that a subject also goes by Alias: the body of POST
// /api/v1/graph/alias.
type AliasRequest struct {
	Name  string `json:"name"`
	Alias string `json:"alias"`
}

// Aliased is the alias an alias request stored, under its name's key.
type Aliased struct {
	Alias string `json:"alias"`
	Key   string `json:"key"`
}

// Alias teaches extraction, on c's behalf, that a subject also goes by an
// alias; it needs the curator role.
func (s *Service) Alias(ctx context.Context, c verity.Caller, req AliasRequest) (*Aliased, error) {
	if _, err := s.require(ctx, c, verity.RoleCurator, "adding an alias"); err != nil {
		return nil, err
	}
	key := extract.Key(req.Name)
	alias := strings.TrimSpace(req.Alias)
	if key == "" || alias == "" {
		return nil, verity.Errorf(verity.EINVALID, "alias: give a name and an alias")
	}
	if err := s.store.PutAlias(ctx, key, alias, string(c.Actor())); err != nil {
		return nil, err
	}
	return &Aliased{Alias: alias, Key: key}, nil
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
	ex, err := extract.Explain(ctx, s.store, s.view(ctx, c, false).v, id)
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

// ReviewList is the candidates waiting for a person: verity review --json
// and GET /api/v1/review.
type ReviewList struct {
	Review []ReviewView `json:"review"`
}

// Review lists the candidates waiting for a person on pages c may read.
func (s *Service) Review(ctx context.Context, c verity.Caller) (*ReviewList, error) {
	items, err := extract.PendingReview(ctx, s.store, s.view(ctx, c, false).v)
	if err != nil {
		return nil, err
	}
	out := []ReviewView{}
	for _, it := range items {
		o := it.Outcome
		out = append(out, reviewView(it.ID, it.EdgeID, it.SourceID, o))
	}
	return &ReviewList{Review: out}, nil
}

// reviewView is the outcome o waiting for a person as item id.
func reviewView(id, edge, source string, o extract.Outcome) ReviewView {
	rv := ReviewView{ID: id, EdgeID: edge, Subject: o.Subject, Relation: o.Relation, Object: o.Object,
		SourceID: source, URI: o.Evidence.URI, Confidence: o.Evidence.Estimate(), Quote: o.Evidence.Quote.Text}
	if p := o.Evidence.Panel; p != nil {
		rv.Votes, rv.Deterministic = p.Cast, p.Deterministic
	}
	return rv
}

// DecisionRequest is a person's vote on a review item (ev:...) or an
// accepted edge (edge:...): the body of POST /api/v1/review/decisions.
type DecisionRequest struct {
	ID   string `json:"id"`
	Vote string `json:"vote"` // approve or reject
	Why  string `json:"why,omitempty"`
}

// Decision is a vote recorded and what it did.
type Decision struct {
	By     string `json:"by"`
	ID     string `json:"id"`
	Result string `json:"result"`
	Vote   string `json:"vote"`
}

// Decide records c's vote (approve or reject) on a review item or an
// accepted edge; it needs the curator role and an item or edge c may see.
func (s *Service) Decide(ctx context.Context, c verity.Caller, req DecisionRequest) (*Decision, error) {
	r, err := s.require(ctx, c, verity.RoleCurator, "deciding a review")
	if err != nil {
		return nil, err
	}
	if req.Vote != verity.VoteApprove && req.Vote != verity.VoteReject {
		return nil, verity.Errorf(verity.EINVALID, "vote must be %s or %s, got %q", verity.VoteApprove, verity.VoteReject, req.Vote)
	}
	done, err := extract.Decide(ctx, s.store, s.view(ctx, c, r.Admin).v, c.AsActor(), req.ID, verity.HumanVote{Author: string(c.Actor()), Vote: req.Vote, Why: req.Why, At: s.now().UTC()})
	if notFound(err) {
		what := "review item"
		if strings.HasPrefix(req.ID, "edge:") {
			what = "live edge"
		}
		return nil, verity.Errorf(verity.ENOTFOUND, "no %s %q that you may see (see verity review)", what, req.ID)
	}
	if err != nil {
		return nil, err
	}
	return &Decision{By: string(c.Actor()), ID: req.ID, Result: done, Vote: req.Vote}, nil
}
