package kb

import (
	"context"
	"fmt"
	"slices"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/extract"
	"github.com/veritykb/verity/relocate"
)

// Relocation is what re-locating quotes after new versions did, summed over
// the sources of one ingest, crawl or research run: the quote records
// summary sentences and answer statements rest on (package relocate) and
// the evidence extraction's edges rest on ([extract.Relocate]).
type Relocation struct {
	Sources int `json:"sources"` // sources with a new version whose quotes were re-located
	Moved   int `json:"quotes_moved"`
	Gone    int `json:"quotes_gone"`
	Back    int `json:"quotes_back"`
	// Retracted and Restored are the records, quotes aside, that died
	// because their quotes were gone, or revived because they came back:
	// those the caller may read.
	Retracted     []verity.Ref `json:"retracted"`
	Restored      []verity.Ref `json:"restored"`
	EvidenceMoved int          `json:"evidence_moved"`
	EvidenceGone  int          `json:"evidence_gone"`
	// Events are the revocation log entries written (verity undo EVENT),
	// those the caller may see.
	Events []int64 `json:"events"`
}

// NewRelocation returns an empty relocation report.
func NewRelocation() *Relocation {
	return &Relocation{Retracted: []verity.Ref{}, Restored: []verity.Ref{}, Events: []int64{}}
}

// relocate brings what rests on quotes of src up to its new version, which
// the store has just stored: quote records and extraction's evidence move
// to the new span, or are revoked when their words are gone, so that no
// sentence, statement or edge stays alive on a version that no longer says
// it. It runs with the store's authority (the log names relocate and
// extract as the actors, with c's API token), whoever stored the version,
// and reports to c only what c may read.
func (s *Service) relocate(ctx context.Context, c verity.Caller, r Rights, src *verity.Source, out *Relocation) error {
	rep, err := relocate.Source(ctx, s.store, src, c.AsActor())
	if err != nil {
		return err
	}
	moves, err := extract.Relocate(ctx, s.store, src, c.AsActor(), s.now)
	if err != nil {
		return fmt.Errorf("relocate evidence of %s: %w", src.ID, err)
	}
	out.Sources++
	out.Moved, out.Gone, out.Back = out.Moved+rep.Moved, out.Gone+rep.Gone, out.Back+rep.Back
	var gone []verity.Ref
	for _, m := range rep.Moves {
		if m.Outcome == relocate.OutcomeGone {
			gone = append(gone, verity.RecordRef(m.Record))
		}
	}
	before := s.viewBefore(ctx, c, r.Admin, append(gone, rep.Retracted...))
	for _, ref := range rep.Retracted {
		if before.readable(ref) && !slices.Contains(out.Retracted, ref) {
			out.Retracted = append(out.Retracted, ref)
		}
	}
	after := s.view(ctx, c, r.Admin)
	for _, ref := range rep.Restored {
		if after.readable(ref) && !slices.Contains(out.Restored, ref) {
			out.Restored = append(out.Restored, ref)
		}
	}
	if len(rep.Events) > 0 {
		events, err := s.store.RevocationLog(ctx)
		if err != nil {
			return err
		}
		for _, e := range events {
			if slices.Contains(rep.Events, e.ID) && eventReadable(after, e) {
				out.Events = append(out.Events, e.ID)
			}
		}
	}
	for _, m := range moves {
		if m.Moved {
			out.EvidenceMoved++
		} else {
			out.EvidenceGone++
		}
	}
	return nil
}

// relocateStored relocates the sources ids, read back at their current
// version (after a crawl or research run stored them).
func (s *Service) relocateStored(ctx context.Context, c verity.Caller, r Rights, ids []string) (*Relocation, error) {
	out := NewRelocation()
	for _, id := range ids {
		src, err := s.store.Source(ctx, id)
		if err != nil {
			return out, err
		}
		if err := s.relocate(ctx, c, r, src, out); err != nil {
			return out, err
		}
	}
	return out, nil
}
