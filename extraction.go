package verity

import (
	"encoding/json"
	"time"
)

// ExtractionRun names a run of quote-grounded extraction: the same spec,
// model and prompts make the same run, so a rerun continues it.
type ExtractionRun struct {
	ID        string    `json:"id"`
	Spec      string    `json:"spec"`
	SpecHash  string    `json:"spec_hash"`
	Model     string    `json:"model"`
	Prompts   string    `json:"prompts"`
	StartedAt time.Time `json:"started_at"`
	// Language is the language of the run's messages: a run in another
	// language is another run, so a rerun never mixes stored messages of
	// one with new ones of the other.
	Language string `json:"language,omitempty"`
}

// Step is the trace of one extraction step for one candidate (or for the
// page): what it saw, what it said, which prompt and model, and the votes.
type Step struct {
	Run       string `json:"run,omitempty"`
	SourceID  string `json:"source_id"`
	Version   int    `json:"version"`
	Candidate int    `json:"candidate"` // -1 for page-level steps
	EdgeID    string `json:"edge_id,omitempty"`
	// Name says which step: candidates, quote, shape, referent, panel,
	// decision, relocate or review.
	Name          string          `json:"step"`
	Input         json.RawMessage `json:"input,omitempty"`
	Output        json.RawMessage `json:"output,omitempty"`
	PromptVersion string          `json:"prompt_version,omitempty"`
	Model         string          `json:"model,omitempty"`
	Votes         *Tally          `json:"votes,omitempty"`
	At            time.Time       `json:"at"`
}

// ExtractedPage is a page an extraction run finished, as a store keeps it
// in one transaction: the result whole, the step traces, the index of the
// evidence it accepted and the candidates it left for review.
type ExtractedPage struct {
	Run      string
	SourceID string
	Version  int
	// Result is the pipeline's result for the page as JSON: the store keeps
	// it whole and never reads it.
	Result json.RawMessage
	// Steps replace the traces of an interrupted attempt at the same page.
	Steps []Step
	// Evidence lists the page's accepted evidence, which the store indexes
	// by source.
	Evidence []IndexedEvidence
	// Review lists the candidates left for a person to decide; one already
	// decided keeps its decision.
	Review []ReviewItem
}

// IndexedEvidence is an accepted evidence of a page with the edge it
// supports.
type IndexedEvidence struct {
	ID     string
	EdgeID string
}
