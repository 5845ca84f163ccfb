package receipt

import "github.com/veritykb/verity"

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
