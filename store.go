package verity

import "context"

// PutOutcome says what storing a source did.
type PutOutcome string

// Put outcomes.
const (
	PutCreated    PutOutcome = "created"     // a new source, version 1
	PutNewVersion PutOutcome = "new_version" // the text changed: a new version, chunks swapped
	PutMetadata   PutOutcome = "metadata"    // same text; ACL, author, system or time changed
	PutUnchanged  PutOutcome = "unchanged"   // nothing changed
)

// SourceFilter narrows a listing of sources.
type SourceFilter struct {
	Caller *Caller      // nil lists every source (an operator's view); else only readable ones
	System string       // "" for any
	Status SourceStatus // "" for any
	Limit  int          // 0 for no limit
	After  string       // list ids greater than this, for paging
}

// SourcePut is one source to store in a batch, and what storing it did.
type SourcePut struct {
	Source  *Source
	Chunks  []Chunk
	Outcome PutOutcome // set when Err is nil
	Err     error      // this source's own failure: invalid, conflict
}

// RecordFilter narrows a listing of derived records.
type RecordFilter struct {
	Kind      RecordKind // "" for any
	AliveOnly bool       // only records alive by their receipts
	Prefix    string     // only ids starting with this
	Audit     string     // only records whose last audit said this ("undetermined"...)
	Limit     int
}

// StoreStats counts what a store holds.
type StoreStats struct {
	Sources        int   `json:"sources"`
	ActiveSources  int   `json:"active_sources"`
	RevokedSources int   `json:"revoked_sources"`
	Chunks         int   `json:"chunks"`
	SearchChunks   int   `json:"search_chunks"` // chunks of active sources, the ones search sees
	TextBytes      int64 `json:"text_bytes"`
}

// SourceStore keeps sources, their versions and their chunks.
type SourceStore interface {
	// PutSource stores src with its chunks (spans into src.Text). A new id is
	// created at version 1; a known id with another uri is ECONFLICT; changed
	// text makes a new version and swaps the chunks atomically; the same text
	// only updates metadata. src.Version and src.Status are set from the store.
	PutSource(ctx context.Context, src *Source, chunks []Chunk) (PutOutcome, error)
	// Source returns the current version of a source, with its text.
	Source(ctx context.Context, id string) (*Source, error)
	// SourceVersion returns an older (or the current) version's text and hash.
	SourceVersion(ctx context.Context, id string, version int) (*Source, error)
	// Sources lists sources without their text, ordered by id.
	Sources(ctx context.Context, f SourceFilter) ([]*Source, error)
	// Chunks returns the current chunks of a source in order.
	Chunks(ctx context.Context, id string) ([]Chunk, error)
	// Stats counts what the store holds.
	Stats(ctx context.Context) (StoreStats, error)
}
