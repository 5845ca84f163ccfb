package sqlstore

import "math/rand/v2"

// Revocation event ids are random 10-digit numbers: sequential ids would
// let a caller who sees only some events count the others. Randomness here
// is not a secret, only a way not to reveal the count; the log's order is
// the revocations.seq column, which never leaves the store.
const (
	minEventID = 1_000_000_000
	maxEventID = 9_999_999_999
)

// EventIDTries bounds the retries on a collision; with ids drawn from nine
// billion, running out means the generator is broken, not unlucky.
const EventIDTries = 100

// RandomEventID proposes an id for a new revocation event or audit run. The
// caller checks it against the ids in use ([receipt.Log] does, given it by
// [receipt.WithIDs]).
func RandomEventID() int64 {
	return minEventID + rand.Int64N(maxEventID-minEventID+1)
}
