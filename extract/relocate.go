package extract

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"time"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/quote"
)

// Relocation is what happened to one evidence when its page changed: moved
// to a span of the new version, or revoked because its quote is gone.
type Relocation struct {
	EvidenceID string `json:"evidence_id"`
	EdgeID     string `json:"edge_id"`
	SourceID   string `json:"source_id"`
	From       int    `json:"from_version"`
	To         int    `json:"to_version"`
	Moved      bool   `json:"moved"` // false: the quote is gone and the evidence was revoked
	Start      int    `json:"start,omitempty"`
	End        int    `json:"end,omitempty"`
}

// Relocate brings the live evidence resting on src up to src's version:
// each quote is looked for in the new text (as it is, or with typography
// aside, never repaired or fuzzy: evidence is verbatim or nothing); found, the
// evidence moves to the new span; gone, the evidence is revoked by
// extraction with the reason, and edges it alone supported die with it. Call
// it after a source gets a new version; a run calls it for every page it
// reads.
//
// Its revocations are recorded as extraction's, with the API token of by,
// the caller whose change set them off.
func Relocate(ctx context.Context, st Store, src *verity.Source, by verity.Actor, now func() time.Time) ([]Relocation, error) {
	if now == nil {
		now = time.Now
	}
	ids, err := st.SourceEvidence(ctx, src.ID)
	if err != nil {
		return nil, err
	}
	var (
		out   []Relocation
		steps []verity.Step
	)
	for _, id := range ids {
		rec, err := st.Record(ctx, id)
		if err != nil {
			if verity.ErrorCode(err) == verity.ENOTFOUND {
				continue
			}
			return out, err
		}
		if rec.State == verity.StateDead {
			continue
		}
		var ev Evidence
		if err := json.Unmarshal(rec.Body, &ev); err != nil {
			return out, fmt.Errorf("evidence %s: %w", id, err)
		}
		if ev.Version >= src.Version {
			continue
		}
		hint := &verity.Span{Start: ev.Quote.Start, End: ev.Quote.End}
		m := quote.Locate(src.Text, ev.Quote.Text, quote.Options{Hint: hint, NoRepair: true, NoFuzzy: true})
		if !m.Found {
			// One page's mentions are one candidate: while another of
			// its quotes is still there, the evidence rests on that.
			for i, q := range ev.Also {
				qm := quote.Locate(src.Text, q.Text, quote.Options{Hint: &verity.Span{Start: q.Start, End: q.End}, NoRepair: true, NoFuzzy: true})
				if qm.Found {
					m, ev.Quote = qm, q
					ev.Also = slices.Delete(slices.Clone(ev.Also), i, i+1)
					break
				}
			}
		}
		rl := Relocation{EvidenceID: id, EdgeID: ev.EdgeID, SourceID: src.ID, From: ev.Version, To: src.Version, Moved: m.Found}
		if m.Found {
			rl.Start, rl.End = m.Start, m.End
			ev.Version, ev.FetchedAt = src.Version, src.UpdatedAt.UTC()
			ev.Quote.Start, ev.Quote.End, ev.Quote.Text = m.Start, m.End, src.Text[m.Start:m.End]
			// The page's other quotes for the edge follow too; one that is
			// gone is dropped (the evidence rests on its main quote).
			also := ev.Also[:0]
			for _, q := range ev.Also {
				qm := quote.Locate(src.Text, q.Text, quote.Options{Hint: &verity.Span{Start: q.Start, End: q.End}, NoRepair: true, NoFuzzy: true})
				if qm.Found {
					q.Start, q.End, q.Text = qm.Start, qm.End, src.Text[qm.Start:qm.End]
					also = append(also, q)
				}
			}
			ev.Also = also
			rec.Body = mustJSON(ev)
			if _, err := st.PutRecords(ctx, []*verity.Record{rec}); err != nil {
				return out, fmt.Errorf("move evidence %s: %w", id, err)
			}
		} else {
			why := fmt.Sprintf("quote gone from version %d of %s", src.Version, src.ID)
			if _, _, err := st.Revoke(ctx, []verity.Ref{verity.RecordRef(id)}, system(by), why); err != nil {
				return out, fmt.Errorf("revoke evidence %s: %w", id, err)
			}
			if err := st.MarkGone(ctx, id, true); err != nil {
				return out, err
			}
		}
		out = append(out, rl)
		steps = append(steps, verity.Step{SourceID: src.ID, Version: src.Version, Candidate: -1, EdgeID: ev.EdgeID,
			Name: StepRelocate, Input: mustJSON(map[string]any{"evidence_id": id, "from_version": rl.From, "quote": ev.Quote.Text}),
			Output: mustJSON(rl), At: now().UTC()})
	}
	if len(steps) > 0 {
		if err := st.PutSteps(ctx, steps); err != nil {
			return out, err
		}
	}
	return out, nil
}

// RelocateAll re-locates the evidence of every active source that has any
// (see [Relocate]).
func RelocateAll(ctx context.Context, st Store, by verity.Actor, now func() time.Time) ([]Relocation, error) {
	srcs, err := st.Sources(ctx, verity.SourceFilter{Status: verity.StatusActive})
	if err != nil {
		return nil, err
	}
	var out []Relocation
	for _, s := range srcs {
		ids, err := st.SourceEvidence(ctx, s.ID)
		if err != nil {
			return out, err
		}
		if len(ids) == 0 {
			continue
		}
		full, err := st.Source(ctx, s.ID)
		if err != nil {
			return out, err
		}
		moved, err := Relocate(ctx, st, full, by, now)
		out = append(out, moved...)
		if err != nil {
			return out, err
		}
	}
	return out, nil
}
