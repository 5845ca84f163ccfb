package verity

import (
	"context"
	"slices"
	"time"
)

// PutOutcome says what storing a source did.
type PutOutcome string

// Put outcomes.
const (
	PutCreated    PutOutcome = "created"     // a new source, version 1
	PutNewVersion PutOutcome = "new_version" // the text changed: a new version, chunks swapped
	PutMetadata   PutOutcome = "metadata"    // same title and text; ACL, system, author or time changed
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
	// Change says which fields a new version or a metadata update changed;
	// it is empty for a created or unchanged source. The store sets it in
	// the transaction that makes the change, from the source it replaced.
	Change SourceChange
	Err    error // this source's own failure: invalid, conflict
}

// SourceField names a field of a [Source] that storing it again may change.
type SourceField string

// Fields a put reports as changed, in the order [SourceChange.Fields]
// lists them. Title and text make a new version (both go into the hash,
// see [ContentHash]); the others are metadata. A changed uri is never
// among them: the store refuses it as a conflict.
const (
	FieldTitle     SourceField = "title"
	FieldText      SourceField = "text"
	FieldACL       SourceField = "acl"
	FieldSystem    SourceField = "system"
	FieldAuthor    SourceField = "author"
	FieldUpdatedAt SourceField = "updated_at"
	// FieldDiscoverable: the source's own discoverable setting.
	FieldDiscoverable SourceField = "discoverable"
)

// SourceChange is what storing a known source changed, field by field.
type SourceChange struct {
	Fields []SourceField `json:"fields"`
	// ACL says how the ACL changed, when Fields holds FieldACL.
	ACL *ACLChange `json:"acl,omitempty"`
}

// Has reports whether f is among the changed fields.
func (c SourceChange) Has(f SourceField) bool { return slices.Contains(c.Fields, f) }

// RecordFilter narrows a listing of derived records.
type RecordFilter struct {
	Kind      RecordKind // "" for any
	AliveOnly bool       // only records alive by their receipts
	Prefix    string     // only ids starting with this
	Audit     string     // only records whose last audit said this ("undetermined"...)
	Limit     int
}

// System is one source system as an admin sees it: how many sources it
// holds, how many of them are undiscoverable by their own setting, and
// whether the system as a whole is discoverable (who set it so and when, if
// anyone did). A system made undiscoverable before it holds any source is
// listed too.
type System struct {
	Name                  string    `json:"system"`
	Sources               int       `json:"sources"`
	UndiscoverableSources int       `json:"undiscoverable_sources"`
	Discoverable          bool      `json:"discoverable"`
	SetBy                 Principal `json:"set_by,omitempty"`
	SetAt                 time.Time `json:"set_at,omitzero"`
}

// StoreFile is a file of a store on this machine (a SQLite database, its
// WAL or shared memory) and whether users other than its owner may read
// or write it; Fixed says verity doctor --fix took that away.
type StoreFile struct {
	Path  string `json:"path"`
	Mode  string `json:"mode"`
	Open  bool   `json:"open_to_others"`
	Fixed bool   `json:"fixed,omitempty"`
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
	// PutSource stores src with its chunks (spans into src.Text). A new id
	// is created at version 1; a known id with another uri is ECONFLICT, and
	// so is a uri another source of the same system holds (wrapping a
	// [URIConflict], whose Holder a service may name only to a caller who may
	// read it). A changed title or text makes a new version and swaps the
	// chunks atomically; the same title and text only update metadata. A
	// zero src.UpdatedAt keeps the stored time when the title and text are
	// unchanged, and is the ingest time otherwise. src.Version, src.Status
	// and src.UpdatedAt are set from the store.
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

// SchemaStatus says which of a store's migrations have run: every store
// applies the migrations its binary embeds when it opens, each once, under
// a lock, so several processes opening one store at once are safe.
type SchemaStatus struct {
	Dialect string `json:"dialect"` // sqlite or postgres
	Version int    `json:"version"` // the newest migration applied
	Latest  int    `json:"latest"`  // the newest migration this binary embeds
	// Applied lists the migrations this process applied when it opened the
	// store (empty when the store was up to date).
	Applied []int `json:"applied"`
	// History lists every migration the store has applied, oldest first.
	History []AppliedMigration `json:"history"`
}

// VacuumReport is what compacting a store gave back: its size on disk
// before and after, in bytes (SQLite's file; on PostgreSQL, the tables
// compacted with their indexes and TOAST).
type VacuumReport struct {
	Before int64 `json:"before_bytes"`
	After  int64 `json:"after_bytes"`
}

// AppliedMigration is one row of a store's migration history.
type AppliedMigration struct {
	Version   int       `json:"version"`
	Name      string    `json:"name"`
	AppliedAt time.Time `json:"applied_at"`
}
