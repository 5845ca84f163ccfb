package audit

import (
	"context"
	"math/rand/v2"
	"slices"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/receipt"
)

// Log is where an audit finds its targets: the revocation log, the records
// each revocation touched, and the records whose last audit disagrees with
// their receipt.
type Log interface {
	RevocationLog(ctx context.Context) ([]receipt.Event, error)
	// Touched returns the records a revocation touched, as it stands now:
	// those that died (dead now, reached from the revoked refs through
	// records that are dead) and those that survived on another set (alive
	// now, with a set holding a revoked ref or a dead record reached so).
	Touched(ctx context.Context, event int64) (died, survived []string, err error)
	// Disputed returns the records whose last audit verdict is not what
	// their receipt says now (undetermined ones included).
	Disputed(ctx context.Context) ([]string, error)
}

// Targets resolves a scope into records to audit, each once, in the order
// of the events that touched them and then of record id.
func Targets(ctx context.Context, l Log, sc verity.AuditScope) ([]Target, error) {
	var out []Target
	seen := map[string]bool{}
	add := func(id string, ev int64) {
		if !seen[id] {
			seen[id] = true
			out = append(out, Target{Record: id, Event: ev})
		}
	}
	switch {
	case len(sc.Records) > 0:
		for _, id := range sc.Records {
			add(id, 0)
		}
	case sc.Disputed:
		ids, err := l.Disputed(ctx)
		if err != nil {
			return nil, err
		}
		for _, id := range ids {
			add(id, 0)
		}
	default:
		events, err := l.RevocationLog(ctx)
		if err != nil {
			return nil, err
		}
		want := sc.Events
		if len(want) == 0 {
			for _, e := range InForce(events) {
				want = append(want, e.ID)
			}
		}
		for _, id := range want {
			i := slices.IndexFunc(events, func(e receipt.Event) bool { return e.ID == id })
			if i < 0 {
				return nil, verity.Errorf(verity.ENOTFOUND, "no revocation event %d", id)
			}
			if events[i].Action != receipt.ActionRevoke {
				return nil, verity.Errorf(verity.EINVALID, "event %d is an unrevocation: only revocations touch records an audit should check", id)
			}
			died, survived, err := l.Touched(ctx, id)
			if err != nil {
				return nil, err
			}
			ids := append(slices.Clone(died), survived...)
			slices.Sort(ids)
			for _, r := range ids {
				add(r, id)
			}
		}
	}
	if sc.Sample > 0 && sc.Sample < len(out) {
		before := slices.Clone(out)
		rng := rand.New(rand.NewPCG(sc.Seed, 0x5eed))
		rng.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
		out = out[:sc.Sample]
		// Back in the order they were found: events in log order (event
		// ids are random, not ordered), then records by id.
		rank := map[int64]int{}
		for i, t := range before {
			if _, ok := rank[t.Event]; !ok {
				rank[t.Event] = i
			}
		}
		slices.SortStableFunc(out, func(a, b Target) int {
			if a.Event != b.Event {
				return rank[a.Event] - rank[b.Event]
			}
			return compareStrings(a.Record, b.Record)
		})
	}
	return out, nil
}

// InForce returns the revocations of a log still in force, in log order:
// not undone, and not themselves the undo of an unrevocation.
func InForce(events []receipt.Event) []receipt.Event {
	undone := map[int64]bool{}
	for _, e := range events {
		if e.Undoes != 0 {
			undone[e.Undoes] = true
		}
	}
	var out []receipt.Event
	for _, e := range events {
		if e.Action == receipt.ActionRevoke && e.Undoes == 0 && !undone[e.ID] {
			out = append(out, e)
		}
	}
	return out
}

func compareStrings(a, b string) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}
