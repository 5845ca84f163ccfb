package verity

import (
	"context"
	"time"
)

// SearchQuery asks for the K records most relevant to Text that Caller may
// read, among those Filter admits.
type SearchQuery struct {
	Text   string
	Caller Caller
	K      int // number of records wanted; 0 means DefaultK
	Filter SearchFilter
}

// SearchFilter narrows a search to sources of one system, by one author,
// or changed since a time; the zero value admits every source. It narrows
// the hints too: a hint is only ever about a record the filter admits.
type SearchFilter struct {
	System string
	Author Principal // a user principal (see [AuthorPrincipal])
	Since  time.Time // sources updated at or after it
}

// IsZero reports whether f admits every source.
func (f SearchFilter) IsZero() bool { return f.System == "" && f.Author == "" && f.Since.IsZero() }

// DefaultK is the number of results a search returns when none is asked for.
const DefaultK = 10

// SearchResult is one record that matched, with its best chunk as evidence.
type SearchResult struct {
	SourceID string  `json:"source_id"`
	Version  int     `json:"version"`
	URI      string  `json:"uri"`
	Title    string  `json:"title"`
	System   string  `json:"system"`
	Score    float64 `json:"score"`
	Chunk    Chunk   `json:"chunk"`
}

// Hint says that a record the caller cannot read would have ranked among the
// results. It carries only the source system and the author's email (empty
// when there is no author) — never a title, uri, id, score or any text.
//
// So that hints cannot be mined word by word, a record gives one only when
// its own text (not its title) holds at least HintTerms distinct terms of
// the query, and only when neither its source nor its system is
// undiscoverable ([Source.Discoverable]); a service also stops showing
// hints to a principal past its hourly budget.
type Hint struct {
	System string `json:"system"`
	Author string `json:"author,omitempty"`
}

// HintTerms is how many distinct content terms of a query (after stop words)
// a hidden record's text must hold to give a hint.
const HintTerms = 2

// SearchResults is what a search returns: readable records and content-free
// hints about unreadable ones, deduplicated by (system, author).
type SearchResults struct {
	Results []SearchResult `json:"results"`
	Hints   []Hint         `json:"hints"`
}

// Searcher finds records by relevance under a caller's rights. The ACL filter
// is applied inside the store's query, never after it.
type Searcher interface {
	Search(ctx context.Context, q SearchQuery) (*SearchResults, error)
}

// ReindexReport is what a rebuild of the search index from the stored
// chunks did.
type ReindexReport struct {
	Chunks   int `json:"chunks"`   // chunks whose index terms were derived again
	Indexed  int `json:"indexed"`  // chunks of active sources now searchable
	Segments int `json:"segments"` // index segments written
}
