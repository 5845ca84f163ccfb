package relocate

import (
	"context"
	"fmt"
	"slices"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/quote"
	"github.com/veritykb/verity/receipt"
)

// Who is the principal relocation revokes and restores quote records as;
// the revocation log says so, which is how a later version knows a quote
// it finds again was taken away by relocation and not by a person.
const Who verity.Principal = "relocate"

// Store is what relocation needs from a store: the quote records resting on
// a source, records to rewrite, revocation with its log.
type Store interface {
	// QuoteRecords lists the records of kind quote resting on source id,
	// dead ones included.
	QuoteRecords(ctx context.Context, sourceID string) ([]*verity.Record, error)
	PutRecords(ctx context.Context, recs []*verity.Record) (receipt.Change[verity.Ref], error)
	Revoke(ctx context.Context, refs []verity.Ref, a verity.Actor, why string) (receipt.Event, receipt.Change[verity.Ref], error)
	Unrevoke(ctx context.Context, refs []verity.Ref, a verity.Actor, why string) (receipt.Event, receipt.Change[verity.Ref], error)
	RevocationLog(ctx context.Context) ([]receipt.Event, error)
}

// Outcomes of one quote record's relocation.
const (
	OutcomeMoved = "moved" // found in the new version: the record points at it now
	OutcomeGone  = "gone"  // missing from the new version: the record was revoked
	OutcomeBack  = "back"  // missing before, found again: the record was restored
)

// Move is what relocation did to one quote record.
type Move struct {
	Record  string `json:"record"`
	Outcome string `json:"outcome"`
	From    int    `json:"from_version"` // the version the quote was last seen in
	To      int    `json:"to_version"`
	Start   int    `json:"start,omitempty"` // the span in version To, when found
	End     int    `json:"end,omitempty"`
	Quote   string `json:"quote"`
}

// Report is what relocating one source's quotes did.
type Report struct {
	SourceID string `json:"source_id"`
	Version  int    `json:"version"`
	Moves    []Move `json:"moves"`
	Moved    int    `json:"moved"`
	Gone     int    `json:"gone"`
	Back     int    `json:"back"`
	// Retracted lists the records, quotes aside, that died because quotes
	// were gone: sentences and statements left without a live set, and
	// whatever rested on them. Restored lists those that revived.
	Retracted []verity.Ref `json:"retracted"`
	Restored  []verity.Ref `json:"restored"`
	// Events are the revocation log entries relocation wrote (undo them
	// with verity undo).
	Events []int64 `json:"events,omitempty"`
}

// Source brings the quote records resting on src up to src's version,
// which the caller passes with its text (after the store reported a new
// version). Each quote is looked for in the new text as it is, or with
// typography aside, never repaired or fuzzy, near where it was. Found, the
// record moves to the new span; gone, it is revoked by [Who] with the
// reason, in one logged event; a quote relocation had revoked that is
// found again is restored. Quote records already at src's version, and
// ones already known to be missing from it, are left alone, so running it
// twice changes nothing. Revocations are written before the bodies, so a
// run cut short is finished by the next one. The events record [Who] with
// the API token of by, the caller whose new version set them off.
func Source(ctx context.Context, st Store, src *verity.Source, by verity.Actor) (*Report, error) {
	rep := &Report{SourceID: src.ID, Version: src.Version, Moves: []Move{}, Retracted: []verity.Ref{}, Restored: []verity.Ref{}}
	recs, err := st.QuoteRecords(ctx, src.ID)
	if err != nil {
		return nil, fmt.Errorf("relocate %s: %w", src.ID, err)
	}
	var (
		flags         map[verity.Ref]receipt.Event // the last event that flipped each ref, read once when needed
		puts          []*verity.Record
		revoke, unrev []verity.Ref
	)
	flipped := func(ref verity.Ref) (receipt.Event, bool, error) {
		if flags == nil {
			events, err := st.RevocationLog(ctx)
			if err != nil {
				return receipt.Event{}, false, fmt.Errorf("relocate %s: %w", src.ID, err)
			}
			flags = map[verity.Ref]receipt.Event{}
			for _, e := range events {
				for _, r := range e.Changed {
					flags[r] = e
				}
			}
		}
		e, ok := flags[ref]
		return e, ok && e.Action == receipt.ActionRevoke, nil
	}
	for _, rec := range recs {
		q, err := Of(rec)
		if err != nil {
			return nil, err
		}
		if (q.Gone == 0 && q.Version >= src.Version) || q.Gone >= src.Version {
			continue
		}
		ref := verity.RecordRef(rec.ID)
		// Only a dead record can carry a revoked flag; the log says whose.
		var (
			revoked, byRelocation bool
		)
		if rec.State == verity.StateDead {
			e, r, err := flipped(ref)
			if err != nil {
				return nil, err
			}
			revoked, byRelocation = r, r && e.Who == Who
		}
		mv := Move{Record: rec.ID, From: q.Version, To: src.Version, Quote: q.Text}
		m := quote.Locate(src.Text, q.Text, quote.Options{Hint: &verity.Span{Start: q.Start, End: q.End}, NoRepair: true, NoFuzzy: true})
		if m.Found {
			mv.Outcome, mv.Start, mv.End = OutcomeMoved, m.Start, m.End
			if byRelocation {
				mv.Outcome = OutcomeBack
				unrev = append(unrev, ref)
			}
			q.Version, q.Start, q.End, q.Text, q.Kind, q.Gone = src.Version, m.Start, m.End, src.Text[m.Start:m.End], string(m.Kind), 0
		} else {
			mv.Outcome = OutcomeGone
			if !revoked {
				revoke = append(revoke, ref)
			}
			q.Gone = src.Version
		}
		// The id stays: it names the record sentences rest on, even when
		// the text found now differs from the first in typography.
		put := Record(q)
		put.ID, put.Receipt = rec.ID, rec.Receipt
		puts = append(puts, put)
		rep.Moves = append(rep.Moves, mv)
		switch mv.Outcome {
		case OutcomeMoved:
			rep.Moved++
		case OutcomeGone:
			rep.Gone++
		case OutcomeBack:
			rep.Back++
		}
	}
	if len(revoke) > 0 {
		ev, change, err := st.Revoke(ctx, revoke, verity.Actor{Who: Who, Token: by.Token}, fmt.Sprintf("quote gone from %s v%d", src.ID, src.Version))
		if err != nil {
			return nil, fmt.Errorf("relocate %s: revoke gone quotes: %w", src.ID, err)
		}
		if ev.Logged() {
			rep.Events = append(rep.Events, ev.ID)
		}
		rep.Retracted = appendOthers(rep.Retracted, change.Died)
	}
	if len(unrev) > 0 {
		ev, change, err := st.Unrevoke(ctx, unrev, verity.Actor{Who: Who, Token: by.Token}, fmt.Sprintf("quote back in %s v%d", src.ID, src.Version))
		if err != nil {
			return nil, fmt.Errorf("relocate %s: restore quotes found again: %w", src.ID, err)
		}
		if ev.Logged() {
			rep.Events = append(rep.Events, ev.ID)
		}
		rep.Restored = appendOthers(rep.Restored, change.Revived)
	}
	if len(puts) > 0 {
		if _, err := st.PutRecords(ctx, puts); err != nil {
			return nil, fmt.Errorf("relocate %s: move quotes: %w", src.ID, err)
		}
	}
	return rep, nil
}

// appendOthers appends the refs that are not quote records.
func appendOthers(dst, refs []verity.Ref) []verity.Ref {
	for _, r := range refs {
		if !IsQuote(r) && !slices.Contains(dst, r) {
			dst = append(dst, r)
		}
	}
	return dst
}
