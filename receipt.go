package verity

import (
	"slices"
	"strings"
	"time"
)

// Ref points at something a derived record rests on: a source or another record.
// Its string form is "source:ID" or "record:ID".
type Ref string

// Ref kinds, the part before the first colon.
const (
	RefSource = "source"
	RefRecord = "record"
)

// SourceRef returns the Ref of source id.
func SourceRef(id string) Ref { return Ref(RefSource + ":" + id) }

// RecordRef returns the Ref of record id.
func RecordRef(id string) Ref { return Ref(RefRecord + ":" + id) }

// Kind returns RefSource or RefRecord ("" for a malformed ref).
func (r Ref) Kind() string {
	k, _, ok := strings.Cut(string(r), ":")
	if !ok || (k != RefSource && k != RefRecord) {
		return ""
	}
	return k
}

// ID returns the id after the kind prefix.
func (r Ref) ID() string {
	_, id, _ := strings.Cut(string(r), ":")
	return id
}

// ParseRefs reads refs as people write them — record:ID, source:ID, or a
// bare source id — each once, in order.
func ParseRefs(args []string) ([]Ref, error) {
	var refs []Ref
	for _, s := range args {
		s = strings.TrimSpace(s)
		var r Ref
		switch {
		case strings.HasPrefix(s, RefRecord+":"):
			r = RecordRef(strings.TrimPrefix(s, RefRecord+":"))
		case strings.HasPrefix(s, RefSource+":"):
			r = SourceRef(strings.TrimPrefix(s, RefSource+":"))
		default:
			r = SourceRef(s)
		}
		if r.ID() == "" {
			return nil, Errorf(EINVALID, "empty ref %q: want a source id or record:ID", s)
		}
		if !slices.Contains(refs, r) {
			refs = append(refs, r)
		}
	}
	return refs, nil
}

// Receipt lists alternative sets of refs, each sufficient alone to support a
// derived record: the record is alive while at least one set has every member
// alive. A receipt is kept minimal: no set contains another, no set is empty.
type Receipt struct {
	Sets [][]Ref `json:"sets"`
}

// Minimal returns a copy of r with every set sorted and deduplicated, empty sets
// and sets that contain another set removed, ordered smallest first (ties by
// content) so equal receipts compare equal.
func (r Receipt) Minimal() Receipt {
	sets := make([][]Ref, 0, len(r.Sets))
	for _, s := range r.Sets {
		c := slices.Clone(s)
		slices.Sort(c)
		c = slices.Compact(c)
		if len(c) > 0 {
			sets = append(sets, c)
		}
	}
	slices.SortFunc(sets, func(a, b []Ref) int {
		if d := len(a) - len(b); d != 0 {
			return d
		}
		return slices.Compare(a, b)
	})
	sets = slices.CompactFunc(sets, func(a, b []Ref) bool { return slices.Equal(a, b) })
	out := sets[:0]
	for _, s := range sets {
		redundant := false
		for _, kept := range out {
			if isSubset(kept, s) {
				redundant = true
				break
			}
		}
		if !redundant {
			out = append(out, s)
		}
	}
	return Receipt{Sets: out}
}

// Capped returns the minimal receipt keeping at most n sets, the smallest first.
// Model-written receipts are capped; receipts derived from evidence are not.
func (r Receipt) Capped(n int) Receipt {
	m := r.Minimal()
	if n > 0 && len(m.Sets) > n {
		m.Sets = m.Sets[:n]
	}
	return m
}

// isSubset reports whether sorted a is a subset of sorted b.
func isSubset(a, b []Ref) bool {
	i := 0
	for _, x := range b {
		if i < len(a) && a[i] == x {
			i++
		}
	}
	return i == len(a)
}

// RecordKind names what a derived record is.
type RecordKind string

// Record kinds.
const (
	KindEdge      RecordKind = "edge"      // a relation in the knowledge graph
	KindEvidence  RecordKind = "evidence"  // one page's support for an edge
	KindEntity    RecordKind = "entity"    // a node of the knowledge graph
	KindMerge     RecordKind = "merge"     // entity A is entity B
	KindSentence  RecordKind = "sentence"  // one sentence of a summary
	KindStatement RecordKind = "statement" // one verified statement of an answer
	KindQuote     RecordKind = "quote"     // one verbatim quote of a source that sentences and statements rest on
	// KindPublication publishes a summary a reader asked for to everyone
	// who may read it; it rests on the summary, and revoking it withdraws
	// the publication.
	KindPublication RecordKind = "publication"
)

// RecordState is a derived record's liveness as the receipts and audits see it.
type RecordState string

// Record states.
const (
	StateAlive        RecordState = "alive"
	StateDead         RecordState = "dead"
	StateUndetermined RecordState = "undetermined" // the audit could not decide; a person must
)

// Record is anything Verity derived from sources: an edge, a merge, a summary
// sentence, an answer statement. Body is the kind's own JSON.
type Record struct {
	ID        string      `json:"id"`
	Kind      RecordKind  `json:"kind"`
	Receipt   Receipt     `json:"receipt"`
	State     RecordState `json:"state"`
	Body      []byte      `json:"body,omitempty"`
	CreatedAt time.Time   `json:"created_at"`
}
