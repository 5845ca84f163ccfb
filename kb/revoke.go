package kb

import (
	"context"
	"encoding/json"
	"slices"
	"strings"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/receipt"
	"github.com/veritykb/verity/relocate"
)

// Action is what a logged event did: revoke or unrevoke (an undo is the
// inverse action).
type Action = receipt.Action

// The actions of the log.
const (
	ActionRevoke   = receipt.ActionRevoke
	ActionUnrevoke = receipt.ActionUnrevoke
)

// RevocationReport is what revoke, unrevoke, undo and impact return: the
// event (nil for impact, a dry run, and for a revoke or unrevoke that
// changed nothing, which logs nothing: every ref is then in Already), the
// refs asked for, and the records
// that died, survived on another set or revived — only those the caller
// may read, counted among themselves. A record that survives only on sets
// the caller cannot read is gone for the caller, and reported as died
// (dead) to it. An admin sees everything.
type RevocationReport struct {
	Event *LogEntry    `json:"event,omitempty"`
	Refs  []verity.Ref `json:"refs"`
	// Already lists asked refs that were in the asked state already.
	Already  []verity.Ref `json:"already,omitempty"`
	Died     RecordGroup  `json:"died"`
	Survived RecordGroup  `json:"survived"`
	Revived  RecordGroup  `json:"revived"`
	Search   SearchEffect `json:"search"`
	// Examined is how many records the engine looked at, its cost; shown
	// to admins only, since it counts records of every caller.
	Examined int `json:"examined,omitempty"`
}

// RecordGroup is a set of records with counts by kind.
type RecordGroup struct {
	Count   int            `json:"count"`
	ByKind  map[string]int `json:"by_kind"`
	Records []RecordLine   `json:"records"`
}

// RecordLine is one record as a person reads it.
type RecordLine struct {
	ID    string             `json:"id"`
	Kind  verity.RecordKind  `json:"kind"`
	State verity.RecordState `json:"state"`
	Text  string             `json:"text,omitempty"`
	// Source is the source a quote record quotes (kind quote).
	Source string `json:"source,omitempty"`
}

// SearchEffect is what a revocation does to search: the sources whose
// chunks leave it (or come back, for an unrevocation).
type SearchEffect struct {
	Sources int            `json:"sources"`
	Chunks  int            `json:"chunks"`
	BySrc   map[string]int `json:"by_source,omitempty"`
}

// RevokeRequest names what to revoke or unrevoke and why: the body of POST
// /api/v1/revoke and /api/v1/unrevoke. Refs are as verity revoke's REF
// arguments: a bare source id, source:ID or record:ID.
type RevokeRequest struct {
	Refs   []string `json:"refs"`
	Reason string   `json:"reason,omitempty"` // required to revoke: it goes into the log
}

// UndoRequest names the logged event to undo: the body of POST
// /api/v1/undo.
type UndoRequest struct {
	Event  int64  `json:"event"`
	Reason string `json:"reason,omitempty"`
}

// ImpactRequest names what a dry run of revoke would revoke: the body of
// POST /api/v1/impact.
type ImpactRequest struct {
	Refs []string `json:"refs"`
}

// Revoke withdraws sources or records on c's behalf: what rested only on
// them dies, what has another live set survives. It needs the curator role,
// and every ref must be something c may read: one c cannot read is reported
// exactly like one that does not exist, and nothing is revoked.
func (s *Service) Revoke(ctx context.Context, c verity.Caller, req RevokeRequest) (*RevocationReport, error) {
	refs, err := verity.ParseRefs(req.Refs)
	if err != nil {
		return nil, err
	}
	return s.revoke(ctx, c, refs, req.Reason)
}

// revoke is [Service.Revoke] with the refs parsed.
func (s *Service) revoke(ctx context.Context, c verity.Caller, refs []verity.Ref, why string) (*RevocationReport, error) {
	if strings.TrimSpace(why) == "" {
		return nil, verity.Errorf(verity.EINVALID, "revoke: give a reason: it goes into the log")
	}
	r, err := s.require(ctx, c, verity.RoleCurator, "revoking")
	if err != nil {
		return nil, err
	}
	if err := s.checkRefs(ctx, c, r, refs); err != nil {
		return nil, err
	}
	ev, change, err := s.store.Revoke(ctx, refs, c.AsActor(), why)
	if err != nil {
		return nil, err
	}
	return s.report(ctx, c, r, receipt.ActionRevoke, logged(ev), refs, change)
}

// Unrevoke restores revoked sources or records on c's behalf, and what
// died only because of them. The rules are Revoke's.
func (s *Service) Unrevoke(ctx context.Context, c verity.Caller, req RevokeRequest) (*RevocationReport, error) {
	refs, err := verity.ParseRefs(req.Refs)
	if err != nil {
		return nil, err
	}
	why := req.Reason
	r, err := s.require(ctx, c, verity.RoleCurator, "unrevoking")
	if err != nil {
		return nil, err
	}
	if err := s.checkRefs(ctx, c, r, refs); err != nil {
		return nil, err
	}
	ev, change, err := s.store.Unrevoke(ctx, refs, c.AsActor(), why)
	if err != nil {
		return nil, err
	}
	return s.report(ctx, c, r, receipt.ActionUnrevoke, logged(ev), refs, change)
}

// Undo appends the inverse of a logged event on c's behalf. It needs the
// curator role and an event c can see in the log (see [Service.Log]).
func (s *Service) Undo(ctx context.Context, c verity.Caller, req UndoRequest) (*RevocationReport, error) {
	event, why := req.Event, req.Reason
	r, err := s.require(ctx, c, verity.RoleCurator, "undoing an event")
	if err != nil {
		return nil, err
	}
	if event <= 0 {
		return nil, verity.Errorf(verity.EINVALID, "undo: event must be an event number from the log, got %d", event)
	}
	if _, err := s.event(ctx, c, r, event); err != nil {
		return nil, err
	}
	ev, change, err := s.store.Undo(ctx, event, c.AsActor(), why)
	if err != nil {
		return nil, err
	}
	return s.report(ctx, c, r, ev.Action, &ev, ev.Refs, change)
}

// Impact is a dry run of Revoke: what would die and what would survive on
// another set, for refs c may read. Any caller may ask; nothing is changed.
func (s *Service) Impact(ctx context.Context, c verity.Caller, req ImpactRequest) (*RevocationReport, error) {
	refs, err := verity.ParseRefs(req.Refs)
	if err != nil {
		return nil, err
	}
	r, err := s.Rights(ctx, c)
	if err != nil {
		return nil, err
	}
	if err := s.checkRefs(ctx, c, r, refs); err != nil {
		return nil, err
	}
	change, err := s.store.Impact(ctx, refs)
	if err != nil {
		return nil, err
	}
	return s.report(ctx, c, r, receipt.ActionRevoke, nil, refs, change)
}

// checkRefs refuses refs that are malformed, or that c may not read (an
// admin reads every ref that exists): those are not found, like refs to
// nothing. It checks them all before anything changes.
func (s *Service) checkRefs(ctx context.Context, c verity.Caller, r Rights, refs []verity.Ref) error {
	if len(refs) == 0 {
		return verity.Errorf(verity.EINVALID, "give at least one source id or record:ID")
	}
	v := s.view(ctx, c, r.Admin)
	for _, ref := range refs {
		if ref.Kind() == "" || ref.ID() == "" {
			return verity.Errorf(verity.EINVALID, "%q is neither a source id nor record:ID", string(ref))
		}
		if !v.readable(ref) {
			return noRef(ref)
		}
	}
	return nil
}

// logged returns ev when the log appended it, nil when the revocation or
// unrevocation changed nothing and so logged nothing.
func logged(ev receipt.Event) *receipt.Event {
	if !ev.Logged() {
		return nil
	}
	return &ev
}

// report describes change, the doing of action a, for c: a revocation (or
// impact) as the store was just before it, so that c sees what it could
// read then and nothing else; an unrevocation as the store is after it.
// ev is the logged event, nil for an impact (a dry run) and for a
// revocation or unrevocation that changed nothing (every ref is then in
// Already).
func (s *Service) report(ctx context.Context, c verity.Caller, r Rights, a receipt.Action, ev *receipt.Event, refs []verity.Ref, change receipt.Change[verity.Ref]) (*RevocationReport, error) {
	flipped := change.Revoked
	switch {
	case ev != nil:
		flipped = ev.Changed
	case a == receipt.ActionUnrevoke:
		flipped = change.Unrevoked
	}
	before := s.view(ctx, c, r.Admin)
	if a == receipt.ActionRevoke {
		before = s.viewBefore(ctx, c, r.Admin, append(slices.Clone(flipped), change.Died...))
	}
	after := s.view(ctx, c, r.Admin)
	out := &RevocationReport{Refs: refs}
	if r.Admin {
		out.Examined = change.Examined
	}
	for _, ref := range refs {
		if !slices.Contains(flipped, ref) {
			out.Already = append(out.Already, ref)
		}
	}
	died, survived, gone := change.Died, change.Survived, map[string]bool{}
	if a == receipt.ActionRevoke && !r.Admin {
		// What survives on sets c cannot read alone dies for c: saying it
		// survived would tell c that something it cannot see holds it up.
		after := s.viewAfter(ctx, c, append(slices.Clone(flipped), change.Died...))
		died, survived = slices.Clone(died), nil
		for _, ref := range change.Survived {
			if after.visible(ref) {
				survived = append(survived, ref)
				continue
			}
			died = append(died, ref)
			gone[ref.ID()] = true
		}
	}
	var err error
	if out.Died, err = s.group(ctx, before, died); err != nil {
		return nil, err
	}
	for i := range out.Died.Records {
		if gone[out.Died.Records[i].ID] {
			out.Died.Records[i].State = verity.StateDead
		}
	}
	if out.Survived, err = s.group(ctx, before, survived); err != nil {
		return nil, err
	}
	if out.Revived, err = s.group(ctx, after, change.Revived); err != nil {
		return nil, err
	}
	out.Search.BySrc = map[string]int{}
	for _, ref := range flipped {
		if ref.Kind() != verity.RefSource {
			continue
		}
		chunks, err := s.store.Chunks(ctx, ref.ID())
		if err != nil {
			return nil, err
		}
		out.Search.Sources++
		out.Search.Chunks += len(chunks)
		out.Search.BySrc[ref.ID()] = len(chunks)
	}
	if ev != nil {
		e := entry(*ev, c, r)
		if !r.Admin {
			// The event's own counts include records of every caller.
			died, revived := out.Died.Count, out.Revived.Count
			e.Died, e.Revived = &died, &revived
		}
		out.Event = &e
	}
	return out, nil
}

// group describes the records among refs that v may read, with counts by
// kind; the others are left out entirely, not even counted.
func (s *Service) group(ctx context.Context, v *view, refs []verity.Ref) (RecordGroup, error) {
	g := RecordGroup{ByKind: map[string]int{}, Records: []RecordLine{}}
	for _, ref := range refs {
		if ref.Kind() != verity.RefRecord || !v.readable(ref) {
			continue
		}
		rec, err := s.store.Record(ctx, ref.ID())
		if notFound(err) {
			continue
		}
		if err != nil {
			return g, err
		}
		g.Count++
		g.ByKind[string(rec.Kind)]++
		line := RecordLine{ID: rec.ID, Kind: rec.Kind, State: rec.State, Text: RecordText(rec)}
		if q, err := relocate.Of(rec); err == nil {
			line.Source = q.SourceID
		}
		g.Records = append(g.Records, line)
	}
	return g, nil
}

// RecordText is what a record says, from its body's "text" (sentences,
// statements) or else a few fields other kinds use (a summary's "topic",
// an edge's subject, relation and object with its quote).
func RecordText(rec *verity.Record) string {
	var b map[string]any
	if json.Unmarshal(rec.Body, &b) != nil {
		return ""
	}
	for _, k := range []string{"text", "statement", "claim", "quote", "name", "topic"} {
		if s, ok := b[k].(string); ok && s != "" {
			return s
		}
	}
	subj, _ := b["subject"].(string)
	obj, _ := b["object"].(string)
	if subj == "" || obj == "" {
		return ""
	}
	rel, _ := b["relation"].(string)
	if rel == "" {
		rel = "—"
	}
	out := subj + " " + rel + " " + obj
	if q, ok := b["quote"].(map[string]any); ok {
		if t, _ := q["text"].(string); t != "" {
			out += ": «" + t + "»"
		}
	}
	return out
}
