package verity

import (
	"crypto/sha256"
	"encoding/hex"
	"time"
)

// Source systems Verity knows by name. Connectors may use others; these are the
// ones the readers set themselves.
const (
	SystemFile       = "file"
	SystemWeb        = "web"
	SystemConfluence = "confluence"
	SystemJira       = "jira"
	SystemSlack      = "slack"
)

// SourceStatus says whether a source takes part in search and in keeping derived
// records alive.
type SourceStatus string

// Source statuses.
const (
	StatusActive  SourceStatus = "active"
	StatusRevoked SourceStatus = "revoked"
)

// Source is one document: a file, a web page, a Confluence page, a Jira ticket,
// a Slack thread. Text is its canonical UTF-8 text; every span anywhere in
// Verity is a byte offset into Text of a given Version.
type Source struct {
	ID        string       `json:"id"`
	URI       string       `json:"uri"`
	System    string       `json:"system"`
	Title     string       `json:"title"`
	Author    Principal    `json:"author,omitempty"` // a user principal, "" when unknown
	ACL       []Principal  `json:"acl"`              // empty: readable by no one
	Version   int          `json:"version"`          // 1 for the first ingest, +1 per changed text
	UpdatedAt time.Time    `json:"updated_at"`       // when the source system last changed it (or fetch time)
	Hash      string       `json:"hash"`             // ContentHash of Text
	Status    SourceStatus `json:"status"`
	Text      string       `json:"text"`
	// Discoverable says whether the source may give hints to callers who
	// cannot read it (see [Hint]). Nil on ingest keeps what is stored (a
	// new source is discoverable); a source read from the store has it set.
	// A system can also be made undiscoverable as a whole.
	Discoverable *bool `json:"discoverable,omitempty"`
}

// AuthorEmail returns the author's email, or "" when there is no author or the
// author principal is not an email.
func (s *Source) AuthorEmail() string { return s.Author.Email() }

// ContentHash returns the hex SHA-256 of text together with the fields whose
// change makes a new version (title), so re-ingesting the same content is a no-op.
func ContentHash(title, text string) string {
	h := sha256.New()
	h.Write([]byte(title))
	h.Write([]byte{0})
	h.Write([]byte(text))
	return hex.EncodeToString(h.Sum(nil))
}

// Chunk is a piece of a source's text, the unit of search. Start and End are
// byte offsets into the canonical text of source version Version, so
// Text == source.Text[Start:End].
type Chunk struct {
	SourceID string   `json:"source_id"`
	Version  int      `json:"version"`
	Ordinal  int      `json:"ordinal"` // position among the source's chunks, from 0
	Start    int      `json:"start"`
	End      int      `json:"end"`
	Text     string   `json:"text"`
	Heading  []string `json:"heading,omitempty"` // heading path, outermost first
}

// Span is a half-open byte range [Start, End) into some text.
type Span struct {
	Start int `json:"start"`
	End   int `json:"end"`
}

// Len returns End - Start.
func (s Span) Len() int { return s.End - s.Start }

// Contains reports whether o lies within s.
func (s Span) Contains(o Span) bool { return o.Start >= s.Start && o.End <= s.End }
