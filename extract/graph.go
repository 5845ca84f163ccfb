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
	Deterministic bool   `json:"deterministic,omitempty"`
	EvidenceType  string `json:"evidence_type"`
	Model         string `json:"model"`
	Referent      string `json:"referent_phrase,omitempty"`
	Subject       string `json:"subject"` // as this page names the subject
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
		best := g.Evidence[0]
		g.Confidence, g.Votes, g.Deterministic, g.Model = best.Confidence, best.Votes, best.Deterministic, best.Model
		if len(g.MergedFrom) == 0 && best.Subject != "" {
			// The name as a page the caller may read writes it, not as
			// whichever page was read first.
			g.Subject = best.Subject
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
	return EvidenceView{SourceID: ev.SourceID, Version: ev.Version, URI: ev.URI, FetchedAt: ev.FetchedAt,
		Quote: QuoteView{Text: ev.Quote.Text, Start: ev.Quote.Start, End: ev.Quote.End}, ID: ev.ID,
		Confidence: ev.Estimate(), Votes: votes, Deterministic: ev.Panel != nil && ev.Panel.Deterministic,
		EvidenceType: ev.EvidenceType, Model: ev.Model, Referent: ref,
		Subject: ev.Subject}
}

// merged maps an entity to the entity it was merged into, through live
// merges only.
type merged struct {
	into  map[string]string
	names map[string]string
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
	m := merged{into: map[string]string{}, names: map[string]string{}}
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

// Entities returns the live entities visible in v, by id.
func Entities(ctx context.Context, st Store, v verity.View) ([]Entity, error) {
	recs, err := st.KindRecords(ctx, verity.KindEntity)
	if err != nil {
		return nil, err
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
		e.Aliases = nil
		out = append(out, e)
	}
	return out, nil
}
