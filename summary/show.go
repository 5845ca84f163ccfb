package summary

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/relocate"
)

// Reader reads stored records.
type Reader interface {
	Record(ctx context.Context, id string) (*verity.Record, error)
}

// Access is what one caller may see, by the one rule of package receipt:
// Visible reports a ref alive and readable through its receipts (a
// receipt.Viewer's Visible); Readable reports a record the caller may read
// whatever its own state (a receipt.Viewer's Readable: a sentence revoked by
// hand is, one that died with its sources is not, except in an operator's
// view), and decides which dead sentences are listed to say what was
// dropped. A nil Readable lists no dead sentence.
type Access struct {
	Visible  func(verity.Ref) bool
	Readable func(verity.Ref) bool
}

// View is a summary as it stands now for one caller: the live sentences in
// order, and the dead ones the caller could have read. Positions count the
// sentences shown, so they leave no gap where a sentence the caller may
// not see was.
type View struct {
	ID    string `json:"id"`
	Topic string `json:"topic"`
	// RequestedBy is who asked for the summary, whose words the topic is;
	// Private says it is listed to them alone until it is published.
	RequestedBy string             `json:"requested_by,omitempty"`
	Private     bool               `json:"private,omitempty"`
	State       verity.RecordState `json:"state"`
	Model       string             `json:"model"`
	Prompt      string             `json:"prompt_version"`
	CreatedAt   string             `json:"created_at"`
	Live        []Sentence         `json:"live"`
	Dead        []Sentence         `json:"dead"`
	// Written is how many sentences the summary was written with; those
	// neither live nor dead here rest on something this caller may not read.
	Written int `json:"written"`
	// Text is the live sentences joined: the summary as it may be served.
	Text string `json:"text"`
}

// Show returns summary id as the caller may see it now. A summary with no
// sentence visible to the caller is ENOTFOUND, exactly as if it did not
// exist, so that hidden sources do not leak through it.
func Show(ctx context.Context, r Reader, id string, acc Access) (*View, error) {
	head, err := r.Record(ctx, id)
	if err != nil {
		return nil, err
	}
	if head.Kind != KindSummary {
		return nil, verity.Errorf(verity.EINVALID, "record %q is a %s, not a summary", id, head.Kind)
	}
	var h Header
	if err := json.Unmarshal(head.Body, &h); err != nil {
		return nil, fmt.Errorf("summary %q: header: %w", id, err)
	}
	v := &View{ID: id, Topic: h.Topic, RequestedBy: h.RequestedBy, Private: h.Private, State: head.State, Model: h.Model, Prompt: h.PromptVersion,
		CreatedAt: head.CreatedAt.UTC().Format("2006-01-02T15:04:05Z"), Written: len(h.Sentences)}
	var texts []string
	shown := 0
	for _, sid := range h.Sentences {
		rec, err := r.Record(ctx, sid)
		if err != nil {
			return nil, fmt.Errorf("summary %q: %w", id, err)
		}
		st, err := SentenceOf(rec)
		if err != nil {
			return nil, err
		}
		switch {
		case rec.State != verity.StateDead && acc.Visible(verity.RecordRef(sid)):
			if err := current(ctx, r, st.Quotes); err != nil {
				return nil, err
			}
			shown++
			st.Position = shown
			v.Live = append(v.Live, st)
			texts = append(texts, st.Text)
		case rec.State == verity.StateDead && acc.Readable != nil && acc.Readable(verity.RecordRef(sid)):
			if err := current(ctx, r, st.Quotes); err != nil {
				return nil, err
			}
			shown++
			st.Position = shown
			v.Dead = append(v.Dead, st)
		}
	}
	if len(v.Live) == 0 && len(v.Dead) == 0 {
		return nil, verity.Errorf(verity.ENOTFOUND, "no summary %q", id)
	}
	v.Text = strings.Join(texts, " ")
	return v, nil
}

// SentenceOf reads a sentence record back. Its Receipt names sources: each
// quote record the stored receipt (RestsOn) holds is read as the source it
// quotes, which the sentence's own quotes name.
func SentenceOf(rec *verity.Record) (Sentence, error) {
	var b SentenceBody
	if err := json.Unmarshal(rec.Body, &b); err != nil {
		return Sentence{}, fmt.Errorf("sentence %q: body: %w", rec.ID, err)
	}
	sourceOf := map[string]string{}
	for _, q := range b.Quotes {
		if q.Record != "" {
			sourceOf[q.Record] = q.SourceID
		}
	}
	return Sentence{ID: rec.ID, Position: b.Position, Text: b.Text, Receipt: relocate.Sources(rec.Receipt, sourceOf),
		RestsOn: rec.Receipt, Capped: b.Capped, Quotes: b.Quotes, State: rec.State}, nil
}

// current brings quotes up to their quote records: where each stands in
// its source now, after new versions moved it, or the version it went
// missing from. A quote record that cannot be read leaves its quote as it
// was written.
func current(ctx context.Context, r Reader, qs []Quote) error {
	for i := range qs {
		if qs[i].Record == "" {
			continue
		}
		rec, err := r.Record(ctx, qs[i].Record)
		if verity.ErrorCode(err) == verity.ENOTFOUND {
			continue
		}
		if err != nil {
			return err
		}
		q, err := relocate.Of(rec)
		if err != nil {
			return err
		}
		qs[i].Version, qs[i].Start, qs[i].End, qs[i].Gone = q.Version, q.Start, q.End, q.Gone
		if q.Gone == 0 {
			qs[i].Text = q.Text
		}
	}
	return nil
}
