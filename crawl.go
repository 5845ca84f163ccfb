package verity

import "time"

// These are what a store keeps for the web collectors (package collect):
// the frontier of a crawl, so an interrupted crawl resumes, and the journal
// of a research run, so every search and read says why it was made.

// CrawlURL is one URL of a saved crawl frontier (see package collect).
type CrawlURL struct {
	URL      string
	Seq      int
	Depth    int
	State    string // "pending" or "done"
	Hash     string
	SourceID string
}

// CrawlState is the saved state of one crawl.
type CrawlState struct {
	Status    string // "running" (resumable) or "finished"
	Fetched   int
	URLs      []CrawlURL // in discovery order
	UpdatedAt time.Time
}

// ResearchCall is one call of a research run: a search or a page read, with
// the one-line reason it was made for.
type ResearchCall struct {
	Run      string    `json:"run"`
	Seq      int       `json:"seq"`
	Kind     string    `json:"kind"` // "search" or "read"
	Reason   string    `json:"reason"`
	Query    string    `json:"query,omitempty"`
	URL      string    `json:"url,omitempty"`
	Outcome  string    `json:"outcome"`
	Detail   string    `json:"detail,omitempty"`
	Hits     int       `json:"hits,omitempty"`
	SourceID string    `json:"source_id,omitempty"`
	Version  int       `json:"version,omitempty"`
	At       time.Time `json:"at"`
}

// ResearchFilter narrows ResearchCalls.
type ResearchFilter struct {
	Run      string // "" for every run
	SourceID string // "" for any; else the reads that stored this source
	Limit    int    // 0 for no limit
}
