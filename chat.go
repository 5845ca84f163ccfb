package verity

import "time"

// AnswerEntry is one answer given to an authenticated caller, as the
// answer log keeps it: what feedback names by ID, and what a chat's "show
// source" reads (Shown, the answer's sources and claims as JSON, whose
// quotes are shown only after the clicker's rights are checked again).
type AnswerEntry struct {
	ID        string    `json:"id"`
	Question  string    `json:"question"`
	Caller    Principal `json:"caller"`
	Audience  bool      `json:"audience,omitempty"` // asked as a chat's audience, not one person
	Transport string    `json:"transport"`
	Verbatim  bool      `json:"verbatim"` // verbatim quotes were on
	Shown     []byte    `json:"-"`
	At        time.Time `json:"at"`
}

// Ratings of an answer.
const (
	RatingUp   = "up"
	RatingDown = "down"
)

// Feedback is one caller's rating of one answer (the last one it gave),
// with what the answer log says of the answer.
type Feedback struct {
	Answer    string    `json:"answer_id"`
	By        Principal `json:"by"`
	Rating    string    `json:"rating"`
	Transport string    `json:"transport"` // where the rating was given
	At        time.Time `json:"at"`
	Question  string    `json:"question"`
	Verbatim  bool      `json:"verbatim"` // the answer was shown with verbatim quotes
}

// FeedbackCount is how many ratings share a rating, a transport and a
// verbatim setting: the labels of verity_answer_feedback_total.
type FeedbackCount struct {
	Rating    string `json:"rating"`
	Transport string `json:"transport"`
	Verbatim  bool   `json:"verbatim"`
	N         int64  `json:"n"`
}

// LinkCode is a one-time code that links a chat account to a principal,
// as the store keeps it: only the SHA-256 of the code.
type LinkCode struct {
	Hash      string    `json:"-"`
	Platform  string    `json:"platform"`
	Principal Principal `json:"principal"`
	CreatedBy Principal `json:"created_by"`
	CreatedAt time.Time `json:"created_at"`
	ExpiresAt time.Time `json:"expires_at"`
}

// ChatLink is a chat account (a Telegram user id, say) acting as a
// principal until ExpiresAt.
type ChatLink struct {
	Platform  string    `json:"platform"`
	Account   string    `json:"account"`
	Principal Principal `json:"principal"`
	CreatedBy Principal `json:"created_by"`
	CreatedAt time.Time `json:"created_at"`
	ExpiresAt time.Time `json:"expires_at"`
}

// ChatAudience is an admin's word on whom a group chat's answers are for.
type ChatAudience struct {
	Platform   string      `json:"platform"`
	Chat       string      `json:"chat"`
	Principals []Principal `json:"principals"`
	SetBy      Principal   `json:"set_by"`
	SetAt      time.Time   `json:"set_at"`
}
