package receipt

import (
	"context"
	"slices"
	"time"

	"github.com/veritykb/verity"
)

// Action is what a revocation event did.
type Action string

// Actions of the revocation log.
const (
	ActionRevoke   Action = "revoke"
	ActionUnrevoke Action = "unrevoke"
)

// Event is one entry of the revocation log: who revoked or unrevoked what,
// when and why, and what it changed.
type Event struct {
	ID     int64        `json:"id"`
	Action Action       `json:"action"`
	Refs   []verity.Ref `json:"refs"` // as asked
	// Changed lists the refs whose revoked flag this event flipped: refs
	// already in the asked state are left out, so undoing the event flips
	// exactly these back and nothing an earlier event did.
	Changed []verity.Ref     `json:"changed"`
	Who     verity.Principal `json:"who"`
	Why     string           `json:"why,omitempty"`
	At      time.Time        `json:"at"`
	Undoes  int64            `json:"undoes,omitempty"` // the event this one undoes, 0 if none
	Died    int              `json:"died"`             // records that died
	Revived int              `json:"revived"`          // records that revived
}

// Log is the append-only revocation log. It runs each revocation through the
// engine and records it; storing events is the caller's, which loads them
// back with [NewLog]. A Log is not safe for concurrent use.
type Log struct {
	now    func() time.Time
	events []Event
	undone map[int64]int64 // event → the event that undid it
}

// NewLog returns a log continuing past, the events stored so far in order,
// stamping new events with now.
func NewLog(now func() time.Time, past []Event) (*Log, error) {
	if now == nil {
		return nil, verity.Errorf(verity.EINVALID, "revocation log needs a clock")
	}
	l := &Log{now: now, undone: make(map[int64]int64)}
	for _, e := range past {
		if e.ID <= l.lastID() {
			return nil, verity.Errorf(verity.EINVALID, "revocation event %d follows event %d", e.ID, l.lastID())
		}
		if e.Undoes != 0 {
			if _, ok := l.Event(e.Undoes); !ok {
				return nil, verity.Errorf(verity.EINVALID, "revocation event %d undoes unknown event %d", e.ID, e.Undoes)
			}
			if by, done := l.undone[e.Undoes]; done {
				return nil, verity.Errorf(verity.EINVALID, "revocation event %d undoes event %d, already undone by %d", e.ID, e.Undoes, by)
			}
			l.undone[e.Undoes] = e.ID
		}
		l.events = append(l.events, e)
	}
	return l, nil
}

func (l *Log) lastID() int64 {
	if len(l.events) == 0 {
		return 0
	}
	return l.events[len(l.events)-1].ID
}

// Events returns a copy of the events, oldest first.
func (l *Log) Events() []Event { return slices.Clone(l.events) }

// Event returns the event with id.
func (l *Log) Event(id int64) (Event, bool) {
	i, ok := slices.BinarySearchFunc(l.events, id, func(e Event, id int64) int {
		switch {
		case e.ID < id:
			return -1
		case e.ID > id:
			return 1
		}
		return 0
	})
	if !ok {
		return Event{}, false
	}
	return l.events[i], true
}

// UndoneBy returns the event that undid event id, if any.
func (l *Log) UndoneBy(id int64) (int64, bool) {
	by, ok := l.undone[id]
	return by, ok
}

// Revoke revokes refs in s on behalf of who and appends the event.
func (l *Log) Revoke(ctx context.Context, s Store[verity.Ref], refs []verity.Ref, who verity.Principal, why string) (Event, Change[verity.Ref], error) {
	return l.run(ctx, s, ActionRevoke, refs, who, why, 0)
}

// Unrevoke unrevokes refs in s on behalf of who and appends the event.
func (l *Log) Unrevoke(ctx context.Context, s Store[verity.Ref], refs []verity.Ref, who verity.Principal, why string) (Event, Change[verity.Ref], error) {
	return l.run(ctx, s, ActionUnrevoke, refs, who, why, 0)
}

// Undo appends the inverse of event id: an unrevocation of what a revocation
// changed, or a revocation of what an unrevocation changed. Each event can be
// undone once (an undo is itself an event, and can be undone in turn).
func (l *Log) Undo(ctx context.Context, s Store[verity.Ref], id int64, who verity.Principal, why string) (Event, Change[verity.Ref], error) {
	e, ok := l.Event(id)
	if !ok {
		return Event{}, Change[verity.Ref]{}, verity.Errorf(verity.ENOTFOUND, "no revocation event %d", id)
	}
	if by, done := l.undone[id]; done {
		return Event{}, Change[verity.Ref]{}, verity.Errorf(verity.ECONFLICT, "revocation event %d was already undone by event %d", id, by)
	}
	inverse := ActionUnrevoke
	if e.Action == ActionUnrevoke {
		inverse = ActionRevoke
	}
	return l.run(ctx, s, inverse, e.Changed, who, why, id)
}

func (l *Log) run(ctx context.Context, s Store[verity.Ref], a Action, refs []verity.Ref, who verity.Principal, why string, undoes int64) (Event, Change[verity.Ref], error) {
	if who == "" {
		return Event{}, Change[verity.Ref]{}, verity.Errorf(verity.EINVALID, "%s: who is required", a)
	}
	if len(refs) == 0 && undoes == 0 {
		return Event{}, Change[verity.Ref]{}, verity.Errorf(verity.EINVALID, "%s: no refs", a)
	}
	for _, r := range refs {
		if r.Kind() == "" {
			return Event{}, Change[verity.Ref]{}, verity.Errorf(verity.EINVALID, "%s: %q is neither a source nor a record ref", a, r)
		}
	}
	var (
		c       Change[verity.Ref]
		err     error
		changed []verity.Ref
	)
	if a == ActionRevoke {
		c, err = Revoke(ctx, s, refs)
		changed = c.Revoked
	} else {
		c, err = Unrevoke(ctx, s, refs)
		changed = c.Unrevoked
	}
	if err != nil {
		return Event{}, Change[verity.Ref]{}, err
	}
	e := Event{
		ID:      l.lastID() + 1,
		Action:  a,
		Refs:    slices.Clone(refs),
		Changed: slices.Clone(changed),
		Who:     who,
		Why:     why,
		At:      l.now(),
		Undoes:  undoes,
		Died:    len(c.Died),
		Revived: len(c.Revived),
	}
	l.events = append(l.events, e)
	if undoes != 0 {
		l.undone[undoes] = e.ID
	}
	return e, c, nil
}
