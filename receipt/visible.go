package receipt

import (
	"context"

	"github.com/veritykb/verity"
)

// Viewer decides which nodes one caller may see. Visibility follows receipts:
// a source is visible when it is alive and the caller may read it; a record
// is visible when it is alive, the caller may read it, and at least one of
// its sets is made entirely of visible nodes. Like liveness it is a least
// fixed point, so records resting only on each other are never visible
// through each other.
//
// A Viewer remembers what it decided; make one per caller and request, since
// it does not notice later revocations. It is not safe for concurrent use.
type Viewer struct {
	receipt func(verity.Ref) (verity.Receipt, bool)
	alive   func(verity.Ref) bool
	canRead func(verity.Ref) bool
	memo    map[verity.Ref]bool
}

// NewViewer returns a Viewer that reads receipts with receipt (false for an
// unknown record, which is then invisible), liveness with alive, and the
// caller's rights with canRead (consulted for sources and records alike).
// Receipt set order does not matter here.
func NewViewer(receipt func(verity.Ref) (verity.Receipt, bool), alive, canRead func(verity.Ref) bool) *Viewer {
	return &Viewer{receipt: receipt, alive: alive, canRead: canRead, memo: make(map[verity.Ref]bool)}
}

// Readable reports whether the caller may read ref, whatever ref's own
// state: a source through its ACL (revoked or not); a record when some set
// of its receipt is made entirely of visible nodes — so a record revoked by
// hand stays readable through what still supports it, while a record that
// died with its sources has no live set and is read by no one but an
// operator. For a live record Readable and Visible agree.
func (v *Viewer) Readable(ref verity.Ref) bool {
	if !v.canRead(ref) {
		return false
	}
	if ref.Kind() != verity.RefRecord {
		return ref.Kind() == verity.RefSource
	}
	if v.alive(ref) {
		return v.Visible(ref)
	}
	// A dead record is invisible (the memo says so before any member is
	// asked), so a set that leads back to it through other records cannot
	// vouch for it: only support that does not pass through ref counts.
	v.Visible(ref)
	rc, ok := v.receipt(ref)
	if !ok {
		return false
	}
	for _, set := range rc.Sets {
		all := len(set) > 0
		for _, m := range set {
			if !v.Visible(m) {
				all = false
				break
			}
		}
		if all {
			return true
		}
	}
	return false
}

// Visible reports whether the caller may see ref.
func (v *Viewer) Visible(ref verity.Ref) bool {
	if vis, ok := v.memo[ref]; ok {
		return vis
	}
	if !v.alive(ref) || !v.canRead(ref) {
		v.memo[ref] = false
		return false
	}
	if ref.Kind() != verity.RefRecord {
		vis := ref.Kind() == verity.RefSource
		v.memo[ref] = vis
		return vis
	}
	// Collect the records ref reaches through receipts whose visibility is
	// not decided yet; deciding them all at once, by counting, is what
	// keeps cycles from vouching for themselves.
	type set struct {
		rec     int
		pending int
		blocked bool
	}
	var (
		region  []verity.Ref
		sets    []set
		at      = map[verity.Ref]int{ref: 0}
		waiting = map[int][]int{} // region record → sets waiting on it
	)
	region = append(region, ref)
	for i := 0; i < len(region); i++ {
		rc, ok := v.receipt(region[i])
		if !ok {
			continue
		}
		for _, members := range rc.Sets {
			k := len(sets)
			sets = append(sets, set{rec: i})
			for _, m := range members {
				if j, ok := at[m]; ok {
					sets[k].pending++
					waiting[j] = append(waiting[j], k)
					continue
				}
				if vis, ok := v.memo[m]; ok {
					sets[k].blocked = sets[k].blocked || !vis
					continue
				}
				if m.Kind() != verity.RefRecord || !v.alive(m) || !v.canRead(m) {
					sets[k].blocked = sets[k].blocked || !v.Visible(m)
					continue
				}
				at[m] = len(region)
				region = append(region, m)
				sets[k].pending++
				waiting[len(region)-1] = append(waiting[len(region)-1], k)
			}
		}
	}
	visible := make([]bool, len(region))
	var queue []int
	for _, s := range sets {
		if s.pending == 0 && !s.blocked && !visible[s.rec] {
			visible[s.rec] = true
			queue = append(queue, s.rec)
		}
	}
	for head := 0; head < len(queue); head++ {
		for _, k := range waiting[queue[head]] {
			s := &sets[k]
			s.pending--
			if s.pending == 0 && !s.blocked && !visible[s.rec] {
				visible[s.rec] = true
				queue = append(queue, s.rec)
			}
		}
	}
	for i, r := range region {
		v.memo[r] = visible[i]
	}
	return visible[0]
}

// Lookup is what a Viewer over a store reads: sources (their ACL and status)
// and records (their receipt and state).
type Lookup interface {
	SourceVersion(ctx context.Context, id string, version int) (*verity.Source, error)
	Record(ctx context.Context, id string) (*verity.Record, error)
}

// AccessLookup is a Lookup that can also read a source's ACL and status
// without its text; StoreViewer uses it when the store offers it, so that
// deciding access to large sources costs no more than to small ones.
type AccessLookup interface {
	SourceAccess(ctx context.Context, id string) ([]verity.Principal, verity.SourceStatus, error)
}

// ViewOptions adjust a Viewer over a store.
type ViewOptions struct {
	// All makes every source readable: an operator's view.
	All bool
	// Before lists refs that were alive before a change being reported on
	// (the sources and records a revocation revoked, the records that died
	// with it): they count as alive, so that a report shows a caller what
	// it could read just before the change, and nothing else.
	Before []verity.Ref
	// After lists refs that count as dead: what a dry run (an impact) would
	// revoke and kill, so that a report can tell what a caller could still
	// see after it.
	After []verity.Ref
}

// StoreViewer returns a Viewer over st: a source is alive when active and
// readable when canRead says its ACL lets the caller read (the service
// layer's rule, which this package never decides); a record is alive
// unless dead, and is seen through its receipt. A source or record st
// cannot return is unknown, hence invisible: the view fails closed. Make
// one per request; it reads lazily and remembers what it read.
func StoreViewer(ctx context.Context, st Lookup, canRead func(acl []verity.Principal) bool, opt ViewOptions) *Viewer {
	type srcInfo struct{ known, active, readable bool }
	sources := map[string]srcInfo{}
	records := map[string]*verity.Record{}
	before := make(map[verity.Ref]bool, len(opt.Before))
	for _, r := range opt.Before {
		before[r] = true
	}
	after := make(map[verity.Ref]bool, len(opt.After))
	for _, r := range opt.After {
		after[r] = true
	}
	source := func(id string) srcInfo {
		if s, ok := sources[id]; ok {
			return s
		}
		var s srcInfo
		if al, ok := st.(AccessLookup); ok {
			if acl, status, err := al.SourceAccess(ctx, id); err == nil {
				s = srcInfo{known: true, active: status == verity.StatusActive, readable: opt.All || canRead(acl)}
			}
		} else if src, err := st.SourceVersion(ctx, id, 0); err == nil {
			s = srcInfo{known: true, active: src.Status == verity.StatusActive, readable: opt.All || canRead(src.ACL)}
		}
		sources[id] = s
		return s
	}
	record := func(id string) *verity.Record {
		if r, ok := records[id]; ok {
			return r
		}
		r, err := st.Record(ctx, id)
		if err != nil {
			r = nil
		}
		records[id] = r
		return r
	}
	return NewViewer(
		func(ref verity.Ref) (verity.Receipt, bool) {
			r := record(ref.ID())
			if r == nil {
				return verity.Receipt{}, false
			}
			return r.Receipt, true
		},
		func(ref verity.Ref) bool {
			if after[ref] {
				return false
			}
			switch ref.Kind() {
			case verity.RefSource:
				s := source(ref.ID())
				return s.known && (s.active || before[ref])
			case verity.RefRecord:
				r := record(ref.ID())
				return r != nil && (r.State != verity.StateDead || before[ref])
			}
			return false
		},
		func(ref verity.Ref) bool {
			switch ref.Kind() {
			case verity.RefSource:
				return source(ref.ID()).readable
			case verity.RefRecord:
				return record(ref.ID()) != nil // records have no ACL of their own: they are seen through their receipts
			}
			return false
		},
	)
}
