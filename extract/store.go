package extract

import (
	"context"
	"time"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/receipt"
)

// Store is what extraction needs from a store: sources, records with
// receipts, revocation, per-caller visibility, and the extraction tables
// (runs and finished pages, step traces, review queue and votes, entity
// aliases). The sqlite store implements it (sqlite/extract*.go).
type Store interface {
	Source(ctx context.Context, id string) (*verity.Source, error)
	SourceVersion(ctx context.Context, id string, version int) (*verity.Source, error)
	Sources(ctx context.Context, f verity.SourceFilter) ([]*verity.Source, error)

	Record(ctx context.Context, id string) (*verity.Record, error)
	PutRecords(ctx context.Context, recs []*verity.Record) (receipt.Change[verity.Ref], error)
	Revoke(ctx context.Context, refs []verity.Ref, who verity.Principal, why string) (receipt.Event, receipt.Change[verity.Ref], error)
	Unrevoke(ctx context.Context, refs []verity.Ref, who verity.Principal, why string) (receipt.Event, receipt.Change[verity.Ref], error)
	Viewer(ctx context.Context, caller verity.Caller) *receipt.Viewer

	// KindRecords lists every record of a kind, alive or dead, by id.
	KindRecords(ctx context.Context, kind verity.RecordKind) ([]*verity.Record, error)

	// BeginRun records that a run started (or continues).
	BeginRun(ctx context.Context, r RunInfo) error
	// FinishedPage returns the stored result of a page a run finished, at
	// that version.
	FinishedPage(ctx context.Context, run, sourceID string, version int) (*PageResult, bool, error)
	// SavePage stores a finished page in one transaction: its result, its
	// step traces (replacing any of an interrupted attempt), the evidence
	// index rows of its accepted outcomes and its review items.
	SavePage(ctx context.Context, run string, res *PageResult, review []ReviewItem) error
	// PutSteps appends traces that belong to no page run (relocations,
	// review decisions).
	PutSteps(ctx context.Context, steps []Step) error
	// Steps returns every trace of an edge, oldest first, with the
	// page-level steps of every page run that checked it.
	Steps(ctx context.Context, edgeID string) ([]Step, error)
	// SourceEvidence lists the evidence ids indexed on a source.
	SourceEvidence(ctx context.Context, sourceID string) ([]string, error)

	// Review queue and votes.
	ReviewItems(ctx context.Context, status string) ([]ReviewItem, error)
	ReviewItem(ctx context.Context, id string) (*ReviewItem, error)
	DecideReview(ctx context.Context, id, status string, v HumanVote) error
	PutVote(ctx context.Context, item, edgeID string, v HumanVote) error
	Votes(ctx context.Context, edgeID string) ([]HumanVote, error)

	// Aliases of subjects by key, and the evidence that extraction itself
	// revoked because its quote left the page.
	PutAlias(ctx context.Context, key, alias, origin string) error
	Aliases(ctx context.Context) (map[string][]string, error)
	MarkGone(ctx context.Context, evidenceID string, gone bool) error
	Gone(ctx context.Context, evidenceID string) (bool, error)
}

// RunInfo names a run: the same spec, model and prompts make the same run,
// so a rerun continues it.
type RunInfo struct {
	ID        string    `json:"id"`
	Spec      string    `json:"spec"`
	SpecHash  string    `json:"spec_hash"`
	Model     string    `json:"model"`
	Prompts   string    `json:"prompts"`
	StartedAt time.Time `json:"started_at"`
	// Language is the language of the run's messages (see
	// [MessageLanguage]): a run in another language is another run, so a
	// rerun never mixes stored messages of one with new ones of the other.
	Language string `json:"language,omitempty"`
}

// Review statuses.
const (
	ReviewPending  = "pending"
	ReviewApproved = "approved"
	ReviewRejected = "rejected"
)

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

// Who extraction acts as when it revokes evidence itself.
const Who verity.Principal = "extract"
