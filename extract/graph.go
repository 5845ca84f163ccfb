package extract

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"time"

	"github.com/veritykb/verity"
)

// EdgeView is an edge as one caller may see it: only live evidence from
// sources the caller may read, the subject under its merged name. Its JSON is
// the contract of `verity extract --json` and `verity graph --json`.
type EdgeView struct {
	ID       string `json:"id"`
	Subject  string `json:"subject"`
	Relation string `json:"relation"`
	Object   string `json:"object"`
	// Confidence is the best evidence's confidence, a vote fraction; nil
	// (null) when that evidence rests on a deterministic model's single
	// vote, which is a verdict with no confidence estimate.
	Confidence *float64 `json:"confidence"`
	Votes      int      `json:"votes"` // votes cast on the best evidence's panel (1 for a deterministic model), and people's
	// Deterministic is set when the best evidence's panel was a
	// deterministic model's single vote.
	Deterministic bool               `json:"deterministic,omitempty"`
	Model         string             `json:"model"`
	Evidence      []EvidenceView     `json:"evidence"`
	SubjectID     string             `json:"subject_id"`
	ObjectID      string             `json:"object_id"`
	MergedFrom    []string           `json:"merged_from,omitempty"` // edges shown as this one through live merges
	Merges        []Merge            `json:"merges,omitempty"`      // the live merges that joined them, with why
	Human         []verity.HumanVote `json:"human,omitempty"`
}

// EvidenceView is one page's support for an edge.
type EvidenceView struct {
	SourceID   string    `json:"source_id"`
	Version    int       `json:"version"`
	URI        string    `json:"uri"`
	FetchedAt  time.Time `json:"fetched_at"`
	Quote      QuoteView `json:"quote"`
	ID         string    `json:"id"`
	Confidence *float64  `json:"confidence"` // nil for a deterministic model's single vote
	Votes      int       `json:"votes"`
	// Deterministic is set when a deterministic model cast the panel's
	// single vote.
	Deterministic bool     `json:"deterministic,omitempty"`
	EvidenceType  string   `json:"evidence_type"`
	Model         string   `json:"model"`
	Referent      string   `json:"referent_phrase,omitempty"`
	Subject       string   `json:"subject"`         // as this page names the subject in the quote
	Names         []string `json:"names,omitempty"` // every name this page gives the subject
	// Also are the page's other quotes for the same edge (one page's
	// mentions of a subject are one candidate).
	Also []QuoteView `json:"also,omitempty"`
}

// QuoteView is a verbatim span: Text == the source version's text[Start:End].
type QuoteView struct {
	Text  string `json:"text"`
	Start int    `json:"start"`
	End   int    `json:"end"`
}

// GraphFilter narrows a graph listing.
type GraphFilter struct {
	IDs      []string // only these edges (and edges merged with them); nil for all
	Relation string   // "" for any
	Spec     string   // "" for any
}

// Merge is the body of a merge record: entity From is entity Into. The
// merge has its own receipt (the two entities, plus any page that says so);
// when it dies the entities split again.
type Merge struct {
	ID       string    `json:"id"`
	From     string    `json:"from"`
	Into     string    `json:"into"`
	FromName string    `json:"from_name"`
	IntoName string    `json:"into_name"`
	Who      string    `json:"who"`
	Why      string    `json:"why,omitempty"`
	At       time.Time `json:"at"`
	// Kind, SourceID and Phrase say what page first said the two are one,
	// for a merge extraction proposed ([SameName]); its receipt holds every
	// page that says so.
	Kind     string `json:"kind,omitempty"`
	SourceID string `json:"source_id,omitempty"`
	Phrase   string `json:"phrase,omitempty"`
}

// Graph returns the live edges the caller whose view v is may see, best
// first by confidence then subject. An edge is shown only through evidence
// whose source the caller may read; edges whose subjects a live, visible
// merge joins are shown as one.
func Graph(ctx context.Context, st Store, v verity.View, f GraphFilter) ([]EdgeView, error) {
	merges, err := liveMerges(ctx, st, func(id string) bool { return v.Visible(verity.RecordRef(id)) })
	if err != nil {
		return nil, err
	}
	edges, err := st.KindRecords(ctx, verity.KindEdge)
	if err != nil {
		return nil, err
	}
	groups := map[string]*EdgeView{}
	var order []string
	for _, rec := range edges {
		if rec.State == verity.StateDead || !v.Visible(verity.RecordRef(rec.ID)) {
			continue
		}
		var body EdgeBody
		if err := json.Unmarshal(rec.Body, &body); err != nil {
			return nil, fmt.Errorf("edge %s: %w", rec.ID, err)
		}
		if (f.Relation != "" && body.Relation != f.Relation) || (f.Spec != "" && body.Spec != f.Spec) {
			continue
		}
		var evs []EvidenceView
		for _, set := range rec.Receipt.Sets {
			for _, ref := range set {
				if ref.Kind() != verity.RefRecord || !v.Visible(ref) {
					continue
				}
				er, err := st.Record(ctx, ref.ID())
				if err != nil || er.Kind != verity.KindEvidence {
					continue
				}
				var ev Evidence
				if err := json.Unmarshal(er.Body, &ev); err != nil {
					return nil, fmt.Errorf("evidence %s: %w", er.ID, err)
				}
				evs = append(evs, evidenceView(ev))
			}
		}
		if len(evs) == 0 {
			continue
		}
		subj, subjName := merges.root(body.SubjectID, body.Subject)
		obj, objName := merges.root(body.ObjectID, body.Object)
		gk := body.Relation + "\x00" + subj + "\x00" + obj
		g, ok := groups[gk]
		if !ok {
			g = &EdgeView{ID: body.ID, Subject: subjName, Relation: body.Relation, Object: objName, SubjectID: subj, ObjectID: obj}
			groups[gk] = g
			order = append(order, gk)
		} else {
			if body.ID < g.ID {
				g.MergedFrom = append(g.MergedFrom, g.ID)
				g.ID = body.ID
			} else {
				g.MergedFrom = append(g.MergedFrom, body.ID)
			}
		}
		g.Evidence = append(g.Evidence, evs...)
		for _, mg := range append(merges.path(body.SubjectID), merges.path(body.ObjectID)...) {
			if !slices.ContainsFunc(g.Merges, func(x Merge) bool { return x.ID == mg.ID }) {
				g.Merges = append(g.Merges, mg)
			}
		}
		if hv, err := st.Votes(ctx, body.ID); err == nil {
			g.Human = append(g.Human, hv...)
		}
	}
	var out []EdgeView
	for _, k := range order {
		g := groups[k]
		if f.IDs != nil && !slices.Contains(f.IDs, g.ID) && !slices.ContainsFunc(g.MergedFrom, func(id string) bool { return slices.Contains(f.IDs, id) }) {
			continue
		}
		sort.Slice(g.Evidence, func(i, j int) bool {
			a, b := g.Evidence[i], g.Evidence[j]
			if ra, rb := rank(a.Confidence), rank(b.Confidence); ra != rb {
				return ra > rb
			}
			return a.SourceID < b.SourceID
		})
		if len(g.MergedFrom) > 0 {
			// Edges joined by a merge may hold one page's quote twice (an
			// edge of an old key and of the new one): it is shown once.
			type at struct {
				src        string
				start, end int
			}
			seen := map[at]bool{}
			g.Evidence = slices.DeleteFunc(g.Evidence, func(ev EvidenceView) bool {
				k := at{ev.SourceID, ev.Quote.Start, ev.Quote.End}
				dup := seen[k]
				seen[k] = true
				return dup
			})
		}
		best := g.Evidence[0]
		g.Confidence, g.Votes, g.Deterministic, g.Model = best.Confidence, best.Votes, best.Deterministic, best.Model
		if n := commonName(g.Evidence); len(g.MergedFrom) == 0 && n != "" {
			// The name as the pages the caller may read write it, not as
			// whichever page was read first.
			g.Subject = n
		}
		out = append(out, *g)
	}
	sort.SliceStable(out, func(i, j int) bool {
		if ri, rj := rank(out[i].Confidence), rank(out[j].Confidence); ri != rj {
			return ri > rj
		}
		if out[i].Subject != out[j].Subject {
			return out[i].Subject < out[j].Subject
		}
		return out[i].ID < out[j].ID
	})
	return out, nil
}

// rank orders confidences, best first: a vote fraction by its value, and
// after every fraction the verdicts that have none.
func rank(c *float64) float64 {
	if c == nil {
		return -1
	}
	return *c
}

// commonName returns the name most of evs's pages give the subject (a page
// that names it two ways counts for both), the best evidence's among
// equals: the display name of a node is the form most pages use.
func commonName(evs []EvidenceView) string {
	count := map[string]int{}
	name, most := "", 0
	for _, ev := range evs {
		names := ev.Names
		if len(names) == 0 && ev.Subject != "" {
			names = []string{ev.Subject}
		}
		for _, n := range names {
			count[n]++
		}
	}
	for _, ev := range evs { // best first, so the best page's names win ties
		names := append([]string{ev.Subject}, ev.Names...)
		for _, n := range names {
			if count[n] > most {
				name, most = n, count[n]
			}
		}
	}
	return name
}

func evidenceView(ev Evidence) EvidenceView {
	votes := 0
	if ev.Panel != nil {
		votes = ev.Panel.Cast
	}
	votes += len(ev.Human)
	ref := ""
	if ev.Referent != nil && ev.Referent.Needed {
		ref = ev.Referent.Phrase
	}
	v := EvidenceView{SourceID: ev.SourceID, Version: ev.Version, URI: ev.URI, FetchedAt: ev.FetchedAt,
		Quote: QuoteView{Text: ev.Quote.Text, Start: ev.Quote.Start, End: ev.Quote.End}, ID: ev.ID,
		Confidence: ev.Estimate(), Votes: votes, Deterministic: ev.Panel != nil && ev.Panel.Deterministic,
		EvidenceType: ev.EvidenceType, Model: ev.Model, Referent: ref,
		Subject: ev.Subject, Names: ev.Names}
	for _, q := range ev.Also {
		v.Also = append(v.Also, QuoteView{Text: q.Text, Start: q.Start, End: q.End})
	}
	return v
}

// merged maps an entity to the entity it was merged into, through live
// merges only.
type merged struct {
	into   map[string]string
	names  map[string]string
	bodies map[string]Merge // by From
}

// path returns the merges that lead from id to its root.
func (m merged) path(id string) []Merge {
	var out []Merge
	seen := map[string]bool{}
	for {
		next, ok := m.into[id]
		if !ok || seen[id] {
			return out
		}
		seen[id] = true
		out = append(out, m.bodies[id])
		id = next
	}
}

func (m merged) root(id, name string) (string, string) {
	seen := map[string]bool{}
	for {
		next, ok := m.into[id]
		if !ok || seen[id] {
			break
		}
		seen[id] = true
		id = next
	}
	if n, ok := m.names[id]; ok {
		name = n
	}
	return id, name
}

func liveMerges(ctx context.Context, st Store, visible func(id string) bool) (merged, error) {
	m := merged{into: map[string]string{}, names: map[string]string{}, bodies: map[string]Merge{}}
	recs, err := st.KindRecords(ctx, verity.KindMerge)
	if err != nil {
		return m, err
	}
	for _, r := range recs {
		if r.State == verity.StateDead || !visible(r.ID) {
			continue
		}
		var body Merge
		if err := json.Unmarshal(r.Body, &body); err != nil {
			return m, fmt.Errorf("merge %s: %w", r.ID, err)
		}
		if _, dup := m.into[body.From]; dup || body.From == body.Into {
			continue
		}
		m.into[body.From] = body.Into
		m.names[body.Into] = body.IntoName
		m.bodies[body.From] = body
	}
	return m, nil
}

// MergeEntities records that entity from is entity into, by who and why,
// as a merge record with its own receipt: both entities, plus basis (a page
// that says they are one, for instance). It lives while every member lives;
// revoking it (or what it rests on) splits the entities again, and each
// gets its edges back.
func MergeEntities(ctx context.Context, st Store, from, into string, basis []verity.Ref, who verity.Principal, why string, now time.Time) (string, error) {
	if from == into {
		return "", verity.Errorf(verity.EINVALID, "merge: an entity is already itself")
	}
	var names [2]string
	for i, id := range []string{from, into} {
		rec, err := st.Record(ctx, id)
		if err != nil {
			return "", err
		}
		if rec.Kind != verity.KindEntity {
			return "", verity.Errorf(verity.EINVALID, "merge: %s is a %s, not an entity", id, rec.Kind)
		}
		var e Entity
		if err := json.Unmarshal(rec.Body, &e); err != nil {
			return "", fmt.Errorf("entity %s: %w", id, err)
		}
		names[i] = e.Name
	}
	id := "merge:" + shortHash(from, into)
	set := append([]verity.Ref{verity.RecordRef(from), verity.RecordRef(into)}, basis...)
	body := Merge{ID: id, From: from, Into: into, FromName: names[0], IntoName: names[1], Who: string(who), Why: why, At: now.UTC()}
	_, err := st.PutRecords(ctx, []*verity.Record{{ID: id, Kind: verity.KindMerge,
		Receipt: verity.Receipt{Sets: [][]verity.Ref{set}}, Body: mustJSON(body)}})
	if err != nil {
		return "", err
	}
	return id, nil
}

// Entities returns the live entities visible in v, by id. A subject is
// named as most of the pages v may read name it, as [Graph] shows it;
// an entity no visible edge names keeps the name it was first seen with.
func Entities(ctx context.Context, st Store, v verity.View) ([]Entity, error) {
	recs, err := st.KindRecords(ctx, verity.KindEntity)
	if err != nil {
		return nil, err
	}
	edges, err := Graph(ctx, st, v, GraphFilter{})
	if err != nil {
		return nil, err
	}
	named := map[string]string{}
	for _, e := range edges {
		if len(e.MergedFrom) == 0 {
			named[e.SubjectID] = e.Subject
		}
	}
	var out []Entity
	for _, r := range recs {
		if r.State == verity.StateDead || !v.Visible(verity.RecordRef(r.ID)) {
			continue
		}
		var e Entity
		if err := json.Unmarshal(r.Body, &e); err != nil {
			return nil, fmt.Errorf("entity %s: %w", r.ID, err)
		}
		// Aliases gather names from every page, readable or not.
		e.Aliases, e.Same = nil, nil
		if n, ok := named[e.ID]; ok {
			e.Name = n
		}
		out = append(out, e)
	}
	return out, nil
}
