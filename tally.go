package verity

import "sort"

// Ballot is one sample's vote in a tally.
type Ballot struct {
	Sample int    `json:"sample"`
	Seed   int64  `json:"seed,omitempty"`
	Label  string `json:"label"`            // "" when the answer could not be read
	Reason string `json:"reason,omitempty"` // why Label is empty
	Cached bool   `json:"cached,omitempty"` // answered by the cache
	Model  string `json:"model,omitempty"`  // the model that answered
}

// Tally is the outcome of a vote of independent model samples, the source
// of every confidence Verity states. Cast + Saved == Requested: every
// sample asked for was either drawn or skipped.
type Tally struct {
	Requested int            `json:"requested"`
	Ballots   []Ballot       `json:"ballots"` // in sample order
	Counts    map[string]int `json:"counts"`  // label → votes; unreadable ballots are not counted
	// Saved is how many samples were not drawn because the outcome could no
	// longer change, or because the model is deterministic.
	Saved int `json:"saved"`
	// Deterministic is set when the model is deterministic and so cast one
	// vote: one answer, not Requested copies of it.
	Deterministic bool `json:"deterministic,omitempty"`
}

// Cast returns the number of ballots drawn, readable or not.
func (t *Tally) Cast() int { return len(t.Ballots) }

// Share returns the fraction of cast ballots that voted label.
func (t *Tally) Share(label string) float64 {
	if len(t.Ballots) == 0 {
		return 0
	}
	return float64(t.Counts[label]) / float64(len(t.Ballots))
}

// Winner returns the label with the most votes and its share. Ties go to
// the label that sorts first, so a tally always reads the same; callers
// with a safer tie rule (verify prefers the less supportive label) apply it
// themselves from Counts.
func (t *Tally) Winner() (string, float64) {
	labels := make([]string, 0, len(t.Counts))
	for l := range t.Counts {
		labels = append(labels, l)
	}
	sort.Strings(labels)
	best := ""
	for _, l := range labels {
		if best == "" || t.Counts[l] > t.Counts[best] {
			best = l
		}
	}
	return best, t.Share(best)
}

// Passed reports whether label got at least atLeast of Requested votes, read
// proportionally when fewer were cast: label's share of cast ballots must be
// at least atLeast/Requested. This is exact for a full vote, agrees with
// every early stop made under the rule "at least atLeast of Requested" with
// the same numbers, and lets the single vote of a deterministic model pass
// or fail on its own.
func (t *Tally) Passed(label string, atLeast int) bool {
	cast := len(t.Ballots)
	if cast == 0 || t.Requested == 0 {
		return false
	}
	return t.Counts[label]*t.Requested >= atLeast*cast
}
