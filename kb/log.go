package kb

import (
	"context"
	"time"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/receipt"
)

// LogEntry is one event of the revocation log as a caller may see it. Why
// is shown to the event's own actor and to admins; Died and Revived, which
// count records of every caller, to admins only (a report of the caller's
// own change counts what it may read instead).
type LogEntry struct {
	ID      int64            `json:"id"`
	Action  receipt.Action   `json:"action"`
	Refs    []verity.Ref     `json:"refs"`
	Changed []verity.Ref     `json:"changed"`
	Who     verity.Principal `json:"who"`
	// Token is the API token the actor used, shown to admins.
	Token string `json:"token,omitempty"`
	Why   string `json:"why,omitempty"`
	// WhyHidden is set when the event has a reason this caller may not see.
	WhyHidden bool      `json:"why_hidden,omitempty"`
	At        time.Time `json:"at"`
	Undoes    int64     `json:"undoes,omitempty"`
	Died      *int      `json:"died,omitempty"`
	Revived   *int      `json:"revived,omitempty"`
	UndoneBy  int64     `json:"undone_by,omitempty"`
}

// EventList is the log as a caller sees it: verity log --json and GET
// /api/v1/log.
type EventList struct {
	Events []LogEntry `json:"events"`
}

// entry is e as c sees it (Undoes and UndoneBy are the log's to fill).
func entry(e receipt.Event, c verity.Caller, r Rights) LogEntry {
	out := LogEntry{ID: e.ID, Action: e.Action, Refs: e.Refs, Changed: e.Changed, Who: e.Who, At: e.At, Undoes: e.Undoes}
	if r.Admin || e.Who == c.Actor() {
		out.Why = e.Why
	} else {
		out.WhyHidden = e.Why != ""
	}
	if r.Admin {
		died, revived := e.Died, e.Revived
		out.Died, out.Revived, out.Token = &died, &revived, e.Token
	}
	return out
}

// Log returns the revocation events c may see, oldest first: an admin sees
// every one; any other caller only the events whose refs it may all read
// (the refs asked for and the refs flipped). Event ids are not consecutive,
// so the events shown say nothing of how many are not.
func (s *Service) Log(ctx context.Context, c verity.Caller) (*EventList, error) {
	r, err := s.Rights(ctx, c)
	if err != nil {
		return nil, err
	}
	events, err := s.store.RevocationLog(ctx)
	if err != nil {
		return nil, err
	}
	v := s.view(ctx, c, r.Admin)
	shown := map[int64]bool{}
	out := []LogEntry{}
	for _, e := range events {
		if !eventReadable(v, e) {
			continue
		}
		shown[e.ID] = true
		out = append(out, entry(e, c, r))
	}
	for i := range out {
		if out[i].Undoes != 0 && !shown[out[i].Undoes] {
			out[i].Undoes = 0
		}
	}
	for _, e := range events {
		if e.Undoes == 0 || !shown[e.ID] {
			continue
		}
		for i := range out {
			if out[i].ID == e.Undoes {
				out[i].UndoneBy = e.ID
			}
		}
	}
	return &EventList{Events: out}, nil
}

// eventReadable reports whether every ref of e is readable in v.
func eventReadable(v *view, e receipt.Event) bool {
	for _, list := range [][]verity.Ref{e.Refs, e.Changed} {
		for _, ref := range list {
			if !v.readable(ref) {
				return false
			}
		}
	}
	return true
}

// event returns event id when c may see it, and the same not-found error
// as for an event that does not exist otherwise.
func (s *Service) event(ctx context.Context, c verity.Caller, r Rights, id int64) (receipt.Event, error) {
	events, err := s.store.RevocationLog(ctx)
	if err != nil {
		return receipt.Event{}, err
	}
	v := s.view(ctx, c, r.Admin)
	for _, e := range events {
		if e.ID == id && eventReadable(v, e) {
			return e, nil
		}
	}
	return receipt.Event{}, noEvent(id)
}

// noEvent is the error for an event the caller cannot see or that does not
// exist.
func noEvent(id int64) error {
	return verity.Errorf(verity.ENOTFOUND, "no event %d in the log (see verity log)", id)
}
