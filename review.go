package verity

import (
	"encoding/json"
	"time"
)

// Review statuses.
const (
	ReviewPending  = "pending"
	ReviewApproved = "approved"
	ReviewRejected = "rejected"
)

// ReviewItem is a candidate fact waiting in the review queue for a
// person's decision, as a store keeps it: the fields the queue is looked
// up by, and the pipeline's whole item as JSON.
type ReviewItem struct {
	ID        string // the evidence id it would become
	EdgeID    string
	Run       string
	SourceID  string
	Version   int
	Status    string // a Review status; the store's, not the body's
	CreatedAt time.Time
	// Body is the item as the pipeline encodes it: the store keeps it and
	// never reads it.
	Body json.RawMessage
}

// HumanVote is a person's decision in review, recorded with its author.
type HumanVote struct {
	Author string    `json:"author"`
	Vote   string    `json:"vote"` // VoteApprove or VoteReject
	Why    string    `json:"why,omitempty"`
	At     time.Time `json:"at"`
}

// Human votes.
const (
	VoteApprove = "approve"
	VoteReject  = "reject"
)
