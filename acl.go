package verity

import "slices"

// ACLChange is how storing a source changed its ACL: the principals added
// and removed, and what that does to who may read it. Widened says that
// someone may read it who could not before: a principal was added to an
// ACL that did not hold Public. Narrowed says that someone who could read
// it may no longer: a principal was removed and the new ACL does not hold
// Public. Replacing some principals by others may do both; adding or
// removing principals beside Public does neither.
type ACLChange struct {
	Added    []Principal `json:"added,omitempty"`
	Removed  []Principal `json:"removed,omitempty"`
	Narrowed bool        `json:"narrowed"`
	Widened  bool        `json:"widened"`
}

// DiffACL returns how next changes prior. Neither needs to be sorted;
// Added and Removed are sorted and free of duplicates.
func DiffACL(prior, next []Principal) ACLChange {
	var d ACLChange
	for _, p := range next {
		if !slices.Contains(prior, p) && !slices.Contains(d.Added, p) {
			d.Added = append(d.Added, p)
		}
	}
	for _, p := range prior {
		if !slices.Contains(next, p) && !slices.Contains(d.Removed, p) {
			d.Removed = append(d.Removed, p)
		}
	}
	slices.Sort(d.Added)
	slices.Sort(d.Removed)
	d.Widened = len(d.Added) > 0 && !slices.Contains(prior, Public)
	d.Narrowed = len(d.Removed) > 0 && !slices.Contains(next, Public)
	return d
}

// Changed reports whether the ACL changed at all.
func (d ACLChange) Changed() bool { return len(d.Added)+len(d.Removed) > 0 }
