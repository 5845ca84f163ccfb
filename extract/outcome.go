package extract

import (
	"encoding/json"
	"time"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/quote"
)

// Candidate is one relation the extraction step proposed.
type Candidate struct {
	Subject      string `json:"subject"`
	Object       string `json:"object"`
	Quote        string `json:"quote"`
	EvidenceType string `json:"evidence_type"`
}

// Verdicts of a candidate.
const (
	Accepted  = "accepted"
	Rejected  = "rejected"
	Review    = "review"    // inside the review band: a person decides
	Duplicate = "duplicate" // the same subject, object and span as an earlier candidate of the page
)

// Outcome is what became of one candidate of one page.
type Outcome struct {
	Candidate  int       `json:"candidate"` // index among the page's candidates; -1 for the page itself
	Proposed   Candidate `json:"proposed"`
	EdgeID     string    `json:"edge_id,omitempty"`
	Subject    string    `json:"subject"`
	SubjectKey string    `json:"subject_key,omitempty"`
	Object     string    `json:"object,omitempty"`
	ObjectKey  string    `json:"object_key,omitempty"`
	Relation   string    `json:"relation"`
	SourceID   string    `json:"source_id"`
	Verdict    string    `json:"verdict"`
	Reason     Reason    `json:"reason,omitempty"`
	Criterion  string    `json:"criterion,omitempty"` // the failed criterion, for panel reasons
	Detail     string    `json:"detail,omitempty"`    // the does-not-count entry, a shape problem, a judge's reason
	Evidence   *Evidence `json:"evidence,omitempty"`  // set once the quote is found
}

// Evidence is one page's support for an edge: the quote code found, where
// and when, the referent step's phrase and the panel's votes.
type Evidence struct {
	ID           string             `json:"id"`
	EdgeID       string             `json:"edge_id"`
	Subject      string             `json:"subject"` // as this page names it
	Object       string             `json:"object"`
	SourceID     string             `json:"source_id"`
	Version      int                `json:"version"`
	URI          string             `json:"uri"`
	FetchedAt    time.Time          `json:"fetched_at"`
	Quote        Quote              `json:"quote"`
	EvidenceType string             `json:"evidence_type"`
	PageKind     string             `json:"page_kind"` // own or third_party
	Referent     *Referent          `json:"referent,omitempty"`
	Panel        *Panel             `json:"panel,omitempty"`
	Confidence   float64            `json:"confidence"`
	Model        string             `json:"model"`
	Prompts      []string           `json:"prompts"` // prompt versions of the model steps it went through
	Human        []verity.HumanVote `json:"human,omitempty"`
	Spec         string             `json:"spec"`
	Extra        json.RawMessage    `json:"extra,omitempty"`
}

// Estimate returns the evidence's confidence, the weakest criterion's yes
// share of the panel's votes — or nil when a deterministic model cast the
// panel's single vote: one answer is a verdict, not a vote fraction, and
// reads as no confidence estimate rather than as five agreeing votes.
func (ev *Evidence) Estimate() *float64 {
	if ev.Panel != nil && ev.Panel.Deterministic {
		return nil
	}
	c := ev.Confidence
	return &c
}

// Quote is a verbatim span of a source version: Text == source.Text[Start:End].
type Quote struct {
	Text  string     `json:"text"`
	Start int        `json:"start"`
	End   int        `json:"end"`
	Match quote.Kind `json:"match,omitempty"` // how the proposed quote was found: exact, normalized, repaired, fuzzy
	// Proposed is the quote as the model wrote it, when it differs from the
	// span (a stitched or retyped quote).
	Proposed string `json:"proposed,omitempty"`
}

// Referent is the whole-page read's answer, with the evidence phrase
// located on the page.
type Referent struct {
	Needed   bool   `json:"needed"` // false when the quote names both sides
	Argument string `json:"argument,omitempty"`
	Verdict  string `json:"verdict,omitempty"`
	Phrase   string `json:"phrase,omitempty"` // the phrase as found on the page
	Start    int    `json:"start,omitempty"`
	End      int    `json:"end,omitempty"`
	Found    bool   `json:"found"`
}

// Panel is the judge's tally: per criterion the yes votes among the votes
// cast, the share and whether it passed.
type Panel struct {
	Requested     int              `json:"requested"`
	Cast          int              `json:"cast"`
	Deterministic bool             `json:"deterministic,omitempty"`
	Threshold     float64          `json:"threshold"`
	Criteria      []CriterionVotes `json:"criteria"`
	// YesShare is the share of yes answers over every criterion and vote;
	// Confidence (on the evidence) is the weakest criterion's share.
	YesShare   float64         `json:"yes_share"`
	NotCounted map[string]int  `json:"not_counted,omitempty"` // does-not-count codes named by the votes
	Ballots    []verity.Ballot `json:"ballots"`
}

// CriterionVotes is one criterion's result.
type CriterionVotes struct {
	ID      string   `json:"id"`
	Yes     int      `json:"yes"`
	Cast    int      `json:"cast"`
	Share   float64  `json:"share"`
	Passed  bool     `json:"passed"`
	Reasons []string `json:"reasons,omitempty"` // one line per vote, in sample order
}

// Step names.
const (
	StepCandidates = "candidates"
	StepQuote      = "quote"
	StepShape      = "shape"
	StepReferent   = "referent"
	StepPanel      = "panel"
	StepDecision   = "decision"
	StepRelocate   = "relocate"
	StepReview     = "review"
)

// PageResult is what one page gave: every candidate's outcome, and the
// trace of every step.
type PageResult struct {
	SourceID string        `json:"source_id"`
	Version  int           `json:"version"`
	URI      string        `json:"uri"`
	Model    string        `json:"model"`
	Outcomes []Outcome     `json:"outcomes"`
	Steps    []verity.Step `json:"-"`
}

// Accepted returns the outcomes that were accepted (one per edge).
func (r *PageResult) Accepted() []Outcome { return r.with(Accepted) }

// Rejected returns the outcomes that were rejected.
func (r *PageResult) Rejected() []Outcome { return r.with(Rejected) }

// InReview returns the outcomes sent to review.
func (r *PageResult) InReview() []Outcome { return r.with(Review) }

func (r *PageResult) with(verdict string) []Outcome {
	var out []Outcome
	for _, o := range r.Outcomes {
		if o.Verdict == verdict {
			out = append(out, o)
		}
	}
	return out
}

func mustJSON(v any) json.RawMessage {
	raw, err := json.Marshal(v)
	if err != nil {
		return json.RawMessage(`null`)
	}
	return raw
}
