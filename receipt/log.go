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
	// ID names the event. Ids say nothing about order or about how many
	// events there are (a store may hand out random ones, see [WithIDs]);
	// the log's order is the order of its events.
	ID     int64        `json:"id"`
	Action Action       `json:"action"`
	Refs   []verity.Ref `json:"refs"` // as asked
	// Changed lists the refs whose revoked flag this event flipped: refs
	// already in the asked state are left out, so undoing the event flips
	// exactly these back and nothing an earlier event did.
	Changed []verity.Ref     `json:"changed"`
	Who     verity.Principal `json:"who"`
	// Token is the id of the API token the actor used, empty when there
	// was none (the local operator, and every event logged before tokens).
	Token   string    `json:"token,omitempty"`
	Why     string    `json:"why,omitempty"`
	At      time.Time `json:"at"`
	Undoes  int64     `json:"undoes,omitempty"` // the event this one undoes, 0 if none
	Died    int       `json:"died"`             // records that died
	Revived int       `json:"revived"`          // records that revived
}

// Logged reports whether e is an event of the log. A revocation or an
// unrevocation that changes nothing returns the zero Event, which is not:
// see [Log.Revoke].
func (e Event) Logged() bool { return e.ID != 0 }

// Log is the append-only revocation log. It runs each revocation through the
// engine and records it; storing events is the caller's, which loads them
// back with [NewLog]. A Log is not safe for concurrent use.
type Log struct {
	now    func() time.Time
	nextID func() int64 // proposes ids for new events; nil numbers after the largest
	events []Event
	maxID  int64           // the largest id so far
	index  map[int64]int   // event id → position in events
	undone map[int64]int64 // event → the event that undid it
}

// LogOption configures a [Log] made by [NewLog].
type LogOption func(*Log)

// idTries bounds how many ids [Log] asks of a generator for one event
// before it gives up: a generator that keeps proposing taken ids is broken,
// and looping on it forever would hang the caller.
const idTries = 100

// WithIDs makes the log ask next for the id of each new event, instead of
// numbering after the largest id so far. The log refuses a proposed id that
// is not positive or is already taken and asks again, so next need not know
// the log; a store that wants ids that do not reveal how many events exist
// passes a random generator here.
func WithIDs(next func() int64) LogOption {
	return func(l *Log) { l.nextID = next }
}

// NewLog returns a log continuing past, the events stored so far in log
// order (their ids need not increase), stamping new events with now. It
// refuses a past with an id that is not positive or appears twice, or an
// event undoing one that is not before it or was already undone.
func NewLog(now func() time.Time, past []Event, opts ...LogOption) (*Log, error) {
	if now == nil {
		return nil, verity.Errorf(verity.EINVALID, "revocation log needs a clock")
	}
	l := &Log{now: now, index: make(map[int64]int, len(past)), undone: make(map[int64]int64)}
	for _, o := range opts {
		o(l)
	}
	for _, e := range past {
		if e.ID <= 0 {
			return nil, verity.Errorf(verity.EINVALID, "revocation event id %d: want a positive id", e.ID)
		}
		if _, dup := l.index[e.ID]; dup {
			return nil, verity.Errorf(verity.EINVALID, "revocation event %d appears twice", e.ID)
		}
		if e.Undoes != 0 {
			if _, ok := l.Event(e.Undoes); !ok {
				return nil, verity.Errorf(verity.EINVALID, "revocation event %d undoes unknown event %d", e.ID, e.Undoes)
			}
			if by, done := l.undone[e.Undoes]; done {
				return nil, verity.Errorf(verity.EINVALID, "revocation event %d undoes event %d, already undone by %d", e.ID, e.Undoes, by)
			}
		}
		l.add(e)
	}
	return l, nil
}

// add appends e, which the caller has checked.
func (l *Log) add(e Event) {
	l.index[e.ID] = len(l.events)
	l.events = append(l.events, e)
	l.maxID = max(l.maxID, e.ID)
	if e.Undoes != 0 {
		l.undone[e.Undoes] = e.ID
	}
}

// newID returns an id for the next event: one from the generator given with
// [WithIDs], or one past the largest id so far.
func (l *Log) newID() (int64, error) {
	if l.nextID == nil {
		return l.maxID + 1, nil
	}
	for range idTries {
		id := l.nextID()
		if _, taken := l.index[id]; id > 0 && !taken {
			return id, nil
		}
	}
	return 0, verity.Errorf(verity.EINTERNAL, "revocation log: no free event id after %d tries", idTries)
}

// Events returns a copy of the events, oldest first.
func (l *Log) Events() []Event { return slices.Clone(l.events) }

// Event returns the event with id.
func (l *Log) Event(id int64) (Event, bool) {
	i, ok := l.index[id]
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

// Revoke revokes refs in s on behalf of who and appends the event. When
// every ref is revoked already, nothing changes and nothing is appended:
// Revoke returns the zero Event (see [Event.Logged]) with the engine's empty
// change. The log decides this, not the store that keeps its events, so
// that every store logs the same events and none can append an event that
// flips nothing.
func (l *Log) Revoke(ctx context.Context, s Store[verity.Ref], refs []verity.Ref, who verity.Principal, why string) (Event, Change[verity.Ref], error) {
	return l.run(ctx, s, ActionRevoke, refs, who, why, 0)
}

// Unrevoke unrevokes refs in s on behalf of who and appends the event.
// When no ref is revoked, nothing is appended, as for [Log.Revoke].
func (l *Log) Unrevoke(ctx context.Context, s Store[verity.Ref], refs []verity.Ref, who verity.Principal, why string) (Event, Change[verity.Ref], error) {
	return l.run(ctx, s, ActionUnrevoke, refs, who, why, 0)
}

// Undo appends the inverse of event id: an unrevocation of what a revocation
// changed, or a revocation of what an unrevocation changed. Each event can be
// undone once (an undo is itself an event, and can be undone in turn). An
// undo is appended even when later events already flipped back everything
// the event changed: it records that the event is undone, so it cannot be
// undone a second time.
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
	// The id is chosen before the engine runs, so a log that cannot name
	// the event changes nothing.
	id, err := l.newID()
	if err != nil {
		return Event{}, Change[verity.Ref]{}, err
	}
	var (
		c       Change[verity.Ref]
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
	if len(changed) == 0 && undoes == 0 {
		// Nothing flipped, so nothing died or revived: an event would only
		// say that someone asked, and undoing it would do nothing.
		return Event{}, c, nil
	}
	e := Event{
		ID:      id,
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
	l.add(e)
	return e, c, nil
}
