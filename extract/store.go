package extract

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/receipt"
)

// Store is what extraction needs from a store: sources, records with
// receipts, revocation, per-caller visibility, and the extraction tables
// (runs and finished pages, step traces, review queue and votes, entity
// aliases). The SQL store (internal/sqlstore) implements it in the root
// package's types; a finished page and a review item's body reach it as
// JSON, which it keeps and never reads.
type Store interface {
	Source(ctx context.Context, id string) (*verity.Source, error)
	SourceVersion(ctx context.Context, id string, version int) (*verity.Source, error)
	Sources(ctx context.Context, f verity.SourceFilter) ([]*verity.Source, error)

	Record(ctx context.Context, id string) (*verity.Record, error)
	PutRecords(ctx context.Context, recs []*verity.Record) (receipt.Change[verity.Ref], error)
	Revoke(ctx context.Context, refs []verity.Ref, a verity.Actor, why string) (receipt.Event, receipt.Change[verity.Ref], error)
	Unrevoke(ctx context.Context, refs []verity.Ref, a verity.Actor, why string) (receipt.Event, receipt.Change[verity.Ref], error)

	// KindRecords lists every record of a kind, alive or dead, by id.
	KindRecords(ctx context.Context, kind verity.RecordKind) ([]*verity.Record, error)

	// BeginRun records that a run started (or continues).
	BeginRun(ctx context.Context, r verity.ExtractionRun) error
	// FinishedPage returns the stored result of a page a run finished, at
	// that version: the JSON SavePage was given.
	FinishedPage(ctx context.Context, run, sourceID string, version int) (json.RawMessage, bool, error)
	// SavePage stores a finished page in one transaction: its result, its
	// step traces (replacing any of an interrupted attempt), the evidence
	// index rows of its accepted outcomes and its review items.
	SavePage(ctx context.Context, page *verity.ExtractedPage) error
	// PutSteps appends traces that belong to no page run (relocations,
	// review decisions).
	PutSteps(ctx context.Context, steps []verity.Step) error
	// Steps returns every trace of an edge, oldest first, with the
	// page-level steps of every page run that checked it.
	Steps(ctx context.Context, edgeID string) ([]verity.Step, error)
	// SourceEvidence lists the evidence ids indexed on a source.
	SourceEvidence(ctx context.Context, sourceID string) ([]string, error)

	// Review queue and votes. A review item's body is a [ReviewItem] as
	// JSON; its status is the store's.
	ReviewItems(ctx context.Context, status string) ([]verity.ReviewItem, error)
	ReviewItem(ctx context.Context, id string) (*verity.ReviewItem, error)
	DecideReview(ctx context.Context, id, status string, v verity.HumanVote) error
	PutVote(ctx context.Context, item, edgeID string, v verity.HumanVote) error
	Votes(ctx context.Context, edgeID string) ([]verity.HumanVote, error)

	// Aliases of subjects by key, and the evidence that extraction itself
	// revoked because its quote left the page.
	PutAlias(ctx context.Context, key, alias, origin string) error
	Aliases(ctx context.Context) (map[string][]string, error)
	MarkGone(ctx context.Context, evidenceID string, gone bool) error
	Gone(ctx context.Context, evidenceID string) (bool, error)
}

// ReviewItem is a candidate the panel left inside the review band.
type ReviewItem struct {
	ID        string    `json:"id"` // the evidence id it would become
	EdgeID    string    `json:"edge_id"`
	Run       string    `json:"run"`
	SourceID  string    `json:"source_id"`
	Version   int       `json:"version"`
	Outcome   Outcome   `json:"outcome"`
	Spec      string    `json:"spec"`
	SubjType  string    `json:"subject_type"`
	ObjType   string    `json:"object_type"`
	Status    string    `json:"status"`
	CreatedAt time.Time `json:"created_at"`
}

// stored returns the item as the store keeps it: the fields the queue is
// looked up by, and the whole item as its body.
func (it ReviewItem) stored() (verity.ReviewItem, error) {
	body, err := json.Marshal(it)
	if err != nil {
		return verity.ReviewItem{}, fmt.Errorf("review item %s: %w", it.ID, err)
	}
	return verity.ReviewItem{ID: it.ID, EdgeID: it.EdgeID, Run: it.Run, SourceID: it.SourceID, Version: it.Version,
		Status: it.Status, CreatedAt: it.CreatedAt, Body: body}, nil
}

// reviewItem reads an item the store kept; its status is the store's.
func reviewItem(kept verity.ReviewItem) (ReviewItem, error) {
	var it ReviewItem
	if err := json.Unmarshal(kept.Body, &it); err != nil {
		return ReviewItem{}, fmt.Errorf("review item %s: %w", kept.ID, err)
	}
	it.Status = kept.Status
	return it, nil
}

// Who extraction acts as when it revokes evidence itself.
const Who verity.Principal = "extract"

// system is the actor extraction records its own revocations under: Who,
// with the API token of the caller whose run or vote set them off.
func system(by verity.Actor) verity.Actor { return verity.Actor{Who: Who, Token: by.Token} }
