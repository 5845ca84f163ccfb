package verity

import "fmt"

// URIConflict is a store's refusal of source ID because another source of
// System, Holder, already has its URI. The rule is one uri, one source, per
// system: two ids may not carry the same uri in the same system, so that a
// page, a ticket or a file is one source whose versions follow it, not
// several that drift apart; a revoked source still holds its uri (the
// revocation can be undone).
//
// Its message does not name Holder: the store cannot know whether the
// caller may read that source, so the service that can (package kb)
// decides whether to say which source it is. Stores return it wrapped in
// an *Error with code ECONFLICT.
type URIConflict struct {
	ID     string // the refused source
	System string
	URI    string
	Holder string // the source that has the uri
}

// Error says what was refused without naming the holder.
func (e *URIConflict) Error() string {
	return fmt.Sprintf("uri %q is already used by another source of system %q", e.URI, e.System)
}

// URIDuplicate is a source sharing its system and uri with an older one,
// the Holder: what a store made before the one-uri rule may hold. Stores
// keep such sources readable and let them be stored again as they are, and
// report them; no new id can join them.
type URIDuplicate struct {
	System string `json:"system"`
	URI    string `json:"uri"`
	ID     string `json:"id"`
	// Holder is the source that holds the uri; a service leaves it empty
	// for a caller who may not read it.
	Holder string `json:"holder,omitempty"`
}
